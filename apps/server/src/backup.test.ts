import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { buildNews, buildRegistrationActivity, buildUser } from './test/factories';

/**
 * Issue 21: `npm run backup` copies the embedded database and the uploads of a stopped server, `npm run
 * restore` brings them back into a new DATA_DIR with the same rows and files (the PostgreSQL way,
 * pg_dump/pg_restore, is proven in backup.pg.test.ts).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (script: string, args: string[], dataDir: string) =>
  spawnSync(process.execPath, [path.join(root, 'scripts', script), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('backup and restore of the embedded database', () => {
  it('restores the same rows and files into a fresh DATA_DIR; refuses a running server and a non-empty target', { timeout: 180_000 }, async () => {
    const dataDir = path.join(tmp, 'site');
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await buildUser(database.db);
    await buildRegistrationActivity(database.db);
    await buildNews(database.db);
    await database.close();
    fs.mkdirSync(path.join(dataDir, 'uploads', 'public', 'pictures'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'public', 'pictures', 'a.jpg'), 'picture bytes');
    fs.writeFileSync(path.join(dataDir, 'pii.key'), 'k'.repeat(64));

    // a running server holds the database: one line, exit 1
    fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    const refused = run('backup.mjs', [path.join(tmp, 'backups')], dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^backup: the server \(pid \d+\) is running/);
    fs.rmSync(path.join(dataDir, 'server.pid'));

    const made = run('backup.mjs', [path.join(tmp, 'backups')], dataDir);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    const [stamp] = fs.readdirSync(path.join(tmp, 'backups'));
    const backup = path.join(tmp, 'backups', stamp!);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.tables.users).toBe(1);
    expect(manifest.tables.activities).toBeGreaterThanOrEqual(1);
    expect(manifest.files).toBe(1);

    const restoredDir = path.join(tmp, 'restored');
    const restored = run('restore.mjs', [backup], restoredDir);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const again = await openDatabase({ dataDir: path.join(restoredDir, 'pglite'), migrate: false });
    const users = (await again.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] };
    expect(users.rows[0]!.n).toBe(1);
    await again.close();
    expect(fs.readFileSync(path.join(restoredDir, 'uploads', 'public', 'pictures', 'a.jpg'), 'utf8')).toBe('picture bytes');
    expect(fs.readFileSync(path.join(restoredDir, 'pii.key'), 'utf8')).toBe('k'.repeat(64));

    // into a DATA_DIR that holds a database: refused
    const twice = run('restore.mjs', [backup], restoredDir);
    expect(twice.status).toBe(1);
    expect(twice.stderr.trim()).toMatch(/already holds a database/);
  });
});
