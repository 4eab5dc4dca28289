import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { activities, erasures } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { jobQueue } from '../../lib/jobs';
import { anonymiseRows } from './anonymise';

/** an activity is due when its end plus its retention period has passed */
const dueAt = sql<Date>`${activities.finishTime} + ${activities.retentionDays} * interval '1 day'`;

/**
 * Anonymises one activity past its retention period, once across instances: the activity's row is claimed
 * with FOR UPDATE SKIP LOCKED under the conditions (ended, due, not yet anonymised), the participants are
 * anonymised and the activity marked in the same transaction, with its erasure row and audit entry. Another
 * instance skips the locked row and, after the commit, no longer finds it due; a crash rolls everything back
 * and the next run does it again. Returns whether an activity was anonymised.
 */
export async function anonymiseDueActivity(deps: Pick<AppDeps, 'database' | 'storage'>, now = new Date(), onlyId?: number): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    const [a] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          isNull(activities.anonymisedAt),
          sql`${activities.finishTime} < ${now}`,
          sql`${dueAt} <= ${now}`,
          onlyId === undefined ? undefined : eq(activities.id, onlyId),
        ),
      )
      .orderBy(asc(activities.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!a) return false;
    const done = await anonymiseRows(tx, deps.storage, { activityId: a.id }, now);
    await tx.update(activities).set({ anonymisedAt: now }).where(eq(activities.id, a.id));
    await tx.insert(erasures).values({ kind: 'retention', activityId: a.id, players: done.players, files: done.files, createdAt: now });
    await audit(tx, { userId: null, resource: 'activities', recordId: a.id, action: 'anonymise', after: done });
    return true;
  });
}

/** Runs every due activity (one transaction each). */
export async function runRetention(deps: Pick<AppDeps, 'database' | 'storage'>, now = new Date()): Promise<number> {
  let n = 0;
  while (n < 50 && (await anonymiseDueActivity(deps, now))) n++;
  return n;
}

/**
 * The retention timer on the one job queue (server.ts): hourly, by whichever instance claims it (each activity
 * is anonymised once anyway); a full batch of 50 goes on at once, up to 10 batches a turn.
 */
export const retentionTimer = jobQueue<AppDeps, unknown>(
  'timer:retention',
  async (job, deps) => {
    for (let i = 0; i < 10 && (await runRetention(deps, job.now)) >= 50; i++);
  },
  { everyMs: 60 * 60_000, leaseMs: 30 * 60_000 },
);

/** What staff see before it happens: each activity, when it is due, and what will be anonymised. */
export async function retentionPreview(deps: Pick<AppDeps, 'database'>, scope: readonly number[] | null) {
  const { db } = deps.database;
  const limit =
    scope === null
      ? sql`true`
      : scope.length
        ? sql`a.id in (${sql.join(
            scope.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
  const r = await db.execute(sql`select a.id, a.name_zh "nameZh", a.name_en "nameEn", a.finish_time "finishTime", a.retention_days "retentionDays",
      a.finish_time + a.retention_days * interval '1 day' "dueAt", a.anonymised_at "anonymisedAt",
      (select count(*)::int from team_members m where m.activity_id = a.id) players,
      (select count(*)::int from team_members m where m.activity_id = a.id and m.card_enc <> '') "withIdNumber",
      (select count(*)::int from team_members m where m.activity_id = a.id and m.head_img is not null) photos,
      (select count(*)::int from guardian_consents g join team_members m on m.id = g.team_member_id where m.activity_id = a.id and g.guardian_name <> '') guardians,
      (select count(*)::int from leaders l where l.activity_id = a.id) teachers,
      (select count(*)::int from volunteers v where v.activity_id = a.id) volunteers
    from activities a where ${limit} order by "dueAt", a.id`);
  type Row = {
    id: number;
    nameZh: string;
    nameEn: string;
    finishTime: string | Date;
    retentionDays: number;
    dueAt: string | Date;
    anonymisedAt: string | Date | null;
    players: number;
    withIdNumber: number;
    photos: number;
    guardians: number;
    teachers: number;
    volunteers: number;
  };
  const now = Date.now();
  const date = (v: string | Date) => new Date(typeof v === 'string' && !v.includes('T') ? v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : v);
  return ((r as unknown as { rows: Row[] }).rows ?? []).map((x) => ({
    ...x,
    finishTime: date(x.finishTime),
    dueAt: date(x.dueAt),
    anonymisedAt: x.anonymisedAt === null ? null : date(x.anonymisedAt),
    ended: date(x.finishTime).getTime() < now,
  }));
}
