// `npm run restore -- <backup folder>`: brings a backup of `npm run backup` back into DATA_DIR (default ./data),
// which must not hold a database yet (a new machine, or the old DATA_DIR moved aside). Checks every table's
// row count and the number of files against the backup's manifest; exit 1 on any difference.
import fs from 'node:fs';
import path from 'node:path';

const fail = (msg) => {
  console.error(msg);
  process.exit(1);
};
const from = process.argv[2] ? path.resolve(process.argv[2]) : fail('restore: name the backup folder (npm run restore -- backups/<stamp>)');
if (!fs.existsSync(path.join(from, 'manifest.json')) || !fs.existsSync(path.join(from, 'pglite.tar.gz'))) fail(`restore: ${from} is not a backup`);
const manifest = JSON.parse(fs.readFileSync(path.join(from, 'manifest.json'), 'utf8'));
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const dbDir = path.join(dataDir, 'pglite');
if (fs.existsSync(path.join(dbDir, 'PG_VERSION'))) fail(`restore: ${dataDir} already holds a database: move it aside first`);
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
if (fs.existsSync(path.join(from, 'pii.key'))) fs.copyFileSync(path.join(from, 'pii.key'), path.join(dataDir, 'pii.key'));
const files = fs.existsSync(path.join(dataDir, 'uploads'))
  ? fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
  : 0;
if (files < manifest.files) differences.push(`uploads: ${files} files, the backup has ${manifest.files}`);
if (differences.length) fail(`restore: ${differences.join('; ')}`);
console.log(`restore: ${dataDir} from ${from} (${Object.keys(manifest.tables).length} tables, ${files} files)`);
