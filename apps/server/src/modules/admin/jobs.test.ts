import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@rp/shared';
import { auditLog, jobs, staffRoles } from '../../db/schema/index';
import { publish } from '../../lib/events';
import { enqueue, jobQueue, runJobs } from '../../lib/jobs';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';

// Issue 36 item 1: Admin → Background jobs — the failed jobs of every queue with their error, and "retry".
const t = useTestApp();

/** a queue whose receiver is down: its jobs fail at once with http-500 */
const down = jobQueue('test.down', async () => {
  throw Object.assign(new Error('receiver down'), { code: 'http-500', retry: false });
});

async function world() {
  const { app, database } = t();
  const db = database.db;
  // an event delivery to the webhooks subscriber that failed for good (one from before the webhooks became one
  // hop, issue 36), a job waiting, a job done
  const eventId = await db.transaction((tx) => publish(app.deps, tx, 'certificate.issued', { certificateId: 5, certCode: 'C5', activityId: null }));
  await enqueue(db, 'event:webhooks', { eventId }, { key: eventId });
  const [failedEvent] = await db.update(jobs).set({ state: 'failed', attempts: 3, lastError: 'timeout' }).where(eq(jobs.queue, 'event:webhooks')).returning();
  const failed = (await enqueue(db, 'test.down', { n: 1 }))!;
  await runJobs(db, null, [down]);
  const waiting = (await enqueue(db, 'test.down', { n: 2 }, { runAt: new Date(Date.now() + 3_600_000) }))!;
  const admin = await buildUser(db, { roles: ['admin'] });
  const h = await loginAs(app, admin.username, admin.password);
  return { app, db, h, eventId, failedEvent: failedEvent!, failed, waiting };
}

describe('Admin → Background jobs', () => {
  it('lists the failed jobs with what they were about and their error; retry puts one back, due now, once', async () => {
    const { app, db, h, failedEvent, failed, waiting } = await world();
    const list = await app.inject({ method: 'GET', url: '/api/admin/jobs?state=failed', headers: h });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { total: number; content: { id: number; kind: string; state: string; lastError: string; subject: unknown }[] };
    expect(body.total).toBe(2);
    expect(body.content.map((j) => [j.id, j.kind, j.state, j.lastError])).toEqual([
      [failed, 'test.down', 'failed', 'http-500'],
      [failedEvent.id, 'event', 'failed', 'timeout'],
    ]);
    expect(body.content[1]!.subject).toEqual({ event: 'certificate.issued', to: 'webhooks' });
    // every state when none is asked for
    const all = (await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: h })).json();
    expect(all.total).toBe((await db.select().from(jobs)).length);
    expect(new Set(all.content.map((j: { state: string }) => j.state))).toEqual(new Set(['failed', 'pending']));

    const before = Date.now();
    const retry = await app.inject({ method: 'POST', url: `/api/admin/jobs/${failed}/retry`, headers: h });
    expect(retry.statusCode, retry.body).toBe(200);
    const [back] = await db.select().from(jobs).where(eq(jobs.id, failed));
    expect(back).toMatchObject({ state: 'pending', lockedUntil: null });
    expect(back!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(back!.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'jobs'), eq(auditLog.recordId, String(failed)))),
    ).toHaveLength(1);
    // it runs again (one more attempt) and, the receiver still down, fails again
    expect(await runJobs(db, null, [down])).toEqual({ done: 0, retried: 0, failed: 1 });
    const [again] = await db.select().from(jobs).where(eq(jobs.id, failed));
    expect(again).toMatchObject({ state: 'failed', attempts: 2 });
    // a done job is never repeated; one that does not exist is not found
    await db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, waiting));
    expect((await app.inject({ method: 'POST', url: `/api/admin/jobs/${waiting}/retry`, headers: h })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/admin/jobs/999999/retry', headers: h })).statusCode).toBe(404);
    const [still] = await db.select().from(jobs).where(eq(jobs.id, waiting));
    expect(still).toMatchObject({ state: 'done' });
  });

  it('needs jobs.manage: staff holding every other capability, a member and a visitor are refused and nothing changes', async () => {
    const { app, db, failed } = await world();
    await db
      .insert(staffRoles)
      .values({ code: 'nojobs', nameZh: '除后台任务外', permissions: PERMISSIONS.filter((p) => p !== 'jobs.manage'), activityIds: null });
    const staff = await buildUser(db, { roles: ['member', 'nojobs'] });
    const member = await buildUser(db);
    const who = [await loginAs(app, staff.phone, staff.password), await loginAs(app, member.phone, member.password)];
    const routes = app.routeTable.filter((r) => /^\/api\/admin\/jobs(\/|$)/.test(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/admin/jobs', 'POST /api/admin/jobs/:id/retry']);
    for (const r of routes) expect(r.auth, r.url).toBe('jobs.manage');
    for (const h of who) {
      expect((await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: h })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: `/api/admin/jobs/${failed}/retry`, headers: h })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: `/api/admin/jobs/${failed}/retry` })).statusCode).toBe(401);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, failed));
    expect(row).toMatchObject({ state: 'failed' });
    expect(await db.select().from(auditLog).where(eq(auditLog.resource, 'jobs'))).toHaveLength(0);
  });
});
