// `npm run backup -- [folder]`: a consistent copy of the embedded database and the uploads of DATA_DIR
// (default ./data) into <folder>/<time stamp>/ (default folder ./backups): the database as PGlite's own dump
// of its data directory, the uploads as files, and a manifest with every table's row count (what `npm run
// restore` checks). The ID-number key (DATA_DIR/pii.key, or PII_KEY) is never copied (issue 33): a backup
// with its key beside it gives away every ID number; the manifest names the key by a fingerprint only, and
// restore takes the key from where it is kept apart. The server must be stopped (PGlite is one process's
// database: DATA_DIR/server.pid tells whether it runs). With DATABASE_URL, use pg_dump instead (docs/DEPLOY.md).
import fs from 'node:fs';
import path from 'node:path';
import { decodeKey, fingerprint } from './pii-key.mjs';

const fail = (msg) => {
  console.error(msg);
  process.exit(1);
};
if (process.env.DATABASE_URL) fail('backup: DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/DEPLOY.md, Backups)');
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const dbDir = path.join(dataDir, 'pglite');
if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) fail(`backup: no embedded database in ${dataDir}`);
const pidFile = path.join(dataDir, 'server.pid');
if (fs.existsSync(pidFile)) {
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {}
  if (alive) fail(`backup: the server (pid ${pid}) is running on ${dataDir}: stop it first, the copy takes seconds`);
}
const keyFile = path.join(dataDir, 'pii.key');
const keyText = process.env.PII_KEY ?? (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8') : null);
const key = keyText === null ? null : decodeKey(keyText);
if (keyText !== null && !key) fail(`backup: ${process.env.PII_KEY ? 'PII_KEY' : keyFile} is not a 32-byte key`);
// which key the encrypted ID numbers need, without the key: restore refuses another one
const keyFingerprint = key ? fingerprint(key) : null;
const out = path.join(path.resolve(process.argv[2] ?? './backups'), new Date().toISOString().replace(/[:.]/g, '-'));
fs.mkdirSync(out, { recursive: true });

const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const db = new PGlite({ dataDir: dbDir, extensions: { pg_trgm } });
const tables = (await db.query(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.tablename);
const counts = {};
for (const t of tables) counts[t] = Number((await db.query(`select count(*)::int as n from "${t}"`)).rows[0].n);
const dump = await db.dumpDataDir('gzip');
fs.writeFileSync(path.join(out, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
await db.close();

const uploads = path.join(dataDir, 'uploads');
let files = 0;
if (fs.existsSync(uploads)) {
  fs.cpSync(uploads, path.join(out, 'uploads'), { recursive: true });
  files = fs.readdirSync(path.join(out, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify({ at: new Date().toISOString(), tables: counts, files, keyFingerprint }, null, 2)}\n`);
console.log(`backup: ${out} (${tables.length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows, ${files} files)`);
if (key)
  console.log(
    `backup: the ID-number key is not in it: keep a copy of ${process.env.PII_KEY ? 'PII_KEY' : keyFile} apart from the backups (a password manager or secret store); restore needs it`,
  );
