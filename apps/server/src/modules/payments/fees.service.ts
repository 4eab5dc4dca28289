import type { DbOrTx } from '../../db/client';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { nextPayStatus, teamFees as feesOf } from '@rp/shared';
import { orderItems, plans, teamMembers, teams } from '../../db/schema/index';

/**
 * Team fee labels (spec 3): total fee, paid amount, amount to be paid, per team of the caller. A paid
 * player counts what its order item was paid (or the price of the code it redeemed); an unpaid one its
 * plan's price (else its team's, else the activity's first plan: the one the registration screens show).
 */
export async function teamFees(db: DbOrTx, userId: number, activityId: number, teamId?: number) {
  const tw = teamId
    ? and(eq(teams.userId, userId), eq(teams.activityId, activityId), eq(teams.id, teamId))
    : and(eq(teams.userId, userId), eq(teams.activityId, activityId));
  const ts = await db.select({ id: teams.id, planId: teams.planId }).from(teams).where(tw);
  if (!ts.length) return [];
  const members = await db
    .select({ id: teamMembers.id, teamId: teamMembers.teamId, planId: teamMembers.planId, payStatus: teamMembers.payStatus })
    .from(teamMembers)
    .where(
      and(
        inArray(
          teamMembers.teamId,
          ts.map((t) => t.id),
        ),
        isNotNull(teamMembers.teamId),
      ),
    );
  const planRows = await db.select({ id: plans.id, p: plans.priceFen }).from(plans).where(eq(plans.activityId, activityId)).orderBy(asc(plans.id));
  const prices = new Map(planRows.map((p) => [p.id, p.p]));
  // the plan the registration screens show when neither player nor team names one: the activity's first
  const fallback = planRows[0]?.p ?? 0;
  const paid = members.length
    ? await db
        .select({ memberId: orderItems.memberId, priceFen: orderItems.priceFen, refundedFen: orderItems.refundedFen })
        .from(orderItems)
        .where(
          and(
            inArray(
              orderItems.memberId,
              members.map((m) => m.id),
            ),
            inArray(orderItems.status, ['active', 'refunding']),
          ),
        )
    : [];
  const paidBy = new Map(paid.map((p) => [p.memberId!, p.priceFen - p.refundedFen]));
  return ts.map((t) => {
    const mine = members.filter((m) => m.teamId === t.id);
    const rows = mine.map((m) => {
      const price = (m.planId ? prices.get(m.planId) : undefined) || (t.planId ? prices.get(t.planId) : undefined) || fallback;
      return { priceFen: paidBy.get(m.id) ?? price, payStatus: m.payStatus, paidFen: paidBy.get(m.id) ?? price };
    });
    return {
      teamId: t.id,
      ...feesOf(rows),
      payableMemberIds: mine.filter((m) => nextPayStatus(m.payStatus, 'payStart') !== null).map((m) => m.id),
    };
  });
}
