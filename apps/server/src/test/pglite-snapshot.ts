// vitest globalSetup of the `server` project: migrates one PGlite per run and leaves its data directory
// as a tarball that every test file starts from (useTestApp), instead of each file running initdb and
// every migration again. The tarball is kept outside the clone (CI_CACHE_DIR, default
// ${XDG_CACHE_HOME:-~/.cache}/rp-ci, as .ci/run's caches), named by a hash of everything that decides its
// content: every migration file, db/client.ts (how the database is opened and migrated) and the versions of
// PGlite and drizzle-orm. A changed migration is a new name, so a stale snapshot is never loaded; a miss costs
// the migration (measured 2026-11-28: about 13 CPU-seconds, before any test file can start). CI_CACHE=0 skips it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** path of the migrated PGlite data directory tarball (server project) */
    pgliteSnapshot: string;
  }
}

/** Every file under `dir` (sorted, recursive) by its path relative to `dir`. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/** The version of the package `name` that `entry` (a resolved file of it) belongs to (its package.json is not exported). */
function packageVersion(entry: string, name: string): string {
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name) return pkg.version ?? '';
  }
  throw new Error(`no package.json of ${name} above ${entry}`);
}

function snapshotKey(): string {
  const require = createRequire(import.meta.url);
  const hash = crypto.createHash('sha256');
  hash.update('pglite-snapshot v1\n');
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) hash.update(`${pkg} ${packageVersion(require.resolve(pkg), pkg)}\n`);
  const client = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/client.ts');
  hash.update(fs.readFileSync(client));
  for (const f of filesUnder(migrationsFolder)) {
    const content = fs.readFileSync(path.join(migrationsFolder, f));
    hash.update(`\n${f} ${content.length}\n`);
    hash.update(content);
  }
  return hash.digest('hex').slice(0, 24);
}

async function migratedTarball(): Promise<Buffer> {
  // migrated the way the server does it at start-up (openDatabase applies the committed migrations)
  const database = await openDatabase({});
  try {
    return Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  if (process.env.CI_CACHE === '0') {
    fs.writeFileSync(file, await migratedTarball());
  } else {
    const cacheDir = process.env.CI_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'rp-ci');
    const cached = path.join(cacheDir, `pglite-${snapshotKey()}.tar`);
    if (!fs.existsSync(cached)) {
      fs.mkdirSync(cacheDir, { recursive: true });
      // written aside and renamed: another run never loads a half-written snapshot
      const tmp = `${cached}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, await migratedTarball());
      fs.renameSync(tmp, cached);
      // the older snapshots (other migrations) beyond the newest four go
      const others = fs
        .readdirSync(cacheDir)
        .filter((f) => /^pglite-[0-9a-f]+\.tar$/.test(f))
        .map((f) => path.join(cacheDir, f))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
      for (const old of others.slice(4)) fs.rmSync(old, { force: true });
    }
    // a copy per run: the cache may be replaced or pruned by another run meanwhile
    fs.copyFileSync(cached, file);
  }
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
