import { and, eq, sql } from 'drizzle-orm';
import type { Lang } from '@rp/shared';
import type { AppDeps, Tx } from '../../deps';
import { eventSessions, onlineReservations, teams } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { ownTeam } from '../registration/index';

/**
 * Online match slots (issue 11): one per team and activity, in a session of kind 'online'. The team row is locked
 * first, so two requests for one team (on any instance) queue; the session's places are taken by one conditional
 * UPDATE like tickets. Changing moves the place; both change and cancel close at the session's entry time.
 */

async function onlineSession(tx: Tx, activityId: number, sessionId: number) {
  const [s] = await tx
    .select()
    .from(eventSessions)
    .where(and(eq(eventSessions.id, sessionId), eq(eventSessions.activityId, activityId), eq(eventSessions.kind, 'online'), eq(eventSessions.enabled, true)));
  if (!s) throw new AppError('VALIDATION_FAILED', { fieldErrors: { sessionId: 'validation.invalidOption' } });
  return s;
}

async function take(tx: Tx, sessionId: number) {
  const r = await tx
    .update(eventSessions)
    .set({ taken: sql`${eventSessions.taken} + 1` })
    .where(and(eq(eventSessions.id, sessionId), sql`(${eventSessions.maxPeople} = 0 or ${eventSessions.taken} + 1 <= ${eventSessions.maxPeople})`))
    .returning({ id: eventSessions.id });
  if (!r.length) throw new AppError('SESSION_FULL', { params: { left: 0 } });
}

const give = (tx: Tx, sessionId: number) =>
  tx
    .update(eventSessions)
    .set({ taken: sql`greatest(0, ${eventSessions.taken} - 1)` })
    .where(eq(eventSessions.id, sessionId));

async function lockTeam(tx: Tx, userId: number, activityId: number, teamId: number) {
  const team = await ownTeam(tx, userId, teamId, true);
  if (team.activityId !== activityId) throw new AppError('NOT_FOUND');
  return team;
}

/** Reserve (or move) the team's slot. */
export async function reserveOnline(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  body: { activityId: number; teamId: number; sessionId: number },
  now = new Date(),
) {
  return deps.database.db.transaction(async (tx) => {
    await lockTeam(tx, userId, body.activityId, body.teamId);
    const target = await onlineSession(tx, body.activityId, body.sessionId);
    if (now.getTime() >= target.entryTime.getTime()) throw new AppError('ONLINE_LOCKED');
    const [mine] = await tx
      .select()
      .from(onlineReservations)
      .where(and(eq(onlineReservations.activityId, body.activityId), eq(onlineReservations.teamId, body.teamId)));
    if (mine?.sessionId === target.id) return mine;
    if (mine) {
      const [old] = await tx.select().from(eventSessions).where(eq(eventSessions.id, mine.sessionId));
      if (old && now.getTime() >= old.entryTime.getTime()) throw new AppError('ONLINE_LOCKED');
      await take(tx, target.id);
      await give(tx, mine.sessionId);
      const [moved] = await tx.update(onlineReservations).set({ sessionId: target.id, userId }).where(eq(onlineReservations.id, mine.id)).returning();
      return moved!;
    }
    await take(tx, target.id);
    const [row] = await tx.insert(onlineReservations).values({ activityId: body.activityId, sessionId: target.id, teamId: body.teamId, userId }).returning();
    return row!;
  });
}

/** Cancel the team's slot before the entry time; the place goes back. */
export async function cancelOnline(deps: Pick<AppDeps, 'database'>, userId: number, body: { activityId: number; teamId: number }, now = new Date()) {
  return deps.database.db.transaction(async (tx) => {
    await lockTeam(tx, userId, body.activityId, body.teamId);
    const [mine] = await tx
      .select()
      .from(onlineReservations)
      .where(and(eq(onlineReservations.activityId, body.activityId), eq(onlineReservations.teamId, body.teamId)));
    if (!mine) throw new AppError('NOT_FOUND');
    const [s] = await tx.select().from(eventSessions).where(eq(eventSessions.id, mine.sessionId));
    if (s && now.getTime() >= s.entryTime.getTime()) throw new AppError('ONLINE_LOCKED');
    await tx.delete(onlineReservations).where(eq(onlineReservations.id, mine.id));
    await give(tx, mine.sessionId);
  });
}

/** The caller's teams' slots in an activity. */
export async function myOnline(deps: Pick<AppDeps, 'database'>, userId: number, activityId: number, lang: Lang) {
  const rows = await deps.database.db
    .select({ r: onlineReservations, teamName: teams.name, s: eventSessions })
    .from(onlineReservations)
    .innerJoin(teams, eq(teams.id, onlineReservations.teamId))
    .innerJoin(eventSessions, eq(eventSessions.id, onlineReservations.sessionId))
    .where(and(eq(onlineReservations.activityId, activityId), eq(teams.userId, userId)));
  return rows.map(({ r, teamName, s }) => ({
    id: r.id,
    teamId: r.teamId,
    teamName,
    sessionId: s.id,
    sessionName: lang === 'en' ? s.nameEn || s.nameZh : s.nameZh,
    teamCodePrefix: s.teamCodePrefix,
    entryTime: s.entryTime.toISOString(),
    startTime: s.startTime.toISOString(),
  }));
}
