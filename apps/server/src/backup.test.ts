import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { buildNews, buildRegistrationActivity, buildUser } from './test/factories';
import { unpackMigratedPglite } from './test/pglite-dir';

/**
 * Issue 21: `npm run backup` copies the embedded database and the uploads of a stopped server, `npm run
 * restore` brings them back into a new DATA_DIR with the same rows and files (the PostgreSQL way,
 * pg_dump/pg_restore, is proven in backup.pg.test.ts).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (script: string, args: string[], dataDir: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(root, 'scripts', script), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 50_000,
  });

describe('backup and restore of the embedded database', () => {
  it('restores the same rows and files into a fresh DATA_DIR, the ID-number key given apart; refuses a running server, a missing or wrong key and a non-empty target', async () => {
    const dataDir = path.join(tmp, 'site');
    // a site already set up: the run's migrated database (opening a new directory would run every migration)
    unpackMigratedPglite(path.join(dataDir, 'pglite'));
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await buildUser(database.db);
    await buildRegistrationActivity(database.db);
    await buildNews(database.db);
    await database.close();
    fs.mkdirSync(path.join(dataDir, 'uploads', 'public', 'pictures'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'public', 'pictures', 'a.jpg'), 'picture bytes');
    const key = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(path.join(dataDir, 'pii.key'), key);

    // a running server holds the database: one line, exit 1
    fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    const refused = run('backup.mjs', [path.join(tmp, 'backups')], dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^backup: the server \(pid \d+\) is running/);
    fs.rmSync(path.join(dataDir, 'server.pid'));

    const made = run('backup.mjs', [path.join(tmp, 'backups')], dataDir);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/the ID-number key is not in it: keep a copy of .*pii\.key apart from the backups/);
    const [stamp] = fs.readdirSync(path.join(tmp, 'backups'));
    const backup = path.join(tmp, 'backups', stamp!);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.tables.users).toBe(1);
    expect(manifest.tables.activities).toBeGreaterThanOrEqual(1);
    expect(manifest.files).toBe(1);
    // issue 33: the key is kept apart — no file of the backup holds it
    const written = fs.readdirSync(backup, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(written.map((e) => e.name).sort()).toEqual(['a.jpg', 'manifest.json', 'pglite.tar.gz']);
    for (const e of written) expect(fs.readFileSync(path.join(e.parentPath, e.name)).includes(key)).toBe(false);

    // without the key, or with another one: one line saying where it comes from, nothing written
    const restoredDir = path.join(tmp, 'restored');
    const keyless = run('restore.mjs', [backup], restoredDir);
    expect(keyless.status).toBe(1);
    expect(keyless.stderr.trim()).toMatch(/^restore: the ID-number key is kept apart from backups: give it as PII_KEY=<key> or --key <key file>/);
    const wrong = run('restore.mjs', [backup], restoredDir, { PII_KEY: crypto.randomBytes(32).toString('hex') });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toMatch(/^restore: PII_KEY is not the key this backup was made with/);
    expect(fs.existsSync(restoredDir)).toBe(false);

    // the key from a file kept elsewhere
    const keyFile = path.join(tmp, 'kept-apart.key');
    fs.writeFileSync(keyFile, `${key}\n`);
    const restored = run('restore.mjs', [backup, '--key', keyFile], restoredDir);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const again = await openDatabase({ dataDir: path.join(restoredDir, 'pglite'), migrate: false });
    const users = (await again.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] };
    expect(users.rows[0]!.n).toBe(1);
    await again.close();
    expect(fs.readFileSync(path.join(restoredDir, 'uploads', 'public', 'pictures', 'a.jpg'), 'utf8')).toBe('picture bytes');
    expect(fs.readFileSync(path.join(restoredDir, 'pii.key'), 'utf8')).toBe(key);

    // into a DATA_DIR that holds a database: refused
    const twice = run('restore.mjs', [backup], restoredDir);
    expect(twice.status).toBe(1);
    expect(twice.stderr.trim()).toMatch(/already holds a database/);
  });
});
