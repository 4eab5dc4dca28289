import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { auditLog, jobs } from '../db/schema/index';
import { useTestApp } from '../test/context';
import { useSecondPool } from '../test/second-pool';
import { enqueue, jobQueue, runJobs } from './jobs';

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
});
