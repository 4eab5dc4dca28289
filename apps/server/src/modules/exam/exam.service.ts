import crypto from 'node:crypto';
import { and, asc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, EXAM_TOKEN_TTL_SECONDS, PAY_GROUPS, examCodeSettings, type ExamCodeSettings } from '@rp/shared';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { programs, redeemCodes, teamMembers, teams, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/session';
import { loadActivity } from '../registration/index';

/**
 * The learning platform launch ("take an exam", spec 2.3, 6, 7.6). The portal hands the browser a temp
 * token; the learning site redeems it once, server to server, for who is taking the exam. Tokens live in
 * the short store (database or Redis) under their SHA-256 only, so a leaked store reveals no usable token.
 */

const key = (token: string) => `exam:tt:${hashToken(token)}`;

interface Grant {
  u: number;
  a: number;
}

/** The activity's number on the learning platform: no setting exists, so it is the activity id as text. */
export const airActivityOf = (activityId: number) => String(activityId);

/**
 * The program type the launch settings follow: the account's first registered player's program in the
 * activity (paid or passed review), else its first player still taking part; 0 when it has none.
 */
export async function programTypeOf(db: Db, userId: number, activityId: number): Promise<number> {
  const registered = sql`case when ${inArray(teamMembers.payStatus, [...PAY_GROUPS.REGISTERED])} then 0 else 1 end`;
  const [row] = await db
    .select({ type: programs.type })
    .from(teamMembers)
    .innerJoin(programs, eq(programs.id, teamMembers.programId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.activityId, activityId), notInArray(teamMembers.payStatus, [...PAY_GROUPS.GONE])))
    .orderBy(registered, asc(teamMembers.id))
    .limit(1);
  return row?.type ?? 0;
}

/** The activity, when the account has a team or a player (not withdrawn or cancelled) in it: 404 otherwise. */
async function examActivity(db: Db, userId: number, activityId: number) {
  const activity = await loadActivity(db, activityId);
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.userId, userId), eq(teams.activityId, activityId)))
    .limit(1);
  const [player] = team
    ? [team]
    : await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, userId), eq(teamMembers.activityId, activityId), notInArray(teamMembers.payStatus, [...PAY_GROUPS.GONE])))
        .limit(1);
  if (!player) throw new AppError('EXAM_NOT_AVAILABLE');
  return activity;
}

export interface TempToken extends ExamCodeSettings {
  tempToken: string;
  activityNo: number;
  airActivity: string;
  programType: number;
}

/** Issues a random 256-bit temp token for one of the account's activities, valid 5 minutes and redeemable once. */
export async function issueTempToken(deps: Pick<AppDeps, 'database' | 'store'>, userId: number, activityId: number): Promise<TempToken> {
  const { db } = deps.database;
  const activity = await examActivity(db, userId, activityId);
  const programType = await programTypeOf(db, userId, activity.id);
  const tempToken = crypto.randomBytes(32).toString('base64url');
  const grant: Grant = { u: userId, a: activity.id };
  await deps.store.set(key(tempToken), JSON.stringify(grant), EXAM_TOKEN_TTL_SECONDS);
  return { tempToken, activityNo: activity.id, airActivity: airActivityOf(activity.id), programType, ...examCodeSettings(programType) };
}

/** The account's codes of an activity: its own (available or used, not void) and the ones its players redeemed. */
export async function accountCodes(db: Db, userId: number, activityId: number): Promise<{ codeName: string; type: number }[]> {
  const ownPlayers = db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.activityId, activityId)));
  return db
    .select({ codeName: redeemCodes.codeName, type: redeemCodes.type })
    .from(redeemCodes)
    .where(
      and(
        eq(redeemCodes.activityId, activityId),
        ne(redeemCodes.status, 'void'),
        or(eq(redeemCodes.ownerUserId, userId), inArray(redeemCodes.memberId, ownPlayers)),
      ),
    )
    .orderBy(asc(redeemCodes.id));
}

/** findAirCodes: the caller's codes of an existing activity (404 otherwise). */
export async function findAirCodes(db: Db, userId: number, activityId: number) {
  await loadActivity(db, activityId);
  return accountCodes(db, userId, activityId);
}

/**
 * The learning site redeems a temp token: taken from the store in one step (at most one caller gets it), so
 * a replay, an unknown or an expired token answers 401 EXAM_TOKEN_INVALID; so does a disabled account.
 */
export async function redeemTempToken(deps: Pick<AppDeps, 'database' | 'store'>, tempToken: string) {
  const { db } = deps.database;
  const raw = await deps.store.take(key(tempToken));
  if (!raw) throw new AppError('EXAM_TOKEN_INVALID');
  const grant = JSON.parse(raw) as Grant;
  const [user] = await db
    .select({ id: users.id, phone: users.phone, nickName: users.nickName, username: users.username, status: users.status })
    .from(users)
    .where(eq(users.id, grant.u));
  if (!user || user.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('EXAM_TOKEN_INVALID');
  const programType = await programTypeOf(db, user.id, grant.a);
  return {
    userId: user.id,
    phone: user.phone,
    nickName: user.nickName || user.username,
    activityNo: grant.a,
    airActivity: airActivityOf(grant.a),
    programType,
    ...examCodeSettings(programType),
    codes: await accountCodes(db, user.id, grant.a),
  };
}
