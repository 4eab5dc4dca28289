import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../db/schema/index';
import type { Db } from '../db/client';
import { useTestApp } from '../test/context';
import { enqueue, jobBackoffMs, jobQueue, JobGiveUp, JobLeaseLost, listJobs, pruneJobs, retryJob, runJobs, startTimers, type Job } from './jobs';

// Issue 36 item 1: the one job queue on the embedded database (one transaction at a time: two instances
// side by side are proven on the PostgreSQL tier, jobs.pg.test.ts).
const t = useTestApp();

/** failures still to throw, per job id */
const failures = new Map<number, number>();
let onRun: ((job: Job<{ n: number }>) => Promise<void>) | null = null;
/** the test queue: its effect is an audit row (resource 'jobsTest', record = the job's n) */
const effect = jobQueue<null, { n: number }>('test.effect', async (job) => {
  await onRun?.(job);
  const left = failures.get(job.id) ?? 0;
  if (left > 0) {
    failures.set(job.id, left - 1);
    throw Object.assign(new Error('receiver down at 13800138000'), { code: 'RECEIVER_DOWN' });
  }
  await job.commit((tx) => tx.insert(auditLog).values({ userId: null, resource: 'jobsTest', recordId: String(job.payload.n), action: 'run' }));
});
const hopeless = jobQueue('test.hopeless', async () => {
  throw new JobGiveUp('no-phone');
});
const QUEUES = [effect, hopeless];

async function effects(db: Db, n?: number) {
  const rows = await db
    .select({ recordId: auditLog.recordId })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'jobsTest'), n === undefined ? undefined : eq(auditLog.recordId, String(n))));
  return rows.map((r) => r.recordId).sort();
}
const row = async (db: Db, id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const nothing = { done: 0, retried: 0, failed: 0 };

describe('the job queue', () => {
  it('enqueues inside the caller’s transaction: a rolled-back change leaves no job; a committed one runs once', async () => {
    const db = t().database.db;
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, 'test.effect', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(jobs)).toHaveLength(0);
    const id = await db.transaction((tx) => enqueue(tx, 'test.effect', { n: 2 }));
    expect(await runJobs(db, null, QUEUES)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await runJobs(db, null, QUEUES)).toEqual(nothing);
    expect(await effects(db)).toEqual(['2']);
    expect(await row(db, id!)).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null, lastError: null });
  });

  it('a job is claimed once: two instances running side by side run it once', async () => {
    const db = t().database.db;
    for (let n = 1; n <= 5; n++) await enqueue(db, 'test.effect', { n });
    const [a, b] = await Promise.all([runJobs(db, null, QUEUES, { worker: 'a' }), runJobs(db, null, QUEUES, { worker: 'b' })]);
    expect(a.done + b.done).toBe(5);
    expect(await effects(db)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('retries with backoff, then gives up after max_attempts; staff retry makes one more attempt; a done job is never repeated', async () => {
    const db = t().database.db;
    const id = (await enqueue(db, 'test.effect', { n: 7 }, { maxAttempts: 2 }))!;
    failures.set(id, 5);
    expect(await runJobs(db, null, QUEUES)).toEqual({ done: 0, retried: 1, failed: 0 });
    const waiting = await row(db, id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lastError: 'RECEIVER_DOWN', lockedUntil: null });
    expect(waiting.lastError).not.toContain('13800138000'); // a code, never the message
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(jobBackoffMs(1)).toBe(30_000);
    expect(jobBackoffMs(3)).toBe(120_000);
    expect(jobBackoffMs(30)).toBe(3_600_000);
    expect(await runJobs(db, null, QUEUES)).toEqual(nothing); // not due again at once
    const later = new Date(Date.now() + jobBackoffMs(1) + 1000);
    expect(await runJobs(db, null, QUEUES, { now: later })).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await row(db, id)).toMatchObject({ state: 'failed', attempts: 2 });
    expect((await listJobs(db, { state: 'failed', pageNo: 0, pageSize: 10 })).content.map((j) => j.id)).toEqual([id]);
    failures.set(id, 0);
    expect(await retryJob(db, id, 'test.hopeless')).toBe(false); // another queue's
    expect(await retryJob(db, id)).toBe(true);
    expect(await runJobs(db, null, QUEUES)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await effects(db)).toEqual(['7']);
    expect(await retryJob(db, id)).toBe(false); // done: not again
    expect(await retryJob(db, 999_999)).toBe(false);
  });

  it('a handler that says trying again cannot help fails at once', async () => {
    const db = t().database.db;
    const id = (await enqueue(db, 'test.hopeless', { n: 1 }))!;
    expect(await runJobs(db, null, QUEUES)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await row(db, id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'no-phone' });
  });

  it('a crashed instance’s job is taken over once its lease runs out, and its late commit is refused', async () => {
    const db = t().database.db;
    const id = (await enqueue(db, 'test.effect', { n: 9 }))!;
    // an instance that claimed it and died: its lease holds the job until it runs out
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() + 60_000), lockedBy: 'dead', attempts: 1 })
      .where(eq(jobs.id, id));
    expect(await runJobs(db, null, QUEUES)).toEqual(nothing);
    expect(await runJobs(db, null, QUEUES, { now: new Date(Date.now() + 61_000) })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await row(db, id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await effects(db, 9)).toEqual(['9']);

    // a slow instance: while it works, its lease runs out and another instance runs the job; its own commit then fails
    const slow = (await enqueue(db, 'test.effect', { n: 10 }))!;
    let lost: unknown = null;
    onRun = async (job) => {
      if (job.id !== slow || onRun === null) return;
      onRun = null;
      expect(await runJobs(db, null, QUEUES, { worker: 'b', now: new Date(Date.now() + 120_000) })).toEqual({ done: 1, retried: 0, failed: 0 });
      lost = await job.commit(async () => 'late').catch((e: unknown) => e);
    };
    // a's own try: its commit refused (lease lost), nothing of it written, counted as left to whoever holds it
    expect(await runJobs(db, null, QUEUES, { worker: 'a', leaseMs: 50 })).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await row(db, slow)).toMatchObject({ state: 'done', lockedBy: 'b' });
    expect(lost).toBeInstanceOf(JobLeaseLost);
    expect(await effects(db, 10)).toEqual(['10']);
  });

  it('a job claimed in one batch with a queue of a longer lease keeps its own queue’s lease: stuck behind a hung job, another instance takes it once that runs out', async () => {
    const db = t().database.db;
    const long = jobQueue<null, unknown>(
      'test.longLease',
      async () => {
        // this instance hangs here (as one that died with the batch claimed): the batch's next job waits for its turn
        expect(await runJobs(db, null, QUEUES, { worker: 'b', now: new Date(Date.now() + 61_000) })).toEqual({ done: 1, retried: 0, failed: 0 });
      },
      { leaseMs: 30 * 60_000 },
    );
    await enqueue(db, 'test.longLease', {});
    const id = (await enqueue(db, 'test.effect', { n: 11 }))!;
    // a: the hung job done at last; the one b took is not run again (its turn finds it taken)
    expect(await runJobs(db, null, [long, ...QUEUES], { worker: 'a' })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await row(db, id)).toMatchObject({ state: 'done', lockedBy: 'b', attempts: 2 });
    expect(await effects(db, 11)).toEqual(['11']);
  });

  it('a long job keeps its lease with extend(): nobody takes it while it reports; once another has, extend says so', async () => {
    const db = t().database.db;
    const id = (await enqueue(db, 'test.effect', { n: 20 }))!;
    let extended: unknown = 'not run';
    onRun = async (job) => {
      if (job.id !== id || onRun === null) return;
      onRun = null;
      // the lease (50 ms) has run out, but extend() renewed it: another instance finds nothing to take
      await new Promise((r) => setTimeout(r, 80));
      await job.extend();
      expect(await runJobs(db, null, QUEUES, { worker: 'b' })).toEqual(nothing);
      expect(await row(db, id)).toMatchObject({ state: 'pending', lockedBy: 'a' });
      // it stops reporting: once its lease runs out another instance takes and runs the job; extend() then fails
      expect(await runJobs(db, null, QUEUES, { worker: 'b', now: new Date(Date.now() + 120_000) })).toEqual({ done: 1, retried: 0, failed: 0 });
      extended = await job.extend().catch((e: unknown) => e);
      throw extended;
    };
    expect(await runJobs(db, null, QUEUES, { worker: 'a', leaseMs: 50 })).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(extended).toBeInstanceOf(JobLeaseLost);
    expect(await row(db, id)).toMatchObject({ state: 'done', lockedBy: 'b', attempts: 2 });
    expect(await effects(db, 20)).toEqual(['20']);
  });

  it('run_at makes a timer: the job waits until then', async () => {
    const db = t().database.db;
    const at = new Date(Date.now() + 3_600_000);
    await enqueue(db, 'test.effect', { n: 11 }, { runAt: at });
    expect(await runJobs(db, null, QUEUES)).toEqual(nothing);
    expect(await runJobs(db, null, QUEUES, { now: new Date(at.getTime() - 1000) })).toEqual(nothing);
    expect(await runJobs(db, null, QUEUES, { now: new Date(at.getTime() + 1000) })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await effects(db)).toEqual(['11']);
  });

  it('a dedupe key is unique per queue: the same key again adds nothing, on another queue it is another job', async () => {
    const db = t().database.db;
    const first = await enqueue(db, 'test.effect', { n: 12 }, { key: 'k1' });
    expect(first).not.toBeNull();
    expect(await db.transaction((tx) => enqueue(tx, 'test.effect', { n: 13 }, { key: 'k1' }))).toBeNull();
    expect(await enqueue(db, 'test.hopeless', { n: 12 }, { key: 'k1' })).not.toBeNull();
    expect(await db.select().from(jobs)).toHaveLength(2);
    await runJobs(db, null, [effect]);
    expect(await effects(db)).toEqual(['12']);
  });

  it('a job of a queue this instance does not serve is left for one that does', async () => {
    const db = t().database.db;
    const id = (await enqueue(db, 'test.unknown', { n: 1 }))!;
    expect(await runJobs(db, null, QUEUES)).toEqual(nothing);
    expect(await row(db, id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('prunes done and failed jobs after a month; pending ones stay', async () => {
    const db = t().database.db;
    const done = (await enqueue(db, 'test.effect', { n: 14 }))!;
    const pending = (await enqueue(db, 'test.effect', { n: 15 }, { runAt: new Date(Date.now() + 86_400_000) }))!;
    await runJobs(db, null, QUEUES);
    expect(await pruneJobs(db)).toBe(0);
    expect(await pruneJobs(db, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect((await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id)).toEqual([pending]);
    expect(done).not.toBe(pending);
  });
  it('a timer is one scheduled job: it runs once a turn whichever instance claims it, then waits for the next; a failure never ends it', async () => {
    const db = t().database.db;
    let runs = 0;
    let failNext = false;
    const tick = jobQueue(
      'timer:test',
      async () => {
        runs++;
        if (failNext) {
          failNext = false;
          throw new JobGiveUp('provider-down');
        }
      },
      { everyMs: 30_000 },
    );
    // every instance makes it at start: still one job
    await Promise.all([startTimers(db, [tick, effect]), startTimers(db, [tick])]);
    const [timer, ...more] = await db.select().from(jobs).where(eq(jobs.queue, 'timer:test'));
    expect(more).toHaveLength(0);
    const t0 = Date.now();
    const [a, b] = await Promise.all([
      runJobs(db, null, [tick], { worker: 'a', now: new Date(t0) }),
      runJobs(db, null, [tick], { worker: 'b', now: new Date(t0) }),
    ]);
    expect(a.done + b.done).toBe(1);
    expect(runs).toBe(1);
    expect(await row(db, timer!.id)).toMatchObject({ state: 'pending', attempts: 0, runAt: new Date(t0 + 30_000) });
    // not before its next turn
    expect(await runJobs(db, null, [tick], { now: new Date(t0 + 10_000) })).toEqual(nothing);
    // a failure (even one that says trying again cannot help) waits for the next turn, the error shown
    failNext = true;
    expect(await runJobs(db, null, [tick], { now: new Date(t0 + 30_000) })).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await row(db, timer!.id)).toMatchObject({ state: 'pending', lastError: 'provider-down', runAt: new Date(t0 + 60_000) });
    expect(await runJobs(db, null, [tick], { now: new Date(t0 + 60_000) })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(runs).toBe(3);
    expect(await row(db, timer!.id)).toMatchObject({ state: 'pending', lastError: null, runAt: new Date(t0 + 90_000) });
  });
});
