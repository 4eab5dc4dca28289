import type { AppDeps } from '../deps';
import { AppError } from './errors';

/**
 * A staff member's background job whose progress lives in the shared store, so the progress bar may ask any
 * instance (the certificate zip, the resource exports). Only its starter reads it, for an hour; a job whose
 * instance stopped stops reporting and, after a minute without progress, counts as failed.
 */
export interface ProgressJob {
  jobId: string;
  staffId: number;
  ready: boolean;
  failed: boolean;
  /** the last moment the job reported progress */
  beat: number;
}

type Store = Pick<AppDeps, 'store'>;
const TTL_S = 3600;
const STALE_MS = 60_000;

export function progressJobs<J extends ProgressJob>(prefix: string) {
  const key = (id: string) => `${prefix}:${id}`;
  return {
    async save(deps: Store, job: J): Promise<void> {
      await deps.store.set(key(job.jobId), JSON.stringify(job), TTL_S);
    },
    /** The job of this person (another's id is as unknown as a wrong one: 404 EXPORT_NOT_FOUND). */
    async read(deps: Store, jobId: string, staffId: number): Promise<J> {
      const raw = await deps.store.get(key(jobId));
      const job = raw ? (JSON.parse(raw) as J) : null;
      if (!job || job.staffId !== staffId) throw new AppError('EXPORT_NOT_FOUND');
      if (!job.ready && !job.failed && Date.now() - job.beat > STALE_MS) job.failed = true;
      return job;
    },
  };
}
