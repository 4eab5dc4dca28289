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

/** A browser's cookie jar: the simulated WeChat's device cookie and this site's round-trip cookie (rp_wx). */
type Browser = { cookie: string };
const browser = (): Browser => ({ cookie: '' });
function remember(b: Browser, res: { headers: Record<string, unknown> }) {
  const set = res.headers['set-cookie'];
  for (const line of set ? (Array.isArray(set) ? set : [String(set)]) : []) {
    const pair = String(line).split(';')[0]!;
    const name = pair.split('=')[0]!;
    b.cookie = [...b.cookie.split('; ').filter((c) => c && !c.startsWith(`${name}=`)), pair].join('; ');
  }
}

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
    headers: { ...opts.auth, 'accept-language': lang, cookie: b.cookie },
  });
  expect(start.statusCode, start.body).toBe(200);
  remember(b, start);
  const url: string = start.json().data.url;
  expect(url).toMatch(
    /^\/api\/wechat-fake\/connect\/qrconnect\?appid=wx\w{16}&redirect_uri=[^&]+&response_type=code&scope=snsapi_login&state=[a-zA-Z0-9]{1,128}&lang=(cn|en)#wechat_redirect$/,
  );
  const scanPage = await app.inject({ method: 'GET', url: url.replace(/#.*$/, ''), headers: { cookie: b.cookie, 'accept-language': lang } });
  expect(scanPage.statusCode).toBe(200);
  expect(scanPage.headers['content-type']).toMatch(/text\/html/);
  remember(b, scanPage);
  const back = await answer(b, scanPage.body, opts.nickname ?? 'Dad', opts.decision ?? 'confirm');
  return { back, code: back.searchParams.get('code'), state: back.searchParams.get('state')!, html: scanPage.body };
}

/** The person answers the simulated WeChat page (its hidden fields, a nickname, a choice): where WeChat sends the browser back. */
async function answer(b: Browser, html: string, nickname: string, decision: 'confirm' | 'cancel') {
  const form = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#38;/g, '&')]));
  const post = await get().app.inject({
    method: 'POST',
    url: '/api/wechat-fake/connect/qrconnect',
    headers: { cookie: b.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...form, nickname, decision }).toString(),
  });
  expect(post.statusCode, post.body).toBe(302);
  return new URL(String(post.headers.location));
}

/** Headers of a logged-in person calling from this browser (its cookies as they are at each call). */
const from = (b: Browser, h: Record<string, string> = {}) => ({
  ...h,
  get cookie() {
    return b.cookie;
  },
});

const scan = (body: unknown, lang = 'zh', b: Browser = browser()) =>
  get().app.inject({ method: 'POST', url: '/auth/web/wxScan', headers: { 'accept-language': lang, cookie: b.cookie }, payload: body as object });

describe('WeChat login (spec 7.1 wxScan, appType 1) through the simulation', () => {
  it('an unlinked WeChat gets a ticket; after a password login wxBind links it; the next scan logs that account in', async () => {
    const { app, database } = get();
    const b = browser();
    const first = await roundTrip(b);
    expect(first.back.pathname).toBe('/login');
    expect(first.back.searchParams.get('wx')).toBe('1');
    const r1 = await scan({ code: first.code, appType: 1, state: first.state }, 'zh', b);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ bound: false, wechatName: 'Dad', redirect: '/msg', resultStr: '该微信尚未绑定账号' });
    expect(r1.json().token).toBeUndefined();
    const ticket = r1.json().ticket as string;

    const u = await buildUser(database.db, { nickName: 'Parent W' });
    const me = client(app, from(b, await loginAs(app, u.phone, u.password)));
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
    const r2 = await scan({ code: second.code, appType: 1, state: second.state }, 'en', b);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toMatchObject({ bound: true, redirect: '/msg', resultStr: 'Logged in with WeChat', user: { id: u.id } });
    const info = await app.inject({ method: 'GET', url: '/auth/info', headers: { authorization: `Bearer ${r2.json().token}` } });
    expect(info.json().user.id).toBe(u.id);

    // another browser is another WeChat: not linked
    const b2 = browser();
    const other = await roundTrip(b2);
    expect((await scan({ code: other.code, appType: 1, state: other.state }, 'zh', b2)).json().bound).toBe(false);
    const links = await database.db.select().from(userOauth);
    expect(links).toHaveLength(1);
  });

  it('a forged, replayed or other-purpose state is refused in the reader language before WeChat is asked; a used code is refused', async () => {
    const b = browser();
    const trip = await roundTrip(b);
    const forged = await scan({ code: trip.code, appType: 1, state: 'A'.repeat(43) }, 'en', b);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WECHAT_STATE_INVALID', message: 'This WeChat sign-in has expired or is not valid; please scan again' });
    expect((await scan({ code: trip.code, appType: 1, state: trip.state }, 'zh', b)).statusCode).toBe(200);
    const replay = await scan({ code: trip.code, appType: 1, state: trip.state }, 'zh', b);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'WECHAT_STATE_INVALID', message: '微信登录已过期或无效，请重新扫码' });
    // the code again with a fresh state: WeChat refuses it (40029)
    const fresh = await roundTrip(b, { decision: 'cancel' });
    expect(fresh.code).toBeNull(); // a cancelled scan brings only the state back
    const used = await scan({ code: trip.code, appType: 1, state: fresh.state }, 'zh', b);
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('WECHAT_CODE_INVALID');
    // a bind state cannot log in
    const { app, database } = get();
    const u = await buildUser(database.db);
    const auth = await loginAs(app, u.phone, u.password);
    const bindTrip = await roundTrip(b, { purpose: 'bind', auth });
    expect(bindTrip.back.pathname + bindTrip.back.search).toMatch(/^\/userCenter\?/);
    expect((await scan({ code: bindTrip.code, appType: 1, state: bindTrip.state }, 'zh', b)).json().code).toBe('WECHAT_STATE_INVALID');
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
    const phone = browser();
    const ca = client(app, from(phone, authA));
    const cc = client(app, from(phone, authC), 'en');

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
    const otherPhone = browser();
    const trip4 = await roundTrip(otherPhone, { purpose: 'bind', auth: authA });
    const already = await client(app, from(otherPhone, authA)).post('/auth/web/wxBind', { code: trip4.code, state: trip4.state });
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
    expect((await client(app, from(phone, auth)).post('/auth/web/wxBind', { code: trip.code, state: trip.state })).statusCode).toBe(200);
    await database.db.update(users).set({ status: ACCOUNT_STATUS.DISABLED }).where(eq(users.id, u.id));
    const login = await roundTrip(phone);
    const r = await scan({ code: login.code, appType: 1, state: login.state }, 'zh', phone);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('the public config tells the login page which WeChat login there is', async () => {
    const r = await get().app.inject({ method: 'GET', url: '/api/config/public' });
    expect(r.json().data.wechatLogin).toBe('simulated');
  });
});

/**
 * Issue 33: a round trip belongs to the browser that began it. The attacker starts a sign-in with his own
 * WeChat, stops at the address WeChat sends him back to, and sends it to a parent; or sends the ticket of his
 * unlinked WeChat. In the parent's browser both are refused (400 WECHAT_OTHER_BROWSER, in the parent's language) before WeChat is
 * asked, so the attacker's WeChat is never linked to the parent's account and the parent is never signed in
 * as the attacker.
 */
describe('a WeChat round trip only in the browser that began it (issue 33)', () => {
  /** Inside WeChat: the official account's asking authorisation through the simulation, up to the address back. */
  async function mpRoundTrip(b: Browser, nickname: string, lang = 'zh') {
    const { app } = get();
    const start = await app.inject({
      method: 'GET',
      url: '/auth/web/wxMpAuthorize?purpose=login&redirect=%2FuserCenter',
      headers: { cookie: b.cookie, 'accept-language': lang },
    });
    expect(start.statusCode, start.body).toBe(200);
    remember(b, start);
    const url = new URL(String(start.json().data.url).replace(/#.*$/, ''), 'http://site.invalid');
    expect(url.searchParams.get('state')).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    const page = await app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie: b.cookie, 'accept-language': lang } });
    expect(page.statusCode, page.body).toBe(200);
    remember(b, page);
    const back = await answer(b, page.body, nickname, 'confirm');
    expect(back.pathname + back.searchParams.get('p')).toBe('/wxAuthlogin');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }
  const post = (b: Browser, url: string, payload: object, lang = 'zh', h: Record<string, string> = {}) =>
    get().app.inject({ method: 'POST', url, headers: { ...h, cookie: b.cookie, 'accept-language': lang }, payload });
  /** The phone proven by its SMS code in this browser, for wxSignUp. */
  async function smsCode(b: Browser, phone: string) {
    expect((await post(b, '/auth/web/sendSms', { phone, type: 'wechat' })).statusCode).toBe(200);
    return get().sms.last(phone)!.code;
  }

  it('official account: the address back sent to a parent is refused in the parent browser; the WeChat never reaches the parent account; the starting browser still works', async () => {
    const { database } = get();
    const db = database.db;
    const parent = await buildUser(db, { nickName: 'Parent' });
    const attacker = browser();
    const victim = browser();

    // the attacker stops at /wxAuth?p=login&code&state and sends it; the parent's page posts it in English
    const lure = await mpRoundTrip(attacker, 'Helpful teacher');
    const replayed = await post(victim, '/auth/web/wxMpLogin', lure, 'en');
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      code: 'WECHAT_OTHER_BROWSER',
      message:
        'This WeChat authorisation was not started in this browser, so it was refused to protect your account. Please sign in with WeChat again on this page',
    });
    expect(replayed.json().ticket).toBeUndefined();
    // and it is spent: the attacker cannot hand it out twice
    expect((await post(attacker, '/auth/web/wxMpLogin', lure)).json()).toMatchObject({ code: 'WECHAT_STATE_INVALID' });
    // a ticket the attacker got for his unlinked WeChat is refused in the parent's browser, SMS code or not
    const own = await mpRoundTrip(attacker, 'Helpful teacher');
    const got = await post(attacker, '/auth/web/wxMpLogin', own);
    expect(got.json()).toMatchObject({ bound: false });
    const ticket = got.json().ticket as string;
    expect(ticket).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    const signUp = await post(victim, '/auth/web/wxSignUp', { ticket, phone: parent.phone, code: await smsCode(victim, parent.phone), acceptPrivacy: true });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({
      code: 'WECHAT_OTHER_BROWSER',
      message: '这次微信授权不是在本浏览器中发起的，为保护你的账号已拒绝。请在本页面重新用微信登录',
    });
    expect(await db.select().from(userOauth).where(eq(userOauth.userId, parent.id))).toEqual([]);

    // variant: the attacker's WeChat linked to his own account; his address back does not sign the parent in as him
    const mine = await post(attacker, '/auth/web/wxSignUp', {
      ticket,
      phone: '13700000033',
      code: await smsCode(attacker, '13700000033'),
      acceptPrivacy: true,
    });
    expect(mine.json()).toMatchObject({ created: true });
    const lure2 = await mpRoundTrip(attacker, 'Helpful teacher');
    const silent = await post(victim, '/auth/web/wxMpLogin', lure2);
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toMatchObject({ code: 'WECHAT_OTHER_BROWSER' });
    expect(silent.json().token).toBeUndefined();
    // the same browser signs in as before
    const again = await post(attacker, '/auth/web/wxMpLogin', await mpRoundTrip(attacker, 'Helpful teacher'));
    expect(again.json()).toMatchObject({ bound: true, user: { id: mine.json().user.id } });
    // a browser with no cookie at all is refused too
    const bare = await mpRoundTrip(browser(), 'x');
    const noCookie = await get().app.inject({ method: 'POST', url: '/auth/web/wxMpLogin', payload: bare });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().code).toBe('WECHAT_OTHER_BROWSER');
  });

  it('official account: linking to an existing account waits for the yes, in the browser that scanned, after the phone is proven', async () => {
    const { database } = get();
    const db = database.db;
    const parent = await buildUser(db);
    const b = browser();
    const r = await post(b, '/auth/web/wxMpLogin', await mpRoundTrip(b, 'Mum'));
    const ticket = r.json().ticket as string;
    // a yes before the phone is proven is refused
    const early = await post(b, '/auth/web/wxSignUp', { ticket, confirm: true }, 'en');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'WECHAT_CONFIRM_INVALID', message: 'Please verify your phone number before confirming the WeChat link' });
    const asked = await post(b, '/auth/web/wxSignUp', { ticket, phone: parent.phone, code: await smsCode(b, parent.phone), acceptPrivacy: true }, 'en');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      confirm: { phone: `${parent.phone.slice(0, 3)}****${parent.phone.slice(-4)}`, wechatName: 'Mum' },
      redirect: '/userCenter',
    });
    expect(asked.json().token).toBeUndefined();
    expect(await db.select().from(userOauth).where(eq(userOauth.userId, parent.id))).toEqual([]);
    // the yes from another browser is refused; from this one it links and signs in
    expect((await post(browser(), '/auth/web/wxSignUp', { ticket, confirm: true })).json()).toMatchObject({ code: 'WECHAT_OTHER_BROWSER' });
    const yes = await post(b, '/auth/web/wxSignUp', { ticket, confirm: true });
    expect(yes.json()).toMatchObject({ created: false, user: { id: parent.id }, redirect: '/userCenter' });
    expect(await db.select({ provider: userOauth.provider, nickName: userOauth.nickName }).from(userOauth).where(eq(userOauth.userId, parent.id))).toEqual([
      { provider: 'wechat_mp', nickName: 'Mum' },
    ]);
    expect((await post(b, '/auth/web/wxSignUp', { ticket, confirm: true })).json()).toMatchObject({ code: 'WECHAT_TICKET_INVALID' });
  });

  it('website QR: the address back and the unlinked ticket are refused in another browser, logged in or not; the same browser still works; the cookie is HttpOnly and Lax', async () => {
    const { app, database } = get();
    const parent = await buildUser(database.db);
    const parentAuth = await loginAs(app, parent.phone, parent.password);
    const attacker = browser();
    const victim = browser();
    const trip = await roundTrip(attacker, { nickname: 'Stranger' });
    expect(trip.state).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    const start = await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize' });
    expect(start.headers['set-cookie']).toMatch(/^rp_wx=[a-f0-9]{64}; Path=\/auth\/web; Max-Age=3600; HttpOnly; SameSite=Lax$/);

    const replayed = await scan({ code: trip.code, appType: 1, state: trip.state }, 'en', victim);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'WECHAT_OTHER_BROWSER' });

    // the attacker's own ticket, posted by the logged-in parent (the login page's link after a password login)
    const mine = await roundTrip(attacker, { nickname: 'Stranger' });
    const r = await scan({ code: mine.code, appType: 1, state: mine.state }, 'zh', attacker);
    const ticket = r.json().ticket as string;
    const bind = await client(app, from(victim, parentAuth), 'en').post('/auth/web/wxBind', { ticket });
    expect(bind.statusCode).toBe(400);
    expect(bind.json().code).toBe('WECHAT_OTHER_BROWSER');
    expect(await database.db.select().from(userOauth)).toEqual([]);

    // the same browser, as before: a scan, a login, the link
    const own = browser();
    const t2 = await roundTrip(own, { nickname: 'Parent' });
    const r2 = await scan({ code: t2.code, appType: 1, state: t2.state }, 'zh', own);
    expect((await client(app, from(own, parentAuth)).post('/auth/web/wxBind', { ticket: r2.json().ticket })).statusCode).toBe(200);
    // a bind round trip begun in one browser is refused in another, even for the same account
    const bt = await roundTrip(own, { purpose: 'bind', auth: parentAuth });
    const elsewhere = await client(app, from(victim, parentAuth)).post('/auth/web/wxBind', { code: bt.code, state: bt.state });
    expect(elsewhere.json()).toMatchObject({ code: 'WECHAT_OTHER_BROWSER' });
  });
});
