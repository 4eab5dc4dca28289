import type { Tx } from '../../db/client';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { approvedRefundFen, nextPayStatus, refundPreview, type RefundRatio } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { publish } from '../../lib/events';
import { activities, orderItems, payments, redeemCodes, refundItems, refunds, teamMembers } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { lockOwnMembersWithTeams } from '../registration/index';

import { notify } from '../messages/index';
import { lockOrder, maskAccountNo, newRefundNo, ownOrder, type OrderRow } from './common';
import { applyRefundEvent, executeRefund, restoreItems } from './settle';

type ItemRow = typeof orderItems.$inferSelect;

/** The payment that paid the order: refunds go back the way the money came (spec 9). */
async function paidPayment(tx: Tx, o: OrderRow) {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.status, 'paid')))
    .orderBy(desc(payments.id))
    .limit(1);
  return p ?? null;
}

async function refundableItems(tx: Tx, o: OrderRow, itemIds: number[]): Promise<ItemRow[]> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, o.id), inArray(orderItems.id, itemIds)));
  if (items.length !== new Set(itemIds).size) throw new AppError('ORDER_NOT_FOUND');
  if (items.some((i) => i.status !== 'active')) throw new AppError('REFUND_NOT_ALLOWED');
  return items;
}

/** What a refund of these items would give now, by the tier of spec 9. Changes nothing. */
export async function previewRefund(deps: Pick<AppDeps, 'database'>, userId: number, orderNo: string, itemIds: number[], now = new Date()) {
  return deps.database.db.transaction(async (tx) => {
    const o = await ownOrder(tx, userId, orderNo);
    if (o.status !== 'paid') throw new AppError('REFUND_NOT_ALLOWED');
    const items = await refundableItems(tx, o, itemIds);
    const [a] = await tx.select({ begin: activities.beginTime }).from(activities).where(eq(activities.id, o.activityId));
    const base = items.reduce((s, i) => s + i.priceFen - i.refundedFen, 0);
    return { baseFen: base, ...refundPreview(base, a!.begin, now) };
  });
}

/**
 * A member asks for a refund of some items of a paid order (a partial refund of a group order). Codes
 * must be unused (taken out of use by a conditional UPDATE: a code redeemed at the same moment wins or
 * loses as a whole); players go 3/9 → 4. The amount of the tier is recorded and shown; staff decide.
 */
export async function requestRefund(
  deps: Pick<AppDeps, 'database' | 'events'>,
  userId: number,
  body: { orderNo: string; itemIds: number[]; reason: string },
  now = new Date(),
) {
  return deps.database.db.transaction(async (tx) => {
    const o = await ownOrder(tx, userId, body.orderNo, true);
    if (o.status !== 'paid') throw new AppError('REFUND_NOT_ALLOWED');
    const [a] = await tx.select().from(activities).where(eq(activities.id, o.activityId));
    if (!a?.refundEnabled) throw new AppError('REFUND_DISABLED', 'pay.refundDisabled');
    const items = await refundableItems(tx, o, body.itemIds);
    const p = await paidPayment(tx, o);
    if (!p) throw new AppError('REFUND_NOT_ALLOWED');
    const codeIds = items.map((i) => i.codeId).filter((x): x is number => !!x);
    if (codeIds.length) {
      const taken = await tx
        .update(redeemCodes)
        .set({ status: 'refunding' })
        .where(and(inArray(redeemCodes.id, codeIds), eq(redeemCodes.status, 'available')))
        .returning({ id: redeemCodes.id });
      if (taken.length !== codeIds.length) throw new AppError('REFUND_NOT_ALLOWED');
    }
    const memberIds = items.map((i) => i.memberId).filter((x): x is number => !!x);
    if (memberIds.length) {
      const { rows } = await lockOwnMembersWithTeams(tx, userId, memberIds);
      for (const m of rows) {
        const next = nextPayStatus(m.payStatus, 'withdraw');
        if (next === null) throw new AppError('REFUND_NOT_ALLOWED');
        await tx.update(teamMembers).set({ payStatus: next, statusBeforeWithdraw: m.payStatus, updatedAt: now }).where(eq(teamMembers.id, m.id));
      }
    }
    // passes of a ticket order stop admitting (tickets' subscriber refuses a used one: 409 REFUND_NOT_ALLOWED)
    await publish(deps, tx, 'refund.requested', { orderId: o.id, orderNo: o.orderNo, activityId: o.activityId ?? null, itemIds: items.map((i) => i.id) });
    const base = items.reduce((s, i) => s + i.priceFen - i.refundedFen, 0);
    if (base + o.refundedFen > o.paidFen) throw new AppError('REFUND_TOO_LARGE');
    const tier = refundPreview(base, a.beginTime, now);
    const [r] = await tx
      .insert(refunds)
      .values({
        refundNo: newRefundNo(now),
        orderId: o.id,
        paymentId: p.id,
        userId,
        kind: 'request',
        status: 'pending',
        baseFen: base,
        tierPerMille: tier.perMille,
        requestedFen: tier.fen,
        reason: body.reason,
        createdAt: now,
      })
      .returning();
    await tx.insert(refundItems).values(items.map((i) => ({ refundId: r!.id, itemId: i.id })));
    await tx
      .update(orderItems)
      .set({ status: 'refunding' })
      .where(
        inArray(
          orderItems.id,
          items.map((i) => i.id),
        ),
      );
    await audit(tx, {
      userId,
      resource: 'refunds',
      recordId: r!.id,
      action: 'request',
      after: { orderNo: o.orderNo, itemIds: body.itemIds, baseFen: base, tier },
    });
    return r!;
  });
}

async function itemsOf(tx: Tx, refundId: number) {
  const links = await tx.select({ itemId: refundItems.itemId }).from(refundItems).where(eq(refundItems.refundId, refundId));
  return links.length
    ? tx
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.id,
            links.map((l) => l.itemId),
          ),
        )
    : [];
}

/** The member withdraws a request staff have not decided yet (spec 4.3 'user cancelled'). */
export async function cancelRefund(deps: Pick<AppDeps, 'database' | 'events'>, userId: number, refundNo: string, now = new Date()) {
  await deps.database.db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(and(eq(refunds.refundNo, refundNo), eq(refunds.userId, userId)));
    if (!peek) throw new AppError('ORDER_NOT_FOUND');
    await lockOrder(tx, peek.orderId);
    const [r] = await tx.select().from(refunds).where(eq(refunds.refundNo, refundNo)).for('update');
    if (!r || r.status !== 'pending') throw new AppError('REFUND_NOT_PENDING');
    await tx.update(refunds).set({ status: 'cancelled', completedAt: now }).where(eq(refunds.id, r.id));
    await restoreItems(deps, tx, await itemsOf(tx, r.id), now);
    await audit(tx, { userId, resource: 'refunds', recordId: r.id, action: 'cancel' });
  });
}

/**
 * Staff decide a pending refund: approve with one of the ratio choices of spec 9 (the amount is computed
 * here, never sent by the client) and the money goes back through the original provider; or reject
 * with a reason (required, spec 5), which gives the items back and tells the member.
 */
export async function decideRefund(
  deps: AppDeps,
  staffId: number,
  refundId: number,
  d: { approve: true; ratio: RefundRatio; deductFen?: number; reason?: string } | { approve: false; reason: string },
  now = new Date(),
) {
  const approved = await deps.database.db.transaction(async (tx) => {
    const [peek] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!peek) throw new AppError('NOT_FOUND');
    const o = await lockOrder(tx, peek.orderId);
    const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!r || r.status !== 'pending') throw new AppError('REFUND_NOT_PENDING');
    const items = await itemsOf(tx, r.id);
    if (!d.approve) {
      await tx.update(refunds).set({ status: 'rejected', rejectReason: d.reason, decidedBy: staffId, decidedAt: now }).where(eq(refunds.id, r.id));
      await restoreItems(deps, tx, items, now);
      await audit(tx, {
        userId: staffId,
        resource: 'refunds',
        recordId: r.id,
        action: 'reject',
        before: { status: 'pending' },
        after: { status: 'rejected', reason: d.reason },
      });
      if (r.userId)
        await notify(tx, [
          {
            receiverId: r.userId,
            title: 'notify.refundRejected.title',
            content: 'notify.refundRejected.content',
            params: { zh: { orderNo: o.orderNo, reason: d.reason }, en: { orderNo: o.orderNo, reason: d.reason } },
          },
        ]);
      return false;
    }
    const persons = Math.max(1, items.length);
    const amount = approvedRefundFen(d.ratio, r.baseFen, persons, d.deductFen ?? 0);
    if (amount + o.refundedFen > o.paidFen) throw new AppError('REFUND_TOO_LARGE');
    // less than the member was quoted when asking (the tier's amount): the member is told why (issue 24)
    const decisionReason = d.reason?.trim() ?? '';
    if (amount < r.requestedFen && !decisionReason) throw new AppError('VALIDATION_FAILED', { message: 'pay.refundReasonRequired', field: 'reason' });
    await tx
      .update(refunds)
      .set({ status: 'processing', ratio: d.ratio, deductFen: d.deductFen ?? null, amountFen: amount, decisionReason, decidedBy: staffId, decidedAt: now })
      .where(eq(refunds.id, r.id));
    await audit(tx, {
      userId: staffId,
      resource: 'refunds',
      recordId: r.id,
      action: 'approve',
      before: { status: 'pending', requestedFen: r.requestedFen },
      after: { status: 'processing', ratio: d.ratio, deductFen: d.deductFen ?? null, amountFen: amount, ...(decisionReason ? { reason: decisionReason } : {}) },
    });
    return true;
  });
  if (approved) await executeRefund(deps, refundId);
}

/**
 * A type-2 withdrawal that staff approved (registration module): the player's paid item — a fee paid by
 * an order, or the bought code the player redeemed — is refunded by the tier, through the provider.
 * Returns the refund to execute after the caller's transaction commits and its amount (the tier of what
 * the item was paid), or null when nothing was paid through an order (a code given by staff).
 */
export async function refundForWithdrawal(
  tx: Tx,
  memberId: number,
  perMille: number,
  staffId: number,
  now: Date,
): Promise<{ refundId: number; fen: number } | null> {
  const [byFee] = await tx
    .select({ item: orderItems })
    .from(orderItems)
    .where(and(eq(orderItems.memberId, memberId), eq(orderItems.status, 'active')))
    .limit(1);
  const [byCode] = byFee
    ? []
    : await tx
        .select({ item: orderItems })
        .from(orderItems)
        .innerJoin(redeemCodes, eq(redeemCodes.id, orderItems.codeId))
        .where(and(eq(redeemCodes.memberId, memberId), eq(orderItems.status, 'active')))
        .limit(1);
  const item = (byFee ?? byCode)?.item;
  if (!item) return null;
  const o = await lockOrder(tx, item.orderId);
  const p = await paidPayment(tx, o);
  if (!p) return null;
  const base = item.priceFen - item.refundedFen;
  const amount = Math.min(Math.floor((base * perMille) / 1000), o.paidFen - o.refundedFen);
  const [r] = await tx
    .insert(refunds)
    .values({
      refundNo: newRefundNo(now),
      orderId: o.id,
      paymentId: p.id,
      userId: o.userId,
      kind: 'withdrawal',
      status: 'processing',
      baseFen: base,
      tierPerMille: perMille,
      requestedFen: amount,
      ratio: 'tier',
      amountFen: amount,
      reason: 'withdrawal',
      decidedBy: staffId,
      decidedAt: now,
    })
    .returning({ id: refunds.id });
  await tx.insert(refundItems).values({ refundId: r!.id, itemId: item.id });
  await tx.update(orderItems).set({ status: 'refunding' }).where(eq(orderItems.id, item.id));
  return { refundId: r!.id, fen: amount };
}

/** A bank-paid refund waiting for staff to transfer it back (issue 34), under the order's lock; else 409 REFUND_NOT_BANK. */
async function owedBankRefund(tx: Tx, refundId: number) {
  const [peek] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!peek) throw new AppError('NOT_FOUND');
  await lockOrder(tx, peek.orderId);
  const [row] = await tx
    .select({ r: refunds, channel: payments.channel })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
    .for('update', { of: refunds });
  if (!row || row.channel !== 'bank' || row.r.status !== 'processing') throw new AppError('REFUND_NOT_BANK');
  return row.r;
}

/**
 * Staff record the account a bank-paid refund goes back to (the family told them): holder, bank, and the
 * number encrypted like ID numbers (lib/pii) with a masked copy for screens. The audit keeps only the mask.
 */
export async function recordRefundPayee(
  deps: Pick<AppDeps, 'database' | 'pii'>,
  staffId: number,
  refundId: number,
  payee: { name: string; bank: string; accountNo: string },
) {
  await deps.database.db.transaction(async (tx) => {
    const r = await owedBankRefund(tx, refundId);
    const masked = maskAccountNo(payee.accountNo);
    await tx
      .update(refunds)
      .set({ payeeName: payee.name, payeeBank: payee.bank, payeeAccountEnc: deps.pii.encrypt(payee.accountNo), payeeAccountMasked: masked })
      .where(eq(refunds.id, r.id));
    await audit(tx, { userId: staffId, resource: 'refunds', recordId: r.id, action: 'update', after: { name: payee.name, bank: payee.bank, account: masked } });
  });
}

/** The whole payee account number of a bank-paid refund, for the staff member making the transfer (audited). */
export async function revealRefundPayee(deps: Pick<AppDeps, 'database' | 'pii'>, staffId: number, refundId: number): Promise<string> {
  const [r] = await deps.database.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!r) throw new AppError('NOT_FOUND');
  if (!r.payeeAccountEnc) throw new AppError('REFUND_PAYEE_MISSING');
  await audit(deps.database.db, { userId: staffId, resource: 'refunds', recordId: r.id, action: 'viewPayee' });
  return deps.pii.decrypt(r.payeeAccountEnc);
}

/**
 * Staff transferred a bank-paid refund back and record the bank serial: only now is it refunded — the
 * ledger's −amount, the items, and the family's "refund completed" notice (applyRefundEvent).
 */
export async function markRefundTransferred(
  deps: Pick<AppDeps, 'database' | 'events'>,
  staffId: number,
  refundId: number,
  bankSerial: string,
  now = new Date(),
) {
  const r = await deps.database.db.transaction((tx) => owedBankRefund(tx, refundId));
  if (!r.payeeName) throw new AppError('REFUND_PAYEE_MISSING');
  const done = await applyRefundEvent(deps, { type: 'refund', outRefundNo: r.refundNo, providerRefundNo: bankSerial, success: true }, now, staffId);
  if (done !== 'applied') throw new AppError('REFUND_NOT_BANK');
}
