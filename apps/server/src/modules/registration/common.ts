import { and, asc, count, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { activities, materials, plans, programs, teamMembers, teams } from '../../db/schema/index';
import { AppError, type ErrorCode } from '../../lib/errors';
import { PAY_GROUPS, PAY_STATUS, registrationBlock, TEAM_STATUS, type MessageKey } from '@rp/shared';

/** A state conflict (409 in the catalogue) with the message that says which. */
export const conflict = (key: MessageKey, code: ErrorCode) => new AppError(code, key);
export const bad = (key: MessageKey, field?: string, code: ErrorCode = 'VALIDATION_FAILED') => new AppError(code, { message: key, field });
/** The client asks the person and repeats the call with confirm: true. */
export const confirmRequired = (key: MessageKey) => new AppError('CONFIRM_REQUIRED', key);

export async function loadActivity(db: DbOrTx, activityId: number) {
  const [a] = await db.select().from(activities).where(eq(activities.id, activityId)).limit(1);
  if (!a || !a.enabled) throw new AppError('ACTIVITY_NOT_FOUND');
  return a;
}

/** Coaches write only while sign-up is open: a finished activity or one whose sign-up is over answers 409 with why. */
export function assertOpen(activity: Parameters<typeof registrationBlock>[0], now = new Date()) {
  const block = registrationBlock(activity, now);
  if (block) throw new AppError('REGISTRATION_CLOSED', block);
}

/** The activity, when coaches may still change its registrations (else 404 / 409 REGISTRATION_CLOSED). */
export async function loadOpenActivity(db: DbOrTx, activityId: number) {
  const a = await loadActivity(db, activityId);
  assertOpen(a);
  return a;
}

/** Every activity of these rows must be open for writes. */
export async function assertOpenActivities(db: DbOrTx, activityIds: Iterable<number>) {
  for (const id of new Set(activityIds)) await loadOpenActivity(db, id);
}

export async function loadProgram(db: DbOrTx, activityId: number, programId: number) {
  const [p] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.activityId, activityId)))
    .limit(1);
  if (!p) throw new AppError('VALIDATION_FAILED', { fieldErrors: { program: 'validation.invalidOption' } });
  return p;
}

export async function checkPlan(db: DbOrTx, activityId: number, planId: number | null | undefined) {
  if (!planId) return;
  const [p] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.activityId, activityId)))
    .limit(1);
  if (!p) throw new AppError('VALIDATION_FAILED', { fieldErrors: { plan: 'validation.invalidOption' } });
}

export async function checkClothes(db: DbOrTx, activityId: number, clothesId: number | null | undefined) {
  if (!clothesId) return;
  const [m] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, clothesId), eq(materials.activityId, activityId), eq(materials.type, 1)))
    .limit(1);
  if (!m) throw new AppError('VALIDATION_FAILED', { fieldErrors: { clothes: 'validation.invalidOption' } });
}

/** The caller's own team; someone else's looks like a missing one (404). */
export async function ownTeam(db: DbOrTx, userId: number, teamId: number, lock = false) {
  const q = db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.userId, userId)))
    .limit(1);
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw new AppError('NOT_FOUND');
  return t;
}

/**
 * The caller's team with its program in one query (a program of another activity comes back too: the caller
 * judges it). `lock`: the team row FOR NO KEY UPDATE, lockTeams' lock, for a caller whose only lock is this team.
 */
export async function ownTeamWithProgram(tx: DbOrTx, userId: number, teamId: number, lock: boolean) {
  const q = tx
    .select({ team: teams, program: programs })
    .from(teams)
    .leftJoin(programs, eq(programs.id, teams.programId))
    .where(and(eq(teams.id, teamId), eq(teams.userId, userId)))
    .limit(1);
  const [r] = lock ? await q.for('no key update', { of: teams }) : await q;
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

/** Spec 8.2 'team member not found': a player missing or someone else's (the same 404 either way). */
export const memberNotFound = () => new AppError('NOT_FOUND', { message: 'reg.memberNotFound' });

export async function ownMember(db: DbOrTx, userId: number, memberId: number, lock = false) {
  const q = db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.userId, userId)))
    .limit(1);
  const [m] = lock ? await q.for('update') : await q;
  if (!m) throw memberNotFound();
  return m;
}

/** All of the caller's members among ids, or 404 when any is missing or someone else's. */
export async function ownMembers(db: DbOrTx, userId: number, ids: number[], lock = false) {
  const q = db
    .select()
    .from(teamMembers)
    .where(and(inArray(teamMembers.id, ids), eq(teamMembers.userId, userId)));
  const rows = lock ? await q.for('update') : await q;
  if (rows.length !== new Set(ids).size) throw memberNotFound();
  return rows;
}

/** Forming (1) or full (2) from the head count; a team under review (7) keeps its status. */
export async function refreshTeamStatus(db: DbOrTx, teamId: number) {
  // one statement (it runs in every write that moves a player, while the team row is locked): full when the
  // team has its program's maximum, forming otherwise; a team under review keeps that state
  const size = db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teams.id));
  await db
    .update(teams)
    .set({ status: sql`case when (${size}) >= ${programs.maxMembers} then ${TEAM_STATUS.FULL}::int else ${TEAM_STATUS.FORMING}::int end` })
    .from(programs)
    .where(and(eq(teams.id, teamId), eq(programs.id, teams.programId), ne(teams.status, TEAM_STATUS.IN_REVIEW)));
}

/*
 * Limits that hold under concurrency, across instances (issue 9, finding 2). Every write that adds a
 * player to a team or to an activity first locks the row whose limit it checks — the activity (its
 * playerLimit), then the teams in id order, then the players — counts, and writes in the same
 * transaction. FOR NO KEY UPDATE: it serialises these checks without blocking the foreign-key checks of
 * unrelated inserts. One lock order everywhere, so two transactions never wait on each other crosswise.
 */

/** Withdrawn (5) and cancelled (6) players give their place back. */
const FREED = [...PAY_GROUPS.GONE];

/**
 * Room for `adding` more players in the activity (playerLimit, 0 = none), or 409 PLAYER_LIMIT. With a
 * limit, the activity row stays locked until the transaction ends. Call it first in the transaction. `knownLimit`:
 * the activity's playerLimit as the caller has already read it (no peek).
 */
export async function reserveActivityPlaces(tx: Tx, activityId: number, adding: number, knownLimit?: number) {
  if (adding <= 0) return;
  // the limit as the caller read it in this request (its activity row) needs no second look
  const [peek] =
    knownLimit !== undefined
      ? [{ limit: knownLimit }]
      : await tx.select({ limit: activities.playerLimit }).from(activities).where(eq(activities.id, activityId));
  if (!peek || peek.limit <= 0) return; // no limit: no lock, writes of the activity stay parallel
  const [a] = await tx.select({ limit: activities.playerLimit }).from(activities).where(eq(activities.id, activityId)).for('no key update');
  if (!a || a.limit <= 0) return;
  const [r] = await tx
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.activityId, activityId), notInArray(teamMembers.payStatus, FREED)));
  if (Number(r?.n ?? 0) + adding > a.limit) throw new AppError('PLAYER_LIMIT', { params: { limit: a.limit } });
}

/** Locks these teams in id order (the one order of every path); returns them with their program's maximum. */
export async function lockTeams(tx: Tx, teamIds: Iterable<number | null | undefined>) {
  const ids = [...new Set([...teamIds].filter((x): x is number => !!x))].sort((a, b) => a - b);
  if (!ids.length) return new Map<number, typeof teams.$inferSelect>();
  const rows = await tx.select().from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id)).for('no key update');
  return new Map(rows.map((t) => [t.id, t]));
}

/**
 * Room for `incoming` more players in each team (its program's maxMembers), or 409 TEAM_FULL. The teams
 * must be locked by lockTeams in this transaction first.
 */
export async function assertTeamRoom(tx: Tx, incoming: Map<number, number>, overFill?: { confirmSize?: number | undefined }) {
  const ids = [...incoming.entries()].filter(([, n]) => n > 0).map(([id]) => id);
  if (!ids.length) return;
  const max = new Map(
    (
      await tx
        .select({ id: teams.id, max: programs.maxMembers })
        .from(teams)
        .innerJoin(programs, eq(programs.id, teams.programId))
        .where(inArray(teams.id, ids))
    ).map((r) => [r.id, r.max]),
  );
  const counts = new Map(
    (await tx.select({ teamId: teamMembers.teamId, n: count() }).from(teamMembers).where(inArray(teamMembers.teamId, ids)).groupBy(teamMembers.teamId)).map(
      (r) => [r.teamId!, Number(r.n)],
    ),
  );
  for (const id of ids) {
    const m = max.get(id);
    const size = (counts.get(id) ?? 0) + incoming.get(id)!;
    if (m === undefined || size <= m) continue;
    // spec 5: where a person may confirm an over-fill (assign), the size they confirmed, counted under the lock
    if (overFill) {
      if (overFill.confirmSize === size) continue;
      throw new AppError('CONFIRM_REQUIRED', { message: 'reg.confirmOverMaxSize', params: { max: m, count: size }, extra: { confirmSize: size } });
    }
    throw new AppError('TEAM_FULL', { message: 'reg.teamFullMax', params: { max: m } });
  }
}

/**
 * The caller's players among ids, locked in the one order: their teams (and `extraTeams`) first, then
 * the players. A player moved meanwhile to another team has that team locked as well.
 */
export async function lockOwnMembersWithTeams(tx: Tx, userId: number | null, ids: number[], extraTeams: (number | null | undefined)[] = []) {
  const where = (lockIds: number[]) =>
    userId === null ? inArray(teamMembers.id, lockIds) : and(inArray(teamMembers.id, lockIds), eq(teamMembers.userId, userId));
  // their teams, found by a subquery (unlocked, as a separate read of the players was), and the extra ones, locked
  // in id order in one statement (issue 39 rush paths: one statement fewer); a player not found is found so below
  const extra = [...new Set(extraTeams.filter((x): x is number => !!x))];
  const locked = new Map(
    (
      await tx
        .select()
        .from(teams)
        .where(
          or(inArray(teams.id, tx.select({ id: teamMembers.teamId }).from(teamMembers).where(where(ids))), extra.length ? inArray(teams.id, extra) : undefined),
        )
        .orderBy(asc(teams.id))
        .for('no key update')
    ).map((t) => [t.id, t]),
  );
  const rows = await tx.select().from(teamMembers).where(where(ids)).orderBy(asc(teamMembers.id)).for('update');
  if (rows.length !== new Set(ids).size) throw memberNotFound();
  const late = rows.map((m) => m.teamId).filter((t) => t && !locked.has(t));
  if (late.length) await lockTeams(tx, late);
  return { rows, teams: locked };
}

/** lockTeams + assertTeamRoom: room for `incoming` players per team, the teams locked until commit. */
export async function reserveTeamPlaces(tx: Tx, incoming: Map<number, number>) {
  const locked = await lockTeams(tx, incoming.keys());
  if (locked.size !== incoming.size) throw new AppError('NOT_FOUND'); // deleted meanwhile
  await assertTeamRoom(tx, incoming);
}

/** Players that take one of a program's places: held by an unpaid order (2), registered (3, 9), withdrawing (4). */
export const PLACE_TAKERS = [PAY_STATUS.REGISTERING, PAY_STATUS.REGISTERED, PAY_STATUS.REVIEW_PASSED, PAY_STATUS.WITHDRAWING];

/**
 * Room for `adding` more registered players per program (its `places`, null = unlimited), or 409
 * PROGRAM_FULL. Programs with a limit are locked in id order (after the players, the one lock order of
 * these paths) and counted in the same transaction, so the last place goes to exactly one buyer on any
 * number of instances. `known`: programs as the caller has read them in this request (not read again).
 */
export async function reserveProgramPlaces(tx: Tx, adding: Map<number, number>, known: readonly { id: number; places: number | null }[] = []) {
  const ids = [...adding.entries()].filter(([, n]) => n > 0).map(([id]) => id);
  if (!ids.length) return;
  // programs the caller has read in this request (their places) are not read again; a limited one is locked below
  const knownById = new Map(known.map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !knownById.has(id));
  const read = unknown.length ? await tx.select({ id: programs.id, places: programs.places }).from(programs).where(inArray(programs.id, unknown)) : [];
  const limited = [...ids.flatMap((id) => (knownById.has(id) ? [knownById.get(id)!] : [])), ...read].filter((p) => p.places !== null);
  if (!limited.length) return;
  const locked = await tx
    .select({ id: programs.id, places: programs.places })
    .from(programs)
    .where(
      inArray(
        programs.id,
        limited.map((p) => p.id),
      ),
    )
    .orderBy(asc(programs.id))
    .for('no key update');
  for (const p of locked) {
    if (p.places === null) continue;
    const [r] = await tx
      .select({ n: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.programId, p.id), inArray(teamMembers.payStatus, PLACE_TAKERS)));
    if (Number(r?.n ?? 0) + adding.get(p.id)! > p.places) throw new AppError('PROGRAM_FULL', { params: { places: p.places } });
  }
}
