import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { auditLog, jobs } from '../db/schema/index';
import { useTestApp } from '../test/context';
import { useSecondPool } from '../test/second-pool';
import { afterCommit, publish, EventBus } from './events';
import { deliverOutbox } from './outbox';

// Issue 25, PostgreSQL tier: two instances (two pools on one database) deliver the outbox side by side, and a
// connection killed in the middle of a delivery (after the subscriber wrote, before the commit) loses nothing
// and repeats nothing: every (event, subscriber) effect happens exactly once.
const t = useTestApp();

const instanceB = useSecondPool(t);

/** the instance whose next delivery gets its connection killed mid-commit, once */
let killNext: Db | null = null;
/** deliveries are slow enough that the two instances overlap */
let delayMs = 0;
const SUBS = ['pgtest.one', 'pgtest.two', 'pgtest.three'];
// this file's subscribers on a bus of their own (issue 36: nothing registered in the process)
const events = {
  events: new EventBus({
    inTransaction: [],
    afterCommit: SUBS.map((name) =>
      afterCommit(name, ['certificate.issued'], async (d) => {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        await d.commit(async (tx) => {
          await tx.insert(auditLog).values({ userId: null, resource: 'outboxPg', recordId: d.event.id, action: name });
          if (killNext && name === 'pgtest.two') {
            killNext = null;
            // the connection dies between the subscriber's write and the commit
            await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
          }
        });
      }),
    ),
  }),
};

async function issue(db: Db, n: number) {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++)
    ids.push(await db.transaction((tx) => publish(events, tx, 'certificate.issued', { certificateId: i, certCode: `PG${i}`, activityId: null })));
  return ids;
}
async function effectCounts(db: Db) {
  const rows = await db
    .select({ recordId: auditLog.recordId, action: auditLog.action, n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.resource, 'outboxPg'))
    .groupBy(auditLog.recordId, auditLog.action);
  return rows;
}

describe('the outbox across two instances (PostgreSQL)', () => {
  it('two instances delivering at once: every (event, subscriber) exactly once', async () => {
    const a = t().database.db;
    const ids = await issue(a, 30);
    delayMs = 5;
    const run = async (db: Db) => {
      for (let i = 0; i < 20; i++) {
        const r = await deliverOutbox(db, events, { subscribers: SUBS, batch: 7 });
        if (!r.delivered && !r.retried && !r.failed) break;
      }
    };
    await Promise.all([run(a), run(instanceB().db), run(a), run(instanceB().db)]);
    delayMs = 0;
    const counts = await effectCounts(a);
    expect(counts).toHaveLength(ids.length * SUBS.length);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const left = await a
      .select()
      .from(jobs)
      .where(and(like(jobs.queue, 'event:pgtest.%'), sql`${jobs.state} <> 'done'`));
    expect(left).toEqual([]);
  });

  it('a connection killed mid-delivery: nothing of it commits, the other instance delivers it once, the others are not repeated', async () => {
    const a = t().database.db;
    const [id] = await issue(a, 1);
    killNext = a;
    const first = await deliverOutbox(a, events, { subscribers: SUBS, leaseMs: 300 });
    expect(first.delivered).toBe(2); // one and three
    expect(first.retried).toBe(1); // two: its transaction died with the connection
    let counts = await effectCounts(a);
    expect(counts.map((c) => c.action).sort()).toEqual(['pgtest.one', 'pgtest.three']); // two's write rolled back
    // the process lives on: the same pool answers
    expect(await a.select({ n: count() }).from(jobs)).toHaveLength(1);
    // instance b, once the backoff is over: delivers two, once; one and three are not delivered again
    const later = new Date(Date.now() + 120_000);
    const second = await deliverOutbox(instanceB().db, events, { subscribers: SUBS, now: later });
    expect(second).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await deliverOutbox(a, events, { subscribers: SUBS, now: later })).toEqual({ delivered: 0, retried: 0, failed: 0 });
    counts = await effectCounts(a);
    expect(counts.filter((c) => c.recordId === id).map((c) => [c.action, c.n])).toEqual(
      expect.arrayContaining([
        ['pgtest.one', 1],
        ['pgtest.two', 1],
        ['pgtest.three', 1],
      ]),
    );
    expect(counts.filter((c) => c.recordId === id)).toHaveLength(3);
  });
});
