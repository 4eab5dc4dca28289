import crypto from 'node:crypto';
import os from 'node:os';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema/index';
import { every, type JobLog } from './every';

/**
 * The one job queue (issue 36 item 1). Every background job of every module is a row of `jobs`, whichever
 * database (PGlite or PostgreSQL): no job library serves both on our Node 20 (docs/ARCHITECTURE.md,
 * "Background jobs"), so this is ours — one table, one claim, one backoff, one loop per instance.
 *
 * - `enqueue(tx, queue, payload, { runAt, key })` inside the change's transaction: a rolled-back change
 *   leaves no job; `key` is unique per queue (a second enqueue adds nothing); `runAt` makes a timer.
 * - An instance claims due jobs, each with its own queue's lease (FOR UPDATE SKIP LOCKED: two instances never
 *   take one); those run at once keep that lease, one that waits its turn gets a whole lease when it comes. A job's `commit(work)` runs `work` in a transaction that also marks
 *   the job done — only while the lease is still this instance's — so its database effects happen once
 *   even when an instance dies mid-job (its lease runs out and another instance runs it again).
 * - A failing job is retried with backoff (30 s doubling, at most an hour apart) until `max_attempts` or
 *   its queue's retry window, then marked failed: staff see it and may retry it (Admin → Integrations).
 * - Payloads carry ids only, never personal data: they are shown to staff and kept for a month.
 */
export const JOB_KEEP_DAYS = 30;
const DEFAULT_LEASE_MS = 60_000;
const BATCH = 20;
/** 30 s, 1 min, 2 min, … at most an hour between attempts (the one backoff of every queue) */
export const jobBackoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

export type JobRow = typeof jobs.$inferSelect;

/** What a queue's handler is handed. */
export interface Job<P = Record<string, unknown>> {
  id: number;
  queue: string;
  payload: P;
  /** 1 on the first try */
  attempt: number;
  createdAt: Date;
  /** the run's clock (RunJobsOptions.now): what the backoff and the retry window count from */
  now: Date;
  /** a failure now is the last (max_attempts or the queue's window reached): the job is then marked failed */
  final: boolean;
  /** when a failure now would be tried again (the one backoff) */
  retryAt: Date;
  /** the database this instance claimed it from */
  db: Db;
  /**
   * Runs `work` in a transaction that also marks this job done, only while this instance still holds it
   * (else JobLeaseLost and nothing commits). A handler that calls out (HTTP, SMS) does that first and records
   * the result here; one that returns without calling it is marked done by the runner.
   */
  commit<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Renews this instance's lease (now + the queue's lease) for a job that runs longer than one (an export
   * writing a workbook): call it as the work goes on. JobLeaseLost when another instance has taken the job.
   */
  extend(): Promise<void>;
}

export interface JobQueue {
  name: string;
  run: (job: Job<never>, deps: never) => Promise<void>;
  /** how long a claimed job stays this instance's (DEFAULT_LEASE_MS) */
  leaseMs?: number;
  /** give up once the job is this old (besides max_attempts) */
  retryWindowMs?: number;
  /** its claimed jobs run side by side (a slow endpoint holds up no other), not one after another */
  parallel?: boolean;
  /**
   * A timer (a scheduled job): the queue has one job (key `timer`, made by startJobs), run every `everyMs`
   * by whichever instance claims it. Done or failed, it goes back to pending for its next turn — a failure
   * waits for that turn (last_error shows it), it never ends the timer. It runs beside the batch's other jobs.
   */
  everyMs?: number;
  /**
   * Its jobs run for minutes (exports): the loop runs them one at a time beside the other queues' batches,
   * never holding those up; the handler keeps its lease with job.extend().
   */
  long?: boolean;
}

/** The key of a timer's one job. */
export const TIMER_KEY = 'timer';

/** A queue and its handler, as a value for buildApp (collaborators) and the one loop of server.ts. */
export function jobQueue<D, P>(name: string, run: (job: Job<P>, deps: D) => Promise<void>, opts: Omit<JobQueue, 'name' | 'run'> = {}): JobQueue {
  return { name, run: run as unknown as JobQueue['run'], ...opts };
}

export class JobLeaseLost extends Error {
  constructor() {
    super('job lease lost');
    this.name = 'JobLeaseLost';
  }
}

/** Thrown by a handler when trying again cannot help (nothing to send it to): the job fails at once. */
export class JobGiveUp extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'JobGiveUp';
  }
}

export interface EnqueueOptions {
  /** not before (a timer); now by default */
  runAt?: Date;
  /** dedupe: unique per queue — a job with the same key already there means nothing is added */
  key?: string;
  maxAttempts?: number;
}

/** Enqueues jobs (of one or several queues) inside the caller's transaction; returns the ids added (a duplicate key adds none). */
export async function enqueueMany(
  tx: Tx | Db,
  items: readonly { queue: string; payload: Record<string, unknown>; opts?: EnqueueOptions }[],
): Promise<number[]> {
  if (!items.length) return [];
  const rows = await tx
    .insert(jobs)
    .values(
      items.map(({ queue, payload, opts = {} }) => ({
        queue,
        payload,
        key: opts.key ?? null,
        ...(opts.runAt ? { runAt: opts.runAt } : {}),
        ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
      })),
    )
    .onConflictDoNothing({ target: [jobs.queue, jobs.key] })
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** Enqueues one job inside the caller's transaction; null when its key is already there. */
export async function enqueue(tx: Tx | Db, queue: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<number | null> {
  const [id] = await enqueueMany(tx, [{ queue, payload, opts }]);
  return id ?? null;
}

/** A short code for last_error: never a message that could carry data (query parameters, bodies). */
export function jobErrorCode(e: unknown): string {
  const err = e as { code?: unknown; name?: unknown };
  const code = typeof err?.code === 'string' ? err.code : typeof err?.name === 'string' ? err.name : 'error';
  return code.replace(/[^A-Za-z0-9_.:-]/g, '').slice(0, 100) || 'error';
}

export interface JobReport {
  done: number;
  retried: number;
  failed: number;
}

export interface RunJobsOptions {
  now?: Date;
  /** overrides every queue's lease (tests: short, to show a dead instance's job taken over) */
  leaseMs?: number;
  batch?: number;
  /** this instance's name in locked_by */
  worker?: string;
}

const defaultWorker = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

/** Claims and runs the due jobs of these queues once each; never throws for a handler's failure. */
export async function runJobs(db: Db, deps: unknown, queues: readonly JobQueue[], opts: RunJobsOptions = {}): Promise<JobReport> {
  const report: JobReport = { done: 0, retried: 0, failed: 0 };
  if (!queues.length) return report;
  const byName = new Map(queues.map((q) => [q.name, q]));
  const now = opts.now ?? new Date();
  const worker = opts.worker ?? defaultWorker;
  const leaseOf = (q: JobQueue) => opts.leaseMs ?? q.leaseMs ?? DEFAULT_LEASE_MS;
  // each job is claimed with its own queue's lease (never the batch's longest: a crashed instance's notification
  // would wait out a 30-minute queue's lease), so a job started at once needs no lease of its own (below)
  const claimedUntil = new Map(queues.map((q) => [q.name, new Date(now.getTime() + leaseOf(q))]));
  const leases = new Set([...claimedUntil.values()].map((d) => d.getTime()));
  const claimLease =
    leases.size === 1
      ? claimedUntil.get(queues[0]!.name)!
      : sql`case ${jobs.queue} ${sql.join(
          [...claimedUntil].map(([name, until]) => sql`when ${name} then ${until.toISOString()}::timestamptz`),
          sql` `,
        )} end`;
  // run_at defaults to the database's now(), in microseconds; `now` is a JavaScript date, in milliseconds: a job
  // enqueued within the same millisecond as this run started is due too (runAt < now + 1 ms), not left for the next
  const dueBy = new Date(now.getTime() + 1);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.state, 'pending'), lt(jobs.runAt, dueBy), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)), inArray(jobs.queue, [...byName.keys()])),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(opts.batch ?? BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ lockedUntil: claimLease, lockedBy: worker, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
  claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);

  const one = async (claimedRow: JobRow, atOnce: boolean) => {
    const q = byName.get(claimedRow.queue)!;
    const until = claimedUntil.get(q.name)!;
    // a job started with the claim (beside the others, or the first in turn) runs on the lease it was claimed with
    if (atOnce) {
      report[await runOne(db, deps, q, claimedRow, { own: until, now, worker, leaseMs: leaseOf(q) })]++;
      return;
    }
    // one waiting its turn gets a whole lease of its own when its turn comes (the batch's jobs go one after another):
    // a slow job early in the batch never leaves a later one's lease running out before it is tried
    const own = new Date(Math.max(Date.now(), now.getTime()) + leaseOf(q));
    const [row] = await db
      .update(jobs)
      .set({ lockedUntil: own })
      .where(and(eq(jobs.id, claimedRow.id), eq(jobs.lockedUntil, until), eq(jobs.lockedBy, worker), eq(jobs.state, 'pending')))
      .returning();
    if (!row) return; // taken over meanwhile (its claimed lease ran out): the other instance has it
    report[await runOne(db, deps, q, row, { own, now, worker, leaseMs: leaseOf(q) })]++;
  };
  // a timer runs beside the rest (as the loops it replaced did): a slow gateway's reconciliation holds up no notice
  const aside = (r: JobRow) => !!(byName.get(r.queue)!.parallel || byName.get(r.queue)!.everyMs);
  const side = claimed.filter(aside);
  await Promise.all([
    (async () => {
      for (const [i, r] of claimed.filter((x) => !aside(x)).entries()) await one(r, i === 0);
    })(),
    ...side.map((r) => one(r, true)),
  ]);
  return report;
}

async function runOne(
  db: Db,
  deps: unknown,
  q: JobQueue,
  row: JobRow,
  { own, now, worker, leaseMs }: { own: Date; now: Date; worker: string; leaseMs: number },
): Promise<keyof JobReport> {
  let lease = own;
  const mine = () => and(eq(jobs.id, row.id), eq(jobs.lockedUntil, lease), eq(jobs.state, 'pending'));
  let committed = false;
  const final =
    !q.everyMs && (row.attempts >= row.maxAttempts || (q.retryWindowMs !== undefined && now.getTime() - row.createdAt.getTime() >= q.retryWindowMs));
  // a timer's failure waits for its next turn (or the backoff, if sooner)
  const retryAt = new Date(now.getTime() + Math.min(jobBackoffMs(row.attempts), q.everyMs ?? Infinity));
  const job: Job = {
    id: row.id,
    queue: row.queue,
    payload: row.payload,
    attempt: row.attempts,
    createdAt: row.createdAt,
    now,
    final,
    retryAt,
    db,
    commit: async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      if (committed) throw new Error('job committed twice');
      const out = await db.transaction(async (tx) => {
        // marked done first, only while the lease is still this instance's (the row stays locked until commit):
        // the work commits with it, or nothing does
        const [held] = await tx
          .update(jobs)
          .set(
            q.everyMs
              ? { state: 'pending', runAt: new Date(now.getTime() + q.everyMs), attempts: 0, doneAt: new Date(), lockedUntil: null, lastError: null }
              : { state: 'done', doneAt: new Date(), lockedUntil: null, lastError: null },
          )
          .where(mine())
          .returning({ id: jobs.id });
        if (!held) throw new JobLeaseLost();
        return work(tx);
      });
      committed = true;
      return out;
    },
    extend: async () => {
      const next = new Date(Math.max(Date.now() + leaseMs, lease.getTime() + 1));
      const [held] = await db.update(jobs).set({ lockedUntil: next, lockedBy: worker }).where(mine()).returning({ id: jobs.id });
      if (!held) throw new JobLeaseLost();
      lease = next;
    },
  };
  try {
    await q.run(job as Job<never>, deps as never);
    if (!committed) await job.commit(async () => undefined);
    return 'done';
  } catch (e) {
    if (committed) return 'done'; // the handler failed after its own commit: what it owed is done
    if (e instanceof JobLeaseLost) return 'retried';
    const giveUp = e instanceof JobGiveUp || (e as { retry?: unknown })?.retry === false;
    const last = (giveUp && !q.everyMs) || final;
    await db
      .update(jobs)
      .set(last ? { state: 'failed', lockedUntil: null, lastError: jobErrorCode(e) } : { lockedUntil: null, lastError: jobErrorCode(e), runAt: retryAt })
      .where(mine())
      .catch(() => undefined); // the connection may be the thing that failed: the lease runs out instead
    return last ? 'failed' : 'retried';
  }
}

/**
 * The one loop of an instance (server.ts): every `everyMs`, run what is due on every queue — deliveries and
 * timers alike; a full batch goes on at once. Hourly (and at start): the timers' jobs made if missing, settled
 * jobs pruned, `hourly`. Several instances run it side by side. The long queues' jobs (exports) go one at a
 * time beside the batches, so a workbook of minutes holds up no notice.
 */
export function startJobs(db: Db, deps: unknown, queues: readonly JobQueue[], log: JobLog, everyMs = 1000, hourly?: () => Promise<unknown>): () => void {
  let ticks = 0;
  const pruneEvery = Math.max(1, Math.round(3_600_000 / everyMs));
  const long = queues.filter((q) => q.long);
  const stopLong = long.length ? every('jobs:long', everyMs, async () => (await runJobs(db, deps, long, { batch: 1 })).done > 0, log) : () => {};
  const short = queues.filter((q) => !q.long);
  const stop = every(
    'jobs',
    everyMs,
    async () => {
      if (ticks++ % pruneEvery === 0) {
        await startTimers(db, short);
        await pruneJobs(db);
        await hourly?.();
      }
      const r = await runJobs(db, deps, short);
      return r.done + r.retried + r.failed >= BATCH;
    },
    log,
  );
  return () => {
    stop();
    stopLong();
  };
}

/** Makes the one job of every timer among these queues that has none yet (every instance may; the key keeps it one). */
export async function startTimers(db: Db, queues: readonly JobQueue[]): Promise<void> {
  await enqueueMany(
    db,
    queues.filter((q) => q.everyMs).map((q) => ({ queue: q.name, payload: {}, opts: { key: TIMER_KEY } })),
  );
}

/** Deletes jobs done or failed more than `keepDays` ago; returns how many went. */
export async function pruneJobs(db: Db, now = new Date(), keepDays = JOB_KEEP_DAYS): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 24 * 3600_000);
  const gone = await db
    .delete(jobs)
    .where(or(and(eq(jobs.state, 'done'), lt(jobs.doneAt, before)), and(eq(jobs.state, 'failed'), lt(jobs.createdAt, before))))
    .returning({ id: jobs.id });
  return gone.length;
}

export interface JobListQuery {
  queue?: string;
  state?: (typeof jobs.$inferSelect)['state'];
  pageNo: number;
  pageSize: number;
}

/** Jobs as staff see them, newest first. */
export async function listJobs(db: Db, q: JobListQuery) {
  const conds: SQL[] = [];
  if (q.queue) conds.push(eq(jobs.queue, q.queue));
  if (q.state) conds.push(eq(jobs.state, q.state));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.id))
    .limit(q.pageSize)
    .offset(q.pageNo * q.pageSize);
  const [n] = await db.select({ n: count() }).from(jobs).where(where);
  return { total: Number(n?.n ?? 0), content: rows };
}

/**
 * Staff's "retry now": a failed (or waiting) job is tried again at once — one more attempt once it has
 * used its attempts or its window. False for a job that does not exist, is done (never repeated), is being
 * run by an instance right now, or (with `queue`) is of another queue.
 */
export async function retryJob(db: Db, id: number, queue?: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'pending', runAt: new Date(), lockedUntil: null })
    .where(
      and(
        eq(jobs.id, id),
        queue ? eq(jobs.queue, queue) : undefined,
        inArray(jobs.state, ['pending', 'failed']),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, new Date())),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}
