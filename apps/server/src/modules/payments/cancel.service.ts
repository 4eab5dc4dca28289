import { and, desc, eq, inArray } from 'drizzle-orm';
import { nextPayStatus, PAY_STATUS } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { orderItems, payments, redeemCodes, refundItems, refunds, teamMembers } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notifyPlayers } from '../messages/index';
import { lockOwnMembersWithTeams, refreshTeamStatus } from '../registration/index';
import { lockOrder, newRefundNo } from './common';
import { executeRefund } from './settle';
import { releaseSizes } from '../registration/index';

/**
 * Staff cancel a player's registration (payStatus → 6 'cancelled', spec 4.1): the place is freed, a
 * redeemed code is voided, a fee paid through an order goes back in full through its provider, and the
 * member is told why. A player held by an unpaid order is refused (cancel the order first), so an order
 * never charges for a player who is gone.
 */
export async function cancelPlayer(deps: AppDeps, staffId: number, memberId: number, reason: string, now = new Date()) {
  let refundId: number | null = null;
  let refundFen = 0;
  const member = await deps.database.db.transaction(async (tx) => {
    // the paid item's order first (order → teams → players, the one lock order), then the player
    const [paid] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.memberId, memberId), eq(orderItems.status, 'active')))
      .limit(1);
    const order = paid ? await lockOrder(tx, paid.orderId) : null;
    const { rows } = await lockOwnMembersWithTeams(tx, null, [memberId]).catch(() => {
      throw new AppError('NOT_FOUND');
    });
    const m = rows[0]!;
    if (m.payStatus === PAY_STATUS.REGISTERING) throw new AppError('PLAYER_IN_ORDER');
    const next = nextPayStatus(m.payStatus, 'cancel');
    if (next === null) throw new AppError('ILLEGAL_TRANSITION');
    if (paid && order && order.status === 'paid') {
      const [p] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
        .orderBy(desc(payments.id))
        .limit(1);
      if (p) {
        refundFen = paid.priceFen - paid.refundedFen;
        const [r] = await tx
          .insert(refunds)
          .values({
            refundNo: newRefundNo(now),
            orderId: order.id,
            paymentId: p.id,
            userId: order.userId,
            kind: 'cancel',
            status: 'processing',
            baseFen: refundFen,
            requestedFen: refundFen,
            ratio: 'full',
            amountFen: refundFen,
            reason: reason.slice(0, 200),
            decidedBy: staffId,
            decidedAt: now,
          })
          .returning({ id: refunds.id });
        await tx.insert(refundItems).values({ refundId: r!.id, itemId: paid.id });
        await tx.update(orderItems).set({ status: 'refunding' }).where(eq(orderItems.id, paid.id));
        refundId = r!.id;
      }
    }
    if (m.code)
      await tx
        .update(redeemCodes)
        .set({ status: 'void' })
        .where(and(eq(redeemCodes.codeName, m.code), inArray(redeemCodes.status, ['used', 'available'])));
    await tx.update(teamMembers).set({ payStatus: next, statusBeforeWithdraw: null, updatedAt: now }).where(eq(teamMembers.id, m.id));
    await releaseSizes(tx, [m]); // a cancelled player's clothes size goes back to stock
    if (m.teamId) await refreshTeamStatus(tx, m.teamId);
    await audit(tx, {
      userId: staffId,
      resource: 'teamMembers',
      recordId: m.id,
      action: 'cancel',
      before: { payStatus: m.payStatus },
      after: { payStatus: next, reason, refundFen },
    });
    const amount = `${Math.floor(refundFen / 100)}.${String(refundFen % 100).padStart(2, '0')}`;
    await notifyPlayers(tx, [m], 'notify.playerCancelled.title', refundFen ? 'notify.playerCancelled.contentRefund' : 'notify.playerCancelled.content', () => ({
      reason,
      amount,
    }));
    return m;
  });
  if (refundId !== null) await executeRefund(deps, refundId);
  return { payStatus: PAY_STATUS.CANCELLED as number, refundFen, memberId: member.id };
}
