import crypto, { type KeyObject } from 'node:crypto';
import { ConfigError, type Config } from '../../../config';
import { providerConfigured, readKeyFile } from './key-file';
import {
  NotifyRejected,
  ProviderError,
  type CreatePaymentInput,
  type NotifyAck,
  type NotifyEvent,
  type NotifyRequest,
  type PaymentAction,
  type PaymentProvider,
  type PaymentQueryResult,
  type RefundInput,
  type RefundResult,
} from './types';

export interface WechatOptions {
  mchid: string;
  appid: string;
  /** serial number of the merchant API certificate (names our key to WeChat Pay) */
  serial: string;
  privateKeyPem: string;
  /** 32-character API v3 key: decrypts notifications */
  apiV3Key: string;
  /** the WeChat Pay public key ("微信支付公钥"): verifies answers and notifications */
  platformPublicKeyPem: string;
  /** its id (PUB_KEY_ID_…), sent as Wechatpay-Serial and expected back */
  platformPublicKeyId: string;
  baseUrl: string;
  /** the official account's app id that JSAPI orders carry (its openids are the payers'); the merchant must have it bound */
  jsapiAppid?: string | null;
  fetch?: typeof fetch;
  now?: () => Date;
}

export type WechatConfig = Partial<
  Pick<
    Config,
    | 'WECHATPAY_MCHID'
    | 'WECHATPAY_APPID'
    | 'WECHATPAY_SERIAL'
    | 'WECHATPAY_PRIVATE_KEY_FILE'
    | 'WECHATPAY_APIV3_KEY'
    | 'WECHATPAY_PUBLIC_KEY_FILE'
    | 'WECHATPAY_PUBLIC_KEY_ID'
    | 'WECHATPAY_BASE_URL'
  >
>;

const REQUIRED = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
] as const;

/**
 * WeChat Pay settings from the configuration: null when none is set (the channel is not offered). Both key
 * files are read and parsed here, so a wrong path or a damaged key stops the start with one line instead of
 * failing the first payer.
 */
export function wechatOptionsFromConfig(config: WechatConfig): WechatOptions | null {
  if (!providerConfigured(config, REQUIRED, 'WECHATPAY_')) return null;
  const privateKeyPem = readKeyFile('WECHATPAY_PRIVATE_KEY_FILE', config.WECHATPAY_PRIVATE_KEY_FILE!);
  try {
    const key = crypto.createPrivateKey(privateKeyPem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not rsa');
  } catch {
    throw new ConfigError('Invalid configuration: WECHATPAY_PRIVATE_KEY_FILE: not a PEM RSA private key (apiclient_key.pem)');
  }
  const platformPublicKeyPem = readKeyFile('WECHATPAY_PUBLIC_KEY_FILE', config.WECHATPAY_PUBLIC_KEY_FILE!);
  try {
    // createPublicKey would also accept a private key and derive its public half: a private key here is a mix-up
    if (platformPublicKeyPem.includes('PRIVATE KEY')) throw new Error('private');
    const key = crypto.createPublicKey(platformPublicKeyPem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not rsa');
  } catch {
    throw new ConfigError('Invalid configuration: WECHATPAY_PUBLIC_KEY_FILE: not a PEM RSA public key (the WeChat Pay public key, pub_key.pem)');
  }
  return {
    mchid: config.WECHATPAY_MCHID!,
    appid: config.WECHATPAY_APPID!,
    serial: config.WECHATPAY_SERIAL!,
    privateKeyPem,
    apiV3Key: config.WECHATPAY_APIV3_KEY!,
    platformPublicKeyPem,
    platformPublicKeyId: config.WECHATPAY_PUBLIC_KEY_ID!,
    baseUrl: (config.WECHATPAY_BASE_URL ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
  };
}

/** Clock skew tolerated on signed answers and notifications (the documented 5 minutes). */
const MAX_SKEW_S = 300;
const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

interface WxResponse {
  status: number;
  data: Json | null;
  /** the answer carried a valid WeChat Pay signature */
  verified: boolean;
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const fen = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined);

/** RFC 3339 in Beijing time, as WeChat Pay writes and expects it (2024-05-01T12:00:00+08:00). */
function beijingRfc3339(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())}T${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}+08:00`;
}

function parseTime(v: unknown): Date | undefined {
  const s = str(v);
  if (!s) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** One header value; a repeated header is as good as none (which copy was signed?). */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === want) return typeof v === 'string' ? v : undefined;
  return undefined;
}

/** Truncates by characters, never splitting a surrogate pair (Chinese and emoji descriptions). */
const truncate = (s: string, n: number) => Array.from(s).slice(0, n).join('');

/**
 * WeChat Pay API v3 (direct merchant): Native (QR) on desktop, H5 on mobile browsers. Requests are signed
 * with the merchant key (WECHATPAY2-SHA256-RSA2048); every answer and notification must carry a valid
 * signature of the WeChat Pay public key, and notifications are decrypted with the API v3 key
 * (AEAD_AES_256_GCM). Amounts are fen on both sides.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly channel = 'wechat' as const;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly aesKey: Buffer;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly opts: WechatOptions) {
    this.privateKey = crypto.createPrivateKey(opts.privateKeyPem);
    this.publicKey = crypto.createPublicKey(opts.platformPublicKeyPem);
    this.aesKey = Buffer.from(opts.apiV3Key, 'utf8');
    if (this.aesKey.length !== 32) throw new RangeError('the WeChat Pay API v3 key must be 32 bytes');
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new RangeError('amount in fen must be a positive safe integer');
    const body: Json = {
      appid: this.opts.appid,
      mchid: this.opts.mchid,
      description: truncate(input.description, 127),
      out_trade_no: input.outTradeNo,
      time_expire: beijingRfc3339(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    if (input.scene === 'jsapi') {
      if (!this.opts.jsapiAppid || !input.payerOpenid) throw new RangeError('JSAPI pay needs the official account and the payer openid');
      body.appid = this.opts.jsapiAppid;
      body.payer = { openid: input.payerOpenid };
      const res = this.ok(await this.call('POST', '/v3/pay/transactions/jsapi', body));
      const prepayId = str(res.prepay_id);
      if (!prepayId) throw new ProviderError('WeChat Pay: jsapi answer without prepay_id');
      return this.jsapiParams(prepayId);
    }
    if (input.scene === 'desktop') {
      const res = this.ok(await this.call('POST', '/v3/pay/transactions/native', body));
      const codeUrl = str(res.code_url);
      if (!codeUrl) throw new ProviderError('WeChat Pay: native answer without code_url');
      return { kind: 'qr', codeUrl };
    }
    body.scene_info = { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } };
    const res = this.ok(await this.call('POST', '/v3/pay/transactions/h5', body));
    const h5 = str(res.h5_url);
    if (!h5) throw new ProviderError('WeChat Pay: h5 answer without h5_url');
    // the payer comes back to our result page after the WeChat cashier (documented redirect_url parameter)
    return { kind: 'redirect', url: `${h5}${h5.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}` };
  }

  async queryPayment(outTradeNo: string): Promise<PaymentQueryResult> {
    const res = await this.call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.opts.mchid)}`);
    if (this.isError(res, 404, ['ORDER_NOT_EXIST'])) return { state: 'unknown' };
    const t = this.ok(res);
    if (t.out_trade_no !== outTradeNo || (t.mchid !== undefined && t.mchid !== this.opts.mchid))
      throw new ProviderError('WeChat Pay: answer for another trade');
    // REFUND: it was paid, then (partly) refunded; the payment itself stands
    switch (t.trade_state) {
      case 'SUCCESS':
      case 'REFUND': {
        const providerTradeNo = str(t.transaction_id);
        const amountFen = isObj(t.amount) ? fen(t.amount.total) : undefined;
        if (!providerTradeNo || amountFen === undefined) throw new ProviderError('WeChat Pay: paid trade without transaction_id or amount');
        return { state: 'paid', providerTradeNo, amountFen, paidAt: parseTime(t.success_time) };
      }
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'pending' };
      case 'CLOSED':
      case 'REVOKED':
        return { state: 'closed' };
      case 'PAYERROR':
        return { state: 'failed' };
      default:
        throw new ProviderError('WeChat Pay: unexpected trade_state');
    }
  }

  async closePayment(outTradeNo: string): Promise<void> {
    const res = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.opts.mchid });
    // closed already, paid already (a late payment is settled on its own), or never opened: nothing to close
    if (this.isError(res, null, ['ORDER_CLOSED', 'ORDERPAID', 'ORDER_PAID', 'ORDER_NOT_EXIST', 'ORDERNOTEXIST'])) return;
    this.ok(res, true);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (!Number.isSafeInteger(input.refundFen) || input.refundFen <= 0 || !Number.isSafeInteger(input.totalFen) || input.refundFen > input.totalFen)
      throw new RangeError('refund and total must be safe integers with 0 < refund ≤ total');
    const res = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: truncate(input.reason, 80),
      notify_url: input.notifyUrl,
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    return this.refundResult(this.ok(res), input.outRefundNo);
  }

  async queryRefund(outRefundNo: string, _outTradeNo: string): Promise<RefundResult> {
    const res = await this.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
    // the gateway never accepted this refund number: no money moved
    if (this.isError(res, 404, ['RESOURCE_NOT_EXISTS'])) return { state: 'failed' };
    return this.refundResult(this.ok(res), outRefundNo);
  }

  private refundResult(r: Json, outRefundNo: string): RefundResult {
    if (r.out_refund_no !== outRefundNo) throw new ProviderError('WeChat Pay: answer for another refund');
    const providerRefundNo = str(r.refund_id);
    switch (r.status) {
      case 'SUCCESS':
        return { state: 'success', providerRefundNo };
      case 'PROCESSING':
        return { state: 'processing', providerRefundNo };
      case 'CLOSED':
      case 'ABNORMAL':
        return { state: 'failed', providerRefundNo };
      default:
        throw new ProviderError('WeChat Pay: unexpected refund status');
    }
  }

  async parseNotify(req: NotifyRequest): Promise<NotifyEvent> {
    if (!this.verifySignature(req.headers, req.rawBody)) throw new NotifyRejected('WeChat Pay notification: signature not verified');
    let n: unknown;
    try {
      n = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      throw new NotifyRejected('WeChat Pay notification: body is not JSON');
    }
    if (!isObj(n) || !isObj(n.resource)) throw new NotifyRejected('WeChat Pay notification: no resource');
    const r = n.resource;
    if (r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string')
      throw new NotifyRejected('WeChat Pay notification: unsupported resource');
    const plain = this.decrypt(r.ciphertext, r.nonce, typeof r.associated_data === 'string' ? r.associated_data : '');
    let d: unknown;
    try {
      d = JSON.parse(plain);
    } catch {
      throw new NotifyRejected('WeChat Pay notification: resource is not JSON');
    }
    if (!isObj(d)) throw new NotifyRejected('WeChat Pay notification: resource is not an object');
    if (d.mchid !== undefined && d.mchid !== this.opts.mchid) throw new NotifyRejected('WeChat Pay notification: another merchant');
    const amount = isObj(d.amount) ? d.amount : {};
    if (n.event_type === 'TRANSACTION.SUCCESS') {
      if (d.appid !== undefined && d.appid !== this.opts.appid && d.appid !== this.opts.jsapiAppid)
        throw new NotifyRejected('WeChat Pay notification: another appid');
      const outTradeNo = str(d.out_trade_no);
      const providerTradeNo = str(d.transaction_id);
      const amountFen = fen(amount.total);
      if (!outTradeNo || !providerTradeNo || amountFen === undefined) throw new NotifyRejected('WeChat Pay notification: incomplete transaction');
      return { type: 'payment', outTradeNo, providerTradeNo, amountFen, success: d.trade_state === 'SUCCESS', paidAt: parseTime(d.success_time) };
    }
    if (n.event_type === 'REFUND.SUCCESS' || n.event_type === 'REFUND.ABNORMAL' || n.event_type === 'REFUND.CLOSED') {
      const outRefundNo = str(d.out_refund_no);
      const providerRefundNo = str(d.refund_id);
      if (!outRefundNo || !providerRefundNo) throw new NotifyRejected('WeChat Pay notification: incomplete refund');
      return { type: 'refund', outRefundNo, providerRefundNo, success: d.refund_status === 'SUCCESS', amountFen: fen(amount.refund) };
    }
    throw new NotifyRejected('WeChat Pay notification: unsupported event_type');
  }

  ack(ok: boolean, message = 'failed'): NotifyAck {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }

  /** whether JSAPI pay can be offered (an official account is configured or simulated) */
  get jsapi(): boolean {
    return !!this.opts.jsapiAppid;
  }

  /**
   * The parameters of WeixinJSBridge.invoke('getBrandWCPayRequest'), as published for API v3: paySign is
   * RSA-SHA256 with the merchant key over `appId\ntimeStamp\nnonceStr\npackage\n`, base64.
   */
  jsapiParams(prepayId: string): Extract<PaymentAction, { kind: 'jsapi' }> {
    const appId = this.opts.jsapiAppid!;
    const timeStamp = String(Math.floor(this.now().getTime() / 1000));
    const nonceStr = crypto.randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = crypto.sign('RSA-SHA256', Buffer.from(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, 'utf8'), this.privateKey).toString('base64');
    return { kind: 'jsapi', appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  // ——— protocol ———

  /** Checks Wechatpay-Serial/-Timestamp/-Nonce/-Signature over `timestamp\nnonce\nbody\n`. */
  private verifySignature(headers: Record<string, string | string[] | undefined>, body: Buffer): boolean {
    const serial = header(headers, 'wechatpay-serial');
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!serial || !timestamp || !nonce || !signature) return false;
    if (serial !== this.opts.platformPublicKeyId) return false;
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Math.floor(this.now().getTime() / 1000) - Number(timestamp)) > MAX_SKEW_S) return false;
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), body, Buffer.from('\n', 'utf8')]);
    try {
      return crypto.verify('RSA-SHA256', message, this.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  private decrypt(ciphertext: string, nonce: string, associatedData: string): string {
    try {
      const data = Buffer.from(ciphertext, 'base64');
      if (data.length <= 16) throw new Error('short');
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.aesKey, Buffer.from(nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      throw new NotifyRejected('WeChat Pay notification: resource could not be decrypted');
    }
  }

  private authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex').toUpperCase();
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = crypto.sign('RSA-SHA256', Buffer.from(message, 'utf8'), this.privateKey).toString('base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.opts.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.opts.serial}"`;
  }

  /**
   * One signed call. A signed answer must verify (else ProviderError); WeChat Pay signs every answer to a
   * request whose signature it accepted, so an unsigned answer is only believed as "it failed".
   */
  private async call(method: 'GET' | 'POST', pathWithQuery: string, body?: Json): Promise<WxResponse> {
    const text = body === undefined ? '' : JSON.stringify(body);
    let res: Response;
    let raw: Buffer;
    try {
      res = await this.fetch(`${this.opts.baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          Authorization: this.authorization(method, pathWithQuery, text),
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Wechatpay-Serial': this.opts.platformPublicKeyId,
          'User-Agent': 'rp-server (WeChat Pay API v3)',
        },
        body: method === 'GET' ? undefined : text,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      raw = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ProviderError(timeout ? 'WeChat Pay: request timed out' : 'WeChat Pay: request failed (network)');
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    const signed = ['wechatpay-signature', 'wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-serial'].some((h) => headers[h] !== undefined);
    const verified = signed && this.verifySignature(headers, raw);
    if (signed && !verified) throw new ProviderError(`WeChat Pay: answer signature not verified (HTTP ${res.status})`);
    if (!signed && res.status >= 200 && res.status < 300) throw new ProviderError(`WeChat Pay: unsigned answer (HTTP ${res.status})`);
    let data: Json | null = null;
    if (raw.length) {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        data = isObj(parsed) ? parsed : null;
      } catch {
        data = null;
      }
      if (!data && res.status >= 200 && res.status < 300) throw new ProviderError(`WeChat Pay: malformed answer (HTTP ${res.status})`);
    }
    return { status: res.status, data, verified };
  }

  /** A verified error answer with one of these codes (and this HTTP status, when given). */
  private isError(res: WxResponse, status: number | null, codes: string[]): boolean {
    if (!res.verified || res.status < 400 || (status !== null && res.status !== status)) return false;
    return codes.includes(String(res.data?.code ?? ''));
  }

  private ok(res: WxResponse, emptyOk = false): Json {
    if (res.status >= 200 && res.status < 300 && (res.data || emptyOk)) return res.data ?? {};
    const code = typeof res.data?.code === 'string' ? res.data.code : undefined;
    throw new ProviderError(`WeChat Pay: HTTP ${res.status}${code ? ` ${code}` : ''}`, code);
  }
}
