import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { translate, type ChannelApplyBody, type Lang, type RebateWithdrawBody } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { activities, messages, orderItems, orgApplications, orgs, rebates, rebateWithdrawals, teamMembers, teams, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';

/**
 * Channel partners (issue 12): a school or centre applies, staff approve and a 6-character channel code is
 * issued; each paid registration of a team bound to the code earns the partner a rebate (its ratio of the fee),
 * final once the refund window closes (the activity's refund switch off, or the activity begun), void when
 * refunded; final rebates are withdrawn as cash by one of spec 9's methods, one withdrawal in payment at a time.
 */

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en || zh : zh || en);
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: read aloud and typed by hand

function uniqueViolation(e: unknown, constraint: string): boolean {
  for (let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err)
    if (err.code === '23505' && err.constraint === constraint) return true;
  return false;
}

export async function applyChannel(db: Db, userId: number, b: ChannelApplyBody) {
  const [taken] = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(sql`lower(${orgs.name}) = lower(${b.name})`)
    .limit(1);
  if (taken) throw new AppError('CHANNEL_NAME_TAKEN', { field: 'name' });
  try {
    const [row] = await db
      .insert(orgApplications)
      .values({ userId, ...b })
      .returning();
    return row!;
  } catch (e) {
    if (uniqueViolation(e, 'org_applications_name_uq')) throw new AppError('CHANNEL_NAME_TAKEN', { field: 'name' });
    throw e;
  }
}

export async function myApplications(db: Db, userId: number) {
  const rows = await db
    .select({ a: orgApplications, code: orgs.code, rebatePerMille: orgs.rebatePerMille })
    .from(orgApplications)
    .leftJoin(orgs, eq(orgs.id, orgApplications.orgId))
    .where(eq(orgApplications.userId, userId))
    .orderBy(desc(orgApplications.id));
  return rows.map(({ a, code, rebatePerMille }) => presentApplication(a, code, rebatePerMille));
}

function presentApplication(a: typeof orgApplications.$inferSelect, code: string | null, rebatePerMille: number | null) {
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    status: a.status as 'pending' | 'approved' | 'rejected',
    rejectReason: a.rejectReason,
    orgId: a.orgId,
    code,
    rebatePerMille: rebatePerMille ?? 0,
    createdAt: a.createdAt.toISOString(),
  };
}

function newChannelCode(): string {
  const bytes = crypto.randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

async function tell(tx: Tx, receiverId: number, title: 'channel.approvedTitle' | 'channel.rejectedTitle', body: { zh: string; en: string }) {
  await tx.insert(messages).values({
    receiverId,
    type: 1,
    titleZh: translate('zh', title),
    titleEn: translate('en', title),
    contentZh: body.zh,
    contentEn: body.en,
    publisherZh: translate('zh', 'consult.staff'),
    publisherEn: translate('en', 'consult.staff'),
  });
}

/** Staff approve: a channel (orgs row) with a fresh 6-character code; the applicant holds the channel role. */
export async function approveApplication(db: Db, staffId: number, id: number, rebatePerMille: number) {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(orgApplications).where(eq(orgApplications.id, id)).for('update');
    if (!a) throw new AppError('CHANNEL_NOT_FOUND');
    if (a.status !== 'pending') throw new AppError('CHANNEL_BAD_STATE');
    let org: typeof orgs.$inferSelect | undefined;
    for (let attempt = 0; !org && attempt < 5; attempt++) {
      const [row] = await tx
        .insert(orgs)
        .values({ name: a.name, address: a.address, type: a.type, code: newChannelCode(), rebatePerMille, status: 1 })
        .onConflictDoNothing()
        .returning();
      org = row;
    }
    if (!org) throw new AppError('CHANNEL_BAD_STATE');
    await tx.update(orgApplications).set({ status: 'approved', orgId: org.id }).where(eq(orgApplications.id, id));
    await tx
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, 'channel')` })
      .where(and(eq(users.id, a.userId), sql`not ('channel' = any(${users.roles}))`));
    await tell(tx, a.userId, 'channel.approvedTitle', {
      zh: translate('zh', 'channel.approvedBody', { code: org.code }),
      en: translate('en', 'channel.approvedBody', { code: org.code }),
    });
    await audit(tx, {
      userId: staffId,
      resource: 'channelApplications',
      recordId: id,
      action: 'approve',
      after: { orgId: org.id, code: org.code, rebatePerMille },
    });
    return org;
  });
}

export async function rejectApplication(db: Db, staffId: number, id: number, reason: string) {
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(orgApplications).where(eq(orgApplications.id, id)).for('update');
    if (!a) throw new AppError('CHANNEL_NOT_FOUND');
    if (a.status !== 'pending') throw new AppError('CHANNEL_BAD_STATE');
    await tx.update(orgApplications).set({ status: 'rejected', rejectReason: reason }).where(eq(orgApplications.id, id));
    await tell(tx, a.userId, 'channel.rejectedTitle', { zh: reason, en: reason });
    await audit(tx, { userId: staffId, resource: 'channelApplications', recordId: id, action: 'reject', after: { reason } });
  });
}

/** The channel's money: final (withdrawable), pending (refund window open), withdrawn (in payment or paid). */
async function balanceOf(db: Db | Tx, orgId: number, now: Date) {
  const [r] = await db
    .execute<{ final: number; pending: number; withdrawn: number; paying: number }>(
      sql`
    select
      coalesce((select sum(r.amount_fen) from rebates r join activities a on a.id = r.activity_id
        where r.org_id = ${orgId} and r.status = 'accrued' and (not a.refund_enabled or a.begin_time <= ${now})), 0)::bigint as final,
      coalesce((select sum(r.amount_fen) from rebates r join activities a on a.id = r.activity_id
        where r.org_id = ${orgId} and r.status = 'accrued' and a.refund_enabled and a.begin_time > ${now}), 0)::bigint as pending,
      coalesce((select sum(amount_fen) from rebate_withdrawals where org_id = ${orgId} and status in ('paying', 'completed')), 0)::bigint as withdrawn,
      (select count(*) from rebate_withdrawals where org_id = ${orgId} and status = 'paying')::int as paying`,
    )
    .then((x) => (x as unknown as { rows: { final: number; pending: number; withdrawn: number; paying: number }[] }).rows);
  const finalFen = Number(r?.final ?? 0);
  const withdrawnFen = Number(r?.withdrawn ?? 0);
  const availableFen = Math.max(0, finalFen - withdrawnFen);
  return { finalFen, pendingFen: Number(r?.pending ?? 0), withdrawnFen, availableFen, canApply: availableFen > 0 && Number(r?.paying ?? 0) === 0 };
}

/** Everything a partner sees (spec 7.6 listBySelf): bound teams and players, rebates, balance, withdrawals. */
export async function channelSelf(db: Db, userId: number, lang: Lang, now = new Date()) {
  const mine = await db
    .select({ org: orgs })
    .from(orgApplications)
    .innerJoin(orgs, eq(orgs.id, orgApplications.orgId))
    .where(and(eq(orgApplications.userId, userId), eq(orgApplications.status, 'approved')))
    .orderBy(desc(orgs.id));
  const out = [];
  for (const { org } of mine) {
    const bound = await db
      .select({ id: teams.id, name: teams.name, aZh: activities.nameZh, aEn: activities.nameEn })
      .from(teams)
      .innerJoin(activities, eq(activities.id, teams.activityId))
      .where(eq(teams.orgId, org.id))
      .orderBy(desc(teams.id))
      .limit(200);
    const players = bound.length
      ? await db
          .select({ teamId: teamMembers.teamId, name: teamMembers.name, payStatus: teamMembers.payStatus })
          .from(teamMembers)
          .where(
            inArray(
              teamMembers.teamId,
              bound.map((t) => t.id),
            ),
          )
      : [];
    const rows = await db
      .select({
        r: rebates,
        refundEnabled: activities.refundEnabled,
        beginTime: activities.beginTime,
        aZh: activities.nameZh,
        aEn: activities.nameEn,
        playerName: teamMembers.name,
        teamName: teams.name,
      })
      .from(rebates)
      .innerJoin(activities, eq(activities.id, rebates.activityId))
      .innerJoin(orderItems, eq(orderItems.id, rebates.orderItemId))
      .leftJoin(teamMembers, eq(teamMembers.id, orderItems.memberId))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(rebates.orgId, org.id))
      .orderBy(desc(rebates.id))
      .limit(500);
    const withdrawals = await db.select().from(rebateWithdrawals).where(eq(rebateWithdrawals.orgId, org.id)).orderBy(desc(rebateWithdrawals.id)).limit(100);
    out.push({
      orgId: org.id,
      name: org.name,
      code: org.code,
      rebatePerMille: org.rebatePerMille,
      teams: bound.map((t) => ({
        id: t.id,
        name: t.name,
        activityName: pick(lang, t.aZh, t.aEn),
        players: players.filter((p) => p.teamId === t.id).map((p) => ({ name: p.name, payStatus: p.payStatus })),
      })),
      balance: await balanceOf(db, org.id, now),
      rebates: rows.map((x) => ({
        id: x.r.id,
        activityName: pick(lang, x.aZh, x.aEn),
        teamName: x.teamName ?? '',
        playerName: x.playerName ?? '',
        baseFen: x.r.baseFen,
        amountFen: x.r.amountFen,
        state: (x.r.status === 'void' ? 'void' : !x.refundEnabled || x.beginTime <= now ? 'final' : 'pending') as 'final' | 'pending' | 'void',
        createdAt: x.r.createdAt.toISOString(),
      })),
      withdrawals: withdrawals.map(presentWithdrawal),
    });
  }
  return out;
}

export function presentWithdrawal(w: typeof rebateWithdrawals.$inferSelect) {
  return {
    id: w.id,
    amountFen: w.amountFen,
    method: w.method as 'enterprise' | 'wallet' | 'bank',
    account: w.account.length > 4 ? `****${w.account.slice(-4)}` : w.account,
    status: w.status as 'paying' | 'completed' | 'abnormal',
    note: w.note,
    createdAt: w.createdAt.toISOString(),
  };
}

/**
 * A cash withdrawal: under the channel row's lock (every instance queues on it), at most the available balance
 * and one withdrawal in payment at a time — of two at once, exactly one goes through.
 */
export async function withdraw(db: Db, userId: number, b: RebateWithdrawBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: orgApplications.id })
      .from(orgApplications)
      .where(and(eq(orgApplications.orgId, b.orgId), eq(orgApplications.userId, userId), eq(orgApplications.status, 'approved')));
    if (!own) throw new AppError('CHANNEL_NOT_MINE');
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, b.orgId)).for('update');
    if (!org || org.status !== 1) throw new AppError('CHANNEL_BAD_STATE');
    const bal = await balanceOf(tx, org.id, now);
    const [paying] = await tx
      .select({ id: rebateWithdrawals.id })
      .from(rebateWithdrawals)
      .where(and(eq(rebateWithdrawals.orgId, org.id), eq(rebateWithdrawals.status, 'paying')))
      .limit(1);
    if (paying) throw new AppError('REBATE_BUSY');
    if (b.amountFen > bal.availableFen) throw new AppError('REBATE_OVER_BALANCE', { field: 'amountFen' });
    const [w] = await tx
      .insert(rebateWithdrawals)
      .values({ orgId: org.id, userId, amountFen: b.amountFen, method: b.method, accountName: b.accountName, account: b.account, bankName: b.bankName })
      .returning();
    await audit(tx, { userId, resource: 'rebateWithdrawals', recordId: w!.id, action: 'create', after: { amountFen: b.amountFen, method: b.method } });
    return presentWithdrawal(w!);
  });
}

/** Staff record the transfer: completed, or abnormal (the money was not paid and returns to the balance). */
export async function decideWithdrawal(db: Db, staffId: number, id: number, outcome: 'completed' | 'abnormal', note: string) {
  return db.transaction(async (tx) => {
    const [w] = await tx.select().from(rebateWithdrawals).where(eq(rebateWithdrawals.id, id)).for('update');
    if (!w) throw new AppError('REBATE_NOT_FOUND');
    if (w.status !== 'paying') throw new AppError('REBATE_BAD_STATE');
    const [after] = await tx.update(rebateWithdrawals).set({ status: outcome, note, doneAt: new Date() }).where(eq(rebateWithdrawals.id, id)).returning();
    await audit(tx, {
      userId: staffId,
      resource: 'rebateWithdrawals',
      recordId: id,
      action: outcome,
      before: { status: w.status },
      after: { status: outcome, note },
    });
    return presentWithdrawal(after!);
  });
}

/** Paid registration fees: each line of a player whose team is bound to an enabled channel earns its rebate. */
export async function accrueRebates(tx: Tx, orderId: number, activityId: number) {
  await tx.execute(sql`
    insert into rebates (org_id, order_id, order_item_id, activity_id, base_fen, per_mille, amount_fen)
    select o.id, i.order_id, i.id, ${activityId}, i.price_fen, o.rebate_per_mille, (i.price_fen::bigint * o.rebate_per_mille / 1000)::int
    from order_items i
    join team_members m on m.id = i.member_id
    join teams t on t.id = m.team_id
    join orgs o on o.id = t.org_id
    where i.order_id = ${orderId} and i.member_id is not null and o.status = 1 and o.rebate_per_mille > 0
    on conflict (order_item_id) do nothing`);
}

/** Refunded lines earn nothing. */
export async function voidRebates(tx: Tx, itemIds: number[]) {
  if (!itemIds.length) return;
  await tx
    .update(rebates)
    .set({ status: 'void' })
    .where(and(inArray(rebates.orderItemId, itemIds), eq(rebates.status, 'accrued')));
}
