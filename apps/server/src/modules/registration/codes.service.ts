import type { DbOrTx, Tx } from '../../db/client';
import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  codeEntryClosed,
  codeFitsProgram,
  isDetailsLocked,
  isRegistered,
  nextPayStatus,
  PAY_STATUS,
  TEAM_STATUS,
  refundFen,
  translate,
  type Lang,
  type MessageKey,
} from '@rp/shared';
import type { AppDeps } from '../../deps';
import { activities, auditLog, plans, programs, redeemCodes, teamMembers, teams, users, withdrawals } from '../../db/schema/index';
import { audit, auditInsert, type AuditEntry } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import { notifyCodesAssigned, notifyPlayers } from '../messages/index';
import { publish } from '../../lib/events';
import {
  bad,
  conflict,
  loadActivity,
  loadOpenActivity,
  lockOwnMembersWithTeams,
  ownMember,
  ownMembers,
  ownTeam,
  refreshTeamStatus,
  reserveProgramPlaces,
} from './common';
import { releaseSizes } from './sizes';
import { assertConsented } from './consent.service';

type MemberRow = typeof teamMembers.$inferSelect;

/**
 * What a caller that has just written the player in this transaction already holds (saveMemberInTx): the open
 * activity, the player's team's status read under its lock, the player's program, and audit entries of the
 * same change to write in one statement with the redemption's. Each one given is not read again.
 */
export interface Known {
  activity?: Awaited<ReturnType<typeof loadOpenActivity>>;
  teamStatus?: number;
  program?: typeof programs.$inferSelect;
  audit?: AuditEntry[];
  /** the player as already written with the redemption's status and code (a new player's insert): not updated again */
  written?: MemberRow;
}

/**
 * Redeems a code for a player inside the caller's transaction. The member row is locked; the code is
 * taken by one conditional UPDATE … WHERE status = 'available', so under any concurrency, on PGlite or
 * PostgreSQL, across instances, exactly one redemption of a code wins. Lock order: the code row, then the
 * program's (reserveProgramPlaces, where it has a limit).
 */
export async function redeemInTx(tx: Tx, deps: AppDeps, userId: number, member: MemberRow, codeName: string, known: Known = {}): Promise<MemberRow> {
  // spec 4.1: a player at 3 or 9 cannot receive a code, whatever else is missing
  if (isRegistered(member.payStatus)) throw conflict('reg.alreadyRegistered', 'ALREADY_REGISTERED');
  const code = codeName.trim();
  if (!code) throw bad('reg.codeRequired', 'code');
  if (!member.teamId) throw bad('reg.codeNeedsTeam', 'code');
  const activity = known.activity ?? (await loadOpenActivity(tx, member.activityId));
  const [team] =
    known.teamStatus !== undefined ? [{ status: known.teamStatus }] : await tx.select({ status: teams.status }).from(teams).where(eq(teams.id, member.teamId));
  // spec 4.1: under review (player or team) closes code entry in level-2 activities only
  if (!isDetailsLocked(member.payStatus) && codeEntryClosed(member.payStatus, activity.level, team?.status))
    throw conflict('reg.codeDisabledInReview', 'IN_REVIEW');
  const next = nextPayStatus(member.payStatus, 'redeem');
  if (next === null) throw conflict('reg.alreadyRegistered', 'ALREADY_REGISTERED');
  // a code registers the player: a child under 14 needs a guardian's consent first where the activity asks (issue 37)
  await assertConsented(tx, [member], activity);
  const [program] =
    known.program && known.program.id === member.programId
      ? [known.program]
      : member.programId
        ? await tx.select().from(programs).where(eq(programs.id, member.programId))
        : [];
  // a code registers the player: it takes one of the program's places unless an order already holds one
  const reserve = () => (member.payStatus !== PAY_STATUS.REGISTERING ? reserveProgramPlaces(tx, new Map([[program!.id, 1]]), [program!]) : undefined);

  // the code is taken by one conditional UPDATE (available, of this activity, universal or the caller's): the
  // common case in one statement; when it takes nothing or a code of the wrong type (rolled back with the
  // error), the code is read to say why, in the order of the checks
  // the redemption's audit entries (and the save's, `known.audit`) go in the same statement, written where the code
  // was taken (a wrong type or a full program throws below and rolls them back with the rest)
  const entries: AuditEntry[] = [
    ...(known.audit ?? []),
    {
      userId,
      resource: 'teamMembers',
      recordId: member.id,
      action: 'redeem',
      before: { payStatus: member.payStatus, code: member.code },
      after: { payStatus: next, code },
    },
  ];
  const take = tx
    .update(redeemCodes)
    .set({ status: 'used', memberId: member.id, usedAt: new Date() })
    .where(
      and(
        eq(redeemCodes.codeName, code),
        eq(redeemCodes.status, 'available'),
        eq(redeemCodes.activityId, member.activityId),
        or(isNull(redeemCodes.ownerUserId), eq(redeemCodes.ownerUserId, userId)),
      ),
    )
    .returning({ type: redeemCodes.type });
  const taken = program
    ? (
        (await tx.execute(
          sql`with taken as (${take.getSQL()}), logged as (${auditInsert(entries, sql`exists (select 1 from taken)`)}) select type from taken`,
        )) as unknown as { rows: { type: number }[] }
      ).rows
    : [];
  if (!taken[0] || !codeFitsProgram(taken[0].type, program!.type)) {
    const [row] = await tx.select().from(redeemCodes).where(eq(redeemCodes.codeName, code)).limit(1);
    if (!row) throw bad('reg.codeInvalid', 'code', 'CODE_INVALID');
    if (row.activityId !== member.activityId) throw bad('reg.codeWrongActivity', 'code', 'CODE_WRONG_ACTIVITY');
    if (row.ownerUserId !== null && row.ownerUserId !== userId) throw new AppError('CODE_NOT_YOURS', { field: 'code' });
    if (!program || !codeFitsProgram(row.type, program.type)) throw bad('reg.codeTypeMismatch', 'code', 'CODE_TYPE_MISMATCH');
    await reserve();
    throw new AppError('CODE_ALREADY_USED', { field: 'code' });
  }
  await reserve();

  const [updated] = known.written
    ? [known.written]
    : await tx.update(teamMembers).set({ payStatus: next, code, updatedAt: new Date() }).where(eq(teamMembers.id, member.id)).returning();
  if (member.payStatus === PAY_STATUS.IN_REVIEW) {
    // registered by a code while under review (outside level 2): the team leaves review when none waits any more
    const waiting = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, member.teamId), eq(teamMembers.payStatus, PAY_STATUS.IN_REVIEW)))
      .limit(1);
    if (!waiting.length && team?.status === TEAM_STATUS.IN_REVIEW) {
      await tx.update(teams).set({ status: TEAM_STATUS.FORMING }).where(eq(teams.id, member.teamId));
      await refreshTeamStatus(tx, member.teamId);
    }
  }
  void deps;
  return updated!;
}

/** PUT …/useCode: one redemption in its own transaction. */
export async function redeem(deps: AppDeps, userId: number, memberId: number, activityId: number, code: string): Promise<MemberRow> {
  return deps.database.db.transaction(async (tx) => {
    const m = (await lockOwnMembersWithTeams(tx, userId, [memberId])).rows[0]!; // team, then player (common.ts)
    if (m.activityId !== activityId) throw new AppError('NOT_FOUND');
    return redeemInTx(tx, deps, userId, m, code);
  });
}

/** The account's available codes of an activity (owned ones and universal issue-by-admin ones it owns). */
export async function myCodes(deps: Pick<AppDeps, 'database'>, userId: number, activityId: number) {
  return deps.database.db
    .select({ id: redeemCodes.id, codeName: redeemCodes.codeName, type: redeemCodes.type })
    .from(redeemCodes)
    .where(and(eq(redeemCodes.activityId, activityId), eq(redeemCodes.ownerUserId, userId), eq(redeemCodes.status, 'available')))
    .orderBy(redeemCodes.id);
}

/** Get-code (spec 8.2): a random available code of the account that fits the player's program. */
export async function pickCode(deps: AppDeps, userId: number, activityId: number, memberId: number) {
  const m = await ownMember(deps.database.db, userId, memberId);
  if (m.activityId !== activityId) throw new AppError('NOT_FOUND');
  const codes = await myCodes(deps, userId, activityId);
  if (!codes.length) throw new AppError('NO_CODE');
  const [program] = m.programId ? await deps.database.db.select().from(programs).where(eq(programs.id, m.programId)) : [];
  const fitting = codes.filter((c) => codeFitsProgram(c.type, program?.type ?? 0));
  if (!fitting.length) throw new AppError('NO_QUALIFYING_CODE');
  const c = fitting[crypto.randomInt(fitting.length)]!;
  return { codeName: c.codeName, type: c.type };
}

/** Per-code check before redeeming: status 1 usable, 0 with the reason. Changes nothing. */
export async function checkCode(deps: Pick<AppDeps, 'database'>, userId: number, code: string, memberId: number, lang: Lang) {
  const { db } = deps.database;
  const m = await ownMember(db, userId, memberId);
  const fail = (key: MessageKey) => ({ status: 0, errorString: translate(lang, key) });
  if (!code.trim()) return fail('reg.codeRequired');
  const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.codeName, code.trim())).limit(1);
  if (!row) return fail('reg.codeInvalid');
  if (row.activityId !== m.activityId) return fail('reg.codeWrongActivity');
  if (row.ownerUserId !== null && row.ownerUserId !== userId) return fail('reg.codeNotYours');
  if (row.status !== 'available') return fail('reg.codeUsed');
  const [program] = m.programId ? await db.select().from(programs).where(eq(programs.id, m.programId)) : [];
  if (!program || !codeFitsProgram(row.type, program.type)) return fail('reg.codeTypeMismatch');
  return { status: 1, errorString: '' };
}

/** Team batch redeem: a result per member; one member's failure does not undo the others. */
export async function batchRedeem(
  deps: AppDeps,
  userId: number,
  activityId: number,
  teamsIn: { teamId: number; teamers: { teamerId: number; codeName: string }[] }[],
  lang: Lang,
) {
  // Someone else's team or player anywhere in the batch refuses the whole batch (404), before any work.
  const memberIds = teamsIn.flatMap((t) => t.teamers.map((m) => m.teamerId));
  if (memberIds.length) await ownMembers(deps.database.db, userId, memberIds);
  for (const t of teamsIn) await ownTeam(deps.database.db, userId, t.teamId);
  const results: { teamerId: number; codeName: string; ok: boolean; message: string }[] = [];
  for (const t of teamsIn) {
    for (const m of t.teamers) {
      try {
        await deps.database.db.transaction(async (tx) => {
          const member = (await lockOwnMembersWithTeams(tx, userId, [m.teamerId])).rows[0]!;
          if (member.activityId !== activityId || member.teamId !== t.teamId) throw new AppError('NOT_FOUND');
          await redeemInTx(tx, deps, userId, member, m.codeName);
        });
        results.push({ teamerId: m.teamerId, codeName: m.codeName, ok: true, message: translate(lang, 'reg.redeemOk') });
      } catch (e) {
        if (!(e instanceof AppError)) throw e; // a real failure: the client says 'server busy, try later'
        results.push({ teamerId: m.teamerId, codeName: m.codeName, ok: false, message: translate(lang, e.i18nKey, e.params) });
      }
    }
  }
  return results;
}

/** Withdrawal request (type 2 withdraw, 3 withdraw by code): 3 or 9 → 4. */
export async function requestWithdrawal(deps: Pick<AppDeps, 'database'>, userId: number, memberId: number, type: 2 | 3, reason: string) {
  await deps.database.db.transaction(async (tx) => {
    const m = await ownMember(tx, userId, memberId, true);
    const activity = await loadActivity(tx, m.activityId);
    if (!activity.refundEnabled) throw conflict('reg.illegalTransition', 'REFUND_DISABLED');
    if (type === 3 && !m.code) throw bad('reg.withdrawNoCode', 'type');
    const next = nextPayStatus(m.payStatus, 'withdraw');
    if (next === null) throw conflict('reg.illegalTransition', 'ILLEGAL_TRANSITION');
    await tx.update(teamMembers).set({ payStatus: next, statusBeforeWithdraw: m.payStatus, updatedAt: new Date() }).where(eq(teamMembers.id, m.id));
    await tx.insert(withdrawals).values({ memberId: m.id, userId, type, reason });
    await audit(tx, {
      userId,
      resource: 'teamMembers',
      recordId: m.id,
      action: 'withdrawRequest',
      before: { payStatus: m.payStatus },
      after: { payStatus: next, type },
    });
  });
}

/**
 * Admin decision on a withdrawal. Approve: 4 → 5; type 3 returns the code to the account as available,
 * type 2 records the refund due by the tier of spec 9 (the money moves in the payments module).
 * Reject (a reason is required, spec 5): back to the status before the request. Either way the owner gets
 * one system message in the same transaction.
 */
export async function decideWithdrawal(deps: AppDeps, staffId: number, withdrawalId: number, approve: boolean, now = new Date(), reason?: string) {
  if (!approve && !reason?.trim()) throw new AppError('VALIDATION_FAILED', { fieldErrors: { reason: 'validation.required' } });
  let refundId: number | null = null;
  const result = await deps.database.db.transaction(async (tx) => {
    const [w] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'pending')))
      .for('update');
    if (!w) throw new AppError('NO_PENDING_WITHDRAWAL');
    const [m] = await tx.select().from(teamMembers).where(eq(teamMembers.id, w.memberId)).for('update');
    if (!m) throw new AppError('NOT_FOUND');
    if (!approve) {
      await tx
        .update(teamMembers)
        .set({ payStatus: m.statusBeforeWithdraw ?? 3, statusBeforeWithdraw: null })
        .where(eq(teamMembers.id, m.id));
      await tx.update(withdrawals).set({ status: 'rejected', decidedBy: staffId, decidedAt: now }).where(eq(withdrawals.id, w.id));
      await audit(tx, {
        userId: staffId,
        resource: 'withdrawals',
        recordId: w.id,
        action: 'reject',
        before: { payStatus: m.payStatus },
        after: { payStatus: m.statusBeforeWithdraw ?? 3, reason },
      });
      await notifyPlayers(tx, [m], 'notify.withdrawRejected.title', 'notify.withdrawRejected.content', () => ({ reason: reason!.trim() }));
      return { refundFen: 0, perMille: 0 };
    }
    const next = nextPayStatus(m.payStatus, 'approveWithdraw');
    if (next === null) throw conflict('reg.illegalTransition', 'ILLEGAL_TRANSITION');
    let refund = { perMille: 0, fen: 0 };
    const [code] = m.code ? await tx.select().from(redeemCodes).where(eq(redeemCodes.codeName, m.code)).for('update') : [];
    if (w.type === 3 && code) {
      await tx.update(redeemCodes).set({ status: 'available', memberId: null, usedAt: null, ownerUserId: m.userId }).where(eq(redeemCodes.id, code.id));
    } else if (w.type === 2) {
      const [activity] = await tx.select().from(activities).where(eq(activities.id, m.activityId));
      let paid = code?.priceFen ?? 0;
      if (!paid && m.planId) paid = (await tx.select({ p: plans.priceFen }).from(plans).where(eq(plans.id, m.planId)))[0]?.p ?? 0;
      // what the player's order item was paid, when it was paid through an order (issue 10), else the code's price
      refund = refundFen(paid, activity!.beginTime, now);
      if (code) await tx.update(redeemCodes).set({ status: 'void' }).where(eq(redeemCodes.id, code.id));
      // the money goes back through the provider that took it (payments module), after this commits
      const viaOrder = (await deps.withdrawalRefunds.record(tx, { memberId: m.id, perMille: refund.perMille, staffId, now })) ?? null;
      if (viaOrder) {
        refundId = viaOrder.refundId;
        refund = { perMille: refund.perMille, fen: viaOrder.fen };
      }
    }
    await tx
      .update(teamMembers)
      .set({ payStatus: next, code: w.type === 3 ? null : m.code, statusBeforeWithdraw: null, updatedAt: now })
      .where(eq(teamMembers.id, m.id));
    await releaseSizes(tx, [m]); // a withdrawn player's clothes size goes back to stock
    await publish(deps, tx, 'registration.withdrawn', { memberId: m.id, teamId: m.teamId ?? null, activityId: m.activityId });
    await tx
      .update(withdrawals)
      .set({ status: 'approved', decidedBy: staffId, decidedAt: now, refundPerMille: refund.perMille, refundFen: refund.fen })
      .where(eq(withdrawals.id, w.id));
    await audit(tx, {
      userId: staffId,
      resource: 'withdrawals',
      recordId: w.id,
      action: 'approve',
      before: { payStatus: m.payStatus },
      after: { payStatus: next, refund },
    });
    const codeBack = w.type === 3 && !!code;
    const extra: Record<string, string | number> = codeBack
      ? { code: code!.codeName }
      : { amount: (refund.fen / 100).toFixed(2), percent: refund.perMille / 10 };
    await notifyPlayers(
      tx,
      [m],
      'notify.withdrawApproved.title',
      codeBack ? 'notify.withdrawApproved.contentCode' : 'notify.withdrawApproved.contentRefund',
      () => extra,
    );
    return { refundFen: refund.fen, perMille: refund.perMille };
  });
  if (refundId !== null) await deps.withdrawalRefunds.execute(deps, refundId);
  return result;
}

/** Withdrawal requests of one status, newest first, with the player and, when rejected, the staff's reason. */
export async function listWithdrawals(
  deps: Pick<AppDeps, 'database'>,
  q: { status: 'pending' | 'approved' | 'rejected'; page: number; size: number },
  scope: readonly number[] | null = null,
  lang: 'zh' | 'en' = 'zh',
) {
  const { db } = deps.database;
  const w = and(eq(withdrawals.status, q.status), scopeWhere(teamMembers.activityId, scope));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        w: withdrawals,
        name: teamMembers.name,
        code: teamMembers.code,
        activityId: teamMembers.activityId,
        activityZh: activities.nameZh,
        activityEn: activities.nameEn,
      })
      .from(withdrawals)
      .innerJoin(teamMembers, eq(teamMembers.id, withdrawals.memberId))
      .innerJoin(activities, eq(activities.id, teamMembers.activityId))
      .where(w)
      .orderBy(desc(withdrawals.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(withdrawals).innerJoin(teamMembers, eq(teamMembers.id, withdrawals.memberId)).where(w),
  ]);
  const rejected = rows.filter((r) => r.w.status === 'rejected').map((r) => String(r.w.id));
  // the reason lives in the audit entry of the rejection (no column for it: no migration in this change)
  const reasons = new Map<string, string>();
  if (rejected.length) {
    const entries = await db
      .select({ id: auditLog.recordId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'withdrawals'), eq(auditLog.action, 'reject'), inArray(auditLog.recordId, rejected)))
      .orderBy(auditLog.id);
    for (const e of entries) {
      try {
        const reason = (JSON.parse(e.after ?? 'null') as { reason?: unknown } | null)?.reason;
        if (typeof reason === 'string' && e.id) reasons.set(e.id, reason);
      } catch {
        // an unreadable entry just has no reason to show
      }
    }
  }
  const content = rows.map((r) => ({
    id: r.w.id,
    memberId: r.w.memberId,
    memberName: r.name,
    activityId: r.activityId,
    // staff read the activity by its name in their language, never its id (issue 34)
    activityName: (lang === 'en' ? r.activityEn || r.activityZh : r.activityZh || r.activityEn) ?? '',
    type: r.w.type,
    status: r.w.status as 'pending' | 'approved' | 'rejected',
    reason: r.w.reason,
    code: r.code,
    refundPerMille: r.w.refundPerMille,
    refundFen: r.w.refundFen,
    rejectReason: reasons.get(String(r.w.id)) ?? null,
    createdAt: r.w.createdAt.toISOString(),
    decidedAt: r.w.decidedAt?.toISOString() ?? null,
  }));
  return { content, total: Number(total?.n ?? 0) };
}

/** An account that codes are given to must exist (a 400 on the field, not a foreign-key 500). */
export async function checkCodeOwner(db: DbOrTx, ownerUserId: number | null | undefined) {
  if (ownerUserId === null || ownerUserId === undefined) return;
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerUserId)).limit(1);
  if (!u) throw new AppError('VALIDATION_FAILED', { fieldErrors: { ownerUserId: 'validation.invalidOption' } });
}

/** Generates a batch of unique codes (admin); codes given to an account tell it so in one message. */
export async function generateCodes(
  deps: Pick<AppDeps, 'database'>,
  staffId: number,
  body: { activityId: number; type: number; count: number; ownerUserId?: number | null; priceFen: number },
) {
  await loadActivity(deps.database.db, body.activityId);
  await checkCodeOwner(deps.database.db, body.ownerUserId);
  const batchNo = `B${Date.now().toString(36).toUpperCase()}`;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const make = () => Array.from(crypto.randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
  const rows = Array.from({ length: body.count }, () => ({
    activityId: body.activityId,
    codeName: make(),
    type: body.type,
    ownerUserId: body.ownerUserId ?? null,
    priceFen: body.priceFen,
    batchNo,
  }));
  return deps.database.db.transaction(async (tx) => {
    const created: { id: number; codeName: string; activityId: number }[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      created.push(
        ...(await tx
          .insert(redeemCodes)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing()
          .returning({ id: redeemCodes.id, codeName: redeemCodes.codeName, activityId: redeemCodes.activityId })),
      );
    }
    await audit(tx, {
      userId: staffId,
      resource: 'redeemCodes',
      recordId: batchNo,
      action: 'generate',
      after: { count: created.length, type: body.type, activityId: body.activityId, ownerUserId: body.ownerUserId ?? null },
    });
    if (body.ownerUserId) await notifyCodesAssigned(tx, body.ownerUserId, created);
    return { batchNo, count: created.length, codes: created.map((c) => c.codeName) };
  });
}

/**
 * Gives available codes to an account; the account gets one message counting the codes that became
 * its own (codes it already had are not counted again).
 */
export async function assignCodes(deps: Pick<AppDeps, 'database'>, staffId: number, codeIds: number[], ownerUserId: number) {
  return deps.database.db.transaction(async (tx) => {
    await checkCodeOwner(tx, ownerUserId);
    const updated = await tx
      .update(redeemCodes)
      .set({ ownerUserId })
      .where(
        and(
          inArray(redeemCodes.id, codeIds),
          eq(redeemCodes.status, 'available'),
          or(isNull(redeemCodes.ownerUserId), ne(redeemCodes.ownerUserId, ownerUserId)),
        ),
      )
      .returning({ id: redeemCodes.id, activityId: redeemCodes.activityId });
    await audit(tx, {
      userId: staffId,
      resource: 'redeemCodes',
      recordId: null,
      action: 'assign',
      after: { codeIds: updated.map((c) => c.id), ownerUserId },
    });
    await notifyCodesAssigned(tx, ownerUserId, updated);
    return updated.length;
  });
}

/** The code resource's single-row edit: a new owner of an available code is told, like assignCodes. */
export const codeResourceHooks = {
  async validate(data: Record<string, unknown>, ctx: { db: DbOrTx }) {
    await checkCodeOwner(ctx.db, data.ownerUserId as number | null | undefined);
  },
  async afterWrite(ctx: { db: Tx; before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
    const owner = ctx.after?.ownerUserId as number | null | undefined;
    if (!ctx.after || !owner || owner === ctx.before?.ownerUserId || ctx.after.status !== 'available') return;
    await notifyCodesAssigned(ctx.db, owner, [{ activityId: ctx.after.activityId as number }]);
  },
};
