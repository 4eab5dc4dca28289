// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (migrations and the demo seed run at server start). Signals are passed on for a graceful shutdown.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newest(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/shared/src']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const built = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
if (!built || Math.max(...sources.map(newest)) > built) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
