import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** true when a trivial query answers */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  url?: string;
  /** PGlite data directory; undefined = in memory */
  dataDir?: string;
  migrate?: boolean;
}

/** Opens the database (PGlite or PostgreSQL) and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrate = opts.migrate !== false;
  return opts.url ? openPostgres(opts.url, migrate) : openPglite(opts.dataDir, migrate);
}

async function openPglite(dataDir: string | undefined, migrate: boolean): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
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
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, migrate: boolean): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Dates and timestamps come back as JS Date via drizzle's mapping; keep int8 (counts) as numbers.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it and /api/health reports the outage */
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  if (migrate) {
    // One connection holds an advisory lock so several instances may start at once.
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock(7410001)');
      await run(drizzle(conn, { schema }) as never, { migrationsFolder });
    } finally {
      await conn.query('select pg_advisory_unlock(7410001)').catch(() => undefined);
      conn.release();
    }
  }
  return { db, kind: 'postgres', ping: () => pingDb(db), close: () => pool.end() };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

