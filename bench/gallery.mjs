// Gallery throughput: the public picture-list endpoint on a 100,000-picture album versus a bare Fastify
// route, both measured in this run at concurrency 50 (autocannon, keep-alive, 10 s each, after warm-up).
// Prints both request rates and the ratio; fails when the ratio is under 40 % (issue budget).
//   node bench/gallery.mjs            (embedded PGlite)
//   DATABASE_URL=postgres://… node bench/gallery.mjs
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PICTURES = Number(process.env.BENCH_PICTURES ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const MIN_RATIO = 0.4;

function start(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /READY (\d+)/.exec(out) ?? /Ready on http:\/\/[\d.]+:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (c) => reject(new Error(`process exited ${c}: ${out.slice(-500)}`)));
  });
}

// Both sides are asked like a browser asks: accepting compressed responses.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9' };
// wrk (C, from Debian) loads the server far harder than a JavaScript client on the same two cores;
// autocannon is the fallback where wrk is not installed.
const WRK = spawnSync('wrk', ['--version']).error ? null : 'wrk';
function run(opts) {
  if (WRK) return runWrk(opts);
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, headers: BROWSER, ...opts }, (e, r) => (e ? reject(e) : resolve(r))),
  );
}
function runWrk({ url, requests, duration = DURATION }) {
  const lua = path.join(os.tmpdir(), `rp-wrk-${process.pid}.lua`);
  const hdr = Object.entries(BROWSER)
    .map(([k, v]) => `["${k}"]="${v}"`)
    .join(', ');
  const host = new URL(url).host;
  const reqs = (requests ?? []).map(
    (r) => `wrk.format("${r.method}", "${r.path}", {${hdr}, ["Host"]="${host}", ["content-type"]="application/json"}, ${JSON.stringify(r.body)})`,
  );
  fs.writeFileSync(
    lua,
    reqs.length
      ? `local reqs = {${reqs.join(',\n')}}\nlocal i = 0\nrequest = function()\n  i = i % #reqs + 1\n  return reqs[i]\nend\n`
      : `wrk.headers = {${hdr}}\n`,
  );
  const base = new URL(url);
  const out = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', '-s', lua, base.href], { encoding: 'utf8' }).stdout;
  if (process.env.BENCH_DEBUG) console.log(out);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0);
  return { requests: { average: rps }, latency: { p99 }, non2xx, errors };
}

// 1. bare Fastify route
const bare = await start(['bench/bare-server.mjs'], {});
await run({ url: `http://127.0.0.1:${bare.port}/bare`, duration: 2 });
const bareRes = await run({ url: `http://127.0.0.1:${bare.port}/bare` });
bare.child.kill();

// 2. our server with a 100,000-picture album
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-gallery-'));
// PostgreSQL needs PII_KEY (config.ts); the bench stores no ID numbers, so a throwaway key will do
const env = {
  DATA_DIR: dataDir,
  PORT: '8192',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  ADMIN_PASSWORD: 'bench-admin-1',
  BENCH_PICTURES: String(PICTURES),
  PII_KEY: process.env.PII_KEY ?? crypto.randomBytes(32).toString('hex'),
};
const seed = spawn(process.execPath, ['--import', 'tsx', 'bench/seed-gallery.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
const photoId = await new Promise((res, rej) =>
  seed.on('exit', (c) => (c === 0 ? res(Number(fs.readFileSync(path.join(dataDir, 'bench-photo-id'), 'utf8'))) : rej(new Error('seed failed')))),
);
const app = await start(['--import', 'tsx', 'apps/server/src/server.ts'], env);
const url = `http://127.0.0.1:${app.port}/api/lGlobalMessage/pictureListNoToken`;

// A visitor scrolling: first page, then pages by cursor. Collect 20 pages' bodies to replay.
const bodies = [];
let cursor;
for (let i = 0; i < 20; i++) {
  const body = JSON.stringify({ photoId, pageNum: 100, sortStr: i % 2 ? 'asc' : 'desc', ...(cursor ? { cursor } : {}) });
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const data = JSON.parse((await r.json()).data);
  if (data.totalCount !== PICTURES) throw new Error(`expected ${PICTURES} pictures, got ${data.totalCount}`);
  bodies.push(body);
  cursor = i % 2 ? undefined : data.nextCursor;
}
const requests = bodies.map((body) => ({
  method: 'POST',
  path: '/api/lGlobalMessage/pictureListNoToken',
  headers: { ...BROWSER, 'content-type': 'application/json' },
  body,
}));
await run({ url: `http://127.0.0.1:${app.port}`, requests, duration: 2 });
const galleryRes = await run({ url: `http://127.0.0.1:${app.port}`, requests });
app.child.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`load generator              ${WRK ?? 'autocannon'}, ${CONNECTIONS} connections, ${DURATION} s`);
const ratio = galleryRes.requests.average / bareRes.requests.average;
console.log(`pictures in album           ${PICTURES}`);
console.log(`bare Fastify route          ${bareRes.requests.average.toFixed(0)} req/s (p99 ${bareRes.latency.p99})`);
console.log(
  `picture list (100 per page) ${galleryRes.requests.average.toFixed(0)} req/s (p99 ${galleryRes.latency.p99}, errors ${galleryRes.errors + galleryRes.non2xx})`,
);
console.log(`ratio                       ${(ratio * 100).toFixed(1)} % (budget ≥ ${MIN_RATIO * 100} %)`);
process.exit(ratio >= MIN_RATIO && galleryRes.non2xx === 0 ? 0 : 1);
