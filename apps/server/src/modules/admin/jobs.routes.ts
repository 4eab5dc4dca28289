import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import { jobIdParams, jobListResponse, jobRetryResponse, jobsQuery, type JobItem } from '@rp/shared';
import type { Db } from '../../db/client';
import { domainEvents, noticeJobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { listJobs, retryJob, type JobRow } from '../../lib/jobs';
import { requirePermission } from '../../plugins/auth';

/** A queue's kind: an outbox subscriber's `event:<name>` and the timers' `timer:<name>` are one kind each. */
const kindOf = (queue: string) => (queue.startsWith('event:') ? 'event' : queue.startsWith('timer:') ? 'timer' : queue);
const idOf = (j: JobRow, key: string) => {
  const v = j.payload[key];
  return typeof v === 'number' ? v : typeof v === 'string' ? v : null;
};

/** What each job is about (its payload holds ids only): the event and where it goes, in what the screen labels. */
async function describeJobs(db: Db, rows: JobRow[]): Promise<JobItem[]> {
  const ids = (queue: (q: string) => boolean, key: string) =>
    [...new Set(rows.filter((j) => queue(j.queue)).map((j) => idOf(j, key)))].filter((v) => v !== null);
  const eventIds = ids((q) => q.startsWith('event:'), 'eventId').map(String);
  const deliveryIds = ids((q) => q === 'webhook', 'deliveryId').map(Number);
  const noticeIds = ids((q) => q === 'notice', 'noticeId').map(Number);
  const [events, deliveries, notices] = await Promise.all([
    eventIds.length ? db.select({ id: domainEvents.id, name: domainEvents.name }).from(domainEvents).where(inArray(domainEvents.id, eventIds)) : [],
    deliveryIds.length
      ? db
          .select({ id: webhookDeliveries.id, event: webhookDeliveries.eventName, url: webhookEndpoints.url })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(inArray(webhookDeliveries.id, deliveryIds))
      : [],
    noticeIds.length
      ? db.select({ id: noticeJobs.id, event: noticeJobs.event, channel: noticeJobs.channel }).from(noticeJobs).where(inArray(noticeJobs.id, noticeIds))
      : [],
  ]);
  const eventName = new Map(events.map((e) => [e.id, e.name]));
  const delivery = new Map(deliveries.map((d) => [d.id, d]));
  const notice = new Map(notices.map((n) => [n.id, n]));
  return rows.map((j) => {
    const kind = kindOf(j.queue);
    const subject =
      kind === 'event'
        ? { event: eventName.get(String(idOf(j, 'eventId'))) ?? null, to: j.queue.slice('event:'.length) }
        : kind === 'webhook'
          ? { event: delivery.get(Number(idOf(j, 'deliveryId')))?.event ?? null, to: delivery.get(Number(idOf(j, 'deliveryId')))?.url ?? null }
          : kind === 'notice'
            ? { event: notice.get(Number(idOf(j, 'noticeId')))?.event ?? null, to: notice.get(Number(idOf(j, 'noticeId')))?.channel ?? null }
            : kind === 'timer'
              ? { event: null, to: j.queue.slice('timer:'.length) }
              : { event: null, to: null };
    return {
      id: j.id,
      kind,
      queue: j.queue,
      state: j.state,
      attempts: j.attempts,
      maxAttempts: j.maxAttempts,
      lastError: j.lastError,
      runAt: j.runAt.toISOString(),
      doneAt: j.doneAt?.toISOString() ?? null,
      createdAt: j.createdAt.toISOString(),
      subject,
    };
  });
}

/**
 * Admin → Background jobs (issue 36): every queue's jobs on the one job queue (lib/jobs.ts), newest first —
 * failed ones with their error — and "retry": a failed job is tried again at once. Under jobs.manage.
 */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin', 'jobs'];
  const preHandler = requirePermission('jobs.manage');

  app.get('/api/admin/jobs', { schema: { tags, querystring: jobsQuery, response: { 200: jobListResponse } }, preHandler }, async (req) => {
    const list = await listJobs(db, req.query);
    return ok(req, { total: list.total, content: await describeJobs(db, list.content) }, 'ok.query');
  });

  app.post('/api/admin/jobs/:id/retry', { schema: { tags, params: jobIdParams, response: { 200: jobRetryResponse } }, preHandler }, async (req) => {
    if (!(await retryJob(db, req.params.id))) throw new AppError('NOT_FOUND');
    await audit(db, { userId: req.user!.id, resource: 'jobs', recordId: req.params.id, action: 'retry' });
    return ok(req, { ok: true as const }, 'integrations.retried');
  });
};
