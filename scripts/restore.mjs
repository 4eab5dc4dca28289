// `npm run restore -- <backup folder> [--key <key file>]`: brings a backup of `npm run backup` back into DATA_DIR
// (default ./data), which must not hold a database yet (a new machine, or the old DATA_DIR moved aside). The
// ID-number key is not in the backup (issue 33): it comes from PII_KEY or the key file given, must be the one the
// backup was made with (its manifest's fingerprint), and is written to DATA_DIR/pii.key. Checks every table's row
// count and the number of files against the backup's manifest; exit 1 on any difference.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeKey, fingerprint } from './pii-key.mjs';

const fail = (msg) => {
  console.error(msg);
  process.exit(1);
};
let args;
try {
  args = parseArgs({ allowPositionals: true, options: { key: { type: 'string' } } });
} catch (e) {
  fail(`restore: ${e.message} (npm run restore -- backups/<stamp> [--key <key file>])`);
}
const from = args.positionals[0] ? path.resolve(args.positionals[0]) : fail('restore: name the backup folder (npm run restore -- backups/<stamp>)');
if (!fs.existsSync(path.join(from, 'manifest.json')) || !fs.existsSync(path.join(from, 'pglite.tar.gz'))) fail(`restore: ${from} is not a backup`);
const manifest = JSON.parse(fs.readFileSync(path.join(from, 'manifest.json'), 'utf8'));
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const dbDir = path.join(dataDir, 'pglite');
if (fs.existsSync(path.join(dbDir, 'PG_VERSION'))) fail(`restore: ${dataDir} already holds a database: move it aside first`);

// the key, before anything is written: without the right one the ID numbers could never be read again
let key = null;
if (manifest.keyFingerprint) {
  const source = args.values.key ?? (process.env.PII_KEY ? 'PII_KEY' : null);
  if (!source) fail('restore: the ID-number key is kept apart from backups: give it as PII_KEY=<key> or --key <key file> (the pii.key of the site backed up)');
  let text;
  try {
    text = args.values.key ? fs.readFileSync(args.values.key, 'utf8') : process.env.PII_KEY;
  } catch (e) {
    fail(`restore: --key ${args.values.key}: ${e.code === 'ENOENT' ? 'no such file' : e.code}`);
  }
  key = decodeKey(text);
  if (!key) fail(`restore: ${args.values.key ? `--key ${args.values.key}` : 'PII_KEY'} is not a 32-byte key (64 hex characters or base64)`);
  if (fingerprint(key) !== manifest.keyFingerprint)
    fail(`restore: ${args.values.key ? `--key ${args.values.key}` : 'PII_KEY'} is not the key this backup was made with (its ID numbers could not be read)`);
}
fs.mkdirSync(dbDir, { recursive: true });

const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const db = new PGlite({ dataDir: dbDir, extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(path.join(from, 'pglite.tar.gz'))]) });
const differences = [];
for (const [t, n] of Object.entries(manifest.tables)) {
  const got = Number((await db.query(`select count(*)::int as n from "${t}"`)).rows[0].n);
  if (got !== n) differences.push(`${t}: ${got} rows, the backup has ${n}`);
}
await db.close();
if (fs.existsSync(path.join(from, 'uploads'))) fs.cpSync(path.join(from, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
if (key) fs.writeFileSync(path.join(dataDir, 'pii.key'), key.toString('hex'), { mode: 0o600 });
// a backup made before issue 33 still holds its key
else if (fs.existsSync(path.join(from, 'pii.key'))) fs.copyFileSync(path.join(from, 'pii.key'), path.join(dataDir, 'pii.key'));
const files = fs.existsSync(path.join(dataDir, 'uploads'))
  ? fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
  : 0;
if (files < manifest.files) differences.push(`uploads: ${files} files, the backup has ${manifest.files}`);
if (differences.length) fail(`restore: ${differences.join('; ')}`);
console.log(`restore: ${dataDir} from ${from} (${Object.keys(manifest.tables).length} tables, ${files} files)`);
