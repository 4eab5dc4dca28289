import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { appCollaborators, buildApp, type Collaborators } from '../app';
import { auditLog, jobs } from '../db/schema/index';
import { useTestApp } from '../test/context';
import { afterCommit, inTransaction, publish, EventBus } from './events';
import { deliverOutbox } from './outbox';
import { DbShortStore } from './short-store';

// Issue 36 item 6: subscribers are handed to buildApp and live on that app's deps (deps.events), never in a
// table of the process — two apps built in one process (tests build several) do not see each other's.
const t = useTestApp();

/** An app on this file's database whose subscribers are one in-transaction and one outbox subscriber named `tag`. */
function collaborators(tag: string): Collaborators {
  const own = appCollaborators();
  return {
    ...own,
    subscribers: {
      inTransaction: [
        inTransaction('certificate.issued', `test.${tag}`, async (tx, p) => {
          await tx.insert(auditLog).values({ userId: null, resource: 'eventsTest', recordId: String(p.certificateId), action: `sync:${tag}` });
        }),
      ],
      afterCommit: [
        afterCommit(`test.${tag}`, ['certificate.issued'], async (d) => {
          await d.commit((tx) => tx.insert(auditLog).values({ userId: null, resource: 'eventsTest', recordId: d.event.id, action: `async:${tag}` }));
        }),
      ],
    },
  };
}

let a: FastifyInstance;
let b: FastifyInstance;
// built in the first test (the file's app is ready only inside one), closed after the last
beforeEach(async () => {
  if (a) return;
  const { config, database, piiKey } = t();
  const make = (tag: string) => buildApp({ config, database, store: new DbShortStore(database.db), piiKey, collaborators: collaborators(tag) });
  [a, b] = await Promise.all([make('a'), make('b')]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const effects = async () =>
  (await t().database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.resource, 'eventsTest'))).map((r) => r.action).sort();
const queues = async () => (await t().database.db.select({ queue: jobs.queue }).from(jobs).where(like(jobs.queue, 'event:%'))).map((r) => r.queue).sort();
const issue = (app: FastifyInstance, certificateId: number) =>
  t().database.db.transaction((tx) => publish(app.deps, tx, 'certificate.issued', { certificateId, certCode: `E${certificateId}`, activityId: null }));

describe('event subscribers belong to the app they were handed to', () => {
  it('an event published by one app runs and enqueues only that app’s subscribers', async () => {
    await issue(a, 1);
    expect(await effects()).toEqual(['sync:a']);
    expect(await queues()).toEqual(['event:test.a']);
    await issue(b, 2);
    expect(await effects()).toEqual(['sync:a', 'sync:b']);
    expect(await queues()).toEqual(['event:test.a', 'event:test.b']);
    // the file's own app (appCollaborators) has neither, and no outbox subscriber: its webhooks are one hop,
    // their deliveries written in the transaction (issue 36)
    await issue(t().app, 3);
    expect(await effects()).toEqual(['sync:a', 'sync:b']);
    expect(await queues()).toEqual(['event:test.a', 'event:test.b']);
  });

  it('each app’s job loop delivers its own subscribers’ jobs, never the other’s', async () => {
    const db = t().database.db;
    const [first, second] = [await issue(a, 4), await issue(b, 5)];
    expect(await deliverOutbox(db, b.deps)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await effects()).toEqual(['async:b', 'sync:a', 'sync:b']);
    expect(await deliverOutbox(db, a.deps)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const rows = await db.select({ recordId: auditLog.recordId, action: auditLog.action }).from(auditLog).where(like(auditLog.action, 'async:%'));
    expect(rows).toEqual(
      expect.arrayContaining([
        { recordId: first, action: 'async:a' },
        { recordId: second, action: 'async:b' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('two subscribers of one name handed to one app are a start error, not one silently replacing the other', () => {
    const [sub] = collaborators('x').subscribers.afterCommit;
    expect(() => new EventBus({ inTransaction: [], afterCommit: [sub!, sub!] })).toThrow(/two outbox subscribers named test\.x/);
    const [sync] = collaborators('x').subscribers.inTransaction;
    expect(() => new EventBus({ inTransaction: [sync!, sync!], afterCommit: [] })).toThrow(/two in-transaction subscribers named test\.x/);
  });

  it('the subscribers are part of buildApp’s types: collaborators without them do not compile', () => {
    const { orderKinds, withdrawalRefunds } = appCollaborators();
    // @ts-expect-error subscribers missing (issue 36: a compile error, never an app that publishes to nobody)
    const partial: Collaborators = { orderKinds, withdrawalRefunds };
    expect(partial).not.toHaveProperty('subscribers');
  });
});
