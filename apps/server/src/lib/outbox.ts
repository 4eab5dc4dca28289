import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { domainEvents, outbox, webhookDeliveries } from '../db/schema/index';
import { asyncSubscriber, type Delivery, type EventName, type StoredEvent } from './events';
import { every, type JobLog } from './every';

/**
 * The outbox job (issue 25): delivers each (event, subscriber) row once, on whichever instance claims it.
 *
 * A row is claimed with a lease (FOR UPDATE SKIP LOCKED, so two instances never take one). The subscriber's
 * own writes and the "delivered" mark commit together, in `delivery.commit`, only while the lease is still
 * this instance's: an instance that dies or loses its connection mid-delivery commits neither, its lease
 * runs out and another instance delivers — the effect happens exactly once. A failing subscriber is
 * retried with backoff (30 s doubling, at most an hour apart) for 24 hours, then marked failed (staff can
 * retry it from the admin); other subscribers of the same event are not repeated.
 */
export const OUTBOX_RETRY_WINDOW_MS = 24 * 3600_000;
/** how long events (and with them their outbox rows, webhook deliveries and attempt logs) are kept once settled */
export const EVENT_KEEP_DAYS = 30;
const DEFAULT_LEASE_MS = 60_000;
const BATCH = 20;
export const outboxBackoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

export class LeaseLost extends Error {
  constructor() {
    super('outbox lease lost');
    this.name = 'LeaseLost';
  }
}

export interface OutboxReport {
  delivered: number;
  retried: number;
  failed: number;
}

export interface OutboxOptions {
  now?: Date;
  /** how long a claimed row stays this instance's (tests: short, to show a dead instance's row taken over) */
  leaseMs?: number;
  batch?: number;
  /** only these subscribers (tests) */
  subscribers?: string[];
}

type Row = typeof outbox.$inferSelect;

/** A short code for the error column: never a message that could carry data (query parameters, bodies). */
function errorCode(e: unknown): string {
  const err = e as { code?: unknown; name?: unknown };
  const code = typeof err?.code === 'string' ? err.code : typeof err?.name === 'string' ? err.name : 'error';
  return code.replace(/[^A-Za-z0-9_.:-]/g, '').slice(0, 100) || 'error';
}

/** Delivers the due outbox rows once each; never throws for a subscriber's failure. */
export async function deliverOutbox(db: Db, deps: unknown, opts: OutboxOptions = {}): Promise<OutboxReport> {
  const now = opts.now ?? new Date();
  const lease = new Date(now.getTime() + (opts.leaseMs ?? DEFAULT_LEASE_MS));
  const report: OutboxReport = { delivered: 0, retried: 0, failed: 0 };
  const conds: SQL[] = [eq(outbox.status, 'pending'), lte(outbox.nextAt, now), or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, now))!];
  if (opts.subscribers) conds.push(inArray(outbox.subscriber, opts.subscribers));
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(...conds))
    .orderBy(asc(outbox.id))
    .limit(opts.batch ?? BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ leaseUntil: lease, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
  claimed.sort((a, b) => a.id - b.id);
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  for (const claimedRow of claimed) {
    // each row gets a whole lease of its own when its turn comes (the batch's rows go one after another): a
    // slow subscriber early in the batch never leaves a later row's lease running out before it is tried
    const own = new Date(Math.max(Date.now(), now.getTime()) + leaseMs);
    const [row] = await db
      .update(outbox)
      .set({ leaseUntil: own })
      .where(and(eq(outbox.id, claimedRow.id), eq(outbox.leaseUntil, lease), eq(outbox.status, 'pending')))
      .returning();
    if (!row) continue; // taken over meanwhile (the batch's lease ran out): the other instance has it
    const outcome = await deliverOne(db, deps, row, own, now);
    report[outcome]++;
  }
  return report;
}

async function deliverOne(db: Db, deps: unknown, row: Row, lease: Date, now: Date): Promise<keyof OutboxReport> {
  const mine = and(eq(outbox.id, row.id), eq(outbox.leaseUntil, lease), eq(outbox.status, 'pending'));
  const sub = asyncSubscriber(row.subscriber);
  const [ev] = await db.select().from(domainEvents).where(eq(domainEvents.id, row.eventId));
  if (!sub || !ev) {
    await db
      .update(outbox)
      .set({ status: 'failed', leaseUntil: null, lastError: sub ? 'no-event' : 'no-subscriber' })
      .where(mine);
    return 'failed';
  }
  let committed = false;
  const delivery: Delivery = {
    event: { id: ev.id, name: ev.name as EventName, payload: ev.payload as never, activityId: ev.activityId, occurredAt: ev.occurredAt } as StoredEvent,
    attempt: row.attempts,
    commit: async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      if (committed) throw new Error('outbox delivery committed twice');
      const out = await db.transaction(async (tx) => {
        const [held] = await tx.select({ id: outbox.id }).from(outbox).where(mine).for('update');
        if (!held) throw new LeaseLost();
        const result = await work(tx);
        await tx.update(outbox).set({ status: 'delivered', deliveredAt: new Date(), leaseUntil: null, lastError: null }).where(eq(outbox.id, row.id));
        return result;
      });
      committed = true;
      return out;
    },
  };
  try {
    await sub.handler(delivery, deps as never);
    if (!committed) await delivery.commit(async () => undefined);
    return 'delivered';
  } catch (e) {
    if (committed) return 'delivered'; // the handler failed after its own commit: what it owed is done
    if (e instanceof LeaseLost) return 'retried';
    const last = now.getTime() - row.createdAt.getTime() >= OUTBOX_RETRY_WINDOW_MS;
    await db
      .update(outbox)
      .set(
        last
          ? { status: 'failed', leaseUntil: null, lastError: errorCode(e) }
          : { leaseUntil: null, lastError: errorCode(e), nextAt: new Date(now.getTime() + outboxBackoffMs(row.attempts)) },
      )
      .where(mine)
      .catch(() => undefined); // the connection may be the thing that failed: the lease runs out instead
    return last ? 'failed' : 'retried';
  }
}

/**
 * The job of one instance: every second, deliver what is due. Several instances run it side by side (rows
 * are claimed, never shared). Never throws: a dropped database connection is retried on the next tick.
 */
export function startOutboxJobs(db: Db, deps: unknown, log: JobLog, everyMs = 1000): () => void {
  let ticks = 0;
  const pruneEvery = Math.max(1, Math.round(3_600_000 / everyMs)); // about once an hour
  return every(
    'outbox',
    everyMs,
    async () => {
      if (ticks++ % pruneEvery === 0) await pruneEvents(db);
      const r = await deliverOutbox(db, deps);
      return r.delivered + r.retried + r.failed >= BATCH; // a full batch: more may be due, go on at once
    },
    log,
  );
}

/**
 * Deletes events older than EVENT_KEEP_DAYS that nothing waits for (no outbox row or webhook delivery still
 * pending); their outbox rows, webhook deliveries and attempt logs go with them (foreign keys cascade), so
 * the tables stay the size of a month. Returns how many events went.
 */
export async function pruneEvents(db: Db, now = new Date(), keepDays = EVENT_KEEP_DAYS): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 24 * 3600_000);
  const gone = await db
    .delete(domainEvents)
    .where(
      and(
        lt(domainEvents.occurredAt, before),
        sql`not exists (select 1 from ${outbox} where ${outbox.eventId} = ${domainEvents.id} and ${outbox.status} = 'pending')`,
        sql`not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${domainEvents.id} and ${webhookDeliveries.status} = 'pending')`,
      ),
    )
    .returning({ id: domainEvents.id });
  return gone.length;
}

export interface OutboxListQuery {
  status?: 'pending' | 'delivered' | 'failed';
  pageNo: number;
  pageSize: number;
}

/** The deliveries staff see (Admin → Integrations): newest first, with the event's name. */
export async function listOutbox(db: Db, q: OutboxListQuery) {
  const where = q.status ? eq(outbox.status, q.status) : undefined;
  const rows = await db
    .select({ o: outbox, eventName: domainEvents.name })
    .from(outbox)
    .innerJoin(domainEvents, eq(domainEvents.id, outbox.eventId))
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(q.pageSize)
    .offset(q.pageNo * q.pageSize);
  const [n] = await db.select({ n: count() }).from(outbox).where(where);
  return {
    total: Number(n?.n ?? 0),
    content: rows.map(({ o, eventName }) => ({
      id: o.id,
      eventId: o.eventId,
      eventName,
      subscriber: o.subscriber,
      status: o.status,
      attempts: o.attempts,
      nextAt: o.status === 'pending' ? o.nextAt.toISOString() : null,
      lastError: o.lastError,
      deliveredAt: o.deliveredAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

/**
 * Staff's "retry now": a failed (or waiting) row is tried again at once — one more attempt once its 24 hours
 * are over. Returns false for a row that does not exist, was already delivered (never repeated) or is being
 * delivered by an instance right now.
 */
export async function retryOutbox(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', nextAt: new Date(), leaseUntil: null })
    // a row an instance holds right now is not touched (it is being delivered)
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['pending', 'failed']), or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, new Date()))))
    .returning({ id: outbox.id });
  return rows.length > 0;
}
