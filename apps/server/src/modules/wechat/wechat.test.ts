import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@rp/shared';
import { userOauth, users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';

/**
 * WeChat login through the local simulation (the default adapter): the browser's round trip —
 * authorize address, the simulated scan page with its device cookie, the redirect back with code and
 * state — then wxScan / wxBind as the login page and the user center post them.
 */
const get = useTestApp();

type Browser = { cookie: string };
const browser = (): Browser => ({ cookie: '' });

/** Starts a round trip (login or bind) and returns where WeChat sends the browser back. */
async function roundTrip(
  b: Browser,
  opts: { purpose?: 'login' | 'bind'; auth?: Record<string, string>; decision?: 'confirm' | 'cancel'; nickname?: string; lang?: string } = {},
) {
  const { app } = get();
  const lang = opts.lang ?? 'zh';
  const start = await app.inject({
    method: 'GET',
    url: `/auth/web/wxAuthorize?purpose=${opts.purpose ?? 'login'}&redirect=%2Fmsg`,
    headers: { ...opts.auth, 'accept-language': lang },
  });
  expect(start.statusCode, start.body).toBe(200);
  const url: string = start.json().data.url;
  expect(url).toMatch(
    /^\/api\/wechat-fake\/connect\/qrconnect\?appid=wx\w{16}&redirect_uri=[^&]+&response_type=code&scope=snsapi_login&state=[\w-]{43}&lang=(cn|en)#wechat_redirect$/,
  );
  const scanPage = await app.inject({ method: 'GET', url: url.replace(/#.*$/, ''), headers: { cookie: b.cookie, 'accept-language': lang } });
  expect(scanPage.statusCode).toBe(200);
  expect(scanPage.headers['content-type']).toMatch(/text\/html/);
  const set = scanPage.headers['set-cookie'];
  if (set) b.cookie = String(set).split(';')[0]!;
  const form = Object.fromEntries(
    [...scanPage.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#38;/g, '&')]),
  );
  const post = await app.inject({
    method: 'POST',
    url: '/api/wechat-fake/connect/qrconnect',
    headers: { cookie: b.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...form, nickname: opts.nickname ?? 'Dad', decision: opts.decision ?? 'confirm' }).toString(),
  });
  expect(post.statusCode, post.body).toBe(302);
  const back = new URL(String(post.headers.location));
  return { back, code: back.searchParams.get('code'), state: back.searchParams.get('state')!, html: scanPage.body };
}

const scan = (body: unknown, lang = 'zh') =>
  get().app.inject({ method: 'POST', url: '/auth/web/wxScan', headers: { 'accept-language': lang }, payload: body as object });

describe('WeChat login (spec 7.1 wxScan, appType 1) through the simulation', () => {
  it('an unlinked WeChat gets a ticket; after a password login wxBind links it; the next scan logs that account in', async () => {
    const { app, database } = get();
    const b = browser();
    const first = await roundTrip(b);
    expect(first.back.pathname).toBe('/login');
    expect(first.back.searchParams.get('wx')).toBe('1');
    const r1 = await scan({ code: first.code, appType: 1, state: first.state });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ bound: false, wechatName: 'Dad', redirect: '/msg', resultStr: '该微信尚未绑定账号' });
    expect(r1.json().token).toBeUndefined();
    const ticket = r1.json().ticket as string;

    const u = await buildUser(database.db, { nickName: 'Parent W' });
    const me = client(app, await loginAs(app, u.phone, u.password));
    const bound = await me.post('/auth/web/wxBind', { ticket });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data).toMatchObject({ nickName: 'Dad' });
    // the ticket was single use
    const again = await me.post('/auth/web/wxBind', { ticket });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('WECHAT_STATE_INVALID');
    expect((await me.get('/api/users/web/man')).json().data.wechat).toMatchObject({ nickName: 'Dad' });

    // the same browser (the same WeChat) scans again: logged in as Parent W
    const second = await roundTrip(b);
    const r2 = await scan({ code: second.code, appType: 1, state: second.state }, 'en');
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toMatchObject({ bound: true, redirect: '/msg', resultStr: 'Logged in with WeChat', user: { id: u.id } });
    const info = await app.inject({ method: 'GET', url: '/auth/info', headers: { authorization: `Bearer ${r2.json().token}` } });
    expect(info.json().user.id).toBe(u.id);

    // another browser is another WeChat: not linked
    const other = await roundTrip(browser());
    expect((await scan({ code: other.code, appType: 1, state: other.state })).json().bound).toBe(false);
    const links = await database.db.select().from(userOauth);
    expect(links).toHaveLength(1);
  });

  it('a forged, replayed or other-purpose state is refused in the reader language before WeChat is asked; a used code is refused', async () => {
    const b = browser();
    const trip = await roundTrip(b);
    const forged = await scan({ code: trip.code, appType: 1, state: 'A'.repeat(43) }, 'en');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WECHAT_STATE_INVALID', message: 'This WeChat sign-in has expired or is not valid; please scan again' });
    expect((await scan({ code: trip.code, appType: 1, state: trip.state })).statusCode).toBe(200);
    const replay = await scan({ code: trip.code, appType: 1, state: trip.state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'WECHAT_STATE_INVALID', message: '微信登录已过期或无效，请重新扫码' });
    // the code again with a fresh state: WeChat refuses it (40029)
    const fresh = await roundTrip(b, { decision: 'cancel' });
    expect(fresh.code).toBeNull(); // a cancelled scan brings only the state back
    const used = await scan({ code: trip.code, appType: 1, state: fresh.state });
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('WECHAT_CODE_INVALID');
    // a bind state cannot log in
    const { app, database } = get();
    const u = await buildUser(database.db);
    const auth = await loginAs(app, u.phone, u.password);
    const bindTrip = await roundTrip(b, { purpose: 'bind', auth });
    expect(bindTrip.back.pathname + bindTrip.back.search).toMatch(/^\/userCenter\?/);
    expect((await scan({ code: bindTrip.code, appType: 1, state: bindTrip.state })).json().code).toBe('WECHAT_STATE_INVALID');
  });

  it('refuses bad input with a 4xx: wrong appType, malformed code or state, missing fields', async () => {
    for (const body of [
      { code: 'abc', appType: 2, state: 'A'.repeat(43) },
      { code: 'a b', appType: 1, state: 'A'.repeat(43) },
      { code: 'x'.repeat(129), appType: 1, state: 'A'.repeat(43) },
      { code: 'abc', appType: 1, state: 'short' },
      { code: 'abc', appType: '1', state: 'A'.repeat(43) },
      { appType: 1 },
      {},
    ]) {
      const r = await scan(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { app } = get();
    expect((await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize?purpose=bind' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize?purpose=evil' })).statusCode).toBe(400);
    const { database } = get();
    const u = await buildUser(database.db);
    const me = client(app, await loginAs(app, u.phone, u.password));
    for (const body of [{}, { ticket: 'x' }, { code: 'a' }, { code: 'a', state: 'A'.repeat(43), ticket: 'A'.repeat(43) }, []]) {
      const r = await me.post('/auth/web/wxBind', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    // a redirect elsewhere is brought home
    const r = await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize?redirect=https%3A%2F%2Fevil.example%2F' });
    expect(r.statusCode).toBe(200);
  });

  it('the simulation checks the protocol: appid, scope, same-site redirect_uri; its token endpoint answers errcode like WeChat', async () => {
    const { app } = get();
    const state = 'S'.repeat(43);
    const bad = (q: string) => app.inject({ method: 'GET', url: `/api/wechat-fake/connect/qrconnect?${q}` });
    const redirect = encodeURIComponent('http://localhost:80/login?wx=1');
    expect((await bad(`appid=wx0000000000000000&redirect_uri=${redirect}&response_type=code&scope=snsapi_login&state=${state}`)).statusCode).toBe(400);
    expect((await bad(`appid=wx10ca1516a1a7e000&redirect_uri=${redirect}&response_type=code&scope=snsapi_base&state=${state}`)).statusCode).toBe(400);
    expect(
      (await bad(`appid=wx10ca1516a1a7e000&redirect_uri=${encodeURIComponent('https://evil.example/x')}&response_type=code&scope=snsapi_login&state=${state}`))
        .statusCode,
    ).toBe(400);
    const token = await app.inject({
      method: 'GET',
      url: '/api/wechat-fake/sns/oauth2/access_token?appid=wx10ca1516a1a7e000&secret=nope&code=abc&grant_type=authorization_code',
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ errcode: 40125 });
    const info = await app.inject({ method: 'GET', url: '/api/wechat-fake/sns/userinfo?access_token=nope&openid=x' });
    expect(info.json()).toMatchObject({ errcode: 40001 });
    // the scan page escapes what it echoes
    const trip = await roundTrip(browser(), { nickname: '<script>alert(1)</script>' });
    expect(trip.html).not.toContain('<script>');
  });
});

describe('linking WeChat from the user center (wxBind, wxUnbind, api/users/web/man)', () => {
  it('binds through a bind round trip; one WeChat per account and one account per WeChat; unbind; login needed', async () => {
    const { app, database } = get();
    const a = await buildUser(database.db, { nickName: 'A' });
    const c = await buildUser(database.db, { nickName: 'C' });
    const authA = await loginAs(app, a.phone, a.password);
    const authC = await loginAs(app, c.phone, c.password);
    const ca = client(app, authA);
    const cc = client(app, authC, 'en');
    const phone = browser();

    expect((await app.inject({ method: 'POST', url: '/auth/web/wxBind', payload: { ticket: 'A'.repeat(43) } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/users/web/man' })).statusCode).toBe(401);

    const trip = await roundTrip(phone, { purpose: 'bind', auth: authA, nickname: 'A on WeChat' });
    // C cannot use A's state
    const stolen = await cc.post('/auth/web/wxBind', { code: trip.code, state: trip.state });
    expect(stolen.statusCode).toBe(400);
    const trip2 = await roundTrip(phone, { purpose: 'bind', auth: authA, nickname: 'A on WeChat' });
    const ok = await ca.post('/auth/web/wxBind', { code: trip2.code, state: trip2.state });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.nickName).toBe('A on WeChat');

    // the same WeChat for C → taken
    const trip3 = await roundTrip(phone, { purpose: 'bind', auth: authC });
    const taken = await cc.post('/auth/web/wxBind', { code: trip3.code, state: trip3.state });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'WECHAT_TAKEN', message: 'This WeChat is already linked to another account' });
    // another WeChat for A → A already has one
    const trip4 = await roundTrip(browser(), { purpose: 'bind', auth: authA });
    const already = await ca.post('/auth/web/wxBind', { code: trip4.code, state: trip4.state });
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('WECHAT_ALREADY_BOUND');
    expect(await database.db.select().from(userOauth)).toHaveLength(1);

    expect((await ca.post('/auth/web/wxUnbind', {})).statusCode).toBe(200);
    expect((await ca.get('/api/users/web/man')).json().data.wechat).toBeNull();
    const none = await ca.post('/auth/web/wxUnbind', {});
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('WECHAT_NOT_BOUND');
  });

  it('a disabled account cannot log in with its WeChat', async () => {
    const { app, database } = get();
    const u = await buildUser(database.db);
    const auth = await loginAs(app, u.phone, u.password);
    const phone = browser();
    const trip = await roundTrip(phone, { purpose: 'bind', auth });
    expect((await client(app, auth).post('/auth/web/wxBind', { code: trip.code, state: trip.state })).statusCode).toBe(200);
    await database.db.update(users).set({ status: ACCOUNT_STATUS.DISABLED }).where(eq(users.id, u.id));
    const login = await roundTrip(phone);
    const r = await scan({ code: login.code, appType: 1, state: login.state });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('the public config tells the login page which WeChat login there is', async () => {
    const r = await get().app.inject({ method: 'GET', url: '/api/config/public' });
    expect(r.json().data.wechatLogin).toBe('simulated');
  });
});
