import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config';
import { startFakeWechatPay, type FakeWechatPay } from '../../../test/fake-wechatpay';
import { NotifyRejected, ProviderError, type CreatePaymentInput } from './types';
import { WechatPayProvider, wechatOptionsFromConfig, type WechatOptions } from './wechat';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';

let fake: FakeWechatPay;
let seq = 0;

const optionsOf = (f: FakeWechatPay, over: Partial<WechatOptions> = {}): WechatOptions => ({
  mchid: f.mchid,
  appid: f.appid,
  serial: f.merchantSerial,
  privateKeyPem: f.merchantPrivateKeyPem,
  apiV3Key: f.apiV3Key,
  platformPublicKeyPem: f.platformPublicKeyPem,
  platformPublicKeyId: f.publicKeyId,
  baseUrl: f.baseUrl,
  ...over,
});

const tradeNo = () => `RP20250101${String(++seq).padStart(6, '0')}WD01`;
const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  outTradeNo: tradeNo(),
  amountFen: 12345,
  description: '夏令营 2025 · order RP20250101',
  notifyUrl: 'https://shop.example.com/api/lOrder/wx/notify',
  returnUrl: 'https://shop.example.com/activityOrder?orderNo=RP20250101&x=1',
  scene: 'desktop',
  clientIp: '203.0.113.7',
  expiresAt: new Date('2025-01-01T04:30:00Z'),
  ...over,
});

beforeAll(async () => {
  fake = await startFakeWechatPay();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.tamper = 'none';
  fake.refundStartsAs = 'PROCESSING';
  fake.failNext = null;
});

const provider = () => new WechatPayProvider(optionsOf(fake));
const lastRequest = () => fake.requests[fake.requests.length - 1]!;

describe('WechatPayProvider: requests', () => {
  it('desktop: Native order with the documented body, signed; returns the code_url as a QR action', async () => {
    const i = input({ description: '长'.repeat(200) });
    const action = await provider().createPayment(i);
    expect(action.kind).toBe('qr');
    expect(action.kind === 'qr' && action.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const req = lastRequest();
    expect(req).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/native', status: 200 });
    expect(req.headers.authorization).toMatch(
      new RegExp(
        `^WECHATPAY2-SHA256-RSA2048 mchid="${fake.mchid}",nonce_str="[0-9A-F]{32}",signature="[A-Za-z0-9+/=]+",timestamp="\\d{10}",serial_no="${fake.merchantSerial}"$`,
      ),
    );
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['wechatpay-serial']).toBe(fake.publicKeyId);
    expect(JSON.parse(req.body)).toEqual({
      appid: fake.appid,
      mchid: fake.mchid,
      description: '长'.repeat(127),
      out_trade_no: i.outTradeNo,
      time_expire: '2025-01-01T12:30:00+08:00',
      notify_url: i.notifyUrl,
      amount: { total: 12345, currency: 'CNY' },
    });
    expect(fake.trades.get(i.outTradeNo)).toMatchObject({ kind: 'native', state: 'NOTPAY', total: 12345 });
  });

  it('mobile: H5 order with scene_info; the h5_url comes back with redirect_url', async () => {
    const i = input({ scene: 'mobile' });
    const action = await provider().createPayment(i);
    const req = lastRequest();
    expect(req.url).toBe('/v3/pay/transactions/h5');
    expect(JSON.parse(req.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
    expect(action.kind).toBe('redirect');
    const url = action.kind === 'redirect' ? action.url : '';
    expect(url).toMatch(/^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx[0-9a-f]+&package=\d+&redirect_url=/);
    expect(url.endsWith(`&redirect_url=${encodeURIComponent(i.returnUrl)}`)).toBe(true);
    expect(new URL(url).searchParams.get('redirect_url')).toBe(i.returnUrl);
  });

  it('creating the same trade twice is idempotent at the gateway', async () => {
    const i = input();
    const a = await provider().createPayment(i);
    const b = await provider().createPayment(i);
    expect(b).toEqual(a);
  });

  it.each([1, 12345, 99999999])('amounts are exact integer fen: %i fen out and back (query and notification)', async (amountFen) => {
    const p = provider();
    const i = input({ amountFen });
    await p.createPayment(i);
    expect(JSON.parse(lastRequest().body).amount).toEqual({ total: amountFen, currency: 'CNY' });
    fake.pay(i.outTradeNo);
    expect(await p.queryPayment(i.outTradeNo)).toMatchObject({ state: 'paid', amountFen });
    expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo))).toMatchObject({ amountFen });
  });

  it('a provider with the wrong merchant key is refused by the gateway (401 SIGN_ERROR) → ProviderError', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrong = new WechatPayProvider(optionsOf(fake, { privateKeyPem: other }));
    const err = await wrong.createPayment(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).providerCode).toBe('SIGN_ERROR');
    expect(lastRequest().status).toBe(401);
    // and a wrong serial_no is refused the same way
    const wrongSerial = new WechatPayProvider(optionsOf(fake, { serial: 'ABCDEF0123456789' }));
    await expect(wrongSerial.queryPayment('RP0000000001')).rejects.toMatchObject({ providerCode: 'SIGN_ERROR' });
  });

  it('a request whose clock is 10 minutes off is refused (the gateway checks the timestamp)', async () => {
    const late = new WechatPayProvider(optionsOf(fake, { now: () => new Date(Date.now() - 10 * 60_000) }));
    await expect(late.queryPayment('RP0000000001')).rejects.toMatchObject({ providerCode: 'SIGN_ERROR' });
  });
});

describe('WechatPayProvider: JSAPI pay inside WeChat (issue 22)', () => {
  const MP_APPID = 'wx10ca1516a1a7e001';
  const jsapiProvider = () => new WechatPayProvider(optionsOf(fake, { jsapiAppid: MP_APPID }));
  beforeAll(() => {
    fake.appids = [fake.appid, MP_APPID];
  });

  it('places a /v3/pay/transactions/jsapi order with the official account app id and payer.openid; the paySign verifies with the merchant public key (community SDK)', async () => {
    const i = input({ scene: 'jsapi', payerOpenid: 'oPayer_0123456789abcdefghij' });
    const action = await jsapiProvider().createPayment(i);
    const req = lastRequest();
    expect(req).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/jsapi', status: 200 });
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ appid: MP_APPID, mchid: fake.mchid, out_trade_no: i.outTradeNo, payer: { openid: 'oPayer_0123456789abcdefghij' } });
    expect(body.scene_info).toBeUndefined();
    if (action.kind !== 'jsapi') throw new Error(`expected jsapi, got ${action.kind}`);
    expect(action).toMatchObject({ appId: MP_APPID, signType: 'RSA', package: `prepay_id=${fake.trades.get(i.outTradeNo)!.prepayId}` });
    expect(action.timeStamp).toMatch(/^\d{10}$/);
    expect(action.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    const message = Formatter.joinedByLineFeed(action.appId, action.timeStamp, action.nonceStr, action.package);
    expect(Rsa.verify(message, action.paySign, Rsa.from(fake.merchantPublicKeyPem, 'public'))).toBe(true);
    // a paySign over other parameters does not verify
    expect(
      Rsa.verify(
        Formatter.joinedByLineFeed(action.appId, action.timeStamp, action.nonceStr, 'prepay_id=wxother'),
        action.paySign,
        Rsa.from(fake.merchantPublicKeyPem, 'public'),
      ),
    ).toBe(false);
  });

  it("the WeChat client pays what the page hands it; the payment's notification (appid of the official account) is read as paid", async () => {
    const i = input({ scene: 'jsapi', payerOpenid: 'oPayer_0123456789abcdefghij' });
    const action = await jsapiProvider().createPayment(i);
    // a tampered sheet is refused by the client, a right one pays
    expect((await fake.cashier({ ...action, paySign: action.kind === 'jsapi' ? action.paySign.slice(4) + 'AAAA' : '' })).err_msg).toBe(
      'get_brand_wcpay_request:fail',
    );
    expect(fake.trades.get(i.outTradeNo)!.state).toBe('NOTPAY');
    expect((await fake.cashier(action as unknown as Record<string, unknown>)).err_msg).toBe('get_brand_wcpay_request:ok');
    const n = fake.paymentNotification(i.outTradeNo);
    expect(await jsapiProvider().parseNotify(n)).toMatchObject({ type: 'payment', outTradeNo: i.outTradeNo, amountFen: 12345, success: true });
    // the same notification is not believed by a merchant without that official account
    await expect(provider().parseNotify(n)).rejects.toThrow(/another appid/);
    expect(await jsapiProvider().queryPayment(i.outTradeNo)).toMatchObject({ state: 'paid' });
  });

  it('JSAPI needs the official account and the payer openid; an openid the gateway cannot read is its PARAM_ERROR', async () => {
    await expect(provider().createPayment(input({ scene: 'jsapi', payerOpenid: 'oPayer_0123456789abcdefghij' }))).rejects.toThrow(RangeError);
    await expect(jsapiProvider().createPayment(input({ scene: 'jsapi' }))).rejects.toThrow(RangeError);
    await expect(jsapiProvider().createPayment(input({ scene: 'jsapi', payerOpenid: 'o p e n i d' }))).rejects.toMatchObject({ providerCode: 'PARAM_ERROR' });
    // an app id the merchant has not bound is refused by the gateway
    const other = new WechatPayProvider(optionsOf(fake, { jsapiAppid: 'wx0000000000000bad' }));
    await expect(other.createPayment(input({ scene: 'jsapi', payerOpenid: 'oPayer_0123456789abcdefghij' }))).rejects.toMatchObject({
      providerCode: 'APPID_MCHID_NOT_MATCH',
    });
  });
});

describe('WechatPayProvider: answers must be signed by WeChat Pay', () => {
  it.each(['signature', 'serial', 'unsigned', 'stale', 'body'] as const)('answer with %s spoiled → ProviderError', async (tamper) => {
    const i = input();
    fake.tamper = tamper;
    await expect(provider().createPayment(i)).rejects.toBeInstanceOf(ProviderError);
    await expect(provider().queryPayment(i.outTradeNo)).rejects.toBeInstanceOf(ProviderError);
  });

  it('an unsigned 404 is not taken as "no such order" (only a signed one is)', async () => {
    fake.tamper = 'unsigned';
    await expect(provider().queryPayment('RPNOTEXIST0001')).rejects.toMatchObject({ providerCode: 'ORDER_NOT_EXIST' });
    fake.tamper = 'none';
    expect(await provider().queryPayment('RPNOTEXIST0001')).toEqual({ state: 'unknown' });
  });

  it('gateway errors carry the WeChat code', async () => {
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR' };
    const err = await provider()
      .createPayment(input())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).providerCode).toBe('SYSTEM_ERROR');
    expect((err as Error).message).toBe('WeChat Pay: HTTP 500 SYSTEM_ERROR');
  });

  it('network failure and timeout → ProviderError', async () => {
    const closed = await startFakeWechatPay();
    await closed.close();
    await expect(new WechatPayProvider(optionsOf(closed)).queryPayment('RP0000000001')).rejects.toThrow('WeChat Pay: request failed (network)');
    const timingOut = (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    await expect(new WechatPayProvider(optionsOf(fake, { fetch: timingOut })).queryPayment('RP0000000001')).rejects.toThrow('WeChat Pay: request timed out');
  });

  it('the request carries a 10 s timeout signal', async () => {
    let signal: AbortSignal | null | undefined;
    const spy = ((url: string | URL | Request, init?: RequestInit) => {
      signal = init?.signal;
      return fetch(url, init);
    }) as typeof fetch;
    await new WechatPayProvider(optionsOf(fake, { fetch: spy })).queryPayment('RPNOTEXIST0002');
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal!.aborted).toBe(false);
  });
});

describe('WechatPayProvider: query and close', () => {
  it('maps every trade_state', async () => {
    const p = provider();
    const i = input();
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'unknown' });
    await p.createPayment(i);
    expect(lastRequest().url).toBe('/v3/pay/transactions/native');
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'pending' });
    expect(lastRequest().url).toBe(`/v3/pay/transactions/out-trade-no/${i.outTradeNo}?mchid=${fake.mchid}`);
    fake.setState(i.outTradeNo, 'USERPAYING');
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'pending' });
    fake.setState(i.outTradeNo, 'PAYERROR');
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'failed' });
    fake.setState(i.outTradeNo, 'CLOSED');
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'closed' });
    fake.setState(i.outTradeNo, 'REVOKED');
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'closed' });
    const t = fake.pay(i.outTradeNo, new Date('2025-01-01T04:05:06Z'));
    expect(await p.queryPayment(i.outTradeNo)).toEqual({
      state: 'paid',
      providerTradeNo: t.transactionId,
      amountFen: 12345,
      paidAt: new Date('2025-01-01T04:05:06Z'),
    });
    fake.setState(i.outTradeNo, 'REFUND');
    expect(await p.queryPayment(i.outTradeNo)).toMatchObject({ state: 'paid', providerTradeNo: t.transactionId, amountFen: 12345 });
  });

  it('close: 204 closes an open trade; closed, paid or unknown trades are quiet', async () => {
    const p = provider();
    const i = input();
    await p.createPayment(i);
    await p.closePayment(i.outTradeNo);
    expect(lastRequest()).toMatchObject({ method: 'POST', url: `/v3/pay/transactions/out-trade-no/${i.outTradeNo}/close`, status: 204 });
    expect(JSON.parse(lastRequest().body)).toEqual({ mchid: fake.mchid });
    expect(fake.trades.get(i.outTradeNo)!.state).toBe('CLOSED');
    await p.closePayment(i.outTradeNo);
    expect(lastRequest().status).toBe(400);
    const paid = input();
    await p.createPayment(paid);
    fake.pay(paid.outTradeNo);
    await expect(p.closePayment(paid.outTradeNo)).resolves.toBeUndefined();
    await expect(p.closePayment('RPNEVERCREATED01')).resolves.toBeUndefined();
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR' };
    await expect(p.closePayment(i.outTradeNo)).rejects.toMatchObject({ providerCode: 'SYSTEM_ERROR' });
  });
});

describe('WechatPayProvider: refunds', () => {
  async function paidTrade(amountFen = 12345) {
    const p = provider();
    const i = input({ amountFen });
    await p.createPayment(i);
    return { p, i, t: fake.pay(i.outTradeNo) };
  }

  it('refund: the documented body; PROCESSING → processing, then the query follows the gateway', async () => {
    const { p, i } = await paidTrade();
    const r = await p.refund({
      outTradeNo: i.outTradeNo,
      outRefundNo: 'RF2025010100001',
      refundFen: 2345,
      totalFen: 12345,
      reason: '活动取消',
      notifyUrl: 'https://shop.example.com/api/lOrder/wx/refund/notify',
    });
    expect(lastRequest().url).toBe('/v3/refund/domestic/refunds');
    expect(JSON.parse(lastRequest().body)).toEqual({
      out_trade_no: i.outTradeNo,
      out_refund_no: 'RF2025010100001',
      reason: '活动取消',
      notify_url: 'https://shop.example.com/api/lOrder/wx/refund/notify',
      amount: { refund: 2345, total: 12345, currency: 'CNY' },
    });
    const refundId = fake.refunds.get('RF2025010100001')!.refundId;
    expect(r).toEqual({ state: 'processing', providerRefundNo: refundId });
    expect(await p.queryRefund('RF2025010100001', i.outTradeNo)).toEqual({ state: 'processing', providerRefundNo: refundId });
    expect(lastRequest().url).toBe('/v3/refund/domestic/refunds/RF2025010100001');
    fake.settleRefund('RF2025010100001', 'SUCCESS');
    expect(await p.queryRefund('RF2025010100001', i.outTradeNo)).toEqual({ state: 'success', providerRefundNo: refundId });
    fake.settleRefund('RF2025010100001', 'ABNORMAL');
    expect(await p.queryRefund('RF2025010100001', i.outTradeNo)).toMatchObject({ state: 'failed' });
    fake.settleRefund('RF2025010100001', 'CLOSED');
    expect(await p.queryRefund('RF2025010100001', i.outTradeNo)).toMatchObject({ state: 'failed' });
  });

  it('refund answered SUCCESS at once → success; a repeat is idempotent', async () => {
    const { p, i } = await paidTrade(99999999);
    fake.refundStartsAs = 'SUCCESS';
    const req = {
      outTradeNo: i.outTradeNo,
      outRefundNo: 'RF2025010100002',
      refundFen: 99999999,
      totalFen: 99999999,
      reason: 'r',
      notifyUrl: 'https://x.example/n',
    };
    const r = await p.refund(req);
    expect(r.state).toBe('success');
    expect(await p.refund(req)).toEqual(r);
    expect(fake.trades.get(i.outTradeNo)!.refunded).toBe(99999999);
  });

  it('an unknown refund number → failed; a refused refund → ProviderError with the code', async () => {
    const { p, i } = await paidTrade(100);
    expect(await p.queryRefund('RFNOSUCHREFUND1', i.outTradeNo)).toEqual({ state: 'failed' });
    await expect(
      p.refund({ outTradeNo: 'RPNOTEXIST0003', outRefundNo: 'RF2025010100003', refundFen: 1, totalFen: 100, reason: 'r', notifyUrl: 'https://x.example/n' }),
    ).rejects.toMatchObject({ providerCode: 'RESOURCE_NOT_EXISTS' });
    await expect(
      p.refund({ outTradeNo: i.outTradeNo, outRefundNo: 'RF2025010100004', refundFen: 100, totalFen: 200, reason: 'r', notifyUrl: 'https://x.example/n' }),
    ).rejects.toMatchObject({ providerCode: 'INVALID_REQUEST' });
    // our side refuses what no gateway should see: more back than was paid, or not whole fen
    await expect(
      p.refund({ outTradeNo: i.outTradeNo, outRefundNo: 'RF2025010100005', refundFen: 101, totalFen: 100, reason: 'r', notifyUrl: 'https://x.example/n' }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(
      p.refund({ outTradeNo: i.outTradeNo, outRefundNo: 'RF2025010100006', refundFen: 1.5, totalFen: 100, reason: 'r', notifyUrl: 'https://x.example/n' }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});

describe('WechatPayProvider: notifications', () => {
  async function paid(amountFen = 12345) {
    const p = provider();
    const i = input({ amountFen });
    await p.createPayment(i);
    return { p, i, t: fake.pay(i.outTradeNo, new Date('2025-01-01T04:10:00Z')) };
  }

  it('TRANSACTION.SUCCESS is verified, decrypted and read', async () => {
    const { p, i, t } = await paid();
    expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo))).toEqual({
      type: 'payment',
      outTradeNo: i.outTradeNo,
      providerTradeNo: t.transactionId,
      amountFen: 12345,
      success: true,
      paidAt: new Date('2025-01-01T04:10:00Z'),
    });
  });

  it('header names in any case are accepted', async () => {
    const { p, i } = await paid();
    const n = fake.paymentNotification(i.outTradeNo);
    const headers = Object.fromEntries(
      Object.entries(n.headers).map(([k, v]) => [k.replace(/(^|-)(\w)/g, (_m, a: string, b: string) => a + b.toUpperCase()), v]),
    );
    expect(await p.parseNotify({ headers, rawBody: n.rawBody })).toMatchObject({ type: 'payment', success: true });
  });

  it('REFUND.SUCCESS / ABNORMAL / CLOSED are read as refund events', async () => {
    const { p, i } = await paid();
    await p.refund({ outTradeNo: i.outTradeNo, outRefundNo: 'RF2025010200001', refundFen: 45, totalFen: 12345, reason: 'r', notifyUrl: 'https://x.example/n' });
    const refundId = fake.refunds.get('RF2025010200001')!.refundId;
    for (const [status, success] of [
      ['SUCCESS', true],
      ['ABNORMAL', false],
      ['CLOSED', false],
    ] as const) {
      fake.settleRefund('RF2025010200001', status);
      expect(await p.parseNotify(fake.refundNotification('RF2025010200001'))).toEqual({
        type: 'refund',
        outRefundNo: 'RF2025010200001',
        providerRefundNo: refundId,
        success,
        amountFen: 45,
      });
    }
  });

  it('a TRANSACTION.SUCCESS whose trade_state is not SUCCESS is read as not successful', async () => {
    const { p, i } = await paid();
    const n = fake.notification('TRANSACTION.SUCCESS', {
      mchid: fake.mchid,
      appid: fake.appid,
      out_trade_no: i.outTradeNo,
      transaction_id: '4200000000000000000000000001',
      trade_state: 'PAYERROR',
      amount: { total: 12345, currency: 'CNY' },
    });
    expect(await p.parseNotify(n)).toMatchObject({ type: 'payment', success: false, amountFen: 12345 });
  });

  describe('unverifiable notifications are rejected (NotifyRejected), with no secret or body in the message', () => {
    const rejects = async (p: WechatPayProvider, req: { headers: Record<string, string>; rawBody: Buffer }, body: string) => {
      const err = await p.parseNotify(req).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotifyRejected);
      const msg = (err as Error).message;
      expect(msg).not.toContain(fake.apiV3Key);
      expect(msg).not.toContain(req.headers['wechatpay-signature'] ?? '§');
      expect(msg).not.toContain(body.slice(0, 20));
      expect(msg).not.toMatch(/ciphertext|BEGIN/);
    };

    it('tampered body', async () => {
      const { p, i } = await paid();
      const n = fake.paymentNotification(i.outTradeNo);
      const body = n.rawBody.toString('utf8');
      const tampered = body.replace('"event_type":"TRANSACTION.SUCCESS"', '"event_type":"TRANSACTION.SUCCESS" ');
      expect(tampered).not.toBe(body);
      await rejects(p, { headers: n.headers, rawBody: Buffer.from(tampered) }, body);
    });

    it('wrong signature (another key)', async () => {
      const { p, i } = await paid();
      const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const n = fake.paymentNotification(i.outTradeNo, { signingKeyPem: other });
      await rejects(p, n, n.rawBody.toString());
    });

    it('wrong serial', async () => {
      const { p, i } = await paid();
      const n = fake.paymentNotification(i.outTradeNo, { serial: 'PUB_KEY_ID_0000000000000000000000' });
      await rejects(p, n, n.rawBody.toString());
    });

    it('stale or future timestamp (more than 5 minutes off)', async () => {
      const { p, i } = await paid();
      const nowS = Math.floor(Date.now() / 1000);
      for (const timestamp of [nowS - 301 - 5, nowS + 360]) {
        const n = fake.paymentNotification(i.outTradeNo, { timestamp });
        await rejects(p, n, n.rawBody.toString());
      }
      // within the window it is fine
      expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo, { timestamp: nowS - 200 }))).toMatchObject({ type: 'payment' });
    });

    it('missing or repeated headers', async () => {
      const { p, i } = await paid();
      const n = fake.paymentNotification(i.outTradeNo);
      for (const h of ['wechatpay-signature', 'wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-serial']) {
        const headers = { ...n.headers };
        delete headers[h];
        await rejects(p, { headers, rawBody: n.rawBody }, n.rawBody.toString());
      }
      const repeated = { ...n.headers, 'wechatpay-signature': [n.headers['wechatpay-signature']!, n.headers['wechatpay-signature']!] };
      await expect(p.parseNotify({ headers: repeated, rawBody: n.rawBody })).rejects.toBeInstanceOf(NotifyRejected);
    });

    it('signed correctly but encrypted with another API v3 key', async () => {
      const { p, i } = await paid();
      const n = fake.paymentNotification(i.outTradeNo, { apiV3Key: 'x'.repeat(32) });
      await rejects(p, n, n.rawBody.toString());
    });

    it('another merchant, unknown event type, incomplete resource', async () => {
      const { p, i } = await paid();
      const base = {
        appid: fake.appid,
        out_trade_no: i.outTradeNo,
        transaction_id: '4200000000000000000000000001',
        trade_state: 'SUCCESS',
        amount: { total: 1 },
      };
      for (const n of [
        fake.notification('TRANSACTION.SUCCESS', { ...base, mchid: '1900000999' }),
        fake.notification('TRANSACTION.SUCCESS', { ...base, mchid: fake.mchid, appid: 'wx0000000000000000' }),
        fake.notification('SOMETHING.ELSE', { ...base, mchid: fake.mchid }),
        fake.notification('TRANSACTION.SUCCESS', { ...base, mchid: fake.mchid, amount: { total: 1.5 } }),
        fake.notification('TRANSACTION.SUCCESS', { ...base, mchid: fake.mchid, transaction_id: undefined }),
      ])
        await rejects(p, n, n.rawBody.toString());
    });
  });

  it('ack: 204 empty on success, 500 JSON FAIL otherwise', () => {
    const p = provider();
    expect(p.ack(true)).toEqual({ status: 204, contentType: 'application/json', body: '' });
    expect(p.ack(false, 'retry')).toEqual({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'retry' }) });
  });
});

describe('wechatOptionsFromConfig', () => {
  let dir: string;
  let keyFile: string;
  let pubFile: string;
  let keyPem: string;
  let pubPem: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-wx-'));
    const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    keyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    pubPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    keyFile = path.join(dir, 'apiclient_key.pem');
    pubFile = path.join(dir, 'pub_key.pem');
    fs.writeFileSync(keyFile, keyPem);
    fs.writeFileSync(pubFile, pubPem);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const full = () => ({
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY_FILE: keyFile,
    WECHATPAY_APIV3_KEY: 'a'.repeat(32),
    WECHATPAY_PUBLIC_KEY_FILE: pubFile,
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com',
  });

  /** The error: a ConfigError, one line, naming the variable, without key material. */
  function configError(fn: () => unknown, variable: string) {
    let err: unknown;
    try {
      fn();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg.startsWith(`Invalid configuration: ${variable}: `)).toBe(true);
    expect(msg).not.toContain('\n');
    expect(msg).not.toContain('BEGIN');
    for (const pemText of [keyPem, pubPem]) expect(msg).not.toContain(pemText.split('\n')[1]!.slice(0, 16));
  }

  it('none set → null (the base URL alone has a default and does not count)', () => {
    expect(wechatOptionsFromConfig({})).toBeNull();
    expect(wechatOptionsFromConfig({ WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com' })).toBeNull();
  });

  it('all set → options with both keys read; a provider can be built from them', () => {
    const o = wechatOptionsFromConfig(full())!;
    expect(o).toMatchObject({ mchid: '1900000109', serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', privateKeyPem: keyPem, platformPublicKeyPem: pubPem });
    expect(new WechatPayProvider(o).channel).toBe('wechat');
  });

  it('unreadable private key file → ConfigError naming WECHATPAY_PRIVATE_KEY_FILE', () => {
    configError(() => wechatOptionsFromConfig({ ...full(), WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }), 'WECHATPAY_PRIVATE_KEY_FILE');
  });

  it('a file that is not a private key → ConfigError (the public key there, or garbage)', () => {
    configError(() => wechatOptionsFromConfig({ ...full(), WECHATPAY_PRIVATE_KEY_FILE: pubFile }), 'WECHATPAY_PRIVATE_KEY_FILE');
    const junk = path.join(dir, 'junk.pem');
    fs.writeFileSync(junk, '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n');
    configError(() => wechatOptionsFromConfig({ ...full(), WECHATPAY_PRIVATE_KEY_FILE: junk }), 'WECHATPAY_PRIVATE_KEY_FILE');
  });

  it('public key file unreadable, or holding the private key → ConfigError naming WECHATPAY_PUBLIC_KEY_FILE', () => {
    configError(() => wechatOptionsFromConfig({ ...full(), WECHATPAY_PUBLIC_KEY_FILE: dir }), 'WECHATPAY_PUBLIC_KEY_FILE');
    configError(() => wechatOptionsFromConfig({ ...full(), WECHATPAY_PUBLIC_KEY_FILE: keyFile }), 'WECHATPAY_PUBLIC_KEY_FILE');
  });

  it('half a group → ConfigError naming the missing one', () => {
    configError(() => wechatOptionsFromConfig({ ...full(), WECHATPAY_APIV3_KEY: undefined }), 'WECHATPAY_APIV3_KEY');
  });
});
