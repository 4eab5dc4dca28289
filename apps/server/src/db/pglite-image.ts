import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The PGlite image (issue 39): a data directory made once by initdb and the committed migrations, which a new
 * data folder is copied from instead of running them again (about 4 CPU-s of initdb and 1 of migrations before
 * the first page). `npm run build` of the server makes it (dist/pglite-image.js); without one, or with one that
 * does not match, a new data folder is made by initdb + migrations as before.
 *
 * Kept by content: its folder is named by the key (the PGlite package and the migrations' SQL and journal), its
 * manifest repeats the key and holds every file's SHA-256, and the copy checks each file as it reads it — an
 * image of other migrations, another PGlite or with any file changed, added or missing is never used.
 * A directory rather than PGlite's dumpDataDir() tarball: loadDataDir unpacks a tarball through PGlite's
 * WebAssembly file system in the server's own thread; a copy is plain file reads and writes.
 */

const FORMAT = 1;

export interface ImageManifest {
  format: number;
  key: string;
  dirs: string[];
  files: Record<string, string>;
}

function pglitePackageJson(): string {
  // dist/index.js of the package → its package.json (the package exports no ./package.json)
  return path.join(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..', 'package.json');
}

/** node_modules/.cache/rp-pglite-image beside the installed PGlite: shared by every build and by `tsx` runs */
export function defaultImageDir(): string {
  return path.join(path.dirname(pglitePackageJson()), '..', '..', '.cache', 'rp-pglite-image');
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** What the image depends on: the PGlite package (its version and build) and what the migrator reads. */
export function imageKey(migrationsFolder: string): string {
  const parts = [`format ${FORMAT}`, `pglite ${sha256(fs.readFileSync(pglitePackageJson()))}`];
  const journal = path.join(migrationsFolder, 'meta', '_journal.json');
  parts.push(`journal ${sha256(fs.readFileSync(journal))}`);
  for (const name of fs
    .readdirSync(migrationsFolder)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    parts.push(`${name} ${sha256(fs.readFileSync(path.join(migrationsFolder, name)))}`);
  return sha256(parts.join('\n')).slice(0, 32);
}

/** Directories and files under `root`, relative, sorted (directories before what they hold). */
function walk(root: string): { dirs: string[]; files: string[] } {
  const dirs: string[] = [];
  const files: string[] = [];
  const visit = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        dirs.push(r);
        visit(r);
      } else if (e.isFile()) files.push(r);
      else throw new Error(`pglite image: ${r} is neither a file nor a directory`);
    }
  };
  visit('');
  return { dirs, files };
}

/**
 * Turns `made` (a closed data directory made by initdb + migrations) into the image of `key` under `imageDir`:
 * manifest written, then the folder renamed into place in one step (a half-made image is never found).
 */
export function commitImage(made: string, imageDir: string, key: string): string {
  const { dirs, files } = walk(made);
  const manifest: ImageManifest = { format: FORMAT, key, dirs, files: {} };
  for (const f of files) manifest.files[f] = sha256(fs.readFileSync(path.join(made, f)));
  const staging = fs.mkdtempSync(path.join(imageDir, `.${key}-`));
  fs.renameSync(made, path.join(staging, 'pgdata'));
  fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest));
  const target = path.join(imageDir, key);
  try {
    fs.renameSync(staging, target);
  } catch (e) {
    // another build made it meanwhile: theirs is as good
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, 'manifest.json'))) throw e;
  }
  return target;
}

/** The image of `key` when it exists and its manifest is of this format and key; undefined otherwise. */
function readManifest(imageDir: string, key: string): ImageManifest | undefined {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(imageDir, key, 'manifest.json'), 'utf8')) as ImageManifest;
    return m.format === FORMAT && m.key === key && Array.isArray(m.dirs) && m.files && typeof m.files === 'object' ? m : undefined;
  } catch {
    return undefined;
  }
}

/** true when the image of `key` exists and every file is as its manifest says (the build's check). */
export function imageIsSound(imageDir: string, key: string): boolean {
  const m = readManifest(imageDir, key);
  if (!m) return false;
  try {
    const root = path.join(imageDir, key, 'pgdata');
    const { dirs, files } = walk(root);
    const listed = Object.keys(m.files);
    if (dirs.join('\n') !== m.dirs.join('\n') || files.length !== listed.length) return false;
    return files.every((f) => m.files[f] !== undefined && sha256(fs.readFileSync(path.join(root, f))) === m.files[f]);
  } catch {
    return false;
  }
}

/**
 * Makes the new data directory `dataDir` (absent or empty) a copy of the image of `key`: copied into a sibling
 * folder, each file checked against the manifest as it is read, then renamed to `dataDir`. false (and nothing
 * left behind) when there is no such image, it does not match, or `dataDir` is not empty — the caller runs
 * initdb then.
 */
export function restoreImage(imageDir: string, key: string, dataDir: string): boolean {
  const m = readManifest(imageDir, key);
  if (!m) return false;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return false;
  const root = path.join(imageDir, key, 'pgdata');
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const tmp = fs.mkdtempSync(`${dataDir}.image-`);
  try {
    const { dirs, files } = walk(root);
    if (dirs.join('\n') !== m.dirs.join('\n')) return false;
    const listed = Object.keys(m.files);
    if (files.length !== listed.length) return false;
    for (const d of dirs) fs.mkdirSync(path.join(tmp, d));
    for (const f of files) {
      const data = fs.readFileSync(path.join(root, f));
      if (m.files[f] === undefined || sha256(data) !== m.files[f]) return false;
      fs.writeFileSync(path.join(tmp, f), data);
    }
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(tmp, dataDir);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
