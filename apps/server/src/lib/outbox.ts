import { and, count, desc, eq, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { domainEvents, jobs, webhookDeliveries } from '../db/schema/index';
import { EVENT_QUEUE_PREFIX as PREFIX, type EventBus, type Events, eventQueueName, type Delivery, type EventName, type StoredEvent } from './events';
import { jobQueue, retryJob, runJobs, type JobQueue, type RunJobsOptions } from './jobs';

/**
 * The outbox (issue 25), on the one job queue (issue 36, lib/jobs.ts): `publish` enqueues one job per
 * asynchronous subscriber in the change's transaction — queue `event:<subscriber>`, payload `{ eventId }`,
 * key the event id (so an (event, subscriber) pair is one job). The subscriber's own writes and the job's
 * "done" commit together, in `delivery.commit` (the job's commit, only while its lease is this instance's):
 * an instance that dies mid-delivery commits neither, its lease runs out and another delivers — the effect
 * happens exactly once. A failing subscriber is retried with the queue's backoff for 24 hours, then marked
 * failed (staff can retry it from the admin); other subscribers of the same event are not repeated.
 */
export const OUTBOX_RETRY_WINDOW_MS = 24 * 3600_000;
/** how long events (and with them their delivery jobs, webhook deliveries and attempt logs) are kept once settled */
export const EVENT_KEEP_DAYS = 30;
const subscriberOf = (queue: string) => queue.slice(PREFIX.length);

/** Where a job is an event's delivery (to one subscriber, when given). */
export function eventJobWhere(eventId: string, subscriber?: string): SQL {
  return and(
    subscriber === undefined ? like(jobs.queue, `${PREFIX}%`) : eq(jobs.queue, eventQueueName(subscriber)),
    sql`${jobs.payload}->>'eventId' = ${eventId}`,
  )!;
}

/** The queue of one outbox subscriber: loads the event and hands the subscriber a Delivery over the job. */
function subscriberQueue(name: string): JobQueue {
  return jobQueue<Events, { eventId: string }>(
    eventQueueName(name),
    async (job, deps) => {
      const sub = deps.events.asyncSubscriber(name);
      if (!sub) throw Object.assign(new Error('no subscriber'), { code: 'no-subscriber', retry: false });
      const [ev] = await job.db.select().from(domainEvents).where(eq(domainEvents.id, job.payload.eventId));
      if (!ev) throw Object.assign(new Error('no event'), { code: 'no-event', retry: false });
      const delivery: Delivery = {
        event: { id: ev.id, name: ev.name as EventName, payload: ev.payload as never, activityId: ev.activityId, occurredAt: ev.occurredAt } as StoredEvent,
        attempt: job.attempt,
        commit: job.commit,
      };
      await sub.handler(delivery, deps as never);
    },
    { retryWindowMs: OUTBOX_RETRY_WINDOW_MS },
  );
}

/** The queues of every outbox subscriber of an app's bus (or only these), for the one job loop. */
export function outboxQueues(bus: EventBus, subscribers: readonly string[] = bus.asyncSubscriberNames()): JobQueue[] {
  return subscribers.map(subscriberQueue);
}

export interface OutboxReport {
  delivered: number;
  retried: number;
  failed: number;
}

export interface OutboxOptions extends Pick<RunJobsOptions, 'now' | 'leaseMs' | 'batch'> {
  /** only these subscribers (tests) */
  subscribers?: string[];
}

/**
 * Delivers the due event deliveries once each (the job loop does this with every other queue; tests call it
 * for the outbox alone); never throws for a subscriber's failure. `deps` is what subscribers are handed.
 */
export async function deliverOutbox(db: Db, deps: Events, opts: OutboxOptions = {}): Promise<OutboxReport> {
  const r = await runJobs(db, deps, outboxQueues(deps.events, opts.subscribers), opts);
  return { delivered: r.done, retried: r.retried, failed: r.failed };
}

/**
 * Deletes events older than EVENT_KEEP_DAYS that nothing waits for (no delivery job or webhook delivery
 * still pending), with their delivery jobs; their webhook deliveries and attempt logs go with them (foreign
 * keys cascade), so the tables stay the size of a month. Returns how many events went.
 */
export async function pruneEvents(db: Db, now = new Date(), keepDays = EVENT_KEEP_DAYS): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 24 * 3600_000);
  return db.transaction(async (tx: Tx) => {
    const gone = await tx
      .delete(domainEvents)
      .where(
        and(
          lt(domainEvents.occurredAt, before),
          sql`not exists (select 1 from ${jobs} where ${jobs.queue} like ${`${PREFIX}%`} and ${jobs.state} = 'pending' and ${jobs.payload}->>'eventId' = ${domainEvents.id})`,
          sql`not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${domainEvents.id} and ${webhookDeliveries.status} = 'pending')`,
        ),
      )
      .returning({ id: domainEvents.id });
    const ids = gone.map((g) => g.id);
    if (ids.length) await tx.delete(jobs).where(and(like(jobs.queue, `${PREFIX}%`), inArray(sql`${jobs.payload}->>'eventId'`, ids)));
    return gone.length;
  });
}

export interface OutboxListQuery {
  status?: 'pending' | 'delivered' | 'failed';
  pageNo: number;
  pageSize: number;
}

const STATE_OF = { pending: 'pending', delivered: 'done', failed: 'failed' } as const;
const STATUS_OF = { pending: 'pending', done: 'delivered', failed: 'failed' } as const;

/** The deliveries staff see (Admin → Integrations): newest first, with the event's name. */
export async function listOutbox(db: Db, q: OutboxListQuery) {
  const where = and(like(jobs.queue, `${PREFIX}%`), q.status ? eq(jobs.state, STATE_OF[q.status]) : undefined);
  const rows = await db
    .select({ j: jobs, eventName: domainEvents.name, eventId: domainEvents.id })
    .from(jobs)
    .innerJoin(domainEvents, sql`${domainEvents.id} = ${jobs.payload}->>'eventId'`)
    .where(where)
    .orderBy(desc(jobs.id))
    .limit(q.pageSize)
    .offset(q.pageNo * q.pageSize);
  const [n] = await db.select({ n: count() }).from(jobs).where(where);
  return {
    total: Number(n?.n ?? 0),
    content: rows.map(({ j, eventName, eventId }) => ({
      id: j.id,
      eventId,
      eventName,
      subscriber: subscriberOf(j.queue),
      status: STATUS_OF[j.state],
      attempts: j.attempts,
      nextAt: j.state === 'pending' ? j.runAt.toISOString() : null,
      lastError: j.lastError,
      deliveredAt: j.doneAt?.toISOString() ?? null,
      createdAt: j.createdAt.toISOString(),
    })),
  };
}

/**
 * Staff's "retry now": a failed (or waiting) delivery is tried again at once — one more attempt once its 24
 * hours are over. False for a row that does not exist or is no event delivery, was already delivered (never
 * repeated) or is being delivered by an instance right now.
 */
export async function retryOutbox(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ queue: jobs.queue }).from(jobs).where(eq(jobs.id, id));
  return !!row?.queue.startsWith(PREFIX) && retryJob(db, id, row.queue);
}
