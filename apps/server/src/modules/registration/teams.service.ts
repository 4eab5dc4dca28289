import type { DbOrTx, Tx } from '../../db/client';
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { CHANNEL_CODE_MIN, isDetailsLocked, PAY_GROUPS, PROMOTION_CODE_MIN, TEAM_REVIEW } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { leaders, orgs, teamMembers, teams } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  assertOpenActivities,
  bad,
  checkPlan,
  confirmRequired,
  conflict,
  loadOpenActivity,
  loadProgram,
  ownTeam,
  refreshTeamStatus,
  reserveActivityPlaces,
} from './common';
import { duplicateAsConflict, saveMemberInTx, type Input as MemberInputOut } from './members.service';

type TeamRow = typeof teams.$inferSelect;
export interface TeamFields {
  name: string;
  program: { id: number };
  plan?: { id: number } | null;
  leader?: { id: number } | null;
  address?: string;
  orgAddress?: string | null;
  orgCode?: string | null;
  sourceCode?: string | null;
  sourceActivityId?: number | null;
  teamCode?: string | null;
}

/** Channel check (spec 3 Channel): verify 1 verified, 0 unverified (not enabled), 2 invalid. */
export async function checkOrg(db: DbOrTx, orgCode: string) {
  const code = orgCode.trim();
  if (code.length < CHANNEL_CODE_MIN) return { orgName: null, id: null, verify: 2 };
  const [o] = await db.select().from(orgs).where(eq(orgs.code, code)).limit(1);
  if (!o || o.status === 3) return { orgName: null, id: null, verify: 2 };
  return { orgName: o.name, id: o.id, verify: o.status === 1 ? 1 : 0 };
}

/** Team fields checked against the activity's switches (spec 2.5, 5). */
async function teamValues(tx: Tx, userId: number, activityId: number, f: TeamFields) {
  const activity = await loadOpenActivity(tx, activityId);
  const program = await loadProgram(tx, activityId, f.program.id);
  await checkPlan(tx, activityId, f.plan?.id);
  if (f.leader?.id) {
    const [l] = await tx
      .select({ id: leaders.id })
      .from(leaders)
      .where(and(eq(leaders.id, f.leader.id), eq(leaders.userId, userId), eq(leaders.activityId, activityId)))
      .limit(1);
    if (!l) throw new AppError('VALIDATION_FAILED', { fieldErrors: { leader: 'validation.invalidOption' } });
  }
  let orgId: number | null = null;
  if (f.orgCode) {
    if (f.orgCode.trim().length < CHANNEL_CODE_MIN) throw bad('reg.channelShort', 'orgCode');
    const check = await checkOrg(tx, f.orgCode);
    if (check.verify === 2) throw bad('reg.channelInvalid', 'orgCode');
    orgId = check.id;
  }
  if (f.sourceCode && activity.level !== 2) throw new AppError('VALIDATION_FAILED', { fieldErrors: { sourceCode: 'validation.unknownField' } });
  if (f.teamCode || f.sourceActivityId) {
    if (!activity.promotionZone) throw new AppError('VALIDATION_FAILED', { fieldErrors: { teamCode: 'validation.unknownField' } });
    if (!f.sourceActivityId) throw bad('reg.promoZoneFirst', 'sourceActivityId');
    if (!f.teamCode || f.teamCode.trim().length < PROMOTION_CODE_MIN) throw bad('reg.promoCodeShort', 'teamCode');
  }
  return {
    activity,
    program,
    values: {
      name: f.name,
      programId: program.id,
      planId: f.plan?.id ?? null,
      leaderId: f.leader?.id ?? null,
      address: f.address ?? '',
      orgAddress: f.orgAddress?.trim() || null,
      orgId,
      orgCode: f.orgCode?.trim() || null,
      sourceCode: f.sourceCode?.trim() || null,
      sourceActivityId: f.sourceActivityId ?? null,
      teamCode: f.teamCode?.trim() || null,
    },
  };
}

/** The next team number of an activity: <activityId>-<0001…>, unique by index. */
async function nextNumber(tx: Tx, activityId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(7410002, ${activityId})`);
  const [r] = await tx.select({ n: count() }).from(teams).where(eq(teams.activityId, activityId));
  let n = Number(r?.n ?? 0) + 1;
  for (;;) {
    const number = `${activityId}-${String(n).padStart(4, '0')}`;
    const [taken] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.activityId, activityId), eq(teams.number, number)))
      .limit(1);
    if (!taken) return number;
    n++;
  }
}

export async function createTeamInTx(tx: Tx, userId: number, activityId: number, f: TeamFields): Promise<TeamRow> {
  const { values, activity } = await teamValues(tx, userId, activityId, f);
  const number = await nextNumber(tx, activityId);
  // spec 5: a team without a (promotion) team code needs manual review where the activity has the promotion zone
  const reviewStatus = activity.promotionZone && !values.teamCode ? TEAM_REVIEW.IN_REVIEW : TEAM_REVIEW.CREATED;
  const [t] = await tx
    .insert(teams)
    .values({ ...values, activityId, userId, number, status: 1, reviewStatus, collectStatus: 1 })
    .returning();
  await audit(tx, { userId, resource: 'teams', recordId: t!.id, action: 'create', after: t });
  return t!;
}

export async function createTeam(deps: Pick<AppDeps, 'database'>, userId: number, activityId: number, f: TeamFields) {
  return deps.database.db.transaction((tx) => createTeamInTx(tx, userId, activityId, f));
}

/**
 * Updates a team. A program change is refused once a member is registered (spec 4.2) and, when the
 * team has members, needs the person's confirmation; the members then follow the team's program.
 */
export async function updateTeam(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  teamId: number,
  activityId: number,
  f: TeamFields & { confirm?: boolean; confirmSize?: number | undefined },
) {
  return deps.database.db.transaction(async (tx) => {
    const before = await ownTeam(tx, userId, teamId, true);
    if (before.activityId !== activityId) throw new AppError('NOT_FOUND');
    const { values, program } = await teamValues(tx, userId, activityId, f);
    const members = await tx.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    if (values.programId !== before.programId) {
      if (members.some((m) => isDetailsLocked(m.payStatus))) throw conflict('reg.teamProgramLocked', 'TEAM_PROGRAM_LOCKED');
      // the members follow the team: a program whose teams are smaller than this one cannot take it
      // spec 5: changing the event beyond its maximum asks for confirmation of the size (counted under the team lock)
      if (members.length > program.maxMembers && f.confirmSize !== members.length)
        throw new AppError('CONFIRM_REQUIRED', {
          message: 'reg.programTooSmall',
          params: { max: program.maxMembers, count: members.length },
          extra: { confirmSize: members.length },
        });
      if (members.length && !f.confirm) throw confirmRequired('reg.membersFollowProgram');
      if (members.length) await tx.update(teamMembers).set({ programId: values.programId, updatedAt: new Date() }).where(eq(teamMembers.teamId, teamId));
    }
    const [after] = await tx.update(teams).set(values).where(eq(teams.id, teamId)).returning();
    await audit(tx, { userId, resource: 'teams', recordId: teamId, action: 'update', before, after });
    await refreshTeamStatus(tx, teamId);
    return after!;
  });
}

/** Deletes teams without paid, registered or reviewed members (spec 5); all or nothing. */
export async function deleteTeams(deps: Pick<AppDeps, 'database'>, userId: number, ids: number[]) {
  await deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(teams)
      .where(and(inArray(teams.id, ids), eq(teams.userId, userId)))
      .for('update');
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    await assertOpenActivities(
      tx,
      rows.map((t) => t.activityId),
    );
    const paid = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(inArray(teamMembers.teamId, ids), notInArray(teamMembers.payStatus, [...PAY_GROUPS.FREE])))
      .limit(1);
    if (paid.length) throw conflict('reg.teamHasPaid', 'TEAM_HAS_PAID');
    await tx.update(teamMembers).set({ teamId: null }).where(inArray(teamMembers.teamId, ids));
    await tx.delete(teams).where(inArray(teams.id, ids));
    for (const t of rows) await audit(tx, { userId, resource: 'teams', recordId: t.id, action: 'delete', before: t });
  });
}

/**
 * A team and its players in one form (createTandP → batchCreate): one transaction, all in or nothing.
 * The activity's places for all players are reserved first (lock order of common.ts); the new team is
 * invisible to others until commit, and each player still passes the team's maximum.
 */
export async function createTeamWithPlayers(
  deps: AppDeps,
  userId: number,
  activityId: number,
  team: TeamFields,
  members: Omit<MemberInputOut, 'activityId'>[],
) {
  return deps.database.db
    .transaction(async (tx) => {
      await reserveActivityPlaces(tx, activityId, members.length);
      const t = await createTeamInTx(tx, userId, activityId, team);
      const created: (typeof teamMembers.$inferSelect)[] = [];
      for (const m of members)
        created.push(
          await saveMemberInTx(tx, deps, userId, { ...m, activityId, team: { id: t.id }, program: { id: t.programId } }, undefined, { placesReserved: true }),
        );
      return { team: t, members: created };
    })
    .catch(duplicateAsConflict);
}

/** Many teams at once (createAllTeam → batchCreateTeam), in one transaction. */
export async function createTeams(deps: Pick<AppDeps, 'database'>, userId: number, activityId: number, list: TeamFields[]) {
  return deps.database.db.transaction(async (tx) => {
    const out: TeamRow[] = [];
    for (const f of list) out.push(await createTeamInTx(tx, userId, activityId, f));
    return out;
  });
}

/** Binds one verified channel to many of the caller's unbound teams (batchBindOrg). */
export async function bindOrg(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  body: { activityId: number; orgId: number; orgCode: string; teamIds: string[] },
) {
  const ids = body.teamIds.map(Number);
  await deps.database.db.transaction(async (tx) => {
    await loadOpenActivity(tx, body.activityId);
    const check = await checkOrg(tx, body.orgCode);
    if (check.verify !== 1 || check.id !== body.orgId) throw bad('reg.channelInvalid', 'orgCode');
    const rows = await tx
      .select()
      .from(teams)
      .where(and(inArray(teams.id, ids), eq(teams.userId, userId), eq(teams.activityId, body.activityId)));
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    if (rows.some((t) => t.orgId !== null)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { teamIds: 'validation.invalidOption' } });
    await tx.update(teams).set({ orgId: check.id, orgCode: body.orgCode.trim() }).where(inArray(teams.id, ids));
    await audit(tx, { userId, resource: 'teams', recordId: null, action: 'bindOrg', after: { teamIds: ids, orgId: check.id } });
  });
}
