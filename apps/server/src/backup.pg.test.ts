import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client';
import { useTestApp } from './test/context';
import { buildNews, buildRegistrationActivity, buildUser } from './test/factories';

/**
 * Issue 21: the PostgreSQL backup of docs/DEPLOY.md, step by step: pg_dump -Fc of the live database,
 * pg_restore into a fresh one, the same rows in every table.
 */
const t = useTestApp();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-pgdump-'));
let restored: Database | undefined;
let restoredName = '';
afterAll(async () => {
  await restored?.close();
  if (restoredName) execFileSync('psql', [serverUrl(), '-qc', `drop database if exists ${restoredName} with (force)`]);
  fs.rmSync(tmp, { recursive: true, force: true });
});

const serverUrl = () => {
  const u = new URL(t().url!);
  u.pathname = '/postgres';
  return u.toString();
};

async function counts(db: Database['db']): Promise<Record<string, number>> {
  const tables = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
    rows: { tablename: string }[];
  };
  const out: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${tablename}"`))) as unknown as { rows: { n: number }[] };
    out[tablename] = r.rows[0]!.n;
  }
  return out;
}

describe('PostgreSQL backup (pg_dump / pg_restore)', () => {
  it('restores every table with the same rows into a fresh database', { timeout: 120_000 }, async () => {
    const { database, url } = t();
    await buildUser(database.db);
    await buildRegistrationActivity(database.db);
    await buildNews(database.db);
    const before = await counts(database.db);
    expect(before.users).toBe(1);

    const file = path.join(tmp, 'robotics.dump');
    execFileSync('pg_dump', ['-Fc', '-d', url!, '-f', file]);
    restoredName = `rp_restored_${Date.now().toString(36)}`;
    execFileSync('psql', [serverUrl(), '-qc', `create database ${restoredName}`]);
    const target = new URL(url!);
    target.pathname = `/${restoredName}`;
    execFileSync('pg_restore', ['--no-owner', '-d', target.toString(), file]);
    restored = await openDatabase({ url: target.toString(), migrate: false });
    expect(await counts(restored.db)).toEqual(before);
  });
});
