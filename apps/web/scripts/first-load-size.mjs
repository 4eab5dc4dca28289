// Gzip size of the JS a public page loads before first render: the entry chunk plus its static
// imports (Vite's manifest), and optionally the chunks of lazy routes that page needs.
// Usage: node scripts/first-load-size.mjs [extra source module, e.g. src/features/auth/LoginPage.tsx]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = closure(entryKey);
for (const extra of process.argv.slice(2)) closure(extra, keys);

let total = 0;
const rows = [];
const antdChunks = [];
for (const key of keys) {
  const file = manifest[key].file;
  const code = readFileSync(join(root, 'dist', file));
  const size = gzipSync(code, { level: 9 }).length;
  total += size;
  rows.push([file, (size / 1024).toFixed(2)]);
  // antd's design tokens end up as these identifiers in its chunks, whatever the chunk is named.
  if (/\bantCls\b|colorPrimary/.test(code.toString('utf8'))) antdChunks.push(file);
}
rows.sort((a, b) => Number(b[1]) - Number(a[1]));
for (const [file, kb] of rows) console.log(`${kb.padStart(8)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total (gzip)`);
if (antdChunks.length) {
  console.error(`antd found in the first load: ${antdChunks.join(', ')}`);
  process.exitCode = 1;
} else console.log('no antd in the first load');
