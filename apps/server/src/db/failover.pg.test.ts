// Issue 9, finding 1: a lost database connection (failover, restart, idle timeout) must never kill the
// process. Concurrent one-form team creations run while every backend of the app's database is terminated
// again and again; each request must answer 200 or 503 DB_UNAVAILABLE (never 500, never a crash), the
// service must recover by itself, and no team may be left with fewer players than its form sent.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
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
      c
        .query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])
        .then((r) => r.rows[0].n as number),
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
        members: [0, 1, 2].map((i) => ({
          name: `P${n}-${i}`,
          cardType: 0,
          card: idCard(`2012${month}${day}`, false, i + 3 * Math.floor(n / 336)),
          emerName: 'Mum',
          emerPhone: '13800138000',
        })),
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
    const rows = await db
      .select({ id: teams.id, n: count(teamMembers.id) })
      .from(teams)
      .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .groupBy(teams.id);
    // (a request whose commit went through before its connection died may still have answered 503)
    expect(rows.length).toBeGreaterThanOrEqual(results.filter((r) => r.status === 200).length + 1);
    expect(rows.filter((r) => Number(r.n) !== 3)).toEqual([]);
    expect(uncaught).toEqual([]);
  });

  it('the server process itself (compiled, as in production) keeps running through the outage', { timeout: 180_000 }, async () => {
    const { database, url } = t();
    const db = database.db;
    const dbName = ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const reg = await buildRegistrationActivity(db);
    const serverDir = path.resolve(import.meta.dirname, '../..');
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);

    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: url,
        PII_KEY: crypto.randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(t().config.dataDir, 'server'),
        ADMIN_PASSWORD: 'failover-admin-1',
        CAPTCHA_ENABLED: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(t().config.dataDir, 'no-web'),
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const call = (method: string, p: string, body?: object, token?: string) =>
      new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
        const data = body ? JSON.stringify(body) : undefined;
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: p,
            method,
            timeout: 15_000,
            headers: {
              'accept-language': 'en',
              ...(data ? { 'content-type': 'application/json' } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    try {
      const started = Date.now();
      while ((await call('GET', '/api/health').catch(() => ({ status: 0 }))).status !== 200) {
        if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`server did not start:\n${output}`);
        await sleep(200);
      }
      const login = await call('POST', '/auth/login', { username: 'admin', password: 'failover-admin-1', code: '', uuid: '' });
      expect(login.status).toBe(200);
      const token = login.json.token as string;
      let n = 1000;
      const form = () => {
        n += 1;
        return {
          activityId: reg.activity.id,
          team: { name: `Proc ${n}`, program: { id: reg.sumo.id } },
          members: [0, 1, 2].map((i) => ({
            name: `Q${n}-${i}`,
            cardType: 0,
            card: idCard(`2011${String((n % 12) + 1).padStart(2, '0')}${String((Math.floor(n / 12) % 28) + 1).padStart(2, '0')}`, false, i),
            emerName: 'Dad',
            emerPhone: '13800138000',
          })),
        };
      };

      const k = await outage(dbName);
      const statuses: number[] = [];
      let stop = false;
      const writers = Array.from({ length: 4 }, async () => {
        while (!stop) statuses.push((await call('POST', '/api/lTeam/web/batchCreate', form(), token).catch(() => ({ status: -1 }))).status);
      });
      await sleep(300);
      await k.refuseConnections(true);
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        await k.kill();
        await sleep(15);
      }
      await k.refuseConnections(false);
      await sleep(200);
      stop = true;
      await Promise.all(writers);
      await k.end();

      expect(child.exitCode, output).toBeNull(); // still running
      expect(statuses.filter((x) => x !== 200 && x !== 503)).toEqual([]);
      expect(statuses).toContain(503);
      let health = await call('GET', '/api/health');
      for (let i = 0; i < 50 && health.status !== 200; i++) {
        await sleep(100);
        health = await call('GET', '/api/health');
      }
      expect(health.status).toBe(200);
      // the session survived (it lives in the database) and writes work again
      expect((await call('POST', '/api/lTeam/web/batchCreate', form(), token)).status).toBe(200);
      expect(output).not.toMatch(/Unhandled 'error' event|uncaught|exiting/i);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  });
});
