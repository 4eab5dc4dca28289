import { describe, expect, it } from 'vitest';
import { decideNavigation, isOpenPath, OPEN_PATHS, redirectTarget, safeRedirect } from './guard';

const member = { permissions: [] as string[] };
const admin = { permissions: ['admin.access'] };
const visitor = { hasToken: false, user: null };

describe('navigation guard (spec 2.2)', () => {
  it('lets visitors open exactly the listed pages', () => {
    for (const path of OPEN_PATHS) expect(decideNavigation({ pathname: path, search: '', ...visitor })).toEqual({ kind: 'allow' });
  });

  it('sends visitors elsewhere to /login with the full original path including the query', () => {
    expect(decideNavigation({ pathname: '/userCenter', search: '?t=8', ...visitor })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FuserCenter%3Ft%3D8',
    });
    for (const path of ['/msg', '/onlineMatch', '/audience', '/volunteer_pc', '/workShopTickets', '/createAllTeam']) {
      expect(decideNavigation({ pathname: path, search: '', ...visitor }).kind).toBe('redirect');
    }
  });

  it('compares paths case-insensitively like the router (no bypass with /USERCENTER)', () => {
    expect(decideNavigation({ pathname: '/USERCENTER', search: '', ...visitor }).kind).toBe('redirect');
    expect(decideNavigation({ pathname: '/Home/', search: '', ...visitor }).kind).toBe('allow');
  });

  it('treats a token whose user could not be loaded as a visitor', () => {
    expect(decideNavigation({ pathname: '/msg', search: '', hasToken: true, user: null }).kind).toBe('redirect');
  });

  it('sends a logged-in user away from /login and /regist to /', () => {
    expect(decideNavigation({ pathname: '/login', search: '?redirect=%2Fmsg', hasToken: true, user: member })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ pathname: '/regist', search: '', hasToken: true, user: member })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ pathname: '/msg', search: '', hasToken: true, user: member })).toEqual({ kind: 'allow' });
  });

  it('renders unknown paths (404) for everyone', () => {
    expect(isOpenPath('/no-such-page')).toBe(true);
    expect(decideNavigation({ pathname: '/no-such-page', search: '', ...visitor })).toEqual({ kind: 'allow' });
  });

  it('requires admin.access for /admin (visitor → login, member → /401)', () => {
    expect(decideNavigation({ pathname: '/admin/sms', search: '?page=2', ...visitor })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fadmin%2Fsms%3Fpage%3D2',
    });
    expect(decideNavigation({ pathname: '/admin', search: '', hasToken: true, user: member })).toEqual({ kind: 'redirect', to: '/401' });
    expect(decideNavigation({ pathname: '/admin/users', search: '', hasToken: true, user: admin })).toEqual({ kind: 'allow' });
  });
});

describe('safeRedirect (no open redirects)', () => {
  it.each([
    ['/userCenter?t=8', '/userCenter?t=8'],
    ['/news#top', '/news#top'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/%0d%0aevil', '/%0d%0aevil'],
    ['/\tevil', '/'],
    ['/login?redirect=/x', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (raw, expected) => expect(safeRedirect(raw)).toBe(expected));
});

describe('/redirect/* helper', () => {
  it('navigates to the rest of the path keeping the query', () => {
    expect(redirectTarget('userCenter', '?t=1')).toBe('/userCenter?t=1');
    expect(redirectTarget('news/a', '')).toBe('/news/a');
  });
  it('never becomes a protocol-relative URL', () => {
    expect(redirectTarget('/evil.example', '')).toBe('/evil.example');
    expect(redirectTarget('//evil.example', '')).toBe('/evil.example');
    expect(redirectTarget(undefined, '')).toBe('/');
  });
});

describe('certificate verification (issue 13)', () => {
  it('is open to visitors with or without a code', () => {
    for (const pathname of ['/verify', '/verify/ABCDEFGHJKLMNPQR'])
      expect(decideNavigation({ pathname, search: '', hasToken: false, user: null })).toEqual({ kind: 'allow' });
  });
});

describe('the policies and the guardian consent page (issue 37)', () => {
  it('are open to visitors, in both languages where they have two addresses', () => {
    for (const pathname of ['/privacy', '/en/privacy', '/childPrivacy', '/en/childPrivacy', '/guardianConsent'])
      expect(decideNavigation({ pathname, search: '?token=x', hasToken: false, user: null })).toEqual({ kind: 'allow' });
  });
});
