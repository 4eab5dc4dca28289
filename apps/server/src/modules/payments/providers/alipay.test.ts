import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config';
import { startFakeAlipay, type FakeAlipay } from '../../../test/fake-alipay';
import { AlipayProvider, alipayOptionsFromConfig, type AlipayOptions } from './alipay';
import { NotifyRejected, ProviderError, type CreatePaymentInput, type NotifyRequest } from './types';

let fake: FakeAlipay;
/** the published SDK holding OUR public key where it expects Alipay's: it checks what we sign */
let ourSignatureChecker: AlipaySdk;
/** the published SDK as a merchant would use it: cross-checks the fake against the real client */
let merchantSdk: AlipaySdk;
let seq = 0;

const NOW = new Date('2025-01-01T04:00:00Z');
const optionsOf = (f: FakeAlipay, over: Partial<AlipayOptions> = {}): AlipayOptions => ({
  appId: f.appId,
  privateKeyPem: f.appPrivateKeyPem,
  alipayPublicKeyPem: f.alipayPublicKeyPem,
  gateway: f.gateway,
  ...over,
});
const provider = (over: Partial<AlipayOptions> = {}) => new AlipayProvider(optionsOf(fake, over));

const tradeNo = () => `RP20250101${String(++seq).padStart(6, '0')}AD01`;
const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  outTradeNo: tradeNo(),
  amountFen: 12345,
  description: '夏令营 2025 · order RP20250101',
  notifyUrl: 'https://shop.example.com/api/lOrder/ali/notify',
  returnUrl: 'https://shop.example.com/activityOrder?orderNo=RP20250101&x=1',
  scene: 'desktop',
  clientIp: '203.0.113.7',
  expiresAt: new Date('2025-01-01T04:30:00Z'),
  ...over,
});

const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const lastCall = () => fake.requests[fake.requests.length - 1]!;

beforeAll(async () => {
  fake = await startFakeAlipay();
  // the SDK trims nothing: PEM text must end at its footer
  ourSignatureChecker = new AlipaySdk({
    appId: fake.appId,
    privateKey: fake.appPrivateKeyPem.trim(),
    keyType: 'PKCS8',
    alipayPublicKey: fake.appPublicKeyPem.trim(),
  });
  merchantSdk = new AlipaySdk({
    appId: fake.appId,
    privateKey: fake.appPrivateKeyPem.trim(),
    keyType: 'PKCS8',
    alipayPublicKey: fake.alipayPublicKeyPem.trim(),
    gateway: fake.gateway,
    camelcase: false,
  });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.tamper = 'none';
  fake.escapeSlashes = false;
  fake.failNext = null;
});

/** createPayment, then the payer's browser opens the URL at the gateway (the cashier) */
async function opened(over: Partial<CreatePaymentInput> = {}, p = provider()) {
  const i = input(over);
  const action = await p.createPayment(i);
  if (action.kind !== 'redirect') throw new Error('expected a redirect');
  const res = await fetch(action.url);
  expect(res.status).toBe(200);
  return { p, i, url: action.url };
}

describe('the fake gateway agrees with the published alipay-sdk', () => {
  it('accepts SDK-signed calls, and the SDK accepts its signed answers (validateSign)', async () => {
    const missing = await merchantSdk.exec('alipay.trade.query', { bizContent: { out_trade_no: 'RPNOSUCHTRADE01' } }, { validateSign: true });
    expect(missing).toMatchObject({ code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST' });
    const { i } = await opened();
    const found = await merchantSdk.exec('alipay.trade.query', { bizContent: { out_trade_no: i.outTradeNo } }, { validateSign: true });
    expect(found).toMatchObject({ code: '10000', trade_status: 'WAIT_BUYER_PAY', total_amount: '123.45' });
  });

  it('opens the cashier for an SDK-built page pay URL', async () => {
    const out = tradeNo();
    const url = merchantSdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: { out_trade_no: out, product_code: 'FAST_INSTANT_TRADE_PAY', total_amount: '0.01', subject: 'sdk' },
      returnUrl: 'https://shop.example.com/r',
    });
    expect((await fetch(url)).status).toBe(200);
    expect(fake.trades.get(out)).toMatchObject({ status: 'WAIT_BUYER_PAY', totalAmount: '0.01' });
  });

  it('signs notifications the way the SDK verifies them', () => {
    const n = fake.notification({ app_id: fake.appId, out_trade_no: 'X', trade_no: 'Y', trade_status: 'TRADE_SUCCESS', total_amount: '1.00' });
    expect(merchantSdk.checkNotifySignV2(Object.fromEntries(new URLSearchParams(n.rawBody.toString())))).toBe(true);
  });
});

describe('AlipayProvider: page and wap pay', () => {
  it('desktop: alipay.trade.page.pay URL with the documented parameters and a signature the SDK accepts', async () => {
    const p = provider({ now: () => NOW });
    const i = input();
    const action = await p.createPayment(i);
    expect(action.kind).toBe('redirect');
    const url = action.kind === 'redirect' ? action.url : '';
    expect(url.startsWith(`${fake.gateway}?`)).toBe(true);
    const params = paramsOf(url);
    expect(params).toMatchObject({
      app_id: fake.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2025-01-01 12:00:00',
      version: '1.0',
      notify_url: i.notifyUrl,
      return_url: i.returnUrl,
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: i.outTradeNo,
      total_amount: '123.45',
      subject: i.description,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2025-01-01 12:30:00',
    });
    expect(ourSignatureChecker.checkNotifySignV2(params)).toBe(true);
    // the signature covers the amount: change it and the SDK refuses
    const biz = JSON.parse(params.biz_content!) as Record<string, string>;
    expect(ourSignatureChecker.checkNotifySignV2({ ...params, biz_content: JSON.stringify({ ...biz, total_amount: '0.01' }) })).toBe(false);
    // the gateway opens the cashier for it
    expect((await fetch(url)).status).toBe(200);
    expect(lastCall()).toMatchObject({ via: 'GET', code: '10000' });
    expect(fake.trades.get(i.outTradeNo)).toMatchObject({ status: 'WAIT_BUYER_PAY', totalAmount: '123.45', productCode: 'FAST_INSTANT_TRADE_PAY' });
  });

  it('mobile: alipay.trade.wap.pay with QUICK_WAP_WAY and a quit_url', async () => {
    const i = input({ scene: 'mobile' });
    const action = await provider().createPayment(i);
    const params = paramsOf(action.kind === 'redirect' ? action.url : '');
    expect(params.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(params.biz_content!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', quit_url: i.returnUrl, total_amount: '123.45' });
    expect(ourSignatureChecker.checkNotifySignV2(params)).toBe(true);
    expect((await fetch(action.kind === 'redirect' ? action.url : '')).status).toBe(200);
    expect(fake.trades.get(i.outTradeNo)!.productCode).toBe('QUICK_WAP_WAY');
  });

  it.each([
    [1, '0.01'],
    [12345, '123.45'],
    [99999999, '999999.99'],
  ])('amounts are exact: %i fen ↔ "%s" yuan (pay URL, query, notification)', async (amountFen, yuan) => {
    const { p, i, url } = await opened({ amountFen });
    expect(JSON.parse(paramsOf(url).biz_content!).total_amount).toBe(yuan);
    fake.pay(i.outTradeNo);
    expect(await p.queryPayment(i.outTradeNo)).toMatchObject({ state: 'paid', amountFen });
    expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo))).toMatchObject({ amountFen });
  });

  it('a provider with the wrong application key: its URL is refused by the gateway and the SDK, its calls → ProviderError', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrong = provider({ privateKeyPem: other });
    const action = await wrong.createPayment(input());
    const url = action.kind === 'redirect' ? action.url : '';
    expect(ourSignatureChecker.checkNotifySignV2(paramsOf(url))).toBe(false);
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('isv.invalid-signature');
    const err = await wrong.queryPayment('RPNOSUCHTRADE02').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).providerCode).toBe('isv.invalid-signature');
    // another app id is refused too
    await expect(provider({ appId: '2021000999999999' }).queryPayment('RPNOSUCHTRADE02')).rejects.toMatchObject({ providerCode: 'isv.invalid-app-id' });
  });
});

describe('AlipayProvider: query and close', () => {
  it('maps every trade_status; the answer is verified against the exact response text', async () => {
    const p = provider();
    const i = input();
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'unknown' });
    await opened({ outTradeNo: i.outTradeNo });
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'pending' });
    expect(lastCall()).toMatchObject({ via: 'POST', code: '10000' });
    expect(lastCall().params.method).toBe('alipay.trade.query');
    expect(JSON.parse(lastCall().params.biz_content!)).toEqual({ out_trade_no: i.outTradeNo });
    const t = fake.pay(i.outTradeNo, new Date('2025-01-01T04:05:06Z'));
    expect(await p.queryPayment(i.outTradeNo)).toEqual({
      state: 'paid',
      providerTradeNo: t.tradeNo,
      amountFen: 12345,
      paidAt: new Date('2025-01-01T04:05:06Z'),
    });
    fake.setStatus(i.outTradeNo, 'TRADE_FINISHED');
    expect(await p.queryPayment(i.outTradeNo)).toMatchObject({ state: 'paid', amountFen: 12345 });
    fake.setStatus(i.outTradeNo, 'TRADE_CLOSED');
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'closed' });
  });

  it('an answer written with "\\/" verifies over its characters as sent', async () => {
    const { p, i } = await opened({ description: 'Camp 2024/25 · https://example.com/x' });
    fake.escapeSlashes = true;
    expect(await p.queryPayment(i.outTradeNo)).toEqual({ state: 'pending' });
  });

  it('answers with a bad signature, or unsigned success, are refused; an unsigned refusal is not read as "no such trade"', async () => {
    const { p, i } = await opened();
    fake.tamper = 'signature';
    await expect(p.queryPayment(i.outTradeNo)).rejects.toThrow('Alipay: answer signature not verified');
    fake.tamper = 'unsigned';
    await expect(p.queryPayment(i.outTradeNo)).rejects.toThrow('Alipay: unsigned answer');
    await expect(p.queryPayment('RPNOSUCHTRADE03')).rejects.toMatchObject({ providerCode: 'ACQ.TRADE_NOT_EXIST' });
  });

  it('network failure and timeout → ProviderError', async () => {
    const closed = await startFakeAlipay();
    await closed.close();
    await expect(new AlipayProvider(optionsOf(closed)).queryPayment('RP0000000001')).rejects.toThrow('Alipay: request failed (network)');
    const timingOut = (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    await expect(provider({ fetch: timingOut }).queryPayment('RP0000000001')).rejects.toThrow('Alipay: request timed out');
  });

  it('close: closes an open trade; unknown, closed and paid trades are quiet; other errors → ProviderError', async () => {
    const { p, i } = await opened();
    await p.closePayment(i.outTradeNo);
    expect(lastCall()).toMatchObject({ code: '10000' });
    expect(fake.trades.get(i.outTradeNo)!.status).toBe('TRADE_CLOSED');
    await expect(p.closePayment(i.outTradeNo)).resolves.toBeUndefined();
    expect(lastCall().subCode).toBe('ACQ.TRADE_STATUS_ERROR');
    await expect(p.closePayment('RPNEVEROPENED01')).resolves.toBeUndefined();
    const paid = await opened();
    fake.pay(paid.i.outTradeNo);
    await expect(p.closePayment(paid.i.outTradeNo)).resolves.toBeUndefined();
    fake.failNext = { code: '20000', sub_code: 'ACQ.SYSTEM_ERROR' };
    await expect(p.closePayment(paid.i.outTradeNo)).rejects.toMatchObject({ providerCode: 'ACQ.SYSTEM_ERROR' });
  });
});

describe('AlipayProvider: refunds', () => {
  const refundInput = (outTradeNo: string, over: Record<string, unknown> = {}) => ({
    outTradeNo,
    outRefundNo: `RF${String(++seq).padStart(12, '0')}`,
    refundFen: 2345,
    totalFen: 12345,
    reason: '活动取消',
    notifyUrl: 'https://shop.example.com/api/lOrder/ali/refund/notify',
    ...over,
  });

  it('refund → success (fund_change Y); a repeat moves no money → processing; the query says success', async () => {
    const { p, i } = await opened();
    const t = fake.pay(i.outTradeNo);
    const r = refundInput(i.outTradeNo);
    expect(await p.refund(r)).toEqual({ state: 'success', providerRefundNo: `${t.tradeNo}:${r.outRefundNo}` });
    expect(lastCall().params.method).toBe('alipay.trade.refund');
    expect(JSON.parse(lastCall().params.biz_content!)).toEqual({
      out_trade_no: i.outTradeNo,
      refund_amount: '23.45',
      out_request_no: r.outRefundNo,
      refund_reason: '活动取消',
    });
    expect(fake.trades.get(i.outTradeNo)!.refundedCents).toBe(2345);
    expect(await p.refund(r)).toEqual({ state: 'processing', providerRefundNo: `${t.tradeNo}:${r.outRefundNo}` });
    expect(fake.trades.get(i.outTradeNo)!.refundedCents).toBe(2345);
    expect(await p.queryRefund(r.outRefundNo, i.outTradeNo)).toEqual({ state: 'success', providerRefundNo: `${t.tradeNo}:${r.outRefundNo}` });
    expect(lastCall().params.method).toBe('alipay.trade.fastpay.refund.query');
    expect(JSON.parse(lastCall().params.biz_content!)).toEqual({ out_trade_no: i.outTradeNo, out_request_no: r.outRefundNo });
  });

  it('exact amounts: 1 fen and the whole 99999999 fen', async () => {
    const { p, i } = await opened({ amountFen: 99999999 });
    fake.pay(i.outTradeNo);
    expect((await p.refund(refundInput(i.outTradeNo, { refundFen: 1, totalFen: 99999999 }))).state).toBe('success');
    expect(JSON.parse(lastCall().params.biz_content!).refund_amount).toBe('0.01');
    expect((await p.refund(refundInput(i.outTradeNo, { refundFen: 99999998, totalFen: 99999999 }))).state).toBe('success');
    expect(JSON.parse(lastCall().params.biz_content!).refund_amount).toBe('999999.98');
    expect(fake.trades.get(i.outTradeNo)).toMatchObject({ refundedCents: 99999999, status: 'TRADE_CLOSED' });
  });

  it('refusals that cannot change → failed; a gateway hiccup → ProviderError; unknown refunds query as failed', async () => {
    const { p, i } = await opened({ amountFen: 100 });
    expect(await p.refund(refundInput(i.outTradeNo, { refundFen: 50, totalFen: 100 }))).toEqual({ state: 'failed' }); // not paid
    fake.pay(i.outTradeNo);
    expect(await p.refund(refundInput('RPNOSUCHTRADE04', { refundFen: 50, totalFen: 100 }))).toEqual({ state: 'failed' });
    expect(await p.refund(refundInput(i.outTradeNo, { refundFen: 60, totalFen: 100 }))).toMatchObject({ state: 'success' });
    expect(await p.refund(refundInput(i.outTradeNo, { refundFen: 60, totalFen: 100 }))).toEqual({ state: 'failed' }); // more than is left
    fake.failNext = { code: '20000', sub_code: 'ACQ.SYSTEM_ERROR' };
    await expect(p.refund(refundInput(i.outTradeNo, { refundFen: 1, totalFen: 100 }))).rejects.toMatchObject({ providerCode: 'ACQ.SYSTEM_ERROR' });
    expect(await p.queryRefund('RFNOSUCHREFUND01', i.outTradeNo)).toEqual({ state: 'failed' });
    expect(await p.queryRefund('RFNOSUCHREFUND01', 'RPNOSUCHTRADE04')).toEqual({ state: 'failed' });
    await expect(p.refund(refundInput(i.outTradeNo, { refundFen: 101, totalFen: 100 }))).rejects.toBeInstanceOf(RangeError);
  });
});

describe('AlipayProvider: notifications', () => {
  async function paidTrade(over: Partial<CreatePaymentInput> = {}) {
    const o = await opened(over);
    return { ...o, t: fake.pay(o.i.outTradeNo, new Date('2025-01-01T04:10:00Z')) };
  }

  it('TRADE_SUCCESS is verified and read (amount, trade_no, gmt_payment in Beijing time)', async () => {
    const { p, i, t } = await paidTrade();
    expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo))).toEqual({
      type: 'payment',
      outTradeNo: i.outTradeNo,
      providerTradeNo: t.tradeNo,
      amountFen: 12345,
      success: true,
      paidAt: new Date('2025-01-01T04:10:00Z'),
    });
  });

  it('values with "+", "&", "=", "%" and Chinese survive the form encoding and the signature', async () => {
    const { p, i } = await paidTrade({ description: '夏令营 & 冬令营 = 1+1 100% 🎉' });
    expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo, { body: 'a+b&c=d%e 空格' }))).toMatchObject({ type: 'payment', success: true });
  });

  it('TRADE_FINISHED → success; TRADE_CLOSED (unpaid) → not success', async () => {
    const { p, i } = await paidTrade();
    fake.setStatus(i.outTradeNo, 'TRADE_FINISHED');
    expect(await p.parseNotify(fake.paymentNotification(i.outTradeNo))).toMatchObject({ type: 'payment', success: true });
    const unpaid = await opened();
    fake.setStatus(unpaid.i.outTradeNo, 'TRADE_CLOSED');
    expect(await p.parseNotify(fake.paymentNotification(unpaid.i.outTradeNo))).toMatchObject({
      type: 'payment',
      outTradeNo: unpaid.i.outTradeNo,
      success: false,
      amountFen: 12345,
    });
  });

  it('refund notifications (partial: TRADE_SUCCESS, full: TRADE_CLOSED) → refund events', async () => {
    const { p, i, t } = await paidTrade();
    await p.refund({ outTradeNo: i.outTradeNo, outRefundNo: 'RF000000000101', refundFen: 345, totalFen: 12345, reason: 'r', notifyUrl: 'https://x.example/n' });
    expect(await p.parseNotify(fake.refundNotification(i.outTradeNo, 'RF000000000101'))).toEqual({
      type: 'refund',
      outRefundNo: 'RF000000000101',
      providerRefundNo: `${t.tradeNo}:RF000000000101`,
      success: true,
    });
    await p.refund({
      outTradeNo: i.outTradeNo,
      outRefundNo: 'RF000000000102',
      refundFen: 12000,
      totalFen: 12345,
      reason: 'r',
      notifyUrl: 'https://x.example/n',
    });
    expect(fake.trades.get(i.outTradeNo)!.status).toBe('TRADE_CLOSED');
    expect(await p.parseNotify(fake.refundNotification(i.outTradeNo, 'RF000000000102'))).toMatchObject({
      type: 'refund',
      outRefundNo: 'RF000000000102',
      success: true,
    });
  });

  describe('unverifiable notifications are rejected (NotifyRejected), with no secret or body in the message', () => {
    const rejects = async (p: AlipayProvider, req: NotifyRequest) => {
      const err = await p.parseNotify(req).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotifyRejected);
      const msg = (err as Error).message;
      const form = new URLSearchParams(req.rawBody.toString());
      for (const v of [form.get('sign'), form.get('trade_no'), form.get('out_trade_no'), form.get('total_amount')]) if (v) expect(msg).not.toContain(v);
      expect(msg).not.toContain('BEGIN');
    };

    it('tampered body (amount changed after signing)', async () => {
      const { p, i } = await paidTrade();
      const n = fake.paymentNotification(i.outTradeNo);
      const tampered = n.rawBody.toString().replace('total_amount=123.45', 'total_amount=1.00');
      expect(tampered).not.toBe(n.rawBody.toString());
      await rejects(p, { headers: n.headers, rawBody: Buffer.from(tampered) });
    });

    it('signed with another key', async () => {
      const { p, i } = await paidTrade();
      const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await rejects(p, fake.paymentNotification(i.outTradeNo, {}, { signingKeyPem: other }));
    });

    it('validly signed but for another app_id', async () => {
      const { p, i } = await paidTrade();
      await rejects(p, fake.paymentNotification(i.outTradeNo, { app_id: '2021000999999999' }));
    });

    it('no sign, RSA (SHA-1) sign_type, a repeated parameter, an unknown status, a bad amount', async () => {
      const { p, i } = await paidTrade();
      const n = fake.paymentNotification(i.outTradeNo);
      const form = new URLSearchParams(n.rawBody.toString());
      const without = new URLSearchParams(form);
      without.delete('sign');
      await rejects(p, { headers: n.headers, rawBody: Buffer.from(without.toString()) });
      const rsa1 = new URLSearchParams(form);
      rsa1.set('sign_type', 'RSA');
      await rejects(p, { headers: n.headers, rawBody: Buffer.from(rsa1.toString()) });
      await rejects(p, { headers: n.headers, rawBody: Buffer.from(`${n.rawBody.toString()}&trade_status=TRADE_SUCCESS`) });
      await rejects(p, fake.paymentNotification(i.outTradeNo, { trade_status: 'WAIT_BUYER_PAY' }));
      await rejects(p, fake.paymentNotification(i.outTradeNo, { total_amount: '1.234' }));
      await rejects(p, { headers: n.headers, rawBody: Buffer.from('') });
    });
  });

  it('ack: "success" when processed, "fail" (retry) otherwise', () => {
    expect(provider().ack(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(provider().ack(false)).toEqual({ status: 200, contentType: 'text/plain', body: 'fail' });
  });
});

describe('alipayOptionsFromConfig', () => {
  let dir: string;
  const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pubPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-ali-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const full = () => ({
    ALIPAY_APP_ID: '2021000123456789',
    ALIPAY_PRIVATE_KEY_FILE: file('app_private_key.pem', keyPem),
    ALIPAY_PUBLIC_KEY_FILE: file('alipay_public_key.pem', pubPem),
    ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
  });

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

  it('none set → null (the gateway alone has a default and does not count)', () => {
    expect(alipayOptionsFromConfig({})).toBeNull();
    expect(alipayOptionsFromConfig({ ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' })).toBeNull();
  });

  it('PEM files, or the bare base64 the Alipay key tool writes (PKCS#8 / PKCS#1 / SPKI), are accepted and work', async () => {
    const o = alipayOptionsFromConfig(full())!;
    expect(o).toMatchObject({ appId: '2021000123456789', privateKeyPem: keyPem, alipayPublicKeyPem: pubPem, gateway: 'https://openapi.alipay.com/gateway.do' });
    const bare = (pemText: string) =>
      pemText
        .split('\n')
        .filter((l) => l && !l.startsWith('-----'))
        .join('');
    const pkcs1 = pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    for (const k of [bare(keyPem), pkcs1, bare(pkcs1)]) {
      const opts = alipayOptionsFromConfig({ ...full(), ALIPAY_PRIVATE_KEY_FILE: file('k.txt', k), ALIPAY_PUBLIC_KEY_FILE: file('p.txt', bare(pubPem)) })!;
      // what it signs verifies with the matching public key (the SDK as checker)
      const p = new AlipayProvider({ ...opts, gateway: fake.gateway });
      const action = await p.createPayment(input());
      const checker = new AlipaySdk({ appId: fake.appId, privateKey: keyPem.trim(), keyType: 'PKCS8', alipayPublicKey: pubPem.trim() });
      expect(checker.checkNotifySignV2(paramsOf(action.kind === 'redirect' ? action.url : ''))).toBe(true);
    }
  });

  it('unreadable private key file → ConfigError naming ALIPAY_PRIVATE_KEY_FILE', () => {
    configError(() => alipayOptionsFromConfig({ ...full(), ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }), 'ALIPAY_PRIVATE_KEY_FILE');
    configError(() => alipayOptionsFromConfig({ ...full(), ALIPAY_PRIVATE_KEY_FILE: file('junk.pem', 'not a key at all') }), 'ALIPAY_PRIVATE_KEY_FILE');
  });

  it('public key file unreadable, damaged or holding a private key → ConfigError naming ALIPAY_PUBLIC_KEY_FILE', () => {
    configError(() => alipayOptionsFromConfig({ ...full(), ALIPAY_PUBLIC_KEY_FILE: dir }), 'ALIPAY_PUBLIC_KEY_FILE');
    configError(
      () => alipayOptionsFromConfig({ ...full(), ALIPAY_PUBLIC_KEY_FILE: file('bad.pem', pubPem.replace(/[A-Za-z]{8}/, '!!!!!!!!')) }),
      'ALIPAY_PUBLIC_KEY_FILE',
    );
    configError(() => alipayOptionsFromConfig({ ...full(), ALIPAY_PUBLIC_KEY_FILE: file('priv.pem', keyPem) }), 'ALIPAY_PUBLIC_KEY_FILE');
  });

  it('half a group → ConfigError naming the missing one', () => {
    configError(() => alipayOptionsFromConfig({ ...full(), ALIPAY_APP_ID: undefined }), 'ALIPAY_APP_ID');
  });
});
