import type { DbOrTx } from '../../db/client';
import { and, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { HistoryItem, Lang } from '@rp/shared';
import { activities, programs, teamMembers } from '../../db/schema/index';
import { wildcardPattern } from '../../lib/like';
import { pick } from '../content/index';
import { loadActivity } from './common';
import { birthDayOf } from './present';

/** At most this many earlier rows are read per call: a coach's whole history, far above a school's seasons. */
const HISTORY_ROWS = 5000;

/**
 * A returning coach's earlier players (spec 7.5 findHistory, issue 24): the caller's own players of other
 * activities, one per person (the same ID number: the latest row), newest first, ID numbers masked.
 * `inActivity`: that person is already among the caller's players of `activityId`.
 */
export async function earlierPlayers(db: DbOrTx, lang: Lang, userId: number, activityId: number, name?: string): Promise<HistoryItem[]> {
  await loadActivity(db, activityId);
  const where: SQL[] = [eq(teamMembers.userId, userId), ne(teamMembers.activityId, activityId)];
  if (name) where.push(ilike(teamMembers.name, wildcardPattern(name)));
  const rows = await db
    .select()
    .from(teamMembers)
    .where(and(...where))
    .orderBy(desc(teamMembers.id))
    .limit(HISTORY_ROWS);
  const seen = new Set<string>();
  const latest = rows.filter((r) => !seen.has(r.cardHash) && seen.add(r.cardHash));
  if (!latest.length) return [];
  const hashes = latest.map((r) => r.cardHash);
  const activityIds = [...new Set(latest.map((r) => r.activityId))];
  const programIds = [...new Set(latest.map((r) => r.programId).filter((x): x is number => x !== null))];
  const [here, acts, progs] = await Promise.all([
    db
      .select({ h: teamMembers.cardHash })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.activityId, activityId), inArray(teamMembers.cardHash, hashes))),
    db.select({ id: activities.id, zh: activities.nameZh, en: activities.nameEn }).from(activities).where(inArray(activities.id, activityIds)),
    programIds.length
      ? db.select({ id: programs.id, zh: programs.nameZh, en: programs.nameEn }).from(programs).where(inArray(programs.id, programIds))
      : Promise.resolve([]),
  ]);
  const taken = new Set(here.map((x) => x.h));
  const actName = new Map(acts.map((a) => [a.id, pick(lang, a.zh, a.en)]));
  const progName = new Map(progs.map((p) => [p.id, pick(lang, p.zh, p.en)]));
  return latest.map((m) => ({
    id: m.id,
    name: m.name,
    cardType: m.cardType,
    card: m.cardMasked,
    birthDay: birthDayOf(m.birth),
    gender: m.gender,
    emerName: m.emerName,
    emerPhone: m.emerPhone,
    region: m.region,
    school: m.school,
    headImg: m.headImg,
    activity: { id: m.activityId, name: actName.get(m.activityId) ?? '' },
    program: m.programId ? { id: m.programId, name: progName.get(m.programId) ?? '' } : null,
    inActivity: taken.has(m.cardHash),
  }));
}
