// The whole money path through the real WeChat Pay and Alipay adapters, configured the way production is
// (environment variables and key files), against local fake gateways that check our signatures and sign
// their own notifications: order → pay → notification → paid; replay; refund with its notification;
// reconciliation by query when a notification never comes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledger, orders, payments, refunds } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { startFakeWechatPay } from '../../test/fake-wechatpay';
import { startFakeAlipay } from '../../test/fake-alipay';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { reconcile } from './jobs';
import { buyCodes, ledgerMismatches, setupMoney } from './payments.helpers';

const wx = await startFakeWechatPay();
const ali = await startFakeAlipay();
const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-gw-keys-'));
const file = (name: string, text: string) => {
  const p = path.join(keys, name);
  fs.writeFileSync(p, text);
  return p;
};
const get = useTestApp({
  PUBLIC_BASE_URL: 'https://portal.example.org',
  WECHATPAY_MCHID: wx.mchid,
  WECHATPAY_APPID: wx.appid,
  WECHATPAY_SERIAL: wx.merchantSerial,
  WECHATPAY_PRIVATE_KEY_FILE: file('wx-merchant.pem', wx.merchantPrivateKeyPem),
  WECHATPAY_APIV3_KEY: wx.apiV3Key,
  WECHATPAY_PUBLIC_KEY_FILE: file('wx-platform.pem', wx.platformPublicKeyPem),
  WECHATPAY_PUBLIC_KEY_ID: wx.publicKeyId,
  WECHATPAY_BASE_URL: wx.baseUrl,
  ALIPAY_APP_ID: ali.appId,
  ALIPAY_PRIVATE_KEY_FILE: file('ali-app.pem', ali.appPrivateKeyPem),
  ALIPAY_PUBLIC_KEY_FILE: file('ali-public.pem', ali.alipayPublicKeyPem),
  ALIPAY_GATEWAY: ali.gateway,
});
afterAll(async () => {
  await wx.close();
  await ali.close();
  fs.rmSync(keys, { recursive: true, force: true });
});

const order = async (orderNo: string) => (await get().database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const attempt = async (orderId: number) => (await get().database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

describe('WeChat Pay through the app', () => {
  it('checkout offers it; Native QR; the signed, encrypted notification settles the order once; tampered ones change nothing', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    expect((await m.c.get(`/api/lOrder/web/checkout?activityId=${m.activity.id}`)).json().data.channels).toEqual(expect.arrayContaining(['wechat', 'alipay']));
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 2);
    const pay = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'wechat', scene: 'desktop' });
    expect(pay.json().data.action).toMatchObject({ kind: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\//) });
    const p = await attempt((await order(o.orderNo)).id);
    expect(JSON.parse(wx.requests.at(-1)!.body)).toMatchObject({
      out_trade_no: p.outTradeNo,
      notify_url: 'https://portal.example.org/api/lOrder/wx/notify',
      amount: { total: 100_000 },
    });
    const h5 = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'wechat', scene: 'mobile' });
    expect(h5.json().data.action.kind).toBe('redirect');

    wx.pay(p.outTradeNo);
    const note = wx.paymentNotification(p.outTradeNo);
    const tampered = Buffer.from(note.rawBody.toString().replace('"', "'"));
    expect((await app.inject({ method: 'POST', url: '/api/lOrder/wx/notify', headers: note.headers, payload: tampered })).statusCode).toBe(400);
    expect((await order(o.orderNo)).status).toBe('unpaid');
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/lOrder/wx/notify', headers: note.headers, payload: note.rawBody });
      expect(r.statusCode).toBe(204);
    }
    expect(await order(o.orderNo)).toMatchObject({ status: 'paid', paidFen: 100_000, channel: 'wechat' });
    expect(await database.db.select().from(ledger)).toHaveLength(1);

    // a refund goes back through WeChat and completes by its notification
    const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [v.items[0].id], reason: '' });
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const s = client(app, await loginAs(app, admin.phone, admin.password));
    const [r] = await database.db.select().from(refunds);
    wx.refundStartsAs = 'PROCESSING';
    expect((await s.post(`/api/admin/refunds/${r!.id}/decide`, { approve: true, ratio: '500', reason: '活动改期' })).json().data.status).toBe('processing');
    const sent = wx.requests.at(-1)!;
    expect(sent.url).toBe('/v3/refund/domestic/refunds');
    expect(JSON.parse(sent.body)).toMatchObject({ out_refund_no: r!.refundNo, amount: { refund: 25_000, total: 100_000 } });
    wx.settleRefund(r!.refundNo, 'SUCCESS');
    const rn = wx.refundNotification(r!.refundNo);
    expect((await app.inject({ method: 'POST', url: '/api/lOrder/wx/refund/notify', headers: rn.headers, payload: rn.rawBody })).statusCode).toBe(204);
    expect(await order(o.orderNo)).toMatchObject({ refundedFen: 25_000 });
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });

  it('a payment whose notification never arrives is found by the reconciliation query', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'wechat' });
    const p = await attempt((await order(o.orderNo)).id);
    wx.pay(p.outTradeNo);
    const report = await reconcile(app.deps, new Date(Date.now() + 3 * 60_000));
    expect(report.paid).toBe(1);
    expect((await order(o.orderNo)).status).toBe('paid');
  });
});

describe('Alipay through the app', () => {
  it('page pay URL at the gateway; the RSA2-signed notification settles the order, answered "success"; a forged one is refused', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    const pay = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'alipay' });
    const url = new URL(pay.json().data.action.url);
    expect(url.origin + url.pathname).toBe(new URL(ali.gateway).origin + new URL(ali.gateway).pathname);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    // the payer's browser opens the cashier (the fake checks our signature on the URL), then pays
    expect((await fetch(url)).status).toBe(200);
    const p = await attempt((await order(o.orderNo)).id);
    ali.pay(p.outTradeNo);
    const stranger = (await import('node:crypto'))
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const forged = ali.paymentNotification(p.outTradeNo, {}, { signingKeyPem: stranger });
    const bad = await app.inject({ method: 'POST', url: '/api/lOrder/ali/notify', headers: forged.headers, payload: forged.rawBody });
    expect(bad.statusCode).toBe(400);
    const note = ali.paymentNotification(p.outTradeNo);
    const r = await app.inject({ method: 'POST', url: '/api/lOrder/ali/notify', headers: note.headers, payload: note.rawBody });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('success');
    expect(await order(o.orderNo)).toMatchObject({ status: 'paid', paidFen: 50_000, channel: 'alipay' });
  });
});
