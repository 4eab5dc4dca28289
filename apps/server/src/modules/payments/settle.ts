import type { Tx } from '../../db/client';
import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { formatYuan, nextPayStatus, ORDER_TYPE, PAY_STATUS, refundPercent, translate } from '@rp/shared';
import { accrueRebates, voidRebates } from '../channels/index';
import type { AppDeps } from '../../deps';
import { activities, ledger, orderItems, orders, payments, plans, redeemCodes, refundItems, refunds, teamMembers } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { lockOwnMembersWithTeams, reserveProgramPlaces } from '../registration/index';

import { AppError } from '../../lib/errors';
import { bilingual, notify } from '../messages/index';
import { allocate, lockOrder, newRefundNo, type OrderRow } from './common';
import { releaseOrder } from './orders.service';
import { publishSettled } from './order-kinds';
import { publish, type Events } from '../../lib/events';
import type { Channel, NotifyEvent, RefundResult } from './providers/types';
import { releaseSizes } from '../registration/index';

export class UnknownTrade extends Error {}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from(crypto.randomBytes(10), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Result of settling one payment notification (for logs and tests). */
export type SettleOutcome = 'granted' | 'duplicate' | 'failed' | 'abnormal' | 'late-honoured' | 'auto-refund' | 'ignored';

/**
 * Applies a gateway's payment result. Under the order's lock (then the attempt's), idempotent: a
 * replayed or reordered notification changes nothing (the attempt is already paid, or failed-after-paid
 * is ignored), and the ledger's unique provider reference makes a second money row impossible even
 * without the lock. The amount must equal the attempt's, else the order is flagged abnormal and nothing
 * is granted. Money for an order that cannot use it any more (paid by another attempt, or expired and its
 * places gone) is refunded automatically; an expired order whose places are still free is honoured.
 */
export async function applyPaymentEvent(
  deps: AppDeps,
  channel: Channel,
  ev: Extract<NotifyEvent, { type: 'payment' }>,
  now = new Date(),
  /** staff who recorded it (a bank transfer confirmed in the admin): audited in the same transaction */
  staffId: number | null = null,
): Promise<{ outcome: SettleOutcome; refundId?: number; orderId?: number }> {
  const result = await deps.database.db
    .transaction(async (tx): Promise<Settled> => {
      // the order of this trade, locked (before any of its attempts: the one lock order), with its activity's names
      const [locked] = await tx
        .select({ o: orders, nameZh: activities.nameZh, nameEn: activities.nameEn })
        .from(orders)
        .leftJoin(activities, eq(activities.id, orders.activityId))
        .where(
          eq(
            orders.id,
            sql`(select ${payments.orderId} from ${payments} where ${payments.outTradeNo} = ${ev.outTradeNo} and ${payments.channel} = ${channel})`,
          ),
        )
        .for('update', { of: orders });
      if (!locked) throw new UnknownTrade(ev.outTradeNo);
      const o = locked.o;
      const names = { zh: locked.nameZh ?? '', en: locked.nameEn ?? '' };
      if (!ev.success) {
        const [p] = await tx.select().from(payments).where(eq(payments.outTradeNo, ev.outTradeNo)).for('update');
        if (!p) throw new UnknownTrade(ev.outTradeNo);
        if (p.status === 'paid' || p.status === 'abnormal') return { outcome: 'duplicate' as const };
        if (p.status === 'created') await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, p.id));
        return { outcome: 'failed' as const };
      }
      const paidAt = ev.paidAt && !Number.isNaN(ev.paidAt.getTime()) ? ev.paidAt : now;
      // the attempt, paid (or abnormal: another amount) in one conditional UPDATE under the order's lock: one already
      // paid or abnormal is a duplicate; with it, the order's other attempts (closed at their gateways once committed)
      const [p] = await tx
        .update(payments)
        .set({
          status: sql`case when ${payments.amountFen} = ${ev.amountFen} then 'paid' else 'abnormal' end`,
          providerTradeNo: ev.providerTradeNo,
          receivedFen: ev.amountFen,
          paidAt,
        })
        .where(and(eq(payments.outTradeNo, ev.outTradeNo), eq(payments.channel, channel), notInArray(payments.status, ['paid', 'abnormal'])))
        .returning({
          id: payments.id,
          outTradeNo: payments.outTradeNo,
          amountFen: payments.amountFen,
          others: sql<
            OpenAttempt[] | null
          >`(select json_agg(json_build_object('channel', a.channel, 'outTradeNo', a.out_trade_no)) from ${payments} a where a.order_id = ${payments.orderId} and a.status <> 'paid' and a.id <> ${payments.id})`,
        });
      if (!p) return { outcome: 'duplicate' as const };
      const entry = await tx
        .insert(ledger)
        .values({ orderId: o.id, paymentId: p.id, kind: 'payment', amountFen: ev.amountFen, channel, providerRef: ev.providerTradeNo, note: p.outTradeNo })
        .onConflictDoNothing()
        .returning({ id: ledger.id });
      // this money is already in the ledger (its provider reference): nothing of this notification stays
      if (!entry.length) throw new DuplicateMoney();
      const exact = ev.amountFen === p.amountFen;
      // the money on the order: in the same statement as its status where the order is granted now (below)
      const grantNow = exact && o.status === 'unpaid';
      if (!grantNow)
        await tx
          .update(orders)
          .set({ paidFen: sql`${orders.paidFen} + ${ev.amountFen}`, updatedAt: now })
          .where(eq(orders.id, o.id));
      await audit(tx, {
        userId: null,
        resource: 'payments',
        recordId: p.id,
        action: 'paid',
        after: { orderNo: o.orderNo, amountFen: ev.amountFen, channel },
      });
      if (staffId !== null)
        await audit(tx, { userId: staffId, resource: 'orders', recordId: o.id, action: 'confirmTransfer', after: { amountFen: ev.amountFen } });

      if (!exact) {
        if (o.status === 'unpaid') {
          // nothing is granted: staff look at it (the money is in the ledger; a full refund releases the holds)
          await tx.update(orders).set({ status: 'abnormal', channel, providerTradeNo: ev.providerTradeNo, paidAt, updatedAt: now }).where(eq(orders.id, o.id));
          return { outcome: 'abnormal' as const, orderId: o.id };
        }
        return { outcome: 'auto-refund' as const, refundId: await autoRefund(tx, o, p.id, ev.amountFen, now), orderId: o.id };
      }
      if (grantNow) {
        await grant(deps, tx, o, names, channel, ev.providerTradeNo, paidAt, now, 'held', ev.amountFen);
        return { outcome: 'granted' as const, orderId: o.id, others: p.others ?? [] };
      }
      if (o.status === 'cancelled' && o.closeReason === 'expired' && o.paidFen === 0 && (await retake(deps, tx, o))) {
        await grant(deps, tx, o, names, channel, ev.providerTradeNo, paidAt, now, 'released');
        return { outcome: 'late-honoured' as const, orderId: o.id, others: p.others ?? [] };
      }
      return { outcome: 'auto-refund' as const, refundId: await autoRefund(tx, o, p.id, ev.amountFen, now), orderId: o.id };
    })
    .catch((e: unknown): Settled => {
      if (e instanceof DuplicateMoney) return { outcome: 'duplicate' };
      throw e;
    });
  if (result.others) await closeAttempts(deps, result.others);
  if (result.refundId) await executeRefund(deps, result.refundId);
  return result;
}

/** A payment's moves of players' pay status: each next status with the statuses it is reached from. */
const PAY_MOVES = (() => {
  const byNext = new Map<number, number[]>();
  for (const from of new Set<number>(Object.values(PAY_STATUS))) {
    const next = nextPayStatus(from, 'pay');
    if (next !== null) byNext.set(next, [...(byNext.get(next) ?? []), from]);
  }
  return [...byNext];
})();

/** The ledger already holds this payment's money: the notification's transaction is rolled back as a duplicate. */
class DuplicateMoney extends Error {}

type OpenAttempt = { channel: string; outTradeNo: string };
type Settled = { outcome: SettleOutcome; refundId?: number; orderId?: number; others?: OpenAttempt[] };

/** A paid order's other attempts, closed at their gateways (as closeAttemptsAtGateways, from the list read under its lock). */
async function closeAttempts(deps: Pick<AppDeps, 'payments'>, open: readonly OpenAttempt[]) {
  for (const a of open) {
    try {
      await deps.payments.providers.get(a.channel as Channel)?.closePayment(a.outTradeNo);
    } catch {
      // the gateway is away: the attempt expires there by its own time limit
    }
  }
}

/** An expired order's holds, taken again if they are still free (stock and players at 1). */
async function retake(deps: Pick<AppDeps, 'orderKinds'>, tx: Tx, o: OrderRow): Promise<boolean> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, o.id), eq(orderItems.status, 'released')));
  if (!items.length) return false;
  if (o.type === ORDER_TYPE.TICKETS) return deps.orderKinds[ORDER_TYPE.TICKETS].retake(tx, o);
  if (o.type === ORDER_TYPE.CODES) {
    if (!o.planId) return false;
    const [plan] = await tx.select({ stock: plans.stock }).from(plans).where(eq(plans.id, o.planId));
    if (plan && plan.stock !== null) {
      const taken = await tx
        .update(plans)
        .set({ stock: sql`${plans.stock} - ${items.length}` })
        .where(and(eq(plans.id, o.planId), sql`${plans.stock} >= ${items.length}`))
        .returning({ id: plans.id });
      if (!taken.length) return false;
    }
    return true;
  }
  const ids = items.map((i) => i.memberId).filter((x): x is number => !!x);
  if (ids.length !== items.length) return false;
  const { rows } = await lockOwnMembersWithTeams(tx, null, ids);
  if (rows.some((m) => nextPayStatus(m.payStatus, 'pay') === null)) return false;
  const perProgram = new Map<number, number>();
  for (const m of rows) if (m.programId && m.payStatus !== PAY_STATUS.REGISTERING) perProgram.set(m.programId, (perProgram.get(m.programId) ?? 0) + 1);
  try {
    await reserveProgramPlaces(tx, perProgram);
  } catch (e) {
    if (e instanceof AppError) return false; // the places went to others meanwhile: the money goes back
    throw e;
  }
  const held = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(inArray(orderItems.memberId, ids), eq(orderItems.status, 'held')));
  return held.length === 0;
}

/** Paid: codes created in the buyer's account, players 2 → 3, items active, a system message. */
async function grant(
  deps: Events,
  tx: Tx,
  o: OrderRow,
  /** the activity's names (read with the order's lock) */
  activity: { zh: string; en: string },
  channel: Channel,
  tradeNo: string,
  paidAt: Date,
  now: Date,
  from: 'held' | 'released' = 'held',
  /** the payment's amount, not yet added to the order's paid_fen (added with its status) */
  addPaidFen = 0,
) {
  const mine = and(eq(orderItems.orderId, o.id), eq(orderItems.status, from));
  // codes get a code each (below); the other lines become active here, read by the same UPDATE
  const items =
    o.type === ORDER_TYPE.CODES
      ? await tx.select().from(orderItems).where(mine)
      : await tx.update(orderItems).set({ status: 'active' }).where(mine).returning();
  let what: { key: 'notify.orderPaid.codes' | 'notify.orderPaid.players' | 'notify.orderPaid.tickets'; params: Record<string, string | number> };
  if (o.type === ORDER_TYPE.TICKETS) {
    // the passes become valid in tickets' payment.settled subscriber (below)
    what = { key: 'notify.orderPaid.tickets', params: { count: items.length } };
  } else if (o.type === ORDER_TYPE.CODES) {
    const [plan] = o.planId ? await tx.select().from(plans).where(eq(plans.id, o.planId)) : [];
    const created = await tx
      .insert(redeemCodes)
      .values(
        items.map(() => ({
          activityId: o.activityId,
          codeName: newCode(),
          type: plan?.codeType ?? 0,
          ownerUserId: o.userId,
          priceFen: items[0]!.priceFen,
          batchNo: o.orderNo,
        })),
      )
      .returning({ id: redeemCodes.id });
    for (const [i, item] of items.entries()) await tx.update(orderItems).set({ status: 'active', codeId: created[i]!.id }).where(eq(orderItems.id, item.id));
    what = { key: 'notify.orderPaid.codes', params: { count: created.length } };
  } else {
    const ids = items.map((i) => i.memberId).filter((x): x is number => !!x);
    // the players move by one conditional UPDATE a next status (its row locks are the players' locks): no team is
    // locked nor its status refreshed, as a payment changes no team's head count
    const moved: { id: number; name: string }[] = [];
    if (ids.length)
      for (const [next, fromStatuses] of PAY_MOVES)
        moved.push(
          ...(await tx
            .update(teamMembers)
            .set({ payStatus: next, updatedAt: now })
            .where(and(inArray(teamMembers.id, ids), inArray(teamMembers.payStatus, fromStatuses)))
            .returning({ id: teamMembers.id, name: teamMembers.name })),
        );
    const names = moved.sort((a, b) => a.id - b.id).map((m) => m.name);
    // the channel partners of these teams earn their rebate (final once the refund window closes)
    await accrueRebates(tx, o.id, o.activityId);
    what = { key: 'notify.orderPaid.players', params: { players: names.join(', ') } };
  }
  await tx
    .update(orders)
    .set({
      status: 'paid',
      closeReason: null,
      channel,
      providerTradeNo: tradeNo,
      paidAt,
      updatedAt: now,
      ...(addPaidFen ? { paidFen: sql`${orders.paidFen} + ${addPaidFen}` } : {}),
    })
    .where(eq(orders.id, o.id));
  const names = { activity };
  const common = { orderNo: o.orderNo, amount: yuan(o.amountFen) };
  const params = bilingual(common, names);
  params.zh.what = translate('zh', what.key, what.params);
  params.en.what = translate('en', what.key, what.params);
  await notify(tx, [{ receiverId: o.userId, title: 'notify.orderPaid.title', content: 'notify.orderPaid.content', params }]);
  await publishSettled(deps, tx, o, paidAt);
}

/** Money nobody can use goes back in full, without waiting for staff. */
async function autoRefund(tx: Tx, o: OrderRow, paymentId: number, amountFen: number, now: Date): Promise<number> {
  const [r] = await tx
    .insert(refunds)
    .values({
      refundNo: newRefundNo(now),
      orderId: o.id,
      paymentId,
      userId: o.userId,
      kind: 'auto',
      status: 'processing',
      baseFen: amountFen,
      requestedFen: amountFen,
      ratio: 'full',
      amountFen,
      reason: 'late or duplicate payment',
      decidedAt: now,
    })
    .returning({ id: refunds.id });
  await audit(tx, { userId: null, resource: 'refunds', recordId: r!.id, action: 'auto', after: { orderNo: o.orderNo, amountFen } });
  return r!.id;
}

/**
 * A bank-paid refund: nothing moves until staff transfer the money back by hand (issue 34). The first time it
 * is executed (lastQueriedAt still empty: a conditional update, so once) it takes the payee account of an
 * earlier refund of the same payment when one was recorded, and the family is told the money is being
 * transferred back to their bank account. It stays processing until staff record the bank serial
 * (markRefundTransferred): the ledger entry and the "refund completed" notice come then.
 */
async function awaitBankTransfer(deps: Pick<AppDeps, 'database'>, r: typeof refunds.$inferSelect): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [first] = await tx
      .update(refunds)
      .set({ lastQueriedAt: new Date() })
      .where(and(eq(refunds.id, r.id), eq(refunds.status, 'processing'), isNull(refunds.lastQueriedAt)))
      .returning();
    if (!first) return;
    if (!first.payeeName) {
      const [known] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.paymentId, r.paymentId), ne(refunds.id, r.id), isNotNull(refunds.payeeName)))
        .orderBy(desc(refunds.id))
        .limit(1);
      if (known)
        await tx
          .update(refunds)
          .set({ payeeName: known.payeeName, payeeBank: known.payeeBank, payeeAccountEnc: known.payeeAccountEnc, payeeAccountMasked: known.payeeAccountMasked })
          .where(eq(refunds.id, r.id));
    }
    if (!r.userId) return;
    const [o] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, r.orderId));
    const params = { orderNo: o!.orderNo, amount: yuan(r.amountFen ?? 0) };
    await notify(tx, [
      { receiverId: r.userId, title: 'notify.refundTransferring.title', content: 'notify.refundTransferring.content', params: { zh: params, en: params } },
    ]);
  });
}

/**
 * Sends a processing refund to the original provider (idempotent there per refund number, so the job may
 * send it again after a crash). A zero refund completes at once without a gateway; a bank-paid one waits
 * for staff to transfer it (awaitBankTransfer).
 */
export async function executeRefund(deps: AppDeps, refundId: number): Promise<void> {
  const [r] = await deps.database.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!r || r.status !== 'processing') return;
  if (!r.amountFen) {
    await applyRefundEvent(deps, { type: 'refund', outRefundNo: r.refundNo, providerRefundNo: `ZERO-${r.refundNo}`, success: true });
    return;
  }
  const [p] = await deps.database.db.select().from(payments).where(eq(payments.id, r.paymentId));
  if (p?.channel === 'bank') return awaitBankTransfer(deps, r);
  const provider = p ? deps.payments.providers.get(p.channel as Channel) : undefined;
  if (!p || !provider) return; // the provider is not configured on this instance: another one, or staff, will
  const base = deps.payments.baseUrl();
  try {
    const res = await provider.refund({
      outTradeNo: p.outTradeNo,
      outRefundNo: r.refundNo,
      refundFen: r.amountFen,
      totalFen: p.receivedFen ?? p.amountFen,
      reason: r.reason.slice(0, 80) || 'refund',
      notifyUrl: `${base}/api/lOrder/${p.channel === 'wechat' ? 'wx' : p.channel === 'alipay' ? 'ali' : p.channel}/refund/notify`,
    });
    await deps.database.db
      .update(refunds)
      .set({ providerRefundNo: res.providerRefundNo ?? null, lastQueriedAt: new Date() })
      .where(eq(refunds.id, r.id));
    await applyRefundResult(deps, r.refundNo, res);
  } catch {
    // the gateway is away: the job asks again (queryRefund / refund are idempotent per refund number)
    await deps.database.db.update(refunds).set({ lastQueriedAt: new Date() }).where(eq(refunds.id, r.id));
  }
}

/** A gateway's answer about a refund (to the request, or to the reconcile job's query): applied once final. */
export async function applyRefundResult(deps: Pick<AppDeps, 'database' | 'events'>, refundNo: string, res: RefundResult): Promise<void> {
  if (res.state !== 'processing')
    await applyRefundEvent(deps, {
      type: 'refund',
      outRefundNo: refundNo,
      providerRefundNo: res.providerRefundNo ?? refundNo,
      success: res.state === 'success',
    });
}

/**
 * Applies a refund's final result, once: success moves the money (ledger −amount, order.refundedFen),
 * players 4 → 5, codes void, items refunded; failure gives everything back (players to their status,
 * codes available, items active). A result for a refund that is not processing is a duplicate.
 */
export async function applyRefundEvent(
  deps: Pick<AppDeps, 'database' | 'events'>,
  ev: Extract<NotifyEvent, { type: 'refund' }>,
  now = new Date(),
  /** staff who recorded it (a bank transfer back, with its serial): audited in the same transaction */
  staffId: number | null = null,
): Promise<'applied' | 'duplicate' | 'failed'> {
  const [peek] = await deps.database.db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.refundNo, ev.outRefundNo));
  if (!peek) throw new UnknownTrade(ev.outRefundNo);
  return deps.database.db.transaction(async (tx) => {
    const o = await lockOrder(tx, peek.orderId);
    const [r] = await tx.select().from(refunds).where(eq(refunds.refundNo, ev.outRefundNo)).for('update');
    if (!r || r.status !== 'processing') return 'duplicate';
    const [p] = await tx.select({ channel: payments.channel }).from(payments).where(eq(payments.id, r.paymentId));
    const links = await tx.select({ itemId: refundItems.itemId }).from(refundItems).where(eq(refundItems.refundId, r.id));
    const items = links.length
      ? await tx
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.id,
              links.map((l) => l.itemId),
            ),
          )
      : [];
    if (!ev.success) {
      await tx.update(refunds).set({ status: 'failed', failReason: 'gateway', completedAt: now }).where(eq(refunds.id, r.id));
      await restoreItems(deps, tx, items, now);
      await audit(tx, { userId: null, resource: 'refunds', recordId: r.id, action: 'failed' });
      return 'failed';
    }
    const amount = r.amountFen ?? 0;
    if (amount > 0)
      await tx.insert(ledger).values({
        orderId: o.id,
        paymentId: r.paymentId,
        refundId: r.id,
        kind: 'refund',
        amountFen: -amount,
        channel: p?.channel ?? 'sandbox',
        providerRef: r.refundNo,
        note: ev.providerRefundNo.slice(0, 64),
      });
    await tx.update(refunds).set({ status: 'success', providerRefundNo: ev.providerRefundNo, completedAt: now }).where(eq(refunds.id, r.id));
    await tx
      .update(orders)
      .set({ refundedFen: sql`${orders.refundedFen} + ${amount}`, updatedAt: now })
      .where(eq(orders.id, o.id));
    const shares = allocate(
      amount,
      items.map((i) => i.priceFen - i.refundedFen),
    );
    for (const [i, item] of items.entries())
      await tx
        .update(orderItems)
        .set({ status: 'refunded', refundedFen: Math.min(item.priceFen, item.refundedFen + shares[i]!) })
        .where(eq(orderItems.id, item.id));
    await publish(deps, tx, 'refund.succeeded', {
      refundId: r.id,
      refundNo: r.refundNo,
      orderId: o.id,
      orderNo: o.orderNo,
      activityId: o.activityId ?? null,
      amountFen: amount,
      at: now.toISOString(),
    });
    await voidRebates(
      tx,
      items.map((i) => i.id),
    );
    const codeIds = items.map((i) => i.codeId).filter((x): x is number => !!x);
    if (codeIds.length)
      await tx
        .update(redeemCodes)
        .set({ status: 'void' })
        .where(and(inArray(redeemCodes.id, codeIds), eq(redeemCodes.status, 'refunding')));
    const memberIds = items.map((i) => i.memberId).filter((x): x is number => !!x);
    if (memberIds.length) {
      const { rows } = await lockOwnMembersWithTeams(tx, null, memberIds);
      for (const m of rows) {
        const next = nextPayStatus(m.payStatus, 'approveWithdraw');
        if (next !== null) {
          await tx.update(teamMembers).set({ payStatus: next, statusBeforeWithdraw: null, updatedAt: now }).where(eq(teamMembers.id, m.id));
          await releaseSizes(tx, [m]); // a withdrawn player's clothes size goes back to stock
        }
      }
    }
    // an abnormal order refunded in full gives back what it held
    if (o.status === 'abnormal' && o.refundedFen + amount >= o.paidFen) {
      await releaseOrder(deps, tx, { ...o, refundedFen: o.refundedFen + amount }, 'staff', now);
    }
    await audit(tx, { userId: null, resource: 'refunds', recordId: r.id, action: 'success', after: { amountFen: amount } });
    if (staffId !== null)
      await audit(tx, {
        userId: staffId,
        resource: 'refunds',
        recordId: r.id,
        action: 'confirmTransfer',
        after: { amountFen: amount, bankSerial: ev.providerRefundNo },
      });
    if (amount > 0 && r.userId)
      await notify(tx, [
        {
          receiverId: r.userId,
          title: 'notify.refundDone.title',
          ...refundDoneText(r, o.orderNo, amount),
        },
      ]);
    return 'applied';
  });
}

/**
 * The member's message of a completed refund. A refund staff decided says the ratio (as a percentage) and,
 * below the tier the member was quoted, the reason staff gave (issue 24); the others say the amount.
 */
function refundDoneText(r: typeof refunds.$inferSelect, orderNo: string, amount: number) {
  const percent = r.kind === 'request' ? refundPercent({ ...r, amountFen: amount }) : null;
  if (!percent)
    return { content: 'notify.refundDone.content' as const, params: { zh: { orderNo, amount: yuan(amount) }, en: { orderNo, amount: yuan(amount) } } };
  const base = { orderNo, amount: formatYuan(amount).slice(1), percent };
  const why = (lang: 'zh' | 'en') =>
    r.decisionReason
      ? translate(lang, 'notify.refundDone.why', {
          tierPercent: refundPercent({ ratio: 'tier', baseFen: r.baseFen, amountFen: r.requestedFen, tierPerMille: r.tierPerMille })!,
          tierAmount: formatYuan(r.requestedFen).slice(1),
          reason: r.decisionReason,
        })
      : '';
  return { content: 'notify.refundDone.contentDecided' as const, params: { zh: { ...base, why: why('zh') }, en: { ...base, why: why('en') } } };
}

/** Items of a refund that did not happen go back to what they were. */
export async function restoreItems(deps: Events, tx: Tx, items: (typeof orderItems.$inferSelect)[], now: Date) {
  if (!items.length) return;
  const [o] = await tx.select({ activityId: orders.activityId }).from(orders).where(eq(orders.id, items[0]!.orderId));
  await publish(deps, tx, 'refund.undone', { orderId: items[0]!.orderId, activityId: o?.activityId ?? null, itemIds: items.map((i) => i.id) });
  await tx
    .update(orderItems)
    .set({ status: 'active' })
    .where(
      and(
        inArray(
          orderItems.id,
          items.map((i) => i.id),
        ),
        eq(orderItems.status, 'refunding'),
      ),
    );
  const codeIds = items.map((i) => i.codeId).filter((x): x is number => !!x);
  if (codeIds.length)
    await tx
      .update(redeemCodes)
      .set({ status: 'available' })
      .where(and(inArray(redeemCodes.id, codeIds), eq(redeemCodes.status, 'refunding')));
  const memberIds = items.map((i) => i.memberId).filter((x): x is number => !!x);
  if (memberIds.length) {
    const { rows } = await lockOwnMembersWithTeams(tx, null, memberIds);
    for (const m of rows)
      if (m.payStatus === PAY_STATUS.WITHDRAWING)
        await tx
          .update(teamMembers)
          .set({ payStatus: m.statusBeforeWithdraw ?? PAY_STATUS.REGISTERED, statusBeforeWithdraw: null, updatedAt: now })
          .where(eq(teamMembers.id, m.id));
  }
}
