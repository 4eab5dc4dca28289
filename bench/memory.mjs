// Resident memory of the server (issue 39: a 1 GB server is enough), against the production build
// (`npm run build`): the compiled server (apps/server/dist/server.js, what `npm start` runs) on a fresh data
// directory (PGlite, the demo data) and, when PostgreSQL answers, on a fresh PostgreSQL database, beside a
// bare Node process and a bare PGlite process in the same run.
//
//   npm run build && npm run bench:memory      MEMORY_IDLE_MS=60000 (the idle after the walk; the issue's
//                                              10-minute figure: MEMORY_IDLE_MS=600000),
//                                              MEMORY_BUDGET_MB=300 (embedded), MEMORY_PG_BUDGET_MB=150,
//                                              MEMORY_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//                                              (a database is made there and dropped; off: embedded only),
//                                              MEMORY_SNAPSHOT=1 (0: no heap snapshot summary),
//                                              BENCH_PORT (random), WEB_DIST, MEMORY_SERVER_JS,
//                                              MEMORY_LIBS=1 (0: skip what each library costs on its own)
//   npm run budget:memory                      the same, cheap (bench/memory-budget.mjs): a short walk,
//                                              20 s settle, no snapshot; exit 1 above a budget
//
// Prints the resident memory (VmRSS) of the server's process:
//   start   when /api/health first answers 200 (database opened and migrated, the demo data seeded) and
//           the first server-rendered page has answered, with the time (and the server's CPU time) to it;
//   walk    after every public page in both languages (server-rendered) and a sign-in and the admin's
//           lists (the API the admin screens call);
//   idle    MEMORY_IDLE_MS after the walk.
// Where it goes, at each point: the V8 heap (process.memoryUsage() through a probe loaded with --import,
// bench/memory-probe.mjs, SIGUSR2), PGlite's WebAssembly memory (its size, and what of it is resident:
// /proc/<pid>/smaps), array buffers, and native (the rest: malloc of Node, libvips, PGlite's glue; the code
// of node and its libraries). After the last point a heap snapshot, summed by module (the code of each
// package: bench/heap-summary.mjs) and by kind of object. Then, for the libraries the server may load,
// what each costs on its own in a fresh Node process (loaded when first used: issue 39).
// Fails (exit 1) when the resident memory after the walk or after the idle passes its budget.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { summarizeHeapSnapshot } from './heap-summary.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const probe = path.join(root, 'bench/memory-probe.mjs');
const ADMIN = { username: 'admin', password: 'bench-admin-1' };

export const PAGES = [
  '/home',
  '/news',
  '/newsDetail?id=1',
  '/pasted',
  '/picturesDetail?consoleId=1',
  '/program',
  '/programInfo?id=1',
  '/activity',
  '/registration',
  '/rules',
  '/partner',
  '/about',
  '/privacy',
  '/verify',
];
export const ADMIN_API = [
  '/api/admin/dashboard',
  '/api/admin/activities',
  '/api/admin/players',
  '/api/admin/orders',
  '/api/admin/news',
  '/api/admin/pictures',
  '/api/admin/partners',
  '/api/admin/accounts',
  '/api/admin/roles',
  '/api/admin/audit',
  '/api/admin/refunds',
  '/api/admin/invoices',
  '/api/admin/awards',
  '/api/admin/certificates',
  '/api/admin/policies',
];

/**
 * What `npm start` sets (package.json's start script; each overridable by the same variable): one malloc
 * arena (glibc makes up to 8 per core, each keeping what its threads once freed), and malloc giving memory back
 * above 128 kB instead of a threshold that grows with the largest block freed (initdb's and the seeding's
 * garbage otherwise stays resident); V8_FLAGS: V8's young generation at 2 MB a semi-space instead of 16 MB,
 * and V8 tuned for size (smaller feedback and optimised code, a heap grown in smaller steps).
 */
export const START_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '1',
  MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
};
export const START_ARGS = [
  ...(process.env.V8_FLAGS || '--max-semi-space-size=2 --optimize-for-size').split(' ').filter(Boolean),
  // scripts/start.mjs: stack traces through the source map only with SOURCE_MAPS=1
  ...(process.env.SOURCE_MAPS === '1' ? ['--enable-source-maps'] : []),
];

const mb = (bytes) => bytes / 1048576;
const fmt = (n, w = 4) => n.toFixed(0).padStart(w);
/** VmRSS of a process in MB (Linux /proc). */
function rssOf(pid) {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}
/** CPU seconds (user + system) a process has used. */
function cpuOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15, in clock ticks (100 a second on Linux)
  return (Number(f[11]) + Number(f[12])) / 100;
}
/** Resident MB of a process's mappings: WebAssembly memories (anonymous, of `wasmBytes` each), file-backed code, malloc's [heap]. */
function mappingsOf(pid, wasmBytes) {
  const out = { wasm: 0, files: 0, brk: 0 };
  let kind = null;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      const size = Number(BigInt(`0x${m[2]}`) - BigInt(`0x${m[1]}`));
      kind = m[3] === '[heap]' ? 'brk' : m[3].startsWith('/') ? 'files' : !m[3] && wasmBytes > 0 && size === wasmBytes ? 'wasm' : null;
    } else if (kind && line.startsWith('Rss:')) out[kind] += Number(line.split(/\s+/)[1]) / 1024;
  }
  return out;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = new Set();
const dirs = new Set();
function cleanup() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, () => {
    cleanup();
    process.exit(130);
  });

function tmpDir(prefix) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.add(d);
  return d;
}

function track(child) {
  children.add(child);
  child.exited = new Promise((r) => child.once('exit', r));
  return child;
}

async function stop(child) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await child.exited;
    clearTimeout(t);
  }
  children.delete(child);
}

/** A process that writes one line to stdout when ready: bare Node, bare PGlite. */
export async function bare(label, code) {
  const dir = tmpDir('rp-bench-mem-bare-');
  const child = track(
    spawn(process.execPath, ['--input-type=module', '-e', code], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, DIR: dir, ...START_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (c) => reject(new Error(`${label} exited with ${c}`)));
  });
  await sleep(1000);
  const rss = rssOf(child.pid);
  await stop(child);
  return rss;
}

export const BARE_NODE = "console.log('ready'); setInterval(() => {}, 1 << 30);";
export const BARE_PGLITE =
  "const { PGlite } = await import('@electric-sql/pglite'); const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');" +
  " const db = new PGlite({ dataDir: process.env.DIR + '/pglite', extensions: { pg_trgm } }); await db.query('select 1');" +
  " console.log('ready'); setInterval(() => {}, 1 << 30);";

/** The server's own memoryUsage(), written by the probe on SIGUSR2 (with a heap snapshot when asked). */
async function usage(child, file, timeoutMs = 5000) {
  fs.rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let t = 0; t < timeoutMs && !fs.existsSync(file); t += 50) await sleep(50);
  await sleep(50);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

async function get(base, url, headers = {}) {
  const res = await fetch(base + url, { headers, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/** A fresh PostgreSQL database on the server of `url` (dropped at exit); null when PostgreSQL does not answer. */
export async function freshPgDatabase(url) {
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `rp_bench_mem_${process.pid}_${Date.now() % 1e6}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Runs `fn` with the URL of a fresh PostgreSQL database (dropped after); skipped, and said, when none answers. */
export async function onFreshPg(pgBase, fn) {
  if (pgBase === 'off') return;
  const pg = await freshPgDatabase(pgBase);
  if (!pg) {
    console.log(`  (PostgreSQL at ${pgBase} does not answer: the embedded database only)`);
    return;
  }
  try {
    await fn(pg.url);
  } finally {
    await pg.drop();
  }
}

/**
 * Starts the server, walks it and lets it idle; prints one line per point and returns
 * { startMs, startCpu, points: [{ point, rss, u, maps }], summary }.
 *   databaseUrl  PostgreSQL instead of the embedded PGlite
 *   idleMs       the idle after the walk
 *   short        the budget's walk: each public page once in Chinese, the admin's first lists
 *   snapshot     a heap snapshot after the last point, summed (slow: seconds of CPU, doubles the RSS)
 */
export async function measureServer({ label, port, webDist, serverJs, databaseUrl, idleMs, short = false, snapshot = false }) {
  const dataDir = tmpDir('rp-bench-mem-');
  const probeFile = path.join(dataDir, 'memory.json');
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const server = track(
    spawn(process.execPath, ['--import', probe, ...START_ARGS, ...(process.env.MEMORY_NODE_ARGS ?? '').split(' ').filter(Boolean), serverJs], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        // the walk signs in with a script
        CAPTCHA_ENABLED: 'false',
        ...START_ENV,
        MEMORY_PROBE_FILE: probeFile,
        // with DATABASE_URL, PII_KEY (instances share it; the embedded server makes its own) and PUBLIC_BASE_URL are required
        DATABASE_URL: databaseUrl ?? '',
        ...(databaseUrl ? { PII_KEY: crypto.randomBytes(32).toString('hex'), PUBLIC_BASE_URL: base } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let log = '';
  server.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  const points = [];
  const row = async (point) => {
    const rss = rssOf(server.pid);
    const u = await usage(server, probeFile);
    const maps = mappingsOf(server.pid, u.wasm);
    points.push({ point, rss, u, maps });
    // native: what is neither the V8 heap (committed), nor PGlite's WebAssembly memory (resident), nor array buffers
    const native = rss - mb(u.heapTotal) - maps.wasm - mb(u.arrayBuffers);
    console.log(
      `  ${`${label}: ${point}`.padEnd(40)} RSS ${fmt(rss, 5)} MB = V8 heap ${fmt(mb(u.heapTotal))} (used ${fmt(mb(u.heapUsed))})` +
        ` + PGlite WASM ${fmt(maps.wasm)} (of ${fmt(mb(u.wasm))}) + array buffers ${fmt(mb(u.arrayBuffers))}` +
        ` + native ${fmt(native)} (malloc [heap] ${fmt(maps.brk)}, code of node and libraries ${fmt(maps.files)})`,
    );
  };
  try {
    let health = 0;
    while (health !== 200) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log}`);
      if (performance.now() - t0 > 180_000) throw new Error(`no answer in 180 s:\n${log}`);
      health = await get(base, '/api/health').catch(() => 0);
      if (health !== 200) await sleep(20);
    }
    const upMs = performance.now() - t0;
    const firstPage = await get(base, '/home');
    const startMs = performance.now() - t0;
    const startCpu = cpuOf(server.pid);
    if (firstPage !== 200) throw new Error(`/home answered ${firstPage}`);
    console.log(
      `  (${label}: /api/health after ${(upMs / 1000).toFixed(1)} s, first page /home after ${(startMs / 1000).toFixed(1)} s,` +
        ` ${startCpu.toFixed(1)} CPU-s of the server's; load average ${os.loadavg()[0].toFixed(1)})`,
    );
    await row('start (first page answered)');

    const pages = short ? PAGES : PAGES.flatMap((p) => [p, `/en${p}`]);
    for (const url of pages) await get(base, url);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, code: '', uuid: '' }),
    });
    if (login.status !== 200) throw new Error(`admin sign-in: ${login.status} ${await login.text()}`);
    const auth = { authorization: `Bearer ${(await login.json()).token}` };
    for (const url of short ? ADMIN_API.slice(0, 8) : ADMIN_API) {
      const status = await get(base, url, auth);
      if (status >= 500) throw new Error(`${url}: ${status}`);
    }
    await row('after the walk');
    await sleep(idleMs);
    await row(`after ${idleMs / 1000} s idle`);
    let summary;
    if (snapshot) {
      fs.writeFileSync(`${probeFile}.want-snapshot`, '');
      const u = await usage(server, probeFile, 120_000);
      if (u.snapshot) summary = summarizeHeapSnapshot(u.snapshot);
    }
    return { startMs, startCpu, points, summary };
  } finally {
    await stop(server);
  }
}

export function printSummary(summary, top = 15) {
  const line = ([name, bytes]) => console.log(`    ${mb(bytes).toFixed(1).padStart(6)} MB  ${name}`);
  console.log(`\n  heap snapshot after the idle (${summary.nodes} objects; self sizes, ${mb(summary.total).toFixed(0)} MB with the array buffers' data):`);
  console.log('   the code of each module (source text, functions, bytecode, feedback):');
  summary.byModule.slice(0, top).forEach(line);
  console.log('   the rest by kind of object (JSArrayBufferData: PGlite WASM memory and Buffers, outside the V8 heap):');
  summary.byKind.slice(0, top).forEach(line);
}

/** A number setting of the environment (exits on anything else). */
export function numberSetting(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!(value >= 0)) {
    console.error(`${name} must be a number (got ${process.env[name]})`);
    process.exit(1);
  }
  return value;
}

/** The build the bench measures: { webDist, serverJs, pgBase, port } (exits when it is missing). */
export function buildToMeasure() {
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  const serverJs = path.resolve(process.env.MEMORY_SERVER_JS ?? path.join(root, 'apps/server/dist/server.js'));
  for (const file of [serverJs, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(file)) {
      console.error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
      process.exit(1);
    }
  }
  const pgBase = process.env.MEMORY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // a port of its own (CI runs other servers beside)
  const port = numberSetting('BENCH_PORT', 41000 + Math.floor(Math.random() * 8000));
  return { webDist, serverJs, pgBase, port };
}

async function main() {
  const IDLE_MS = numberSetting('MEMORY_IDLE_MS', 60_000);
  const BUDGET_MB = numberSetting('MEMORY_BUDGET_MB', 300);
  const PG_BUDGET_MB = numberSetting('MEMORY_PG_BUDGET_MB', 150);
  const LIBS = process.env.MEMORY_LIBS !== '0';
  const SNAPSHOT = process.env.MEMORY_SNAPSHOT !== '0';
  const { webDist, serverJs, pgBase, port } = buildToMeasure();

  let failed = false;
  try {
    console.log(
      `resident memory (issue 39; budget ${BUDGET_MB} MB embedded, ${PG_BUDGET_MB} MB on PostgreSQL, after the walk and after ${IDLE_MS / 1000} s idle)\n`,
    );
    const nodeRss = await bare('bare Node', BARE_NODE);
    console.log(`  ${'bare Node'.padEnd(40)} RSS ${fmt(nodeRss, 5)} MB`);
    const pgliteRss = await bare('bare PGlite', BARE_PGLITE);
    console.log(`  ${'bare PGlite (empty database)'.padEnd(40)} RSS ${fmt(pgliteRss, 5)} MB`);

    const verdicts = [];
    const run = async (label, budget, databaseUrl) => {
      const r = await measureServer({ label, port, webDist, serverJs, databaseUrl, idleMs: IDLE_MS, snapshot: SNAPSHOT });
      const worst = Math.max(...r.points.slice(1).map((p) => p.rss));
      verdicts.push(
        `${label}: ${worst > budget ? 'FAILS' : 'holds'} — ${worst.toFixed(0)} MB of ${budget} MB; first page after ${(r.startMs / 1000).toFixed(1)} s`,
      );
      failed ||= worst > budget;
      if (r.summary) printSummary(r.summary);
      console.log();
    };
    await run('embedded', BUDGET_MB);
    await onFreshPg(pgBase, (url) => run('postgres', PG_BUDGET_MB, url));
    console.log(`budget (issue 39), bare Node ${nodeRss.toFixed(0)} MB, bare PGlite ${pgliteRss.toFixed(0)} MB:`);
    for (const v of verdicts) console.log(`  ${v}`);
  } catch (err) {
    failed = true;
    console.error(`\nbench failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  if (LIBS) {
    console.log('\nwhat each library costs on its own (RSS growth when imported into a fresh Node process):');
    const libs = ['sharp', 'exceljs', 'pdf-lib', '@pdf-lib/fontkit', 'subset-font', 'archiver', 'qrcode', 'svg-captcha', 'sanitize-html', 'fastify', 'pg'];
    const ssr = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
    if (fs.existsSync(ssr)) libs.push(ssr);
    for (const lib of libs) {
      const spec = path.isAbsolute(lib) ? pathToFileURL(lib).href : lib;
      const code = `const r = () => process.memoryUsage().rss; const b = r(); await import(${JSON.stringify(spec)}); console.log(String((r() - b) / 1048576)); setInterval(() => {}, 1 << 30);`;
      const child = track(
        spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'pipe', 'ignore'] }),
      );
      const out = await new Promise((resolve) => {
        child.stdout.once('data', (d) => resolve(String(d).trim()));
        child.once('exit', () => resolve('failed'));
      });
      await stop(child);
      const name = path.isAbsolute(lib) ? 'the server renderer (dist-ssr)' : lib;
      console.log(`  ${name.padEnd(34)} ${out === 'failed' ? 'failed' : `${Number(out).toFixed(0).padStart(4)} MB`}`);
    }
  }
  cleanup();
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
