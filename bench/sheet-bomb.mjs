// Spreadsheet bomb (issue 9 finding 6): a valid 4.6 MB .xlsx whose one sheet expands to 73 MB of XML
// (900,000 rows) sent to the code-sheet parser and to the players' import, once and 10 at a time (also a
// copy whose zip headers claim 15 MB unpacked), each phase against a fresh server process. Prints per phase: answers, wall time, the server's peak RSS and
// its growth over the idle server, and the slowest /api/health answer while the bombs were in flight next
// to the slowest one over 2 s without bombs (on a shared machine other processes slow both).
// Fails (exit 1) when a bomb is not refused with a 4xx, RSS grows by 200 MB, or a health check takes
// 200 ms longer than without bombs.
//   npm run bench:sheet-bomb          (embedded PGlite; BENCH_ROWS to change the bomb's rows)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ROWS = Number(process.env.BENCH_ROWS ?? 900_000);
const MB = 1024 * 1024;
let small; // a valid three-row sheet that warms the server's code paths

if (process.argv[2] === '--serve') await serve();
else await main();

/** The server under test: the real app on the embedded database, one user, one open activity. */
async function serve() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { DbShortStore } = await import('../apps/server/src/lib/short-store.ts');
  const { buildRegistrationActivity, buildUser, loginAs } = await import('../apps/server/src/test/factories.ts');
  const dataDir = process.env.DATA_DIR;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp({ config, database, store: new DbShortStore(database.db) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const reg = await buildRegistrationActivity(database.db);
  const user = await buildUser(database.db);
  const auth = await loginAs(app, user.phone, user.password);
  console.log(`READY ${app.server.address().port} ${auth.authorization.slice(7)} ${reg.activity.id}`);
}

function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-bomb-'));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /READY (\d+) (\S+) (\d+)/.exec(out);
      if (m) resolve({ child, dataDir, base: `http://127.0.0.1:${m[1]}`, token: m[2], activityId: Number(m[3]) });
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}: ${out.slice(-500)}`)));
  });
}

/** CPU seconds the process has used (user + system, all threads), from /proc (clock ticks of 1/100 s). */
function cpuOf(pid) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** One HTTP request without client-side timeouts (fetch gives up on headers after 300 s). */
function request(srv, method, url, body, headers = {}) {
  return new Promise((resolve) => {
    const req = http.request(srv.base + url, { method, headers: { authorization: `Bearer ${srv.token}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e) => resolve({ status: 0, body: JSON.stringify({ code: e.code ?? e.name }) }));
    });
    req.on('error', (e) => resolve({ status: 0, body: JSON.stringify({ code: e.code ?? e.name }) }));
    req.end(body);
  });
}

async function post(srv, url, file, name) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t0 = performance.now();
  const r = await request(srv, 'POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length });
  let code = '?';
  try {
    code = JSON.parse(r.body).code ?? (r.status === 200 ? 'OK' : '?');
  } catch {
    /* not JSON */
  }
  return { status: r.status, code, ms: performance.now() - t0 };
}

/** Pings /api/health every 50 ms while `work` runs; the slowest answer and how many there were. */
async function pingWhile(srv, work) {
  let done = false;
  let max = 0;
  let count = 0;
  const health = (async () => {
    while (!done) {
      const t0 = performance.now();
      await request(srv, 'GET', '/api/health');
      max = Math.max(max, performance.now() - t0);
      count++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await work();
  done = true;
  await health;
  return { result, max, count };
}

async function phase(label, url, files, n) {
  const srv = await startServer();
  try {
    const u = url(srv);
    // warm the code paths with one small valid request, so the idle figure includes the loaded modules
    await post(srv, u, small, 'warm.xlsx');
    // the health check's slowest answer on this machine right now, without bombs (other processes count)
    const calm = await pingWhile(srv, () => new Promise((r) => setTimeout(r, 2000)));
    const idle = rssOf(srv.child.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(srv.child.pid));
      } catch {
        /* exited */
      }
    }, 20);
    const cpu0 = cpuOf(srv.child.pid);
    const t0 = performance.now();
    const {
      result: results,
      max: healthMax,
      count: healthCount,
    } = await pingWhile(srv, () => Promise.all(Array.from({ length: n }, (_, i) => post(srv, u, files[i % files.length], 'bomb.xlsx'))));
    const wall = performance.now() - t0;
    const cpu = cpuOf(srv.child.pid) - cpu0;
    clearInterval(sampler);
    const statuses = Object.entries(results.reduce((a, r) => ({ ...a, [`${r.status} ${r.code}`]: (a[`${r.status} ${r.code}`] ?? 0) + 1 }), {}))
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    const row = { label, n, statuses, wall, cpu, idle, peak, growth: peak - idle, healthMax, healthCalm: calm.max, healthCount, results };
    console.log(
      `${label.padEnd(30)} ${String(n).padStart(2)}  ${(wall / 1000).toFixed(2).padStart(7)} s  server CPU ${cpu.toFixed(2).padStart(7)} s  RSS idle ${(idle / MB).toFixed(0).padStart(4)} MB  peak ${(peak / MB).toFixed(0).padStart(5)} MB  growth ${((peak - idle) / MB).toFixed(0).padStart(5)} MB  health max ${healthMax.toFixed(0).padStart(5)} ms over ${String(healthCount).padStart(3)} checks (calm: ${calm.max.toFixed(0)} ms)  → ${statuses}`,
    );
    return row;
  } finally {
    srv.child.kill('SIGKILL');
    fs.rmSync(srv.dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { sheetBomb, zip, xlsxParts, codeRows } = await import('../apps/server/src/test/sheets.ts');
  small = await zip(xlsxParts(codeRows(3)));
  const honest = await sheetBomb(ROWS);
  // the same bomb claiming 15 MB unpacked in its zip headers (under the cap): caught while streaming
  const lying = await sheetBomb(ROWS, { declaredSize: 15 * MB });
  let xml = 0;
  for (const p of codeRows(ROWS, { distinct: false })) xml += Buffer.byteLength(p);
  console.log(`bomb: ${(honest.length / MB).toFixed(1)} MB .xlsx, one sheet of ${ROWS.toLocaleString('en')} rows = ${(xml / MB).toFixed(0)} MB of XML`);
  console.log(`      "lying": the same file whose zip headers claim 15 MB unpacked; "10 at once" alternates lying and honest copies`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${'phase'.padEnd(30)} n      wall (CPU: user + system seconds of the server process, all threads)`);
  const codes = () => '/api/lRedeemCode/web/parseCodes';
  const imp = (s) => `/api/lTeamMember/web/import?activityId=${s.activityId}&mode=preview`;
  const rows = [];
  rows.push(await phase('parseCodes, one bomb', codes, [honest], 1));
  rows.push(await phase('parseCodes, one lying bomb', codes, [lying], 1));
  rows.push(await phase('parseCodes, 10 at once', codes, [lying, honest], 10));
  // for comparison: what 10 uploads of the same size cost when they are not spreadsheets (refused at once)
  await phase('parseCodes, 10 non-spreadsheets', codes, [crypto.randomBytes(honest.length)], 10);
  rows.push(await phase('import (preview), one bomb', imp, [honest], 1));
  rows.push(await phase('import (preview), 10 at once', imp, [lying, honest], 10));
  const failures = [];
  for (const r of rows) {
    if (r.results.some((x) => x.status < 400 || (x.status >= 500 && x.status !== 503))) failures.push(`${r.label}: not refused with a 4xx (${r.statuses})`);
    if (r.growth >= 200 * MB) failures.push(`${r.label}: RSS grew ${(r.growth / MB).toFixed(0)} MB (budget < 200 MB)`);
    if (r.healthMax - r.healthCalm >= 200)
      failures.push(
        `${r.label}: a health check took ${r.healthMax.toFixed(0)} ms, ${(r.healthMax - r.healthCalm).toFixed(0)} ms over the calm ${r.healthCalm.toFixed(0)} ms (budget < 200 ms over)`,
      );
  }
  for (const f of failures) console.log(`FAIL ${f}`);
  if (!failures.length) console.log('OK: every bomb refused with a 4xx; RSS growth < 200 MB; health checks < 200 ms slower than without bombs');
  process.exit(failures.length ? 1 : 0);
}
