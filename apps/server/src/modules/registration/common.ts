import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities, materials, plans, programs, teamMembers, teams } from '../../db/schema/index';
import { AppError, errors, type ErrorCode } from '../../lib/errors';
import { registrationBlock, type MessageKey } from '@rp/shared';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

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
  const [p] = await db.select().from(programs).where(and(eq(programs.id, programId), eq(programs.activityId, activityId))).limit(1);
  if (!p) throw errors.validation({ program: 'validation.invalidOption' });
  return p;
}

export async function checkPlan(db: DbOrTx, activityId: number, planId: number | null | undefined) {
  if (!planId) return;
  const [p] = await db.select({ id: plans.id }).from(plans).where(and(eq(plans.id, planId), eq(plans.activityId, activityId))).limit(1);
  if (!p) throw errors.validation({ plan: 'validation.invalidOption' });
}

export async function checkClothes(db: DbOrTx, activityId: number, clothesId: number | null | undefined) {
  if (!clothesId) return;
  const [m] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.id, clothesId), eq(materials.activityId, activityId), eq(materials.type, 1)))
    .limit(1);
  if (!m) throw errors.validation({ clothes: 'validation.invalidOption' });
}

/** The caller's own team; someone else's looks like a missing one (404). */
export async function ownTeam(db: DbOrTx, userId: number, teamId: number, lock = false) {
  const q = db.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.userId, userId))).limit(1);
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw errors.notFound();
  return t;
}

export async function ownMember(db: DbOrTx, userId: number, memberId: number, lock = false) {
  const q = db.select().from(teamMembers).where(and(eq(teamMembers.id, memberId), eq(teamMembers.userId, userId))).limit(1);
  const [m] = lock ? await q.for('update') : await q;
  if (!m) throw errors.notFound();
  return m;
}

/** All of the caller's members among ids, or 404 when any is missing or someone else's. */
export async function ownMembers(db: DbOrTx, userId: number, ids: number[], lock = false) {
  const q = db.select().from(teamMembers).where(and(inArray(teamMembers.id, ids), eq(teamMembers.userId, userId)));
  const rows = lock ? await q.for('update') : await q;
  if (rows.length !== new Set(ids).size) throw errors.notFound();
  return rows;
}

/** Forming (1) or full (2) from the head count; a team under review (7) keeps its status. */
export async function refreshTeamStatus(db: DbOrTx, teamId: number) {
  const [t] = await db.select({ status: teams.status, max: programs.maxMembers }).from(teams).innerJoin(programs, eq(programs.id, teams.programId)).where(eq(teams.id, teamId));
  if (!t || t.status === 7) return;
  const n = (await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.teamId, teamId))).length;
  await db.update(teams).set({ status: n >= t.max ? 2 : 1 }).where(eq(teams.id, teamId));
}

export async function memberCount(db: DbOrTx, teamId: number): Promise<number> {
  return (await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.teamId, teamId))).length;
}
