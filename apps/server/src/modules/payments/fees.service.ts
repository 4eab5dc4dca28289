import type { DbOrTx } from '../../db/client';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { feePayable, owesFee, teamFees as feesOf } from '@rp/shared';
import { activities, orderItems, plans, redeemCodes, teamMembers, teams } from '../../db/schema/index';

/** Items whose order was paid: the money came in (and what of it went back is their refundedFen). */
const PAID_ITEM = ['active', 'refunding', 'refunded'] as const;

/**
 * Money received minus money refunded, per player (issue 34): the items of paid fee orders that carried
 * her, and the bought code she redeemed. A refund counts once it has succeeded (the item's refundedFen).
 */
async function netPaidByMember(db: DbOrTx, memberIds: number[]) {
  const out = new Map<number, number>();
  if (!memberIds.length) return out;
  const add = (rows: { memberId: number | null; priceFen: number; refundedFen: number }[]) => {
    for (const r of rows) if (r.memberId) out.set(r.memberId, (out.get(r.memberId) ?? 0) + r.priceFen - r.refundedFen);
  };
  add(
    await db
      .select({ memberId: orderItems.memberId, priceFen: orderItems.priceFen, refundedFen: orderItems.refundedFen })
      .from(orderItems)
      .where(and(inArray(orderItems.memberId, memberIds), inArray(orderItems.status, [...PAID_ITEM]))),
  );
  add(
    await db
      .select({ memberId: redeemCodes.memberId, priceFen: orderItems.priceFen, refundedFen: orderItems.refundedFen })
      .from(orderItems)
      .innerJoin(redeemCodes, eq(redeemCodes.id, orderItems.codeId))
      .where(and(inArray(redeemCodes.memberId, memberIds), inArray(orderItems.status, [...PAID_ITEM]))),
  );
  return out;
}

/**
 * Team fee labels (spec 3): total fee, paid amount, amount to be paid, per team of the caller, and what each
 * player still owes. A player's price is what her order item was paid, else her plan's price (else her
 * team's, else the activity's first plan: the one the registration screens show). Paid is money received
 * minus money refunded (netPaidByMember); who may be paid for now follows feePayable (issue 34: in an
 * activity with review only a passed player).
 */
export async function teamFees(db: DbOrTx, userId: number, activityId: number, teamId?: number) {
  const tw = teamId
    ? and(eq(teams.userId, userId), eq(teams.activityId, activityId), eq(teams.id, teamId))
    : and(eq(teams.userId, userId), eq(teams.activityId, activityId));
  const ts = await db.select({ id: teams.id, planId: teams.planId }).from(teams).where(tw);
  if (!ts.length) return [];
  const [activity] = await db.select({ reviewRequired: activities.reviewRequired }).from(activities).where(eq(activities.id, activityId));
  const review = activity?.reviewRequired ?? false;
  const members = await db
    .select({ id: teamMembers.id, teamId: teamMembers.teamId, name: teamMembers.name, planId: teamMembers.planId, payStatus: teamMembers.payStatus })
    .from(teamMembers)
    .where(
      and(
        inArray(
          teamMembers.teamId,
          ts.map((t) => t.id),
        ),
        isNotNull(teamMembers.teamId),
      ),
    )
    .orderBy(asc(teamMembers.id));
  const planRows = await db.select({ id: plans.id, p: plans.priceFen }).from(plans).where(eq(plans.activityId, activityId)).orderBy(asc(plans.id));
  const prices = new Map(planRows.map((p) => [p.id, p.p]));
  // the plan the registration screens show when neither player nor team names one: the activity's first
  const fallback = planRows[0]?.p ?? 0;
  const ids = members.map((m) => m.id);
  const netPaid = await netPaidByMember(db, ids);
  const itemPrice = new Map(
    ids.length
      ? (
          await db
            .select({ memberId: orderItems.memberId, priceFen: orderItems.priceFen })
            .from(orderItems)
            .where(and(inArray(orderItems.memberId, ids), inArray(orderItems.status, ['active', 'refunding'])))
        ).map((i) => [i.memberId!, i.priceFen])
      : [],
  );
  return ts.map((t) => {
    const rows = members
      .filter((m) => m.teamId === t.id)
      .map((m) => ({
        ...m,
        priceFen: itemPrice.get(m.id) ?? ((m.planId ? prices.get(m.planId) : undefined) || (t.planId ? prices.get(t.planId) : undefined) || fallback),
        netPaidFen: netPaid.get(m.id) ?? 0,
        payable: feePayable(m.payStatus, review),
      }));
    return {
      teamId: t.id,
      ...feesOf(rows),
      payableMemberIds: rows.filter((m) => m.payable).map((m) => m.id),
      owed: rows
        .filter((m) => owesFee(m.payStatus))
        .map((m) => ({ memberId: m.id, name: m.name, payStatus: m.payStatus, dueFen: m.priceFen, payable: m.payable })),
    };
  });
}
