import { and, eq, inArray, like, not, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, domainEvents, jobs } from '../db/schema/index';
import type { Db } from '../db/client';
import { useTestApp } from '../test/context';
import { appCollaborators } from '../app';
import { afterCommit, inTransaction, publish, EventBus, EVENT_CATALOG, type Events } from './events';
import { deliverOutbox, eventJobWhere, listOutbox, pruneEvents, retryOutbox, EVENT_KEEP_DAYS, OUTBOX_RETRY_WINDOW_MS } from './outbox';

// Issue 25: domain events and the transactional outbox on the embedded database (one transaction at a time:
// the races across instances are proven on the PostgreSQL tier, outbox.pg.test.ts).
const t = useTestApp();

const failures = new Map<string, number>();
/** An outbox subscriber whose effect is an audit row (resource 'outboxTest', action = subscriber, record = event). */
function effectSubscriber(name: string) {
  return afterCommit(name, ['certificate.issued'], async (d) => {
    const left = failures.get(name) ?? 0;
    if (left > 0) {
      failures.set(name, left - 1);
      throw Object.assign(new Error('receiver down'), { code: 'RECEIVER_DOWN' });
    }
    await d.commit((tx) => tx.insert(auditLog).values({ userId: null, resource: 'outboxTest', recordId: d.event.id, action: name }));
  });
}
const SUBS = ['test.first', 'test.second'];
// this file's subscribers beside the app's own, on a bus of its own (issue 36: nothing registered in the process)
const own = appCollaborators().subscribers;
const bus = new EventBus({ inTransaction: own.inTransaction, afterCommit: [...own.afterCommit, ...SUBS.map(effectSubscriber)] });
const withBus = () => ({ ...t().app.deps, events: bus });

/** An event's deliveries (issue 36: jobs of the one queue) as the outbox rows they were: subscriber, status, attempts, lastError, nextAt. */
async function outboxRows(db: Db, eventId?: string, subscriber?: string) {
  const rows = await db
    .select()
    .from(jobs)
    .where(eventId ? eventJobWhere(eventId, subscriber) : like(jobs.queue, 'event:%'));
  const status = { pending: 'pending', done: 'delivered', failed: 'failed' } as const;
  return rows.map((j) => ({
    subscriber: j.queue.slice('event:'.length),
    status: status[j.state],
    attempts: j.attempts,
    lastError: j.lastError,
    nextAt: j.runAt,
  }));
}
const notTest = not(like(jobs.queue, 'event:test.%'));

async function issue(db: Db, certificateId: number, events: Events = { events: bus }) {
  return db.transaction((tx) => publish(events, tx, 'certificate.issued', { certificateId, certCode: `C${certificateId}`, activityId: null }));
}
async function effects(db: Db, eventId: string) {
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'outboxTest'), eq(auditLog.recordId, eventId)));
  return rows.map((r) => r.action).sort();
}

describe('domain events', () => {
  it('publish stores the event and one outbox row per outbox subscriber, in the change’s transaction', async () => {
    const db = t().database.db;
    const id = await issue(db, 1);
    const rows = await outboxRows(db, id);
    expect(rows.map((r) => r.subscriber)).toEqual(expect.arrayContaining(SUBS));
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
  });

  it('a rolled-back change publishes nothing: no event, no outbox row, no in-transaction effect', async () => {
    const db = t().database.db;
    const sync = inTransaction('certificate.issued', 'test.sync', async (tx, p) => {
      await tx.insert(auditLog).values({ userId: null, resource: 'outboxTestSync', recordId: String(p.certificateId), action: 'sync' });
    });
    const withSync = {
      events: new EventBus({ inTransaction: [...own.inTransaction, sync], afterCommit: [...own.afterCommit, ...SUBS.map(effectSubscriber)] }),
    };
    await expect(
      db.transaction(async (tx) => {
        await publish(withSync, tx, 'certificate.issued', { certificateId: 2, certCode: 'C2', activityId: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows(db)).toHaveLength(0);
    expect(await db.select().from(domainEvents)).toHaveLength(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.resource, 'outboxTestSync'))).toHaveLength(0);
    // committed: the in-transaction subscriber's write is there with the event
    await issue(db, 3, withSync);
    expect(await db.select().from(auditLog).where(eq(auditLog.resource, 'outboxTestSync'))).toHaveLength(1);
  });

  it('refuses a payload that is not the catalog’s (a phone number is not a field of any event)', async () => {
    const db = t().database.db;
    await expect(
      db.transaction((tx) => publish({ events: bus }, tx, 'certificate.issued', { certificateId: 0, certCode: 'x', activityId: null } as never)),
    ).rejects.toThrow();
    const shape = EVENT_CATALOG['payment.settled'].parse({
      orderId: 1,
      orderNo: 'O1',
      kind: 'fee',
      activityId: 1,
      userId: 1,
      amountFen: 100,
      paidAt: new Date().toISOString(),
      phone: '13800138000',
    });
    expect(shape).not.toHaveProperty('phone'); // unknown fields are dropped, never stored or sent
  });
});

describe('the outbox', () => {
  it('delivers each subscriber once; a failing subscriber is retried later without repeating the others', async () => {
    const db = t().database.db;
    const id = await issue(db, 10);
    failures.set('test.second', 1);
    const first = await deliverOutbox(db, withBus(), { subscribers: SUBS });
    expect(first).toEqual({ delivered: 1, retried: 1, failed: 0 });
    expect(await effects(db, id)).toEqual(['test.first']);
    const [waiting] = await outboxRows(db, id, 'test.second');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'RECEIVER_DOWN' });
    expect(waiting!.nextAt.getTime()).toBeGreaterThan(Date.now() + 20_000); // backoff: not due again at once
    // nothing is due now: nobody is repeated
    expect(await deliverOutbox(db, withBus(), { subscribers: SUBS })).toEqual({ delivered: 0, retried: 0, failed: 0 });
    // after the backoff the failed one goes, the delivered one does not go again
    const later = new Date(Date.now() + 60_000);
    expect(await deliverOutbox(db, withBus(), { subscribers: SUBS, now: later })).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await effects(db, id)).toEqual(['test.first', 'test.second']);
    expect(await deliverOutbox(db, withBus(), { subscribers: SUBS, now: new Date(Date.now() + 3_600_000) })).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect(await effects(db, id)).toEqual(['test.first', 'test.second']);
  });

  it('gives up after 24 hours (failed, visible to staff); staff retry makes one more attempt; a delivered row is never repeated', async () => {
    const db = t().database.db;
    const id = await issue(db, 20);
    failures.set('test.second', 100);
    const dayLater = new Date(Date.now() + OUTBOX_RETRY_WINDOW_MS + 1000);
    const r = await deliverOutbox(db, withBus(), { subscribers: SUBS, now: dayLater });
    expect(r).toEqual({ delivered: 1, retried: 0, failed: 1 });
    const list = await listOutbox(db, { status: 'failed', pageNo: 0, pageSize: 20 });
    expect(list.content).toEqual([
      expect.objectContaining({ eventId: id, eventName: 'certificate.issued', subscriber: 'test.second', lastError: 'RECEIVER_DOWN' }),
    ]);
    failures.set('test.second', 0);
    const [failedRow] = list.content;
    expect(await retryOutbox(db, failedRow!.id)).toBe(true);
    expect(await deliverOutbox(db, withBus(), { subscribers: SUBS })).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await effects(db, id)).toEqual(['test.first', 'test.second']);
    expect(await retryOutbox(db, failedRow!.id)).toBe(false); // delivered: not again
    expect(await retryOutbox(db, 999_999)).toBe(false);
  });

  it('a row whose lease another instance holds is not taken; one whose lease ran out is', async () => {
    const db = t().database.db;
    const id = await issue(db, 30);
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eventJobWhere(id));
    expect(await deliverOutbox(db, withBus(), { subscribers: SUBS })).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(await deliverOutbox(db, withBus(), { subscribers: SUBS, now: new Date(Date.now() + 61_000) })).toEqual({
      delivered: 2,
      retried: 0,
      failed: 0,
    });
    expect(await effects(db, id)).toEqual(['test.first', 'test.second']);
  });

  it('keeps a month of settled events: older ones go with their outbox rows; one still waiting stays', async () => {
    const db = t().database.db;
    const settled = await issue(db, 40);
    const waiting = await issue(db, 41);
    const recent = await issue(db, 42);
    await deliverOutbox(db, withBus(), { subscribers: SUBS });
    const old = new Date(Date.now() - (EVENT_KEEP_DAYS + 1) * 24 * 3600_000);
    await db
      .update(domainEvents)
      .set({ occurredAt: old })
      .where(inArray(domainEvents.id, [settled, waiting]));
    await db.update(jobs).set({ state: 'pending' }).where(eventJobWhere(waiting, 'test.second'));
    // every other subscriber's rows (the app's own) count as settled for this test
    await db
      .update(jobs)
      .set({ state: 'done' })
      .where(and(or(eventJobWhere(settled), eventJobWhere(recent)), notTest));
    await db
      .update(jobs)
      .set({ state: 'done' })
      .where(and(eventJobWhere(waiting), notTest));
    expect(await pruneEvents(db)).toBe(1);
    const left = (await db.select({ id: domainEvents.id }).from(domainEvents)).map((r) => r.id).sort();
    expect(left).toEqual([waiting, recent].sort());
    expect(await outboxRows(db, settled)).toHaveLength(0);
  });
});
