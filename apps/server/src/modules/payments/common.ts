import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

export type OrderRow = typeof orders.$inferSelect;

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const random = (n: number) => Array.from(crypto.randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');

/** yymmdd in China time: the order number tells its day to whoever reads it on a bank statement. */
function ymd(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** RP + yymmdd + 10 random characters (32^10 ≈ 10^15 a day): unguessable enough not to be an index into others' orders. */
export const newOrderNo = (now = new Date()) => `RP${ymd(now)}${random(10)}`;
export const newRefundNo = (now = new Date()) => `RF${ymd(now)}${random(10)}`;
export const newInvoiceNo = (now = new Date()) => `INV${ymd(now)}${random(8)}`;

/** The caller's order by number, optionally locked; someone else's answers like a missing one (404). */
export async function ownOrder(db: DbOrTx, userId: number, orderNo: string, lock = false): Promise<OrderRow> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  const [o] = lock ? await q.for('update') : await q;
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  return o;
}

export async function lockOrder(db: DbOrTx, orderId: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  return o;
}

/** Proportional shares of `total` over `weights`, floor-rounded, the remainder to the last: the shares add up exactly. */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!sum) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const out = weights.map((w) => Math.floor((total * w) / sum));
  out[out.length - 1]! += total - out.reduce((a, b) => a + b, 0);
  return out;
}

/** A bank account number as screens show it: the first 4 and last 4 (only the last 4 of a short one). */
export function maskAccountNo(accountNo: string): string {
  return accountNo.length > 10 ? `${accountNo.slice(0, 4)} **** ${accountNo.slice(-4)}` : `**** ${accountNo.slice(-4)}`;
}
