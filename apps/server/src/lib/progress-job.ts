import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { jobs } from '../db/schema/index';
import { AppError } from './errors';
import { enqueue, jobQueue, JobGiveUp, runJobs, type JobQueue } from './jobs';
import { putRetrying } from './storage';

/**
 * A staff member's file made in the background (the resource exports, the certificate zip) as a job of the
 * one queue (lib/jobs.ts, issue 36): enqueued with what is needed to make it again (ids, the query — never a
 * person's data in the clear), claimed once across instances, its lease kept while it writes, retried with the
 * queue's backoff (a crashed instance's job is taken over once its lease runs out), a failed one on Admin →
 * Background jobs with "retry". The instance that took the request starts it at once (it need not wait for
 * the loop's next tick). Its progress lives in the shared store, so the progress bar may ask any instance;
 * only its starter reads it, for an hour; the file goes to the shared storage.
 */
export interface ProgressJob {
  jobId: string;
  staffId: number;
  total: number;
  done: number;
  ready: boolean;
  failed: boolean;
  /** the finished file in the storage */
  key: string | null;
  fileName: string;
  /** the last moment the job reported progress */
  beat: number;
}

/** What every progress job's payload holds besides its own: the job's id (its key) and what the record shows. */
export interface ProgressPayload {
  jobId: string;
  staffId: number;
  total: number;
  fileName: string;
}

/** What the work is handed: the record to move on with `report` (saved, and the job's lease kept). */
export interface ProgressRun {
  job: ProgressJob;
  /** saves the progress (and renews the lease: JobLeaseLost when another instance has taken the job) */
  report(patch?: Partial<ProgressJob>): Promise<void>;
  /** puts the finished file into the shared storage, waiting for a store that is down (still reporting) */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
}

type Base = Pick<AppDeps, 'database' | 'store' | 'storage'>;
type Log = { error(o: object, m: string): void };
const TTL_S = 3600;
/** an export is waited for: two more tries (30 s, 1 min later), then it is failed and staff may retry it */
const MAX_ATTEMPTS = 3;
/** a crashed instance's job is taken over a minute after its last progress */
const LEASE_MS = 60_000;

/** A queue of progress jobs: `work` makes the file from the payload and returns its storage key. */
export function progressQueue<P extends ProgressPayload, D extends Base>(name: string, work: (payload: P, run: ProgressRun, deps: D) => Promise<string>) {
  const storeKey = (id: string) => `${name}:${id}`;
  const save = (deps: Base, job: ProgressJob) => deps.store.set(storeKey(job.jobId), JSON.stringify(job), TTL_S);
  const recordOf = (p: ProgressPayload): ProgressJob => ({
    jobId: p.jobId,
    staffId: p.staffId,
    total: p.total,
    done: 0,
    ready: false,
    failed: false,
    key: null,
    fileName: p.fileName,
    beat: Date.now(),
  });

  const queue: JobQueue = jobQueue<D, P>(
    name,
    async (job, deps) => {
      if (typeof job.payload.jobId !== 'string') throw new JobGiveUp('bad-payload');
      // a try after a crash starts again from the first row
      const record = recordOf(job.payload);
      const report = async (patch: Partial<ProgressJob> = {}) => {
        Object.assign(record, patch, { beat: Date.now() });
        await job.extend();
        await save(deps, record);
      };
      await report();
      const run: ProgressRun = {
        job: record,
        report,
        // a store that is down for a while delays the file (retried, the job still reporting), it does not fail it
        put: (key, body, type) => putRetrying(deps.storage, key, body, type, { beat: () => report() }),
      };
      const key = await work(job.payload, run, deps);
      // the file is there: the record says so (a try whose lease was lost meanwhile makes its own again; either
      // file is whole), then the job is done — not in one transaction: the store may be this database's only connection
      await save(deps, { ...record, done: record.total, ready: true, key, beat: Date.now() });
      await job.commit(async () => undefined);
    },
    { leaseMs: LEASE_MS, long: true },
  );

  return {
    queue,
    /** Enqueues the job, shows its record (nothing done yet) and starts it on this instance; answers at once. */
    async start(deps: D, payload: P, log: Log): Promise<ProgressJob> {
      const record = recordOf(payload);
      await save(deps, record);
      await enqueue(deps.database.db, name, payload as unknown as Record<string, unknown>, { key: payload.jobId, maxAttempts: MAX_ATTEMPTS });
      // claimed like any other (SKIP LOCKED): when another instance's loop took it first, this finds nothing
      void runJobs(deps.database.db, deps, [queue], { batch: 1 }).catch((err: unknown) =>
        log.error({ err: err instanceof Error ? err.name : 'error', jobId: payload.jobId, queue: name }, 'background job not started here'),
      );
      return record;
    },
    /**
     * The job of this person (another's id is as unknown as a wrong one: 404 EXPORT_NOT_FOUND); failed when its
     * job has failed for good (or is gone).
     */
    async read(deps: Pick<AppDeps, 'database' | 'store'>, jobId: string, staffId: number): Promise<ProgressJob> {
      const raw = await deps.store.get(storeKey(jobId));
      const job = raw ? (JSON.parse(raw) as ProgressJob) : null;
      if (!job || job.staffId !== staffId) throw new AppError('EXPORT_NOT_FOUND');
      if (!job.ready) {
        const [row] = await deps.database.db
          .select({ state: jobs.state })
          .from(jobs)
          .where(and(eq(jobs.queue, name), eq(jobs.key, jobId)));
        job.failed = !row || row.state === 'failed';
      }
      return job;
    },
  };
}
