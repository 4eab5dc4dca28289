// `npm start`: builds what is missing or older than its sources (the web app with vite, the server with
// esbuild into apps/server/dist), then runs the compiled server *in this process* — no TypeScript at run
// time, no second Node process. Signals therefore reach the server's own graceful shutdown directly, and
// its exit code is ours. (The root script is `MALLOC_ARENA_MAX=1 MALLOC_TRIM_THRESHOLD_=… exec node $V8_FLAGS
// scripts/start.mjs`: one malloc arena that gives memory back, 2 MB semi-spaces and V8 tuned for size, ≤ 300 MB
// resident on the embedded database (issue 39, README configuration, npm run budget:memory); without the exec, npm's
// shell would take the SIGTERM of a container runtime and die, leaving the server running.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Newest modification time under `p` (tests, node_modules and build output left out). */
function newest(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** Builds `workspace` when `output` is missing or older than any of `sources`. */
function ensureBuilt(what, workspace, output, sources) {
  const out = path.join(root, output);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const paths = sources.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  if (built && Math.max(...paths.map(newest)) <= built) return;
  console.log(`Building ${what}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// WEB_DIST names a web build made elsewhere (e2e runs side by side): the server serves that one.
if (!process.env.WEB_DIST)
  // the server renderer (dist-ssr) is built last: its age is the build's
  ensureBuilt('the web app', 'apps/web', 'apps/web/dist-ssr/entry-server.js', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/compress-plugin.ts',
    'packages/shared/src',
  ]);
ensureBuilt('the server', 'apps/server', 'apps/server/dist/server.js', [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared/src',
]);

// SOURCE_MAPS=1: stack traces point into the TypeScript sources (dist/server.js.map). Off by default (issue 39):
// Node parses the whole map (about 200,000 small arrays) the first time a stack is formatted and keeps it, about
// 30 MB of V8 heap for good; without it a trace names dist/server.js, unminified, with the functions' names.
if (process.env.SOURCE_MAPS === '1') process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
