import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadArchiver } from '../../lib/lazy-libs';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { awards, certificates } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { newKey, putRetrying } from '../../lib/storage';
import { progressJobs } from '../../lib/progress-job';
import { renderCertificate } from './templates.service';

/**
 * A batch download of an activity's certificates (issue 13, staff): a job renders every valid certificate into
 * one zip (file names by the spec 9 rule, made unique), reporting its progress in the shared store, so the
 * progress bar may ask any instance; the finished zip goes to the shared storage. A job whose instance stopped
 * stops reporting: after a minute without progress it counts as failed, and staff start it again.
 */
type Deps = Pick<AppDeps, 'database' | 'storage' | 'store'>;
export interface ExportJob {
  jobId: string;
  activityId: number;
  staffId: number;
  total: number;
  done: number;
  ready: boolean;
  failed: boolean;
  key: string | null;
  fileName: string;
  beat: number;
}
const jobs = progressJobs<ExportJob>('certzip');
const save = (deps: Deps, job: ExportJob) => jobs.save(deps, job);

export function readJob(deps: Deps, jobId: string, staffId: number): Promise<ExportJob> {
  return jobs.read(deps, jobId, staffId);
}

/** Starts the job (answers at once with its id and size); the rendering goes on in this process. */
export async function startExport(deps: Deps, staffId: number, activityId: number, verifyBase: string, log: { error(o: object, m: string): void }) {
  const { db } = deps.database;
  const [awardCount] = await db.select({ n: count() }).from(awards).where(eq(awards.activityId, activityId));
  if (!Number(awardCount?.n)) throw new AppError('AWARD_NONE');
  const [certCount] = await db
    .select({ n: count() })
    .from(certificates)
    .where(and(eq(certificates.activityId, activityId), eq(certificates.status, 'valid')));
  const total = Number(certCount?.n ?? 0);
  if (!total) throw new AppError('CERT_NONE');
  const job: ExportJob = {
    jobId: crypto.randomBytes(16).toString('hex'),
    activityId,
    staffId,
    total,
    done: 0,
    ready: false,
    failed: false,
    key: null,
    fileName: `certificates-${activityId}.zip`,
    beat: Date.now(),
  };
  await save(deps, job);
  void run(deps, job, verifyBase).catch(async (err: unknown) => {
    log.error({ err: err instanceof Error ? err.message : String(err), jobId: job.jobId }, 'certificate zip failed');
    await save(deps, { ...job, failed: true }).catch(() => undefined);
  });
  return job;
}

async function run(deps: Deps, job: ExportJob, verifyBase: string) {
  const { db } = deps.database;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'certzip-'));
  const file = path.join(dir, 'out.zip');
  try {
    const out = createWriteStream(file);
    // PNGs are compressed already: stored as they are
    const zip = (await loadArchiver())('zip', { store: true });
    const closed = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      zip.on('error', reject);
      out.on('error', reject);
    });
    zip.pipe(out);
    const used = new Set<string>();
    const skipped: string[] = [];
    let lastId = 0;
    for (;;) {
      const batch = await db
        .select({ id: certificates.id, certCode: certificates.certCode })
        .from(certificates)
        .where(and(eq(certificates.activityId, job.activityId), eq(certificates.status, 'valid'), gt(certificates.id, lastId)))
        .orderBy(asc(certificates.id))
        .limit(50);
      if (!batch.length) break;
      lastId = batch[batch.length - 1]!.id;
      // two at a time: the machine's cores, without starving the requests of others
      for (let i = 0; i < batch.length; i += 2) {
        const pics = await Promise.all(
          batch.slice(i, i + 2).map((c) =>
            renderCertificate(deps, c.certCode, verifyBase)
              .then((p) => ({ c, p }))
              .catch((e: unknown) => ({ c, p: null, why: e instanceof AppError ? e.code : 'RENDER_FAILED' })),
          ),
        );
        for (const r of pics) {
          if (!r.p) {
            skipped.push(`${r.c.certCode}\t${'why' in r ? r.why : ''}`);
            continue;
          }
          let name = r.p.name;
          if (used.has(name)) name = name.replace(/\.png$/, `_${r.c.certCode}.png`);
          used.add(name);
          zip.append(r.p.png, { name });
        }
        job.done += pics.length;
        job.beat = Date.now();
        if (job.done % 10 === 0 || job.done >= job.total) await save(deps, job);
      }
    }
    if (skipped.length) zip.append(`certCode\treason\n${skipped.join('\n')}\n`, { name: 'not-included.txt' });
    await zip.finalize();
    await closed;
    const key = newKey('private/exports', 'zip');
    // a store that is down for a while delays the zip (retried, the job still beating), it does not fail it
    await putRetrying(deps.storage, key, await readFile(file), 'application/zip', { beat: () => save(deps, { ...job, beat: Date.now() }) });
    await save(deps, { ...job, done: job.total, ready: true, key, beat: Date.now() });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
