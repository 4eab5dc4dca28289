import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePgliteImage, migrationsFolder, openDatabase, type Database } from './client';
import { imageKey, restoreImage } from './pglite-image';
import { childCommandLines } from '../test/processes';

/** The schema as the catalogue tells it, and drizzle's record of the migrations applied. */
async function describeSchema(database: Database) {
  const q = async (text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
  const schemas = `('public', 'drizzle')`;
  return {
    columns: await q(
      `select table_schema, table_name, column_name, data_type, column_default, is_nullable from information_schema.columns where table_schema in ${schemas} order by 1, 2, 3`,
    ),
    constraints: await q(
      `select n.nspname, c.conrelid::regclass::text as rel, c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname in ${schemas} order by 1, 2, 3`,
    ),
    indexes: await q(`select schemaname, indexname, indexdef from pg_indexes where schemaname in ${schemas} order by 1, 2`),
    sequences: await q(`select schemaname, sequencename, last_value from pg_sequences where schemaname in ${schemas} order by 1, 2`),
    extensions: await q(`select extname, extversion from pg_extension order by 1`),
    migrations: await q(`select id, hash, created_at from drizzle.__drizzle_migrations order by id`),
  };
}

/** Opens a new data directory, noting whether an initdb child process ran (db/client.ts' initDataDir). */
async function openNew(dataDir: string, imageDir: string | null) {
  const seen = new Set<string>();
  const watch = setInterval(() => {
    for (const [pid, cmdline] of childCommandLines()) if (cmdline.includes('PGlite')) seen.add(pid);
  }, 20);
  const database = await openDatabase({ dataDir, imageDir }).finally(() => clearInterval(watch));
  return { database, initdb: seen.size > 0 };
}

/** Issue 39: a new data folder is a copy of the image made at build time instead of initdb + migrations. */
describe('the PGlite image', () => {
  let tmp: string;
  let imageDir: string;
  let key: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-image-'));
    imageDir = path.join(tmp, 'images');
    key = imageKey(migrationsFolder);
    const { made } = await makePgliteImage(imageDir);
    expect(made).toBe(true);
    // a second build finds it sound and leaves it
    expect((await makePgliteImage(imageDir)).made).toBe(false);
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('makes a new data folder with the same schema and migrations as initdb + migrations', async () => {
    const fromImage = await openNew(path.join(tmp, 'a/pglite'), imageDir);
    const fromInitdb = await openNew(path.join(tmp, 'b/pglite'), null);
    try {
      expect(fromImage.initdb).toBe(false);
      expect(fromInitdb.initdb).toBe(true);
      const [a, b] = [await describeSchema(fromImage.database), await describeSchema(fromInitdb.database)];
      expect(a.migrations.length).toBe(fs.readdirSync(migrationsFolder).filter((n) => n.endsWith('.sql')).length);
      expect(a.columns.length).toBeGreaterThan(100);
      expect(a).toEqual(b);
      // and it is a database of its own: a write lands in the folder, not in the image
      await fromImage.database.db.execute(sql.raw(`create table image_probe (id int)`));
    } finally {
      await fromImage.database.close();
      await fromInitdb.database.close();
    }
    const again = await openNew(path.join(tmp, 'c/pglite'), imageDir);
    try {
      const rows = (await again.database.db.execute(sql.raw(`select to_regclass('image_probe') as t`))) as unknown as { rows: { t: string | null }[] };
      expect(rows.rows[0]?.t).toBeNull();
    } finally {
      await again.database.close();
    }
  });

  it('is keyed by the migrations: one changed statement is another key', () => {
    const copy = path.join(tmp, 'migrations');
    fs.cpSync(migrationsFolder, copy, { recursive: true });
    expect(imageKey(copy)).toBe(key);
    const last = fs
      .readdirSync(copy)
      .filter((n) => n.endsWith('.sql'))
      .sort()
      .at(-1)!;
    fs.appendFileSync(path.join(copy, last), '\n-- changed\n');
    expect(imageKey(copy)).not.toBe(key);
  });

  /** A copy of the sound image under `name` in a folder of its own, changed by `spoil`. */
  function spoiled(name: string, spoil: (image: string) => void) {
    const dir = fs.mkdtempSync(path.join(tmp, 'spoiled-'));
    fs.cpSync(path.join(imageDir, key), path.join(dir, name), { recursive: true });
    spoil(path.join(dir, name));
    return dir;
  }

  it('is never used when its manifest names another key, a file differs, one is added or missing', () => {
    const cases = {
      'wrong key': spoiled(key, (image) => {
        const m = JSON.parse(fs.readFileSync(path.join(image, 'manifest.json'), 'utf8')) as { key: string };
        fs.writeFileSync(path.join(image, 'manifest.json'), JSON.stringify({ ...m, key: '0'.repeat(32) }));
      }),
      'changed file': spoiled(key, (image) => {
        const f = path.join(image, 'pgdata/global/pg_control');
        const data = fs.readFileSync(f);
        data.writeUInt8(data.readUInt8(data.length - 1) ^ 1, data.length - 1);
        fs.writeFileSync(f, data);
      }),
      'added file': spoiled(key, (image) => fs.writeFileSync(path.join(image, 'pgdata/base/extra'), 'x')),
      'missing file': spoiled(key, (image) => fs.rmSync(path.join(image, 'pgdata/PG_VERSION'))),
      'no manifest': spoiled(key, (image) => fs.rmSync(path.join(image, 'manifest.json'))),
    };
    for (const [what, dir] of Object.entries(cases)) {
      const dataDir = path.join(tmp, `spoiled-data/${what.replace(' ', '-')}/pglite`);
      expect(restoreImage(dir, key, dataDir), what).toBe(false);
      // nothing left behind: the server's initdb gets an empty place
      expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [], what).toEqual([]);
      const parent = path.dirname(dataDir);
      expect(fs.existsSync(parent) ? fs.readdirSync(parent) : [], what).toEqual([]);
    }
    // the sound one, for contrast, and never over a folder that holds something
    expect(restoreImage(imageDir, key, path.join(tmp, 'sound/pglite'))).toBe(true);
    expect(fs.existsSync(path.join(tmp, 'sound/pglite/PG_VERSION'))).toBe(true);
    fs.mkdirSync(path.join(tmp, 'busy/pglite'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'busy/pglite/something'), '');
    expect(restoreImage(imageDir, key, path.join(tmp, 'busy/pglite'))).toBe(false);
    expect(fs.readdirSync(path.join(tmp, 'busy/pglite'))).toEqual(['something']);
  });

  it('a wrong-key image in the image folder is ignored: the new data folder is made by initdb', async () => {
    const dir = spoiled(key, (image) => {
      const m = JSON.parse(fs.readFileSync(path.join(image, 'manifest.json'), 'utf8')) as { key: string };
      fs.writeFileSync(path.join(image, 'manifest.json'), JSON.stringify({ ...m, key: '1'.repeat(32) }));
    });
    const { database, initdb } = await openNew(path.join(tmp, 'd/pglite'), dir);
    try {
      expect(initdb).toBe(true);
      const rows = (await database.db.execute(sql.raw(`select count(*)::int as n from drizzle.__drizzle_migrations`))) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]?.n).toBeGreaterThan(30);
    } finally {
      await database.close();
    }
  });
});
