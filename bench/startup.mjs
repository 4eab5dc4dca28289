// Cold start and idle memory of the server, the TypeScript way (`node --import tsx src/server.ts`, what
// `npm start` ran before issue 9) against the compiled way (`node --enable-source-maps dist/server.js`,
// what it runs now), on the embedded PGlite and on PostgreSQL, in one run so the ratio is measured under
// the same machine load. Runs alternate between the two ways.
//
//   npm run bench:startup                      BENCH_RUNS=5 (per way and database)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a fresh database is made there and dropped;
//   set BENCH_PG_URL=off to skip PostgreSQL)
//
// Cold start = process spawned → /api/health answers 200 (the database has been opened and migrated,
// the admin ensured, every route registered). Data already exists (a first boot, not measured, made it).
// First boot = the same on a new data folder (PGlite: initdb and the migrations, or the copy of the build's
// PGlite image, db/pglite-image.ts; issue 39), BENCH_FIRST runs (default 3) each on a folder of its own, with
// the CPU-seconds the server (and the processes it waited for: initdb's) used until it answered.
// Idle RSS = resident memory 3 s after the first answer: the server's process, and its whole process
// tree (tsx also runs an esbuild service process). Module load = spawned → exited on a bad setting
// (PORT=x): loading the code alone, without any database, where tsx's compiling shows most.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_MS = 3000;
const firstRuns = Number(process.env.BENCH_FIRST ?? 3);

const ways = {
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
  compiled: ['--enable-source-maps', 'apps/server/dist/server.js'],
};

console.log('building the server (esbuild)…');
const b = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);

async function freePort() {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

const health = (port) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
  });

/** CPU-seconds of a process and of its children it has waited for (Linux /proc: utime, stime, cutime, cstime). */
function cpu(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return NaN;
  }
}

/** RSS in MB of a process, and of it with all its descendants (Linux /proc). */
function rss(pid) {
  const kb = (p) => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  };
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch {
      /* gone */
    }
  }
  let tree = 0;
  const walk = (p) => {
    tree += kb(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return { self: kb(pid) / 1024, tree: tree / 1024 };
}

async function once(way, env) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ways[way], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((r) => child.once('exit', (code) => r(code)));
  let ms;
  let cpuS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way} exited with ${child.exitCode}:\n${err}`);
    if ((await health(port)) === 200) {
      ms = performance.now() - t0;
      cpuS = cpu(child.pid);
      break;
    }
    if (performance.now() - t0 > 180_000) throw new Error(`${way}: no answer in 180 s\n${err}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const mem = rss(child.pid);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) console.warn(`  (${way} exited with ${code} after SIGTERM)`);
  return { ms, cpu: cpuS, ...mem };
}

/** Spawned → exited: the whole module graph loaded, then the configuration refused (no database). */
async function load(way) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ways[way], { cwd: root, env: { ...process.env, PORT: 'x' }, encoding: 'utf8' });
  if (r.status !== 1 || !/PORT/.test(r.stderr)) throw new Error(`${way}: expected the PORT error, got ${r.status}: ${r.stderr}`);
  return performance.now() - t0;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs, digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function bench(label, env) {
  const first = [];
  for (let i = 0; i < (env.DATABASE_URL ? 0 : firstRuns); i++) {
    const r = await once('compiled', { ...env, DATA_DIR: `${env.DATA_DIR}-first-${i}` });
    fs.rmSync(`${env.DATA_DIR}-first-${i}`, { recursive: true, force: true });
    first.push(r);
    console.log(`  first boot ${i + 1} compiled ${r.ms.toFixed(0).padStart(6)} ms  ${r.cpu.toFixed(2)} CPU-s`);
  }
  console.log(`\n${label}: first boot (migrations, admin; not measured)…`);
  await once('compiled', env);
  const res = { tsx: [], compiled: [] };
  for (let i = 0; i < runs; i++) {
    for (const way of i % 2 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) {
      const r = await once(way, env);
      res[way].push(r);
      console.log(`  run ${i + 1} ${way.padEnd(8)} ${r.ms.toFixed(0).padStart(6)} ms  ${r.self.toFixed(0).padStart(4)} MB (tree ${r.tree.toFixed(0)} MB)`);
    }
  }
  res.first = first;
  return res;
}

const baseEnv = {
  ...process.env,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  CAPTCHA_ENABLED: 'false',
  ADMIN_PASSWORD: 'bench-admin-pass-1',
  PII_KEY: crypto.randomBytes(32).toString('hex'),
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'http://127.0.0.1',
};
const loads = { tsx: [], compiled: [] };
console.log('\nmodule load (no database)…');
for (let i = 0; i < runs * 2; i++) for (const way of i % 2 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) loads[way].push(await load(way));
const results = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-startup-'));
try {
  const pgliteEnv = { ...baseEnv, DATA_DIR: path.join(tmp, 'pglite') };
  delete pgliteEnv.DATABASE_URL;
  delete pgliteEnv.REDIS_URL;
  results.push(['pglite', await bench('PGlite', pgliteEnv)]);
  if (pgBase !== 'off') {
    const name = `rp_bench_${Date.now().toString(36)}`;
    const psql = (sql) => spawnSync('psql', [pgBase, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
    const made = psql(`create database ${name}`);
    if (made.status !== 0) console.warn(`\nPostgreSQL skipped (${(made.stderr || made.error?.message || '').trim()})`);
    else {
      try {
        const u = new URL(pgBase);
        u.pathname = `/${name}`;
        results.push(['postgres', await bench('PostgreSQL', { ...baseEnv, DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: u.toString() })]);
      } finally {
        psql(`drop database if exists ${name} with (force)`);
      }
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

console.log(`\nNode ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; ${runs} runs per way: median (min–max)`);
console.log(`module load ms: tsx ${fmt(loads.tsx)}, compiled ${fmt(loads.compiled)}, compiled/tsx ${(median(loads.compiled) / median(loads.tsx)).toFixed(2)}`);
console.log('database  way       cold start ms          idle RSS MB (server)   idle RSS MB (process tree)');
for (const [db, r] of results) {
  for (const way of ['tsx', 'compiled']) {
    const xs = r[way];
    console.log(
      `${db.padEnd(9)} ${way.padEnd(9)} ${fmt(xs.map((x) => x.ms)).padEnd(22)} ${fmt(xs.map((x) => x.self)).padEnd(22)} ${fmt(xs.map((x) => x.tree))}`,
    );
  }
  if (r.first.length)
    console.log(
      `${db.padEnd(9)} ${'1st boot'.padEnd(9)} ${fmt(r.first.map((x) => x.ms)).padEnd(22)} CPU-s ${fmt(
        r.first.map((x) => x.cpu),
        2,
      )} (compiled, new data folder)`,
    );
  const ratio = (k) => (median(r.compiled.map((x) => x[k])) / median(r.tsx.map((x) => x[k]))).toFixed(2);
  console.log(
    `${db.padEnd(9)} ${'ratio'.padEnd(9)} ${`compiled/tsx ${ratio('ms')}`.padEnd(22)} ${`compiled/tsx ${ratio('self')}`.padEnd(22)} compiled/tsx ${ratio('tree')}`,
  );
}
