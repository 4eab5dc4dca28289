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
import { newKey } from '../../lib/storage';
import { progressQueue, type ProgressJob, type ProgressPayload, type ProgressRun } from '../../lib/progress-job';
import { renderCertificate } from './templates.service';

/**
 * A batch download of an activity's certificates (issue 13, staff) as a job of the one queue (issue 36, lib/jobs.ts
 * through lib/progress-job.ts; payload: the activity, the staff member, the verification address — ids only):
 * it renders every valid certificate into one zip (file names by the spec 9 rule, made unique), any instance
 * runs it once, a crashed instance's is taken over, a failed one is on Admin → Background jobs with "retry". Its
 * progress lives in the shared store, so the progress bar may ask any instance; the zip goes to the shared storage.
 */
type Deps = Pick<AppDeps, 'database' | 'storage' | 'store'>;
export type ExportJob = ProgressJob;
interface ZipPayload extends ProgressPayload {
  activityId: number;
  /** the public address the certificates' QR codes point to */
  verifyBase: string;
}

const zips = progressQueue<ZipPayload, Deps>('certzip', (p, run, deps) => render(deps, p, run));
/** The queue of certificate zips (server.ts hands it to the one job loop). */
export const certificateZipQueue = zips.queue;

export function readJob(deps: Pick<AppDeps, 'database' | 'store'>, jobId: string, staffId: number): Promise<ExportJob> {
  return zips.read(deps, jobId, staffId);
}

/** Enqueues the job (answers at once with its id and size); this instance starts rendering it. */
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
  const jobId = crypto.randomBytes(16).toString('hex');
  return zips.start(deps, { jobId, staffId, total, fileName: `certificates-${activityId}.zip`, activityId, verifyBase }, log);
}

async function render(deps: Deps, job: ZipPayload, run: ProgressRun): Promise<string> {
  const { db } = deps.database;
  let done = 0;
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
            renderCertificate(deps, c.certCode, job.verifyBase)
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
        done += pics.length;
        if (done % 10 === 0 || done >= job.total) await run.report({ done: Math.min(done, job.total) });
      }
    }
    if (skipped.length) zip.append(`certCode\treason\n${skipped.join('\n')}\n`, { name: 'not-included.txt' });
    await zip.finalize();
    await closed;
    const key = newKey('private/exports', 'zip');
    await run.put(key, await readFile(file), 'application/zip');
    return key;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
