import { describe, expect, it } from 'vitest';
import { EXAM_TOKEN_RE, examCodeSettings, examLaunchUrl } from './exam';

const launch = { tempToken: 'a'.repeat(43), activityNo: 600, airActivity: '600', c1: 1, t1: 10, c2: 0, t2: 20 };

describe('learning platform launch (spec 7.6)', () => {
  it.each([
    [0, { c1: 1, t1: 10, c2: 0, t2: 20 }],
    [1, { c1: 0, t1: 20, c2: 1, t2: 10 }],
    [null, { c1: 1, t1: 10, c2: 0, t2: 20 }],
    [7, { c1: 1, t1: 10, c2: 0, t2: 20 }],
  ])('program type %s gives %o', (type, settings) => {
    expect(examCodeSettings(type)).toEqual(settings);
  });

  it('builds the login address with every parameter, keeping the site’s own', () => {
    const url = new URL(examLaunchUrl('https://learn.example.org/login?from=portal', launch, '13800000000')!);
    expect(url.origin + url.pathname).toBe('https://learn.example.org/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: 'portal',
      tempToken: launch.tempToken,
      activityNo: '600',
      airActivity: '600',
      phone: '13800000000',
      c1: '1',
      t1: '10',
      c2: '0',
      t2: '20',
    });
  });

  it('leaves the phone out when the account has none; refuses empty or non-http addresses', () => {
    expect(new URL(examLaunchUrl('https://learn.example.org/login', launch, null)!).searchParams.has('phone')).toBe(false);
    expect(examLaunchUrl('', launch, '1')).toBeNull();
    expect(examLaunchUrl('javascript:alert(1)', launch, '1')).toBeNull();
    expect(examLaunchUrl('/exam', launch, '1')).toBeNull();
    expect(examLaunchUrl('/exam', launch, '1', 'https://portal.example.org')).toMatch(/^https:\/\/portal\.example\.org\/exam\?tempToken=/);
  });

  it('knows a token when it sees one', () => {
    expect(EXAM_TOKEN_RE.test('A'.repeat(42) + '_')).toBe(true);
    expect(EXAM_TOKEN_RE.test('A'.repeat(42))).toBe(false);
    expect(EXAM_TOKEN_RE.test('A'.repeat(42) + '=')).toBe(false);
  });
});
