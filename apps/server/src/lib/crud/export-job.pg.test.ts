import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index';
import { startInstance, useSecondInstance, useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';
import { runJobs } from '../jobs';
import { exportQueue } from './export-job';

// Issue 36: an admin export is a job of the one queue. Two instances on one PostgreSQL database make each
// export once, and an export whose instance died on it is finished by another one.
const t = useTestApp();
const second = useSecondInstance(t);

/** the workbooks written to the shared storage (local disk under DATA_DIR, shared by the instances here) */
function files(): string[] {
  const dir = path.join(t().config.dataDir, 'uploads', 'private', 'exports');
  return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.xlsx')) : [];
}

async function staff() {
  const { app, database } = t();
  for (let i = 0; i < 5; i++) await buildActivity(database.db, { nameZh: `赛事${i}`, nameEn: `Event ${i}` });
  const admin = await buildUser(database.db, { roles: ['admin'] });
  return { h: await loginAs(app, admin.username, admin.password), db: database.db };
}

async function waitReady(app: FastifyInstance, h: Record<string, string>, jobId: string) {
  let status = { ready: false, failed: false };
  for (let i = 0; i < 150 && !status.ready && !status.failed; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await app.inject({ url: `/api/admin/export-jobs/${jobId}`, headers: h })).json().data;
  }
  return status;
}

describe('admin exports on the one job queue, two instances (PostgreSQL)', () => {
  it('an export started on one instance while the other runs the queue is made once', async () => {
    const { app } = t();
    const { h, db } = await staff();
    const before = files().length;
    const started = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/admin/activities/export-jobs?sort=id,asc', headers: h })));
    const ids = started.map((r) => r.json().data.jobId as string);
    // the other instance's loop claims export jobs at the same moments as the starting instance's own start
    for (let i = 0; i < 10; i++)
      await Promise.all([runJobs(db, app.deps, [exportQueue], { batch: 1 }), runJobs(second().database.db, second().app.deps, [exportQueue])]);
    for (const id of ids) expect(await waitReady(second().app, h, id)).toMatchObject({ ready: true, failed: false, done: 5, total: 5 });
    const rows = await db.select().from(jobs).where(eq(jobs.queue, 'export'));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(ids.map(() => ['done', 1]));
    // one workbook per export: neither instance wrote one of another's
    expect(files().length - before).toBe(3);
    // the payload makes it again without a person's data in the clear: the query is sealed
    expect(rows[0]!.payload).toMatchObject({ resource: 'activities', scope: null, lang: 'zh', total: 5 });
    expect(String(rows[0]!.payload.query)).toMatch(/^v1\./);
  });

  it('an export whose instance died while writing it is finished by another instance once its lease runs out', async () => {
    const { app } = t();
    const { h, db } = await staff();
    const c = await startInstance(t());
    // the dying instance gets stuck on its first batch (as a killed process would: no more progress, no lease kept)
    let release: (e: Error) => void = () => undefined;
    const stuck = new Promise<never>((_, reject) => (release = reject));
    stuck.catch(() => undefined);
    const real = c.app.deps.resourceExports.get('activities')!;
    c.app.deps.resourceExports.set('activities', (req) => ({ ...real(req), batch: () => stuck }));
    const started = await c.app.inject({ method: 'POST', url: '/api/admin/activities/export-jobs?sort=id,asc', headers: h });
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = started.json().data as { jobId: string };
    let claimed: (typeof jobs.$inferSelect)[] = [];
    for (let i = 0; i < 100 && !claimed.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      claimed = await db
        .select()
        .from(jobs)
        .where(sql`${jobs.key} = ${jobId} and ${jobs.attempts} = 1 and ${jobs.lockedUntil} is not null`);
    }
    expect(claimed).toHaveLength(1);
    // the process is gone; a minute later its lease has run out
    await c.close();
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, claimed[0]!.id));
    // waiting for another instance: neither ready nor failed
    expect((await app.inject({ url: `/api/admin/export-jobs/${jobId}`, headers: h })).json().data).toMatchObject({ ready: false, failed: false });

    expect(await runJobs(second().database.db, second().app.deps, [exportQueue])).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await waitReady(app, h, jobId)).toMatchObject({ ready: true, failed: false, done: 5, total: 5 });
    const file = await app.inject({ url: `/api/admin/export-jobs/${jobId}/file`, headers: h });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const [row] = await db.select().from(jobs).where(eq(jobs.id, claimed[0]!.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
    // the dead instance's try, were it to wake, records nothing: the job is another's and done
    release(new Error('killed'));
    await new Promise((r) => setTimeout(r, 100));
    expect(await runJobs(db, app.deps, [exportQueue])).toEqual({ done: 0, retried: 0, failed: 0 });
  });
});
