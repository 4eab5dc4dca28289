import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { okResponse } from '@rp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { faqs } from '../db/schema/index';
import { contextReady, useTestApp } from '../test/context';
import { buildUser, loginAs } from '../test/factories';

/**
 * Issue 33: a create whose 503 was the database going away left its Idempotency-Key "in progress" for a
 * minute (freeing it needed the database too), so every retry within that minute was refused. Two
 * instances of the app on one real PostgreSQL database, with a route of this test's own that meets an
 * outage (connections refused, backends terminated) before anything commits.
 */
const t = useTestApp();
let down = false;
let control: pg.Client;
let dbName = '';
const apps: FastifyInstance[] = [];

async function instance() {
  const ctx = t();
  const app = await buildApp({
    config: ctx.config,
    database: ctx.database,
    store: ctx.app.deps.store,
    sms: ctx.sms,
    piiKey: ctx.piiKey,
    extend: async (a) => {
      a.post('/api/test/outage-create', { schema: { response: { 200: okResponse } } }, async () => {
        if (down) {
          // the database goes away now: no new connections, every existing one ended
          await control.query(`alter database "${dbName}" with allow_connections false`);
          await control.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
        }
        await a.deps.database.db.transaction(async (tx) => {
          await tx.insert(faqs).values({ questionZh: 'outage-create', answerZh: 'a' });
        });
        return { resultCode: 1 as const, resultStr: 'ok' };
      });
    },
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  await contextReady(t);
  dbName = ((await t().database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
  control = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  control.on('error', () => undefined);
  await control.connect();
});
afterAll(async () => {
  await control?.query(`alter database "${dbName}" with allow_connections true`).catch(() => undefined);
  for (const a of apps) await a.close();
  await control?.end();
});

describe('Idempotency-Key after a database outage (issue 33)', () => {
  it('a 503 from the outage frees the key once the database is back: a retry runs at once on this instance and within seconds on another', async () => {
    const [first, second] = [await instance(), await instance()];
    const u = await buildUser(t().database.db);
    const h = await loginAs(t().app, u.phone, u.password);
    const call = (app: FastifyInstance, key: string) =>
      app.inject({ method: 'POST', url: '/api/test/outage-create', headers: { ...h, 'idempotency-key': key }, payload: {} });

    down = true;
    expect((await call(first, 'key-outage-0001')).json().code).toBe('DB_UNAVAILABLE');
    down = false;
    expect((await call(first, 'key-outage-0002')).statusCode).toBe(503); // still away
    await control.query(`alter database "${dbName}" with allow_connections true`);

    // the instance that answered the 503 lets the retry run at once
    let same = await call(first, 'key-outage-0001');
    for (let i = 0; i < 20 && same.json().code === 'DB_UNAVAILABLE'; i++) same = await call(first, 'key-outage-0001'); // its pool reconnecting
    expect(same.statusCode, same.body).toBe(200);

    // another instance: the first frees the key as soon as the database answers, not a minute later
    const started = Date.now();
    let other = await call(second, 'key-outage-0002');
    while (other.statusCode !== 200 && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 200));
      other = await call(second, 'key-outage-0002');
    }
    expect(other.statusCode, other.body).toBe(200);
    const rows = await t()
      .database.db.select()
      .from(faqs)
      .where(sql`${faqs.questionZh} = 'outage-create'`);
    expect(rows).toHaveLength(2);
  }, 60_000);
});
