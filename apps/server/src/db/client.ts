import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index';
import { commitImage, defaultImageDir, imageIsSound, imageKey, restoreImage } from './pglite-image';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of the database (what `db.transaction` hands its callback): the one Tx type of the server. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a write that must commit with a change takes the change's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** true when a trivial query answers (within 2 s) */
  ping(): Promise<boolean>;
  /** PostgreSQL pool figures (connections open, idle, requests waiting for one) */
  pool?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data directory as an uncompressed tarball, for `OpenOptions.snapshot` */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  url?: string;
  /** PGlite data directory; undefined = in memory */
  dataDir?: string;
  /**
   * PGlite in memory started from this data directory tarball (a `dumpDataDir()` of a migrated database)
   * instead of a fresh initdb: the tests migrate one database per run and start every file from its copy.
   */
  snapshot?: Blob;
  migrate?: boolean;
  /**
   * Called when a pooled PostgreSQL connection dies (failover, restart, pg_terminate_backend, idle
   * timeout) — idle or checked out. The pool drops it and opens a fresh one on the next query; requests
   * that were using it fail with a connection error (→ 503). Gets the error's code only, never its text.
   */
  onConnectionError?: (code: string) => void;
  /** pool size (default 10) */
  max?: number;
  /**
   * PGlite: where a new data directory is copied from instead of running initdb and the migrations (the image
   * `npm run build` makes, db/pglite-image.ts); default node_modules/.cache/rp-pglite-image; null = always initdb.
   */
  imageDir?: string | null;
}

/** Opens the database (PGlite or PostgreSQL) and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrate = opts.migrate !== false;
  return opts.url ? openPostgres(opts.url, migrate, opts) : openPglite(opts, migrate);
}

/**
 * PostgreSQL's memory inside PGlite, sized for a small site on a 1 GB server (issue 39): PGlite's defaults
 * are PostgreSQL's (shared_buffers 128MB, work_mem 4MB), and a page of shared buffers once read stays
 * resident in the WebAssembly heap for good — 16MB of them cut the resident memory of an opened database by
 * about 120 MB. A large site raises them (README, "Configuration"): PGLITE_SHARED_BUFFERS (default 16MB),
 * PGLITE_WORK_MEM (default 2MB; per sort or hash of a query), values as PostgreSQL writes them (kB, MB, GB).
 */
export function pgliteSettings(env: Record<string, string | undefined> = process.env): string[] {
  const settings: [string, string, string][] = [
    ['shared_buffers', 'PGLITE_SHARED_BUFFERS', '16MB'],
    ['work_mem', 'PGLITE_WORK_MEM', '2MB'],
  ];
  return settings.flatMap(([name, variable, fallback]) => {
    const value = env[variable]?.trim() || fallback;
    if (!/^\d{1,7}(kB|MB|GB)$/.test(value)) throw new Error(`${variable}=${value}: expected a size such as 16MB, 512kB or 1GB`);
    return ['-c', `${name}=${value}`];
  });
}

/**
 * A new data directory's initdb runs in a child process that exits when it is done (issue 39): initdb grows
 * its WebAssembly memory by a few hundred MB that a WebAssembly heap never gives back, so done in the
 * server's own thread the server kept it for as long as it ran; done in a worker thread, the worker's
 * isolate and PGlite's malloc stayed in the server's malloc arena (about 15 MB resident for good,
 * bench/memory.mjs). The server then opens the made directory.
 */
async function initDataDir(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const code = `
    const { PGlite } = await import(process.env.RP_PGLITE);
    const { pg_trgm } = await import(process.env.RP_PGLITE_TRGM);
    const db = new PGlite({ dataDir: process.env.RP_DATA_DIR, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...JSON.parse(process.env.RP_PGLITE_SETTINGS)] });
    await db.waitReady;
    await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      RP_DATA_DIR: dataDir,
      RP_PGLITE: import.meta.resolve('@electric-sql/pglite'),
      RP_PGLITE_TRGM: import.meta.resolve('@electric-sql/pglite/contrib/pg_trgm'),
      RP_PGLITE_SETTINGS: JSON.stringify(pgliteSettings()),
    },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => (exitCode === 0 ? resolve() : reject(new Error(`initdb of ${dataDir} exited with ${exitCode}: ${stderr}`))));
  });
}

/**
 * Makes the PGlite image of the committed migrations in `imageDir` unless a sound one is there (issue 39; run by
 * `npm run build` of the server): initdb in a child process as for a new data directory, then the migrations.
 */
export async function makePgliteImage(imageDir = defaultImageDir()): Promise<{ dir: string; made: boolean }> {
  const key = imageKey(migrationsFolder);
  if (imageIsSound(imageDir, key)) return { dir: path.join(imageDir, key), made: false };
  fs.mkdirSync(imageDir, { recursive: true });
  fs.rmSync(path.join(imageDir, key), { recursive: true, force: true });
  const work = fs.mkdtempSync(path.join(imageDir, '.make-'));
  try {
    const made = path.join(work, 'pgdata');
    const database = await openDatabase({ dataDir: made, imageDir: null });
    await database.close();
    return { dir: commitImage(made, imageDir, key), made: true };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function openPglite({ dataDir, snapshot, imageDir }: OpenOptions, migrate: boolean): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: the trigram indexes of the admin lists' contains filters (migration 0014); PostgreSQL ships it in contrib.
  // A snapshot needs it too: the tarball holds the catalogue entries, not the extension's code.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) {
    // a new data directory: a copy of the image when there is a sound one of these migrations, else initdb
    if (!snapshot && migrate && imageDir !== null && !fs.existsSync(path.join(dataDir, 'PG_VERSION')))
      try {
        restoreImage(imageDir ?? defaultImageDir(), imageKey(migrationsFolder), dataDir);
      } catch {
        /* no image to be had: initdb */
      }
    fs.mkdirSync(dataDir, { recursive: true });
    if (!snapshot) await initDataDir(dataDir);
  }
  const client = new PGlite({ dataDir, loadDataDir: snapshot, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...pgliteSettings()] });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder });
  }
  return {
    db,
    kind: 'pglite',
    ping: () => pingDb(db),
    // uncompressed (about 45 MB): every test file loads it, and none of them should spend time gunzipping it
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

type PgPool = import('pg').Pool;
type PgPoolClient = import('pg').PoolClient;

/**
 * Makes the pool's checked-out clients go back (and be discarded) as soon as their connection dies.
 * drizzle's transaction() calls `pool.connect()` and then `begin` outside its try/finally: when the
 * connection is killed in between, the client is never released and the pool fills up with dead
 * clients until every request waits for a connection forever. Here a dead client frees its slot at
 * once, and its user's later release() is a no-op. (pool.query() uses the callback form and copes.)
 */
function releaseDeadClients(pool: PgPool) {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<PgPoolClient> | void;
  const wrap = (client: PgPoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const once = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('error', dead);
      release(err);
    };
    const dead = (err: Error) => once(err);
    client.once('error', dead);
    client.release = once;
    return client;
  };
  pool.connect = ((cb?: unknown) => (cb ? connect(cb) : (connect() as Promise<PgPoolClient>).then(wrap))) as PgPool['connect'];
}

async function openPostgres(url: string, migrate: boolean, opts: OpenOptions): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Dates and timestamps come back as JS Date via drizzle's mapping; keep int8 (counts) as numbers.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // a request waits at most 5 s for a connection, then answers 503 (the database is away)
    connectionTimeoutMillis: 5000,
    // idle connections are closed before a server-side or NAT idle timeout can kill them under us
    idleTimeoutMillis: 30_000,
    // TCP keep-alive: a silently dropped connection (failover, NAT) is noticed instead of hanging
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const onError = (err: Error & { code?: string }) => opts.onConnectionError?.(typeof err.code === 'string' ? err.code : 'connection');
  // An idle client that dies is reported on the pool (which replaces it).
  pool.on('error', onError);
  // A checked-out client that dies (57P01 in the middle of a transaction) emits 'error' on itself; without a
  // listener that is an unhandled 'error' event and the process exits. The query in flight fails on its own
  // (→ 503), and the pool discards the client when it is released, as it is no longer queryable.
  pool.on('connect', (client) => client.on('error', onError));
  releaseDeadClients(pool);
  let closing: Promise<void> | undefined;
  const db = drizzle(pool, { schema }) as unknown as Db;
  if (migrate) await migratePostgres(pool);
  return {
    db,
    kind: 'postgres',
    ping: () => pingDb(db),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // once only (a shutdown and a test's cleanup may both ask)
    close: () => (closing ??= pool.end()),
  };
}

/**
 * Applies the committed migrations (drizzle's files and its own bookkeeping table) in one transaction under
 * a transaction-level advisory lock, so several instances may start at once — also through a connection
 * pooler in transaction mode (PgBouncer), where a session-level lock and its unlock could land on different
 * server connections and leave the lock held for ever.
 */
async function migratePostgres(pool: PgPool) {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const migrations = readMigrationFiles({ migrationsFolder });
  const conn = await pool.connect();
  try {
    await conn.query('begin');
    await conn.query('select pg_advisory_xact_lock(7410001)');
    await conn.query('create schema if not exists drizzle');
    await conn.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
    const { rows } = await conn.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
    const last = rows[0] ? Number(rows[0].created_at) : null;
    for (const m of migrations) {
      if (last !== null && last >= m.folderMillis) continue;
      for (const statement of m.sql) if (statement.trim()) await conn.query(statement);
      await conn.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [m.hash, m.folderMillis]);
    }
    await conn.query('commit');
  } catch (e) {
    await conn.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    conn.release();
  }
}

/** A trivial query; false when it fails or takes longer than `timeoutMs` (health checks stay answering). */
async function pingDb(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}
