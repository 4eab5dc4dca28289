import crypto, { type KeyObject } from 'node:crypto';
import { ConfigError, type Config } from '../../../config';
import { providerConfigured, readKeyFile } from './key-file';
import {
  fenToYuan,
  NotifyRejected,
  ProviderError,
  yuanToFen,
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

export interface AlipayOptions {
  appId: string;
  /** our application private key (RSA2): PEM, or the bare base64 the Alipay key tool writes */
  privateKeyPem: string;
  /** the Alipay public key ("支付宝公钥", not our application public key) */
  alipayPublicKeyPem: string;
  /** https://openapi.alipay.com/gateway.do (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do) */
  gateway: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export type AlipayConfig = Partial<Pick<Config, 'ALIPAY_APP_ID' | 'ALIPAY_PRIVATE_KEY_FILE' | 'ALIPAY_PUBLIC_KEY_FILE' | 'ALIPAY_GATEWAY'>>;

const REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

/**
 * The Alipay key tool writes keys as one line of base64 without PEM armour; the open platform's pages show
 * them that way too. Both forms are accepted: a bare private key is PKCS#8 (the tool's default) or PKCS#1.
 */
function privateKeyOf(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return crypto.createPrivateKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function publicKeyOf(text: string): KeyObject {
  // createPublicKey would also accept a private key and derive its public half: a private key here is a mix-up
  if (text.includes('PRIVATE KEY')) throw new Error('private key given as public key');
  if (text.includes('-----BEGIN')) return crypto.createPublicKey(text);
  return crypto.createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/**
 * Alipay settings from the configuration: null when none is set. Both key files are read and parsed here,
 * so a wrong path or a damaged key stops the start with one line (never the key itself).
 */
export function alipayOptionsFromConfig(config: AlipayConfig): AlipayOptions | null {
  if (!providerConfigured(config, REQUIRED, 'ALIPAY_')) return null;
  const privateKeyPem = readKeyFile('ALIPAY_PRIVATE_KEY_FILE', config.ALIPAY_PRIVATE_KEY_FILE!);
  try {
    if (privateKeyOf(privateKeyPem).asymmetricKeyType !== 'rsa') throw new Error('not rsa');
  } catch {
    throw new ConfigError('Invalid configuration: ALIPAY_PRIVATE_KEY_FILE: not an RSA private key (PEM or base64 PKCS#8/PKCS#1)');
  }
  const alipayPublicKeyPem = readKeyFile('ALIPAY_PUBLIC_KEY_FILE', config.ALIPAY_PUBLIC_KEY_FILE!);
  try {
    if (publicKeyOf(alipayPublicKeyPem).asymmetricKeyType !== 'rsa') throw new Error('not rsa');
  } catch {
    throw new ConfigError('Invalid configuration: ALIPAY_PUBLIC_KEY_FILE: not an RSA public key (the Alipay public key, PEM or base64)');
  }
  return {
    appId: config.ALIPAY_APP_ID!,
    privateKeyPem,
    alipayPublicKeyPem,
    gateway: config.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
  };
}

const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

interface AliResponse {
  /** the response node (`<method>_response`, or `error_response`) */
  node: Json;
  /** the node's signature verified (false: the answer carried no signature) */
  verified: boolean;
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time: Alipay's timestamp, time_expire and gmt_* format. */
function beijing(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}

function parseBeijing(v: unknown): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(str(v) ?? '');
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The string RSA2 signs: sorted `k=v` joined by `&`, raw (not URL-encoded) values. */
function signContent(params: Record<string, string>, skipEmpty: boolean): string {
  return Object.keys(params)
    .filter((k) => !skipEmpty || params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/**
 * The exact text of each top-level member's value of a JSON object. Alipay signs the response node as the
 * characters it sent, so it is cut out of the answer, not re-serialised.
 */
function topLevelValues(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  /** end (exclusive) of the string starting at i */
  const stringEnd = (from: number): number => {
    for (let j = from + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
    return -1;
  };
  ws();
  if (text[i] !== '{') return null;
  i++;
  for (;;) {
    ws();
    if (text[i] === '}') return out;
    if (text[i] !== '"') return null;
    const keyEnd = stringEnd(i);
    if (keyEnd < 0) return null;
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = keyEnd;
    ws();
    if (text[i] !== ':') return null;
    i++;
    ws();
    const start = i;
    let depth = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        const e = stringEnd(i);
        if (e < 0) return null;
        i = e;
        if (depth === 0) break;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      } else if (c === ',' && depth === 0) break;
      i++;
    }
    out.set(key, text.slice(start, i).trim());
    ws();
    if (text[i] === ',') i++;
    else if (text[i] === '}') return out;
    else return null;
  }
}

/**
 * Alipay open platform (API 1.0 gateway, RSA2): page pay on desktop, wap pay on mobile browsers; query,
 * close, refund and refund query; trade_status_sync notifications. Requests are signed with our
 * application key; answers and notifications must carry a valid signature of the Alipay public key.
 * Alipay speaks yuan strings; converted with integer arithmetic only.
 */
export class AlipayProvider implements PaymentProvider {
  readonly channel = 'alipay' as const;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly opts: AlipayOptions) {
    this.privateKey = privateKeyOf(opts.privateKeyPem);
    this.publicKey = publicKeyOf(opts.alipayPublicKeyPem);
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new RangeError('amount in fen must be a positive safe integer');
    const desktop = input.scene === 'desktop';
    const biz: Json = {
      out_trade_no: input.outTradeNo,
      total_amount: fenToYuan(input.amountFen),
      subject: Array.from(input.description).slice(0, 256).join('') || input.outTradeNo,
      product_code: desktop ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
      time_expire: beijing(input.expiresAt),
    };
    // wap pay: where the payer lands on "cancel" in the cashier
    if (!desktop) biz.quit_url = input.returnUrl;
    const params = this.signed(desktop ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', biz, { notify_url: input.notifyUrl, return_url: input.returnUrl });
    const query = Object.entries(params)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    return { kind: 'redirect', url: `${this.opts.gateway}${this.opts.gateway.includes('?') ? '&' : '?'}${query}` };
  }

  async queryPayment(outTradeNo: string): Promise<PaymentQueryResult> {
    const res = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    // page and wap pay open the trade only once the payer logs in at the cashier: until then it does not exist
    if (this.isError(res, ['ACQ.TRADE_NOT_EXIST'])) return { state: 'unknown' };
    const t = this.ok(res);
    if (t.out_trade_no !== outTradeNo) throw new ProviderError('Alipay: answer for another trade');
    switch (t.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const providerTradeNo = str(t.trade_no);
        const amountFen = typeof t.total_amount === 'string' ? yuanToFen(t.total_amount) : null;
        if (!providerTradeNo || amountFen === null) throw new ProviderError('Alipay: paid trade without trade_no or amount');
        return { state: 'paid', providerTradeNo, amountFen, paidAt: parseBeijing(t.send_pay_date) };
      }
      case 'WAIT_BUYER_PAY':
        return { state: 'pending' };
      case 'TRADE_CLOSED':
        return { state: 'closed' };
      default:
        throw new ProviderError('Alipay: unexpected trade_status');
    }
  }

  async closePayment(outTradeNo: string): Promise<void> {
    const res = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    // never opened (the payer did not reach the cashier), closed or paid already: nothing to close
    if (this.isError(res, ['ACQ.TRADE_NOT_EXIST', 'ACQ.TRADE_STATUS_ERROR', 'ACQ.TRADE_HAS_CLOSE', 'ACQ.TRADE_HAS_SUCCESS', 'ACQ.TRADE_HAS_FINISHED'])) return;
    this.ok(res);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (!Number.isSafeInteger(input.refundFen) || input.refundFen <= 0 || !Number.isSafeInteger(input.totalFen) || input.refundFen > input.totalFen)
      throw new RangeError('refund and total must be safe integers with 0 < refund ≤ total');
    const res = await this.call('alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: fenToYuan(input.refundFen),
      out_request_no: input.outRefundNo,
      refund_reason: Array.from(input.reason).slice(0, 256).join(''),
    });
    // refusals that asking again cannot change: no such trade, not refundable (closed, finished), amount too big
    if (
      this.isError(res, [
        'ACQ.TRADE_NOT_EXIST',
        'ACQ.TRADE_STATUS_ERROR',
        'ACQ.TRADE_HAS_CLOSE',
        'ACQ.TRADE_HAS_FINISHED',
        'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
        'ACQ.REFUND_FEE_ERROR',
      ])
    )
      return { state: 'failed' };
    const r = this.ok(res);
    const tradeNo = str(r.trade_no);
    if (!tradeNo) throw new ProviderError('Alipay: refund answer without trade_no');
    const providerRefundNo = `${tradeNo}:${input.outRefundNo}`;
    // fund_change N: this call moved no money (a repeat of a refund already made, or not settled yet): the refund query decides
    return { state: r.fund_change === 'Y' ? 'success' : 'processing', providerRefundNo };
  }

  async queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundResult> {
    const res = await this.call('alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: outRefundNo });
    if (this.isError(res, ['ACQ.TRADE_NOT_EXIST'])) return { state: 'failed' };
    const r = this.ok(res);
    // 10000 without the refund's details: Alipay has no such refund (never accepted), so no money moved
    if (!str(r.out_request_no) && !str(r.refund_amount)) return { state: 'failed' };
    if (r.out_request_no !== undefined && r.out_request_no !== outRefundNo) throw new ProviderError('Alipay: answer for another refund');
    const providerRefundNo = str(r.trade_no) ? `${str(r.trade_no)}:${outRefundNo}` : undefined;
    return { state: r.refund_status === 'REFUND_SUCCESS' ? 'success' : 'processing', providerRefundNo };
  }

  async parseNotify(req: NotifyRequest): Promise<NotifyEvent> {
    const form = new URLSearchParams(req.rawBody.toString('utf8'));
    const p: Record<string, string> = {};
    for (const [k, v] of form) {
      if (k in p) throw new NotifyRejected('Alipay notification: repeated parameter');
      p[k] = v;
    }
    const sign = p.sign;
    if (!sign) throw new NotifyRejected('Alipay notification: not signed');
    if (p.sign_type !== undefined && p.sign_type !== 'RSA2') throw new NotifyRejected('Alipay notification: sign_type is not RSA2');
    // notifications are signed over every parameter but sign and sign_type (empty ones included)
    const rest = Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'sign' && k !== 'sign_type'));
    if (!this.verify(signContent(rest, false), sign)) throw new NotifyRejected('Alipay notification: signature not verified');
    if (p.app_id !== this.opts.appId) throw new NotifyRejected('Alipay notification: another app_id');
    const outTradeNo = str(p.out_trade_no);
    const tradeNo = str(p.trade_no);
    if (!outTradeNo || !tradeNo) throw new NotifyRejected('Alipay notification: incomplete trade');
    const status = p.trade_status;
    // a refund is told by the trade's own notification: refund fields present, status SUCCESS (partial) or CLOSED (full)
    const outBizNo = str(p.out_biz_no);
    if (outBizNo && (str(p.gmt_refund) || str(p.refund_fee)) && (status === 'TRADE_SUCCESS' || status === 'TRADE_CLOSED')) {
      // refund_fee is the trade's refunded total, not this refund's amount: left out
      return { type: 'refund', outRefundNo: outBizNo, providerRefundNo: `${tradeNo}:${outBizNo}`, success: true };
    }
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED' && status !== 'TRADE_CLOSED')
      throw new NotifyRejected('Alipay notification: unsupported trade_status');
    const amountFen = p.total_amount !== undefined ? yuanToFen(p.total_amount) : null;
    if (amountFen === null) throw new NotifyRejected('Alipay notification: no valid total_amount');
    return { type: 'payment', outTradeNo, providerTradeNo: tradeNo, amountFen, success: status !== 'TRADE_CLOSED', paidAt: parseBeijing(p.gmt_payment) };
  }

  ack(ok: boolean): NotifyAck {
    // Alipay reads only the body: anything but "success" is a failure and is retried
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
  }

  // ——— protocol ———

  /** Common parameters + biz_content, signed: the complete request. */
  private signed(method: string, biz: Json, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.opts.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijing(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    for (const k of Object.keys(params)) if (params[k] === '') delete params[k];
    params.sign = crypto.sign('RSA-SHA256', Buffer.from(signContent(params, true), 'utf8'), this.privateKey).toString('base64');
    return params;
  }

  private verify(content: string, sign: string): boolean {
    try {
      return crypto.verify('RSA-SHA256', Buffer.from(content, 'utf8'), this.publicKey, Buffer.from(sign, 'base64'));
    } catch {
      return false;
    }
  }

  /**
   * One gateway call (form POST). A signed answer must verify, else ProviderError; an unsigned one is only
   * believed as "it failed" (Alipay leaves some gateway-level errors unsigned).
   */
  private async call(method: string, biz: Json): Promise<AliResponse> {
    const params = this.signed(method, biz);
    let text: string;
    let status: number;
    try {
      const res = await this.fetch(this.opts.gateway, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new ProviderError(timeout ? 'Alipay: request timed out' : 'Alipay: request failed (network)');
    }
    if (status !== 200) throw new ProviderError(`Alipay: HTTP ${status}`);
    const values = topLevelValues(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!values || !isObj(parsed)) throw new ProviderError('Alipay: malformed answer');
    const key = `${method.replaceAll('.', '_')}_response`;
    const nodeKey = isObj(parsed[key]) ? key : isObj(parsed.error_response) ? 'error_response' : null;
    if (!nodeKey) throw new ProviderError('Alipay: answer without a response node');
    const node = parsed[nodeKey] as Json;
    const nodeText = values.get(nodeKey)!;
    const sign = str(parsed.sign);
    let verified = false;
    if (sign) {
      // Alipay's own SDKs retry with "\/" unescaped: some answers were signed before that escaping
      verified = this.verify(nodeText, sign) || (nodeText.includes('\\/') && this.verify(nodeText.replaceAll('\\/', '/'), sign));
      if (!verified) throw new ProviderError('Alipay: answer signature not verified');
    } else if (node.code === '10000') {
      throw new ProviderError('Alipay: unsigned answer');
    }
    return { node, verified };
  }

  /** A verified business refusal with one of these sub_codes. */
  private isError(res: AliResponse, subCodes: string[]): boolean {
    return res.verified && res.node.code !== '10000' && subCodes.includes(String(res.node.sub_code ?? ''));
  }

  private ok(res: AliResponse): Json {
    if (res.node.code === '10000') return res.node;
    const code = str(res.node.sub_code) ?? str(res.node.code);
    throw new ProviderError(`Alipay: ${String(res.node.code ?? 'error')}${res.node.sub_code ? ` ${String(res.node.sub_code)}` : ''}`, code);
  }
}
