import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { noticeJobs, orders, userOauth, users, wechatOpenids } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { startFakeWechatOAuth } from '../../test/fake-wechat-oauth';
import { startFakeWechatPay } from '../../test/fake-wechatpay';
import { SmsNoticeFailed } from '../auth/sms';
import { deliverNotices } from '../messages/notice-jobs';
import { buyCodes, payWithSandbox, setupMoney } from '../payments/payments.helpers';
import { client, type Call } from '../registration/limits.helpers';
import { mpMessagesFor } from './wechat.routes';

/**
 * Inside WeChat's own browser (issue 22), against fakes of the published protocols written apart from the app:
 * the official account's web authorisation and template messages (fake-wechat-oauth.ts), and WeChat Pay API v3
 * whose request signatures and our paySign are checked with the community SDK (fake-wechatpay.ts).
 */
const oauth = await startFakeWechatOAuth();
const pay = await startFakeWechatPay();
pay.appids = [pay.appid, oauth.mpAppId];
const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-wxpay-'));
fs.writeFileSync(path.join(keys, 'apiclient_key.pem'), pay.merchantPrivateKeyPem);
fs.writeFileSync(path.join(keys, 'pub_key.pem'), pay.platformPublicKeyPem);
afterAll(async () => {
  await Promise.all([oauth.close(), pay.close()]);
  fs.rmSync(keys, { recursive: true, force: true });
});

const get = useTestApp({
  WECHAT_APP_ID: oauth.appId,
  WECHAT_APP_SECRET: oauth.secret,
  WECHAT_MP_APP_ID: oauth.mpAppId,
  WECHAT_MP_APP_SECRET: oauth.mpSecret,
  WECHAT_API_BASE_URL: oauth.url,
  // nothing listens there: the fake cashier's own notification goes nowhere, the test hands it over
  PUBLIC_BASE_URL: 'http://127.0.0.1:9',
  WECHATPAY_MCHID: pay.mchid,
  WECHATPAY_APPID: pay.appid,
  WECHATPAY_SERIAL: pay.merchantSerial,
  WECHATPAY_PRIVATE_KEY_FILE: path.join(keys, 'apiclient_key.pem'),
  WECHATPAY_APIV3_KEY: pay.apiV3Key,
  WECHATPAY_PUBLIC_KEY_FILE: path.join(keys, 'pub_key.pem'),
  WECHATPAY_PUBLIC_KEY_ID: pay.publicKeyId,
  WECHATPAY_BASE_URL: pay.baseUrl,
  WECHAT_NOTICE_TEMPLATES: JSON.stringify({ payment: { id: 'TPL_PAID', data: { thing1: 'activity', amount2: 'amount', thing3: 'title' } } }),
});

const authorizeUrl = async (c: Call, purpose: 'pay' | 'login', redirect = '/') => {
  const r = await c.get(`/auth/web/wxMpAuthorize?purpose=${purpose}&redirect=${encodeURIComponent(redirect)}`);
  expect(r.statusCode, r.body).toBe(200);
  return new URL(r.json().data.url as string);
};
/** A phone's WeChat browser: its own round-trip cookie (issue 33), kept by the server once sent. */
const phoneBrowser = (h: Record<string, string> = {}) => ({ ...h, cookie: `rp_wx=${crypto.randomBytes(32).toString('hex')}` });
let seq = 0;
const code = (who: { openid: string; unionid?: string; nickname?: string }, scope: 'snsapi_base' | 'snsapi_userinfo', appid = oauth.mpAppId) => {
  const c = `MPCODE_${++seq}`;
  oauth.codes.set(c, { openid: who.openid, unionid: who.unionid ?? `u${who.openid}`, nickname: who.nickname ?? '', appid, scope });
  return c;
};

/** A new WeChat signs in inside WeChat and gives a phone and its code: the account it lands in. */
async function signUpInWechat(anon: Call, who: { openid: string; unionid?: string; nickname?: string }, phone: string) {
  const url = await authorizeUrl(anon, 'login', '/userCenter');
  const r = await anon.post('/auth/web/wxMpLogin', { code: code(who, 'snsapi_userinfo'), state: url.searchParams.get('state') });
  expect(r.json()).toMatchObject({ bound: false });
  expect((await anon.post('/auth/web/sendSms', { phone, type: 'wechat' })).statusCode).toBe(200);
  const ticket = r.json().ticket as string;
  return Object.assign(await anon.post('/auth/web/wxSignUp', { ticket, phone, code: get().sms.last(phone)!.code, acceptPrivacy: true }), { ticket });
}

describe('JSAPI pay inside WeChat', () => {
  it('a payer without an openid goes once through the silent authorisation; the JSAPI order carries payer.openid; the signed sheet pays; the next order goes straight to the sheet', async () => {
    const { app, database } = get();
    const db = database.db;
    const m = await setupMoney(db, app);
    Object.assign(m.h, phoneBrowser());
    const order = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    expect((await m.c.get(`/api/lOrder/web/checkout?activityId=${m.activity.id}`)).json().data).toMatchObject({ wechatJsapi: true });

    // no openid yet: a clear 409, nothing placed at the gateway
    const before = pay.requests.length;
    const first = await m.c.post('/api/lOrder/web/pay', { orderNo: order.orderNo, channel: 'wechat', scene: 'jsapi' });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'WECHAT_OPENID_REQUIRED', message: '请先在微信中授权，再用微信支付' });
    expect(pay.requests.length).toBe(before);

    // the silent authorisation (snsapi_base) of the official account, for the logged-in payer only
    const anon = client(app, {});
    expect((await anon.get('/auth/web/wxMpAuthorize?purpose=pay')).statusCode).toBe(401);
    const url = await authorizeUrl(m.c, 'pay', `/activityOrder?orderNo=${order.orderNo}`);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: oauth.mpAppId,
      redirect_uri: 'http://127.0.0.1:9/wxAuth?p=pay',
      response_type: 'code',
      scope: 'snsapi_base',
      state: expect.stringMatching(/^[a-zA-Z0-9]{1,128}$/),
    });
    const state = url.searchParams.get('state')!;
    // a code of the website app (an openid of another app id) is refused by WeChat: 400, nothing kept
    const other = await m.c.post('/auth/web/wxMpPay', { code: code({ openid: 'oWebsite' }, 'snsapi_base', oauth.appId), state });
    expect(other.json()).toMatchObject({ code: 'WECHAT_CODE_INVALID' });
    // the state was spent by that try; a fresh round trip works once
    const again = await authorizeUrl(m.c, 'pay', `/activityOrder?orderNo=${order.orderNo}`);
    const okState = again.searchParams.get('state')!;
    const done = await m.c.post('/auth/web/wxMpPay', { code: code({ openid: 'oPayer_1' }, 'snsapi_base'), state: okState });
    expect(done.json()).toMatchObject({ data: { redirect: `/activityOrder?orderNo=${order.orderNo}` } });
    const replay = await m.c.post('/auth/web/wxMpPay', { code: code({ openid: 'oPayer_1' }, 'snsapi_base'), state: okState });
    expect(replay.json()).toMatchObject({ code: 'WECHAT_STATE_INVALID' });
    // someone else's state is refused (it names another purpose and account)
    const stranger = await buildUser(db);
    const sc = client(app, phoneBrowser(await loginAs(app, stranger.phone, stranger.password)));
    const theirs = (await authorizeUrl(sc, 'pay')).searchParams.get('state')!;
    expect((await m.c.post('/auth/web/wxMpPay', { code: code({ openid: 'oX' }, 'snsapi_base'), state: theirs })).statusCode).toBe(400);
    expect(await db.select().from(wechatOpenids).where(eq(wechatOpenids.userId, m.user.id))).toMatchObject([{ appId: oauth.mpAppId, openid: 'oPayer_1' }]);

    // the JSAPI order and the sheet the page hands to WeixinJSBridge
    const r = await m.c.post('/api/lOrder/web/pay', { orderNo: order.orderNo, channel: 'wechat', scene: 'jsapi' });
    expect(r.statusCode, r.body).toBe(200);
    const action = r.json().data.action;
    const placed = pay.requests.at(-1)!;
    expect(placed.url).toBe('/v3/pay/transactions/jsapi');
    const body = JSON.parse(placed.body);
    expect(body).toMatchObject({ appid: oauth.mpAppId, mchid: pay.mchid, payer: { openid: 'oPayer_1' }, amount: { total: order.amountFen, currency: 'CNY' } });
    expect(action).toMatchObject({ kind: 'jsapi', appId: oauth.mpAppId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) });
    expect(
      Rsa.verify(
        Formatter.joinedByLineFeed(action.appId, action.timeStamp, action.nonceStr, action.package),
        action.paySign,
        Rsa.from(pay.merchantPublicKeyPem, 'public'),
      ),
    ).toBe(true);
    // the WeChat client pays; WeChat Pay's signed notification settles the order
    expect((await pay.cashier(action)).err_msg).toBe('get_brand_wcpay_request:ok');
    const n = pay.paymentNotification(body.out_trade_no);
    expect((await app.inject({ method: 'POST', url: '/api/lOrder/wx/notify', headers: n.headers, payload: n.rawBody })).statusCode).toBe(204);
    expect((await m.c.get(`/api/lOrder/web/find?orderNo=${order.orderNo}`)).json().data).toMatchObject({ status: 'completed' });

    // the next order: straight to the sheet
    const next = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    const r2 = await m.c.post('/api/lOrder/web/pay', { orderNo: next.orderNo, channel: 'wechat', scene: 'jsapi' });
    expect(r2.json().data.action).toMatchObject({ kind: 'jsapi' });
    // JSAPI is WeChat Pay's only; another channel with it is refused
    const wrong = await m.c.post('/api/lOrder/web/pay', { orderNo: next.orderNo, channel: 'sandbox', scene: 'jsapi' });
    expect(wrong.json()).toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    const [o] = await db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(o!.channel).toBe('wechat');
  });
});

describe('signing in inside WeChat, and signing up with a phone', () => {
  it('a new WeChat: snsapi_userinfo → phone + code → a new account bound, in the language used; one tap next time; the same person scanning on a computer (unionid) lands in it', async () => {
    const { app, database, sms } = get();
    const db = database.db;
    const anon = client(app, phoneBrowser(), 'en');
    const url = await authorizeUrl(anon, 'login', '/userCenter?t=3');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    const who = { openid: 'oMpNew_1', unionid: 'uPerson_1', nickname: '李妈妈' };
    const r = await anon.post('/auth/web/wxMpLogin', { code: code(who, 'snsapi_userinfo'), state: url.searchParams.get('state') });
    expect(r.json()).toMatchObject({ bound: false, wechatName: '李妈妈', redirect: '/userCenter?t=3' });
    const ticket = r.json().ticket as string;

    const phone = '13900000001';
    expect((await anon.post('/auth/web/sendSms', { phone, type: 'wechat' })).statusCode).toBe(200);
    const smsCode = sms.last(phone)!.code;
    // a wrong code is refused and the ticket survives it
    const wrong = await anon.post('/auth/web/wxSignUp', { ticket, phone, code: smsCode === '000000' ? '111111' : '000000', acceptPrivacy: true });
    expect(wrong.json()).toMatchObject({ code: 'SMS_CODE_INVALID', message: expect.any(String) });
    const done = await anon.post('/auth/web/wxSignUp', { ticket, phone, code: smsCode, acceptPrivacy: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ created: true, redirect: '/userCenter?t=3', user: { nickName: '李妈妈' } });
    const userId = done.json().user.id as number;
    expect((await db.select({ lang: users.lang }).from(users).where(eq(users.id, userId)))[0]!.lang).toBe('en');
    expect(await db.select().from(userOauth).where(eq(userOauth.userId, userId))).toMatchObject([
      { provider: 'wechat_mp', openid: 'oMpNew_1', unionid: 'uPerson_1' },
    ]);
    // the payer openid comes with it: paying needs no other authorisation
    expect(await db.select().from(wechatOpenids).where(eq(wechatOpenids.userId, userId))).toMatchObject([{ appId: oauth.mpAppId, openid: 'oMpNew_1' }]);
    // a ticket works once
    expect((await anon.post('/auth/web/wxSignUp', { ticket, phone, code: smsCode, acceptPrivacy: true })).json()).toMatchObject({
      code: 'WECHAT_TICKET_INVALID',
    });

    // next time inside WeChat: one tap
    const u2 = await authorizeUrl(anon, 'login');
    const again = await anon.post('/auth/web/wxMpLogin', { code: code(who, 'snsapi_userinfo'), state: u2.searchParams.get('state') });
    expect(again.json()).toMatchObject({ bound: true, user: { id: userId } });
    // on a computer: the website app's QR gives another openid, the same unionid
    const qr = new URL((await anon.get('/auth/web/wxAuthorize')).json().data.url as string);
    oauth.codes.set('QR_1', { openid: 'oWebsite_1', unionid: 'uPerson_1', nickname: '李妈妈' });
    const scanned = await anon.post('/auth/web/wxScan', { code: 'QR_1', appType: 1, state: qr.searchParams.get('state') });
    expect(scanned.json()).toMatchObject({ bound: true, user: { id: userId } });
  });

  it('a phone that has an account: asked first (masked phone, WeChat name), then that account is signed in and bound; a forged ticket or state is a 400; a disabled account is refused', async () => {
    const { app, database } = get();
    const db = database.db;
    const member = await buildUser(db);
    const anon = client(app, phoneBrowser());
    const asked = await signUpInWechat(anon, { openid: 'oMpOld_1', nickname: '王爸爸' }, member.phone);
    // issue 33: nothing is linked to an existing account before the person says yes
    expect(asked.json()).toMatchObject({ confirm: { phone: `${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`, wechatName: '王爸爸' } });
    expect(asked.json().token).toBeUndefined();
    expect(await db.select().from(userOauth).where(eq(userOauth.userId, member.id))).toEqual([]);
    const r = await anon.post('/auth/web/wxSignUp', { ticket: asked.ticket, confirm: true });
    expect(r.json()).toMatchObject({ created: false, user: { id: member.id } });
    expect(await db.select({ provider: userOauth.provider }).from(userOauth).where(eq(userOauth.userId, member.id))).toEqual([{ provider: 'wechat_mp' }]);

    const forged = await anon.post('/auth/web/wxSignUp', { ticket: 'A'.repeat(43), phone: member.phone, code: '123456', acceptPrivacy: true });
    expect(forged.json()).toMatchObject({ code: 'WECHAT_TICKET_INVALID' });
    expect((await anon.post('/auth/web/wxMpLogin', { code: 'X', state: 'B'.repeat(43) })).json()).toMatchObject({ code: 'WECHAT_STATE_INVALID' });
    expect((await anon.post('/auth/web/wxSignUp', { ticket: 'short', phone: 'x', code: 'y', acceptPrivacy: true })).statusCode).toBe(400);

    const off = await buildUser(db, { status: 0 });
    const refused = await signUpInWechat(client(app, phoneBrowser()), { openid: 'oMpOff_1' }, off.phone);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(await db.select().from(userOauth).where(eq(userOauth.userId, off.id))).toEqual([]);
  });
});

describe('notices by SMS and WeChat', () => {
  it('off by default; switched on by staff, a payment sends one SMS and one template message in the account language, once; an outage is retried and never blocks the payment', async () => {
    const { app, database, sms } = get();
    const db = database.db;
    const admin = await buildUser(db, { roles: ['admin'] });
    const staff = client(app, await loginAs(app, admin.phone, admin.password), 'en');
    const m = await setupMoney(db, app);
    // the member is bound to the official account (signed up inside WeChat) and uses English
    await db.update(users).set({ lang: 'en' }).where(eq(users.id, m.user.id));
    await db.insert(userOauth).values({ userId: m.user.id, provider: 'wechat_mp', openid: 'oNotice_1', unionid: 'uNotice_1', nickName: 'Li' });

    // off: a payment makes no notice
    const o1 = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o1.orderNo);
    expect(await db.select().from(noticeJobs)).toEqual([]);

    // only staff who send messages switch them; an unknown event is a 400
    expect((await m.c.put('/api/admin/noticeSettings', { event: 'payment', sms: true, wechat: true })).statusCode).toBe(403);
    expect((await staff.put('/api/admin/noticeSettings', { event: 'nope', sms: true, wechat: true })).statusCode).toBe(400);
    const set = await staff.put('/api/admin/noticeSettings', { event: 'payment', sms: true, wechat: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.items.find((i: { event: string }) => i.event === 'payment')).toMatchObject({
      sms: true,
      wechat: true,
      smsReady: true,
      wechatReady: true,
    });
    expect(set.json().data.items.find((i: { event: string }) => i.event === 'review')).toMatchObject({ sms: false, wechat: false, wechatReady: false });

    // SMS provider down: the payment still settles; the notice waits in the outbox
    sms.noticeFailures = [new SmsNoticeFailed('unreachable', true)];
    const o2 = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o2.orderNo);
    expect((await m.c.get(`/api/lOrder/web/find?orderNo=${o2.orderNo}`)).json().data.status).toBe('completed');
    const jobs = await db.select().from(noticeJobs);
    expect(jobs.map((j) => [j.channel, j.event, j.lang, j.status]).sort()).toEqual([
      ['sms', 'payment', 'en', 'pending'],
      ['wechat', 'payment', 'en', 'pending'],
    ]);
    expect(jobs[0]!.payload.title).toBe(`Payment received: order ${o2.orderNo}`);

    const channels = { wechat: mpMessagesFor(app) };
    const first = await deliverNotices(app.deps, channels);
    expect(first).toEqual({ sent: 1, retried: 1, failed: 0 });
    expect(oauth.templates).toHaveLength(1);
    expect(oauth.templates[0]).toMatchObject({
      touser: 'oNotice_1',
      template_id: 'TPL_PAID',
      url: 'http://127.0.0.1:9/userCenter?t=8',
      data: { thing1: { value: m.activity.nameEn.slice(0, 20) }, thing3: { value: `Payment received: order ${o2.orderNo}`.slice(0, 20) } },
    });
    const [waiting] = await db.select().from(noticeJobs).where(eq(noticeJobs.channel, 'sms'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'unreachable' });
    expect(waiting!.nextAt.getTime()).toBeGreaterThan(Date.now());
    // not due yet: nothing goes; after the backoff it goes, once
    expect(await deliverNotices(app.deps, channels)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await deliverNotices(app.deps, channels, new Date(Date.now() + 3_600_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await deliverNotices(app.deps, channels, new Date(Date.now() + 7_200_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sms.notices).toHaveLength(1);
    expect(sms.notices[0]).toMatchObject({
      phone: m.user.phone,
      event: 'payment',
      lang: 'en',
      text: expect.stringContaining(`Payment received: order ${o2.orderNo}`),
    });
    expect(oauth.templates).toHaveLength(1);

    // the admin list shows each notice, its provider's message id and status
    const list = (await staff.get('/api/admin/noticeJobs?page=0&size=10')).json();
    expect(list.content.map((j: { channel: string; status: string; attempts: number }) => [j.channel, j.status, j.attempts]).sort()).toEqual([
      ['sms', 'sent', 2],
      ['wechat', 'sent', 1],
    ]);
    expect(JSON.stringify(list)).not.toContain(m.user.phone);

    // WeChat refusing for good (the person unfollowed: 43004) is given up at once, not retried
    oauth.templateErrors = [43004];
    await db.delete(noticeJobs);
    const o3 = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o3.orderNo);
    expect(await deliverNotices(app.deps, channels)).toEqual({ sent: 1, retried: 0, failed: 1 });
    expect(
      (
        await db
          .select()
          .from(noticeJobs)
          .where(and(eq(noticeJobs.channel, 'wechat')))
      )[0],
    ).toMatchObject({ status: 'failed', lastError: 'errcode 43004' });
  });
});

describe('the official account in production', () => {
  it('a production site without WECHAT_MP_APP_ID offers no simulated official account (nor JSAPI pay) unless forced', async () => {
    const { mpAppId, mpMode } = await import('./mp');
    expect(mpMode({ WECHAT_LOGIN: 'on', NODE_ENV: 'production', WECHAT_MP_APP_ID: undefined })).toBe('off');
    expect(mpAppId({ WECHAT_LOGIN: 'on', NODE_ENV: 'production', WECHAT_MP_APP_ID: undefined })).toBeNull();
    expect(mpMode({ WECHAT_LOGIN: 'force', NODE_ENV: 'production', WECHAT_MP_APP_ID: undefined })).toBe('simulated');
    expect(mpMode({ WECHAT_LOGIN: 'on', NODE_ENV: 'development', WECHAT_MP_APP_ID: undefined })).toBe('simulated');
    expect(mpMode({ WECHAT_LOGIN: 'on', NODE_ENV: 'production', WECHAT_MP_APP_ID: 'wx0123456789abcdef' })).toBe('wechat');
    expect(mpMode({ WECHAT_LOGIN: 'off', NODE_ENV: 'development', WECHAT_MP_APP_ID: 'wx0123456789abcdef' })).toBe('off');
  });
});
