/** Money rules of issue 10 (pure; table tests in money.test.ts). Amounts are integer fen, never floats. */
import { isGone, owesFee, refundPerMille, wholeDaysBefore } from './registration';

export const ORDER_TYPE = { CODES: 1, FEE: 2, TICKETS: 3 } as const;
export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];

export const PAY_CHANNELS = ['sandbox', 'wechat', 'alipay', 'bank'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** Most codes or players one order may carry. */
export const ORDER_MAX_ITEMS = 500;

/**
 * The payment vocabulary of spec 4.3, in its order: unpaid, in progress, completed, refund in progress,
 * refunded, cancelled, order abnormal. Derived from the stored order and its payments/refunds.
 */
export const ORDER_DISPLAY = ['unpaid', 'inProgress', 'completed', 'refunding', 'refunded', 'cancelled', 'abnormal'] as const;
export type OrderDisplay = (typeof ORDER_DISPLAY)[number];

export function orderDisplayStatus(o: {
  status: string;
  paidFen: number;
  refundedFen: number;
  /** an open payment attempt exists (the payer is at the gateway or owes a bank transfer) */
  paying: boolean;
  /** a refund waits for staff or the gateway */
  refunding: boolean;
}): OrderDisplay {
  if (o.status === 'abnormal') return 'abnormal';
  if (o.status === 'cancelled') return o.paidFen > 0 && o.refundedFen >= o.paidFen ? 'refunded' : 'cancelled';
  if (o.status === 'paid') {
    if (o.refunding) return 'refunding';
    if (o.paidFen > 0 && o.refundedFen >= o.paidFen) return 'refunded';
    return 'completed';
  }
  return o.paying ? 'inProgress' : 'unpaid';
}

/** The refund vocabulary of spec 4.3 (+ 'pending': asked, waiting for staff). */
export const REFUND_STATUSES = ['pending', 'processing', 'success', 'failed', 'rejected', 'cancelled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Staff's refund choices (spec 9): a ratio of what was paid, 90 yuan per person deducted, or a fixed
 * product amount deducted (entered by staff: the spec gives different amounts per language version).
 */
export const REFUND_RATIOS = ['994', '800', '700', '500', '300', 'minus90', 'fixed'] as const;
export type RefundRatio = (typeof REFUND_RATIOS)[number];
export const DEDUCT_PER_PERSON_FEN = 9000;

/** Amount to give back for a staff choice, in fen, floor-rounded, never below 0 or above what was paid. */
export function approvedRefundFen(ratio: RefundRatio, baseFen: number, persons: number, deductFen = 0): number {
  let fen: number;
  if (ratio === 'minus90') fen = baseFen - DEDUCT_PER_PERSON_FEN * persons;
  else if (ratio === 'fixed') fen = baseFen - deductFen;
  else fen = Math.floor((baseFen * Number(ratio)) / 1000);
  return Math.max(0, Math.min(baseFen, fen));
}

/** What a member is told before asking: the tier of spec 9 by whole days before the event. */
export function refundPreview(paidFen: number, begin: Date, now: Date): { daysBefore: number; perMille: number; fen: number } {
  const daysBefore = wholeDaysBefore(begin, now);
  const perMille = refundPerMille(daysBefore);
  return { daysBefore, perMille, fen: Math.floor((paidFen * perMille) / 1000) };
}

/**
 * The share of what was paid that a decided refund gives back, as people read it ("80%", "99.4%"): the
 * ratio staff chose, the member's tier, or — for the deductions — the amount over the base. Null before a decision.
 */
export function refundPercent(r: { ratio: string | null; baseFen: number; amountFen: number | null; tierPerMille: number }): string | null {
  let perMille: number | null = null;
  if (r.ratio && /^\d+$/.test(r.ratio)) perMille = Number(r.ratio);
  else if (r.ratio === 'tier') perMille = r.tierPerMille;
  else if (r.ratio === 'full') perMille = 1000;
  else if (r.ratio && r.amountFen !== null && r.baseFen > 0) perMille = Math.round((r.amountFen * 1000) / r.baseFen);
  if (perMille === null) return null;
  return `${(perMille / 10).toFixed(perMille % 10 === 0 ? 0 : 1)}%`;
}

/** The refund tiers of spec 9 as rows for the policy table shown before paying. */
export const REFUND_TIERS = [
  { minDays: 30, maxDays: null, perMille: 994 },
  { minDays: 20, maxDays: 29, perMille: 500 },
  { minDays: 10, maxDays: 19, perMille: 300 },
  { minDays: null, maxDays: 9, perMille: 0 },
] as const;

/**
 * Whether an order line is on the order's invoice (issue 34): a line paid and kept — active, or refunded in
 * part (its remainder). A line whose refund is under way (pending or processing) is not: its money may still
 * go back, and an issued invoice cannot shrink afterwards while a line left out can be invoiced later.
 */
export function isInvoicedLine(i: { status: string; priceFen: number; refundedFen: number }): boolean {
  return (i.status === 'active' || i.status === 'refunded') && i.priceFen - i.refundedFen > 0;
}

/** What an invoice of these order lines states: one amount for the member's offer, staff's list, the confirmation and the PDF. */
export function invoiceableFen(items: { status: string; priceFen: number; refundedFen: number }[]): number {
  return items.filter(isInvoicedLine).reduce((s, i) => s + i.priceFen - i.refundedFen, 0);
}

/** Tax number of a company invoice title: 15–20 letters and digits (unified social credit code is 18). */
export const TAX_NO_PATTERN = /^[A-Za-z0-9]{15,20}$/;

/** "¥1,234.56" of integer fen, integer arithmetic only. */
export function formatYuan(fen: number): string {
  const neg = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A team's fee labels (spec 3): the total fee of its active players (withdrawn and cancelled ones no longer
 * count), what was paid — money received minus money refunded, of every player, also of one who withdrew
 * and kept part of it back (issue 34) — and what its active players not yet settled (3, 4) still owe: a
 * player passed by review (9) owes her fee until it is paid.
 */
export function teamFees(members: { priceFen: number; payStatus: number; netPaidFen: number }[]) {
  let totalFen = 0;
  let paidFen = 0;
  let dueFen = 0;
  for (const m of members) {
    paidFen += m.netPaidFen;
    if (isGone(m.payStatus)) continue; // withdrawn or cancelled: no longer owes or holds a place
    totalFen += m.priceFen;
    if (owesFee(m.payStatus)) dueFen += m.priceFen;
  }
  return { totalFen, paidFen, dueFen };
}

const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const CAPITAL_UNITS = ['', '拾', '佰', '仟'];
const CAPITAL_SECTIONS = ['', '万', '亿', '万亿'];

function capitalGroup(g: number): string {
  let s = '';
  let zero = false;
  let started = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(g / 10 ** pos) % 10;
    if (d === 0) {
      if (started) zero = true;
      continue;
    }
    if (zero) s += '零';
    zero = false;
    s += CAPITAL_DIGITS[d]! + CAPITAL_UNITS[pos]!;
    started = true;
  }
  return s;
}

/** The amount in Chinese capital numerals as written on invoices and cheques (大写金额): 1234.56 yuan → 壹仟贰佰叁拾肆元伍角陆分. */
export function fenToChineseCapital(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('fen must be a non-negative safe integer');
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const fenDigit = fen % 10;
  let out = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let n = yuan; n > 0; n = Math.floor(n / 10000)) groups.unshift(n % 10000);
    let needZero = false;
    groups.forEach((g, i) => {
      const section = CAPITAL_SECTIONS[groups.length - 1 - i]!;
      if (g === 0) {
        if (out) needZero = true;
        return;
      }
      if (out && (needZero || g < 1000)) out += '零';
      out += capitalGroup(g) + section;
      needZero = false;
    });
    out += '元';
  }
  if (jiao === 0 && fenDigit === 0) return `${out}整`;
  if (jiao > 0) out += `${CAPITAL_DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  return fenDigit > 0 ? `${out}${CAPITAL_DIGITS[fenDigit]}分` : `${out}整`;
}
