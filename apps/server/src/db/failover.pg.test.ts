// Issue 9, finding 1: a lost database connection (failover, restart, idle timeout) must never kill the
// process. Concurrent one-form team creations run while every backend of the app's database is terminated
// again and again; each request must answer 200 or 503 DB_UNAVAILABLE (never 500, never a crash), the
// service must recover by itself, and no team may be left with fewer players than its form sent.
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from './schema/index';
import { useTestApp } from '../test/context';
import { buildRegistrationActivity, buildUser, idCard, loginAs } from '../test/factories';

const t = useTestApp();

// Everything the process would die of is recorded here (vitest keeps its own handlers too).
const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => uncaught.push(e);
beforeAll(() => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
});
afterAll(() => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
});

/**
 * The database "goes away" the way a failover looks to the app: no new connections are accepted, and
 * every existing backend of the app's database is terminated again and again — from a connection of
 * its own, to the server's maintenance database.
 */
async function outage(dbName: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  c.on('error', () => undefined);
  await c.connect();
  return {
    refuseConnections: (refuse: boolean) => c.query(`alter database "${dbName}" with allow_connections ${refuse ? 'false' : 'true'}`),
    kill: () =>
      c.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]).then(
        (r) => r.rows[0].n as number,
      ),
    end: () => c.end(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('database failover under write load', () => {
  it('answers 503 while the database is away, never crashes, recovers, and leaves no half-written team', async () => {
    const { app, database } = t();
    const db = database.db;
    const dbName = ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const reg = await buildRegistrationActivity(db); // sumo: 3 players per team
    const u = await buildUser(db);
    const h = { ...(await loginAs(app, u.phone, u.password)), 'accept-language': 'en' };

    let n = 0;
    const form = () => {
      n += 1;
      const day = String((n % 28) + 1).padStart(2, '0');
      const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
      return {
        activityId: reg.activity.id,
        team: { name: `Team ${n}`, program: { id: reg.sumo.id } },
        members: [0, 1, 2].map((i) => ({ name: `P${n}-${i}`, cardType: 0, card: idCard(`2012${month}${day}`, false, i + 3 * Math.floor(n / 336)), emerName: 'Mum', emerPhone: '13800138000' })),
      };
    };
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/lTeam/web/batchCreate', headers: h, payload });

    const k = await outage(dbName);
    const results: { status: number; code?: string; message?: string }[] = [];
    let stop = false;
    // 6 writers in a loop; after 300 ms the database refuses connections for 1.5 s while its backends are
    // terminated every 15 ms (mid-transaction, between the team and its players, at commit…).
    const writers = Array.from({ length: 6 }, async () => {
      while (!stop) {
        const r = await post(form());
        results.push({ status: r.statusCode, code: r.json().code, message: r.json().message });
      }
    });
    await sleep(300);
    let killed = 0;
    await k.refuseConnections(true);
    const until = Date.now() + 1500;
    const healthDuring = (async () => {
      await sleep(100);
      const started = Date.now();
      const r = await app.inject({ method: 'GET', url: '/api/health' });
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      return { status: r.statusCode, body: r.json(), ms: Date.now() - started, live: live.statusCode };
    })();
    while (Date.now() < until) {
      killed += await k.kill();
      await sleep(15);
    }
    await k.refuseConnections(false);
    await sleep(200);
    stop = true;
    await Promise.all(writers);
    await k.end();

    expect(killed).toBeGreaterThan(0);
    const failed = results.filter((r) => r.status !== 200);
    expect(failed.length).toBeGreaterThan(0); // the fault was really hit
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    for (const r of failed) expect(r).toEqual({ status: 503, code: 'DB_UNAVAILABLE', message: 'Service temporarily unavailable, please try again' });

    // the health check kept answering, and said why
    const during = await healthDuring;
    expect(during).toMatchObject({ status: 503, live: 200, body: { code: 'DB_UNAVAILABLE', database: { kind: 'postgres', up: false } } });
    expect(during.ms).toBeLessThan(3000);

    // recovery without any help
    let health = await app.inject({ method: 'GET', url: '/api/health' });
    for (let i = 0; i < 50 && health.statusCode !== 200; i++) {
      await sleep(100);
      health = await app.inject({ method: 'GET', url: '/api/health' });
    }
    expect(health.statusCode).toBe(200);
    expect(health.json().database).toMatchObject({ kind: 'postgres', up: true });
    const after = await post(form());
    expect(after.statusCode).toBe(200);
    expect(after.json().data.teamMembers).toHaveLength(3);

    // all or nothing: every team has the 3 players its form sent
    const rows = await db.select({ id: teams.id, n: count(teamMembers.id) }).from(teams).leftJoin(teamMembers, eq(teamMembers.teamId, teams.id)).groupBy(teams.id);
    // (a request whose commit went through before its connection died may still have answered 503)
    expect(rows.length).toBeGreaterThanOrEqual(results.filter((r) => r.status === 200).length + 1);
    expect(rows.filter((r) => Number(r.n) !== 3)).toEqual([]);
    expect(uncaught).toEqual([]);
  });
});
