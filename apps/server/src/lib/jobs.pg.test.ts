import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { auditLog, jobs } from '../db/schema/index';
import { useTestApp } from '../test/context';
import { useSecondPool } from '../test/second-pool';
import { enqueue, jobQueue, runJobs, startTimers } from './jobs';

// Issue 36 item 1, PostgreSQL tier: two instances (two pools on one database) run the one queue side by
// side — every job once — and a connection killed between a job's write and its commit loses nothing and
// repeats nothing.
const t = useTestApp();

const instanceB = useSecondPool(t);

let delayMs = 0;
/** the job whose commit gets its connection killed, once */
let killJob: number | null = null;
const queue = jobQueue<null, { n: number }>('pgtest.effect', async (job) => {
  if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  await job.commit(async (tx) => {
    await tx.insert(auditLog).values({ userId: null, resource: 'jobsPg', recordId: String(job.payload.n), action: 'run' });
    if (killJob === job.id) {
      killJob = null;
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    }
  });
});
const timer = jobQueue<null, { n: number }>('pgtest.timer', async (job) => {
  await job.commit((tx) => tx.insert(auditLog).values({ userId: null, resource: 'jobsPg', recordId: `t${job.payload.n}`, action: 'run' }));
});

/** a scheduled job (issue 36: the timers — order expiry, waiting list, retention — are queues like this) */
const every30s = jobQueue(
  'pgtest.every30s',
  async (job) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    await job.commit((tx) => tx.insert(auditLog).values({ userId: null, resource: 'jobsPg', recordId: `turn@${job.now.getTime()}`, action: 'run' }));
  },
  { everyMs: 30_000 },
);

async function effectCounts(db: Db) {
  return db
    .select({ recordId: auditLog.recordId, n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.resource, 'jobsPg'))
    .groupBy(auditLog.recordId);
}

describe('the job queue across two instances (PostgreSQL)', () => {
  it('two instances running at once: every job exactly once, timers only when due', async () => {
    const a = t().database.db;
    for (let n = 1; n <= 40; n++) await a.transaction((tx) => enqueue(tx, 'pgtest.effect', { n }, { key: `k${n}` }));
    await enqueue(a, 'pgtest.timer', { n: 1 }, { runAt: new Date(Date.now() + 3_600_000) });
    delayMs = 5;
    const run = async (db: Db, worker: string) => {
      for (let i = 0; i < 20; i++) {
        const r = await runJobs(db, null, [queue, timer], { batch: 7, worker });
        if (!r.done && !r.retried && !r.failed) break;
      }
    };
    await Promise.all([run(a, 'a1'), run(instanceB().db, 'b1'), run(a, 'a2'), run(instanceB().db, 'b2')]);
    delayMs = 0;
    const counts = await effectCounts(a);
    expect(counts).toHaveLength(40);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const left = await a
      .select({ queue: jobs.queue, state: jobs.state })
      .from(jobs)
      .where(sql`${jobs.state} <> 'done'`);
    expect(left).toEqual([{ queue: 'pgtest.timer', state: 'pending' }]);
    // both instances took a share
    const by = await a.select({ by: jobs.lockedBy }).from(jobs).where(eq(jobs.queue, 'pgtest.effect'));
    expect(new Set(by.map((r) => r.by?.[0])).size).toBe(2);
  });

  it('a connection killed mid-commit: nothing of that job commits; the other instance runs it once after the backoff', async () => {
    const a = t().database.db;
    const id = (await enqueue(a, 'pgtest.effect', { n: 100 }))!;
    await enqueue(a, 'pgtest.effect', { n: 101 });
    killJob = id;
    expect(await runJobs(a, null, [queue], { worker: 'a' })).toEqual({ done: 1, retried: 1, failed: 0 });
    expect((await effectCounts(a)).map((c) => c.recordId)).toEqual(['101']);
    const later = new Date(Date.now() + 120_000);
    expect(await runJobs(instanceB().db, null, [queue], { worker: 'b', now: later })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await runJobs(a, null, [queue], { worker: 'a', now: later })).toEqual({ done: 0, retried: 0, failed: 0 });
    const counts = await effectCounts(a);
    expect(counts.map((c) => [c.recordId, c.n]).sort()).toEqual([
      ['100', 1],
      ['101', 1],
    ]);
  });

  it('a timer on two instances: one job however many start it, run once a turn by one of them', async () => {
    const a = t().database.db;
    const b = instanceB().db;
    await Promise.all([startTimers(a, [every30s]), startTimers(b, [every30s]), startTimers(a, [every30s])]);
    expect(await a.select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, 'pgtest.every30s'))).toHaveLength(1);
    const t0 = Date.now();
    delayMs = 20;
    for (const turn of [0, 10_000, 30_000, 45_000, 60_000]) {
      const now = new Date(t0 + turn);
      await Promise.all([runJobs(a, null, [every30s], { worker: 'a', now }), runJobs(b, null, [every30s], { worker: 'b', now })]);
    }
    delayMs = 0;
    // due at t0, t0 + 30 s and t0 + 60 s: three turns, each run once; the runs in between found nothing due
    const counts = await effectCounts(a);
    expect(counts.map((c) => [c.recordId, c.n]).sort()).toEqual([
      [`turn@${t0}`, 1],
      [`turn@${t0 + 30_000}`, 1],
      [`turn@${t0 + 60_000}`, 1],
    ]);
    const [job] = await a.select().from(jobs).where(eq(jobs.queue, 'pgtest.every30s'));
    expect(job).toMatchObject({ state: 'pending', runAt: new Date(t0 + 90_000) });
  });
});
