// Builds the server into plain JavaScript: apps/server/dist/server.js (+ its source map and the
// migrations folder next to it). Our TypeScript — the server and packages/shared, which ships as TS
// source — is bundled into one ES module; every other package stays an ordinary `import` from
// node_modules. Nothing compiles TypeScript at run time: `node apps/server/dist/server.js`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// SERVER_BUILD_DIR: another folder (a test's own build, beside nothing another process is starting from)
const dist = process.env.SERVER_BUILD_DIR ? path.resolve(process.env.SERVER_BUILD_DIR) : path.join(here, 'dist');

/** Bare imports stay external, except our shared package (TS source) and JSON data it imports. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || path.isAbsolute(args.path)) return undefined;
      if (args.path === '@rp/shared' || args.path.startsWith('@rp/shared/')) return undefined;
      // JSON needs an import attribute when loaded by Node itself; bundling it is simpler
      if (args.path.endsWith('.json')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
const result = await build({
  // pglite-image.js: makes the PGlite image a new data folder starts from (src/db/pglite-image.ts), run below
  entryPoints: { server: path.join(here, 'src/server.ts'), 'pglite-image': path.join(here, 'src/db/pglite-image-cli.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externals],
  // for any CommonJS-style require() left in bundled code
  banner: { js: "import { createRequire as __rpCreateRequire } from 'node:module'; const require = __rpCreateRequire(import.meta.url);" },
  write: false,
});

// Written atomically (temporary name, then rename), so a server starting meanwhile — another e2e run,
// `npm start` in a second terminal — never reads a half-written file.
fs.mkdirSync(dist, { recursive: true });
const tmp = (p) => `${p}.${process.pid}.tmp`;
for (const f of result.outputFiles) {
  fs.writeFileSync(tmp(f.path), f.contents);
  fs.renameSync(tmp(f.path), f.path);
}
const migrations = path.join(dist, 'migrations');
fs.cpSync(path.join(here, 'src/db/migrations'), tmp(migrations), { recursive: true });
const old = `${migrations}.${process.pid}.old`;
if (fs.existsSync(migrations)) fs.renameSync(migrations, old);
fs.renameSync(tmp(migrations), migrations);
fs.rmSync(old, { recursive: true, force: true });

const js = result.outputFiles.find((f) => f.path.endsWith('server.js'));
console.log(
  `server built: ${path.relative(path.join(here, '../..'), path.join(dist, 'server.js'))} (${((js?.contents.length ?? 0) / 1024).toFixed(0)} KB) in ${Date.now() - started} ms`,
);

// The PGlite image of these migrations (issue 39): made once per PGlite version and migrations, in
// node_modules/.cache; a new data folder is copied from it instead of running initdb and the migrations.
// Only an optimisation: without it the server makes a new data folder as before. A test's own build
// (SERVER_BUILD_DIR) leaves it out.
if (!process.env.SERVER_BUILD_DIR) {
  const image = spawnSync(process.execPath, [path.join(dist, 'pglite-image.js')], { stdio: 'inherit' });
  if (image.status !== 0) console.warn('PGlite image not made: a new data folder will run initdb and the migrations');
}
