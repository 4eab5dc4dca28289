import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DbShortStore, type ShortStore } from '../lib/short-store';
import type { SmsAdapter, SmsNotice, SmsNoticeFailed } from '../modules/auth/sms';
import { databaseUrl, onServer } from './pg-template';

export interface SentSms {
  phone: string;
  purpose: string;
  code: string;
  text: string;
}

/** Records what would be sent, so tests can read codes without parsing logs. */
export class RecordingSms implements SmsAdapter {
  readonly name = 'recording';
  sent: SentSms[] = [];
  notices: SmsNotice[] = [];
  /** the next notices fail with these (as a provider outage would), in turn */
  noticeFailures: SmsNoticeFailed[] = [];
  /** how long a notice takes to go out (the PostgreSQL tier races two instances over slow sends) */
  noticeDelayMs = 0;
  async send(msg: SentSms) {
    this.sent.push(msg);
  }
  canNotice() {
    return true;
  }
  async notice(msg: SmsNotice) {
    const fail = this.noticeFailures.shift();
    if (this.noticeDelayMs) await new Promise((r) => setTimeout(r, this.noticeDelayMs));
    if (fail) throw fail;
    this.notices.push(msg);
    return { provider: 'recording', messageId: `rec-${this.notices.length}` };
  }
  last(phone: string): SentSms | undefined {
    return [...this.sent].reverse().find((m) => m.phone === phone);
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  sms: RecordingSms;
  config: Config;
  /** the PostgreSQL database of this file (PostgreSQL tier only); startInstance opens it again */
  url?: string;
  /** the ID-number key of this file's app; startInstance shares it, as instances sharing PII_KEY do */
  piiKey: Buffer;
}

/**
 * One database per test file, truncated before every test (unless `shareWorld`): PGlite in memory started from the run's migrated
 * snapshot (pglite-snapshot.ts), or on TEST_DATABASE_URL's server when DB_KIND=postgres a fresh database
 * copied from the run's migrated template (pg-template.ts). Returns a getter filled in by beforeAll.
 */
export function useTestApp(env: Record<string, string> = {}, opts: { shareWorld?: boolean } = {}): () => TestContext {
  let ctx: TestContext | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let cleanupDir: string | undefined;
  const ready = (async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-test-'));
    cleanupDir = dataDir;
    const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
    let url: string | undefined;
    let database: Database;
    if (process.env.DB_KIND === 'postgres') {
      const base = process.env.TEST_DATABASE_URL;
      if (!base) throw new Error('DB_KIND=postgres needs TEST_DATABASE_URL');
      const name = `rp_t_${crypto.randomBytes(6).toString('hex')}`;
      await onServer(base, `create database ${name} template ${provided('pgTemplate')}`);
      url = databaseUrl(base, name);
      dropDb = () => onServer(base, `drop database if exists ${name} with (force)`);
      database = await openDatabase({ url, migrate: false });
    } else {
      const snapshot = new Blob([fs.readFileSync(provided('pgliteSnapshot'))]);
      database = await openDatabase({ snapshot, migrate: false });
    }
    const sms = new RecordingSms();
    const store = new DbShortStore(database.db);
    const piiKey = crypto.randomBytes(32);
    const app = await buildApp({ config, database, store, sms, piiKey });
    await app.ready();
    app.deps.payments.sandbox.deliver = injectDeliver(app);
    ctx = { app, database, sms, config, url, piiKey };
    return ctx;
  })();

  beforeEach(async () => {
    const c = await ready;
    // shareWorld: the file's tests walk one world built once, on the database as the snapshot opened it
    if (opts.shareWorld) return;
    await truncateAll(c.database);
    c.sms.sent = [];
    c.sms.notices = [];
    c.sms.noticeFailures = [];
    c.sms.noticeDelayMs = 0;
    c.app.deps.galleryCache.clear();
  });
  afterAll(async () => {
    if (!ctx) return;
    await ctx.app.close();
    await ctx.database.close();
    await dropDb?.();
    if (cleanupDir) fs.rmSync(cleanupDir, { recursive: true, force: true });
  });
  return () => {
    if (!ctx) throw new Error('test app not ready (use it inside a test)');
    return ctx;
  };
}

/** What the project's globalSetup made for this run (vitest.config.ts); a clear error outside those projects. */
function provided<K extends 'pgliteSnapshot' | 'pgTemplate'>(key: K): string {
  const value = inject(key);
  if (!value) throw new Error(`no ${key}: run server tests through the server or server-pg project of vitest.config.ts`);
  return value;
}

/**
 * Another app instance on the same PostgreSQL database, as a second server process would be: its own
 * pool, its own short store (the database's by default, or the one given, e.g. Redis), the same config
 * and the same ID-number key. PostgreSQL tier only. Close it before the file ends.
 */
export async function startInstance(ctx: TestContext, opts: { store?: ShortStore } = {}) {
  if (!ctx.url) throw new Error('startInstance needs the PostgreSQL tier (DB_KIND=postgres)');
  const database = await openDatabase({ url: ctx.url, migrate: false });
  const store = opts.store ?? new DbShortStore(database.db);
  const app = await buildApp({ config: ctx.config, database, store, sms: ctx.sms, piiKey: ctx.piiKey });
  await app.ready();
  app.deps.payments.sandbox.deliver = injectDeliver(app);
  return {
    app,
    database,
    store,
    close: async () => {
      await app.close();
      await store.close();
      await database.close();
    },
  };
}

/** A second instance for the whole file (PostgreSQL tier): started before the first test, closed after the last. */
export function useSecondInstance(t: () => TestContext): () => Awaited<ReturnType<typeof startInstance>> {
  let second: Awaited<ReturnType<typeof startInstance>> | undefined;
  beforeEach(async () => {
    second ??= await startInstance(t());
  });
  afterAll(async () => {
    await second?.close();
  });
  return () => second!;
}

/** The sandbox gateway's notifications, delivered to this app in-process (no listening socket in API tests). */
export function injectDeliver(app: FastifyInstance) {
  return async (url: string, body: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
    return res.statusCode;
  };
}

const tablesOf = new WeakMap<Database, string[]>();

/**
 * Empties every table and restarts every sequence, as `TRUNCATE … RESTART IDENTITY` of all tables would,
 * but truncates only the tables that hold rows (one probe query): a test touches a handful of the ~70
 * tables, and truncating all of them costs PGlite ~200 ms per test. Sequences that moved (their table may
 * be empty again) restart at their start value.
 */
export async function truncateAll(database: Database) {
  let tables = tablesOf.get(database);
  if (!tables) {
    const r = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
    tables = ((r as { rows: { tablename: string }[] }).rows ?? []).map((x) => x.tablename);
    tablesOf.set(database, tables);
  }
  if (!tables.length) return;
  const quote = (n: string) => `"${n.replace(/"/g, '""')}"`;
  const probe = tables.map((n, i) => `select ${i} as i where exists (select 1 from ${quote(n)})`).join(' union all ');
  const full = ((await database.db.execute(sql.raw(probe))) as unknown as { rows: { i: number }[] }).rows.map((x) => quote(tables[Number(x.i)]!));
  if (full.length) await database.db.execute(sql.raw(`truncate ${full.join(', ')} restart identity cascade`));
  await database.db.execute(
    sql.raw(`select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
      from pg_sequences where last_value is not null`),
  );
}

/** The context once useTestApp has filled it (its own beforeAll runs first; a file's beforeAll may wait here). */
export async function contextReady(t: () => TestContext): Promise<TestContext> {
  for (;;) {
    try {
      return t();
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A TCP port free on loopback right now (for a process a test starts). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as import('node:net').AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}
