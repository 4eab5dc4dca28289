/**
 * One interface for every way money comes in and goes back (design §8). Amounts are integer fen on
 * both sides of this interface; an adapter converts to its gateway's unit (Alipay: yuan strings) with
 * integer arithmetic only.
 */
export type Channel = 'sandbox' | 'wechat' | 'alipay' | 'bank';

export interface CreatePaymentInput {
  /** our merchant trade number of this payment attempt: unique, 6–32 characters [A-Za-z0-9_-] */
  outTradeNo: string;
  amountFen: number;
  /** shown by the gateway (≤ 127 characters) */
  description: string;
  /** absolute URL the gateway posts its asynchronous notification to */
  notifyUrl: string;
  /** absolute URL the browser comes back to after paying (H5 / page pay) */
  returnUrl: string;
  /** desktop: WeChat Native QR / Alipay page pay; mobile: WeChat H5 / Alipay wap pay; jsapi: WeChat Pay inside WeChat */
  scene: 'desktop' | 'mobile' | 'jsapi';
  /** jsapi: the payer's openid in the official account whose app id places the order */
  payerOpenid?: string;
  clientIp: string;
  /** the gateway must refuse to take money after this */
  expiresAt: Date;
}

export type PaymentAction =
  /** show this URL as a QR code (WeChat Native code_url) */
  | { kind: 'qr'; codeUrl: string }
  /** send the browser there (WeChat H5 h5_url, Alipay page/wap pay, the sandbox's hosted page) */
  | { kind: 'redirect'; url: string }
  /** the payer transfers money quoting this reference; staff confirm it */
  | { kind: 'bank'; reference: string }
  /** WeChat JSAPI pay: the page hands these to WeixinJSBridge.invoke('getBrandWCPayRequest') */
  | { kind: 'jsapi'; appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string };

export interface PaymentQueryResult {
  /** paid: money taken; pending: not yet; closed: closed or expired at the gateway; failed: payment failed; unknown: the gateway does not know the trade */
  state: 'paid' | 'pending' | 'closed' | 'failed' | 'unknown';
  providerTradeNo?: string;
  amountFen?: number;
  paidAt?: Date;
}

export interface RefundInput {
  outTradeNo: string;
  /** our refund number: unique, 6–64 characters */
  outRefundNo: string;
  refundFen: number;
  /** the amount of the original payment */
  totalFen: number;
  reason: string;
  notifyUrl: string;
}

export interface RefundResult {
  state: 'processing' | 'success' | 'failed';
  providerRefundNo?: string;
}

export type NotifyEvent =
  | { type: 'payment'; outTradeNo: string; providerTradeNo: string; amountFen: number; success: boolean; paidAt?: Date }
  | { type: 'refund'; outRefundNo: string; providerRefundNo: string; success: boolean; amountFen?: number };

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as received: signatures are over these bytes */
  rawBody: Buffer;
}

/** What to answer the gateway, in its protocol's words. */
export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that is not authentic or not readable: rejected, nothing changes. The message holds no secrets. */
export class NotifyRejected extends Error {}

/** The gateway could not be reached or refused the call (network, 5xx, an error code in its answer). */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** the gateway's own error code, when it gave one (never a secret) */
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly channel: Channel;
  /** starts a payment attempt at the gateway; idempotent for one outTradeNo where the gateway is */
  createPayment(input: CreatePaymentInput): Promise<PaymentAction>;
  queryPayment(outTradeNo: string): Promise<PaymentQueryResult>;
  /** no more money is taken for this attempt (an order expired or was cancelled); quiet when already closed */
  closePayment(outTradeNo: string): Promise<void>;
  /** money back to the original payment route */
  refund(input: RefundInput): Promise<RefundResult>;
  queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundResult>;
  /** verifies (signature, decryption) and reads a notification; throws NotifyRejected when it is not authentic */
  parseNotify(req: NotifyRequest): Promise<NotifyEvent>;
  /** the answer the gateway expects: ok = processed (or a duplicate), not ok = please retry */
  ack(ok: boolean, message?: string): NotifyAck;
}

/** Yuan string of an amount in fen, integer arithmetic only: 12345 → "123.45". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('amount in fen must be a non-negative safe integer');
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Fen of a yuan string ("123.45", "123.4", "123"); null when it is not a plain non-negative amount. */
export function yuanToFen(yuan: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
