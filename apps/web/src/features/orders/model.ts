import { ORDER_MAX_ITEMS, REFUND_TIERS, type OrderDisplay, type PayChannel, type RefundStatus } from '@rp/shared/rules/money';
import type { OrderView } from '@rp/shared/schemas/payments';

/** Pure rules of the money screens (tested in model.test.ts). */

/** WeChat Pay shows a QR code on a desktop and opens its H5 page on a phone; Alipay picks page or wap pay the same way. */
export const PHONE_MAX_WIDTH = 767;
export const paymentScene = (width: number): 'desktop' | 'mobile' => (width <= PHONE_MAX_WIDTH ? 'mobile' : 'desktop');

/** ?memberIds=1,2,3 → ids (positive integers, no repeats, at most one order's worth); junk is dropped. */
export function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  const out: number[] = [];
  for (const part of raw.split(',')) {
    if (!/^\d{1,10}$/.test(part.trim())) continue;
    const n = Number(part.trim());
    if (n > 0 && n <= 2_147_483_647 && !out.includes(n)) out.push(n);
    if (out.length >= ORDER_MAX_ITEMS) break;
  }
  return out;
}

export const ORDER_STATUS_KEYS: Record<OrderDisplay, string> = {
  unpaid: 'orders:status.unpaid',
  inProgress: 'orders:status.inProgress',
  completed: 'orders:status.completed',
  refunding: 'orders:status.refunding',
  refunded: 'orders:status.refunded',
  cancelled: 'orders:status.cancelled',
  abnormal: 'orders:status.abnormal',
};
// antd's status colours: the theme pins them to reach 4.5:1 (the preset hues like orange do not)
export const ORDER_STATUS_COLORS: Record<OrderDisplay, string> = {
  unpaid: 'warning',
  inProgress: 'processing',
  completed: 'success',
  refunding: 'processing',
  refunded: 'default',
  cancelled: 'default',
  abnormal: 'error',
};
export const REFUND_STATUS_KEYS: Record<RefundStatus, string> = {
  pending: 'orders:refundStatus.pending',
  processing: 'orders:refundStatus.processing',
  success: 'orders:refundStatus.success',
  failed: 'orders:refundStatus.failed',
  rejected: 'orders:refundStatus.rejected',
  cancelled: 'orders:refundStatus.cancelled',
};
export const CHANNEL_KEYS: Record<PayChannel, string> = {
  sandbox: 'orders:channel.sandbox',
  wechat: 'orders:channel.wechat',
  alipay: 'orders:channel.alipay',
  bank: 'orders:channel.bank',
};
export const CHANNEL_HINT_KEYS: Record<PayChannel, string> = {
  sandbox: 'orders:channelHint.sandbox',
  wechat: 'orders:channelHint.wechat',
  alipay: 'orders:channelHint.alipay',
  bank: 'orders:channelHint.bank',
};
/** The ratio staff approved a refund with (spec 9), or the two the server sets itself. */
export const RATIO_KEYS: Record<string, string> = {
  '994': 'orders:ratio.994',
  '800': 'orders:ratio.800',
  '700': 'orders:ratio.700',
  '500': 'orders:ratio.500',
  '300': 'orders:ratio.300',
  minus90: 'orders:ratio.minus90',
  fixed: 'orders:ratio.fixed',
  tier: 'orders:ratio.tier',
  full: 'orders:ratio.full',
};
export const INVOICE_STATUS_KEYS = {
  pending: 'orders:invoice.status.pending',
  issued: 'orders:invoice.status.issued',
  rejected: 'orders:invoice.status.rejected',
} as const;

/** The refund policy table shown before paying: one row per tier of spec 9, the current one marked. */
export function tierRows(daysBefore: number) {
  return REFUND_TIERS.map((tier) => ({
    ...tier,
    current: (tier.minDays === null || daysBefore >= tier.minDays) && (tier.maxDays === null || daysBefore <= tier.maxDays),
  }));
}
/** 994 per mille → "99.4%". */
export const percent = (perMille: number) => `${(perMille / 10).toFixed(perMille % 10 === 0 ? 0 : 1)}%`;

/** What the result page says about an order. */
export type PayState = 'paid' | 'waiting' | 'failed' | 'expired' | 'cancelled' | 'abnormal' | 'choose';
export function payState(o: Pick<OrderView, 'status' | 'closeReason' | 'payment' | 'lastAttempt' | 'paidFen'>): PayState {
  if (o.status === 'abnormal') return 'abnormal';
  if (o.paidFen > 0 || o.status === 'completed' || o.status === 'refunding' || o.status === 'refunded') return 'paid';
  if (o.status === 'cancelled') return o.closeReason === 'expired' ? 'expired' : 'cancelled';
  if (o.payment) return 'waiting';
  if (o.lastAttempt?.status === 'failed') return 'failed';
  return 'choose';
}

/** Items a refund may be asked for now. */
export const refundableItems = (o: Pick<OrderView, 'items'>) => o.items.filter((i) => i.refundable);

/** An invoice may be asked for a paid order with something to invoice (invoiceableFen: issue 34), once (again after a rejection). */
export function canApplyInvoice(o: Pick<OrderView, 'status' | 'invoiceableFen' | 'invoice'>): boolean {
  if (o.status !== 'completed' && o.status !== 'refunding') return false;
  if (o.invoiceableFen <= 0) return false;
  return !o.invoice || o.invoice.status === 'rejected';
}

/** Seconds left before an unpaid order closes (never negative). */
export const secondsLeft = (expiresAt: string, now: number) => Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
export const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * How an unpaid order shows its deadline: a live countdown for a short wait at a gateway, a date and time
 * (China time) for a bank transfer or any wait longer than an hour — nobody watches a clock tick for days.
 */
export function deadlineStyle(o: Pick<OrderView, 'payment' | 'expiresAt'>, now: number): 'countdown' | 'date' {
  if (o.payment?.channel === 'bank') return 'date';
  return secondsLeft(o.expiresAt, now) > 3600 ? 'date' : 'countdown';
}

/** A bank transfer waits for days: its page asks the server every 15 s, quietly (other channels every 2 s). */
export const pollInterval = (channel: string | null | undefined) => (channel === 'bank' ? 15_000 : 2000);
