import { and, asc, eq, inArray, lte, ne, or, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { orders, payments, refunds } from '../../db/schema/index';
import { lockOrder } from './common';
import { closeAttemptsAtGateways, releaseOrder } from './orders.service';
import { applyPaymentEvent, applyRefundResult, executeRefund, UnknownTrade } from './settle';
import type { Channel } from './providers/types';
import { jobQueue } from '../../lib/jobs';

/** A notification normally arrives within seconds; after this, we ask the gateway ourselves. */
const NOTIFY_WINDOW_MS = 2 * 60_000;
const REQUERY_MS = 60_000;

export interface JobReport {
  checked: number;
  paid: number;
  expired: number;
  refundsChecked: number;
}

/**
 * Asks the gateway about one open attempt and applies what it says (paid → settled like a notification).
 * Returns true when it was paid.
 */
async function queryAttempt(deps: AppDeps, p: typeof payments.$inferSelect, now: Date): Promise<boolean> {
  const provider = deps.payments.providers.get(p.channel as Channel);
  if (!provider) return false;
  await deps.database.db.update(payments).set({ lastQueriedAt: now }).where(eq(payments.id, p.id));
  try {
    const q = await provider.queryPayment(p.outTradeNo);
    if (q.state === 'paid' && q.providerTradeNo && q.amountFen !== undefined) {
      await applyPaymentEvent(deps, p.channel as Channel, {
        type: 'payment',
        outTradeNo: p.outTradeNo,
        providerTradeNo: q.providerTradeNo,
        amountFen: q.amountFen,
        success: true,
        paidAt: q.paidAt,
      });
      return true;
    }
    if (q.state === 'failed')
      await applyPaymentEvent(deps, p.channel as Channel, { type: 'payment', outTradeNo: p.outTradeNo, providerTradeNo: '', amountFen: 0, success: false });
  } catch (e) {
    if (!(e instanceof UnknownTrade)) {
      // the gateway is away; the next run asks again
    }
  }
  return false;
}

/**
 * Reconciliation (every instance runs it; each order is taken under its lock, so two instances never
 * settle or expire one twice): (1) attempts older than the notify window are queried at their gateway;
 * (2) orders past their expiry are queried once more, then released; (3) refunds still processing are
 * sent or queried again — not bank-paid ones: those wait for staff's transfer (owedBankRefunds lists them). Visible in admin (last run, pending list) and runnable from there.
 */
export async function reconcile(deps: AppDeps, now = new Date()): Promise<JobReport> {
  const db = deps.database.db;
  const report: JobReport = { checked: 0, paid: 0, expired: 0, refundsChecked: 0 };

  const stale = await db
    .select({ p: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'created'),
        eq(orders.status, 'unpaid'),
        lte(payments.createdAt, new Date(now.getTime() - NOTIFY_WINDOW_MS)),
        or(isNull(payments.lastQueriedAt), lte(payments.lastQueriedAt, new Date(now.getTime() - REQUERY_MS))),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(200);
  for (const { p } of stale) {
    report.checked++;
    if (await queryAttempt(deps, p, now)) report.paid++;
  }

  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(200);
  for (const o of due) {
    // a payment that arrived without its notification must not be lost: ask first
    const open = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.status, 'created'), sql`${payments.channel} <> 'bank'`));
    let paid = false;
    for (const p of open) if (await queryAttempt(deps, p, now)) paid = true;
    if (paid) {
      report.paid++;
      continue;
    }
    const released = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, o.id);
      if (locked.status !== 'unpaid' || locked.expiresAt.getTime() > now.getTime()) return false;
      await releaseOrder(deps, tx, locked, 'expired', now);
      return true;
    });
    if (released) {
      report.expired++;
      await closeAttemptsAtGateways(deps, o.id);
    }
  }

  const processing = await db
    .select({ r: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, 'processing'),
        ne(payments.channel, 'bank'),
        or(isNull(refunds.lastQueriedAt), lte(refunds.lastQueriedAt, new Date(now.getTime() - REQUERY_MS))),
      ),
    )
    .limit(100);
  for (const { r } of processing) {
    report.refundsChecked++;
    if (!r.providerRefundNo) {
      await executeRefund(deps, r.id);
      continue;
    }
    const [p] = await db.select().from(payments).where(eq(payments.id, r.paymentId));
    const provider = p ? deps.payments.providers.get(p.channel as Channel) : undefined;
    if (!p || !provider) continue;
    await db.update(refunds).set({ lastQueriedAt: now }).where(eq(refunds.id, r.id));
    try {
      const q = await provider.queryRefund(r.refundNo, p.outTradeNo);
      await applyRefundResult(deps, r.refundNo, q);
    } catch {
      // asked again next run
    }
  }
  deps.payments.lastRun.at = now;
  return report;
}

/** Orders waiting for money: open attempts, oldest first (admin's reconciliation screen). */
export async function pendingOrders(deps: Pick<AppDeps, 'database'>, pageNo: number, size: number) {
  const db = deps.database.db;
  const where = and(eq(orders.status, 'unpaid'), inArray(payments.status, ['created']));
  const rows = await db
    .select({ o: orders, p: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(where)
    .orderBy(asc(payments.createdAt))
    .limit(size)
    .offset(pageNo * size);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(where);
  return {
    total: Number(n?.n ?? 0),
    content: rows.map(({ o, p }) => ({
      id: o.id,
      orderNo: o.orderNo,
      userId: o.userId,
      activityId: o.activityId,
      amountFen: o.amountFen,
      channel: p.channel,
      outTradeNo: p.outTradeNo,
      paymentStatus: p.status,
      expiresAt: o.expiresAt.toISOString(),
      createdAt: p.createdAt.toISOString(),
      lastQueriedAt: p.lastQueriedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Money the organiser owes (issue 34): bank-paid refunds approved and not yet transferred back, oldest
 * first. Reconciliation shows them until staff record each transfer's serial.
 */
export async function owedBankRefunds(deps: Pick<AppDeps, 'database'>, pageNo: number, size: number) {
  const db = deps.database.db;
  const where = and(eq(refunds.status, 'processing'), eq(payments.channel, 'bank'));
  const [rows, [n]] = await Promise.all([
    db
      .select({ r: refunds, o: orders, channel: payments.channel })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(where)
      .orderBy(asc(refunds.decidedAt), asc(refunds.id))
      .limit(size)
      .offset(pageNo * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(where),
  ]);
  return { total: Number(n?.n ?? 0), rows };
}

/** A timer on the one job queue (server.ts): reconciliation and expiry of unpaid orders every 30 s, by whichever instance claims it. */
export const reconcileTimer = jobQueue<AppDeps, unknown>('timer:reconcile', async (job, deps) => void (await reconcile(deps, job.now)), { everyMs: 30_000 });
