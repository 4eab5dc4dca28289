// Spreadsheet bomb (issue 9 finding 6): a valid 4.6 MB .xlsx whose one sheet expands to 73 MB of XML
// (900,000 rows) sent to the code-sheet parser and to the players' import, once and 10 at a time, each
// phase against a fresh server process. Prints per phase: answers, wall time, the server's peak RSS and
// its growth over the idle server, and the slowest /api/health answer while the bombs were in flight.
// Fails (exit 1) when a bomb is not refused with a 4xx, the growth of 10 bombs reaches 200 MB, or a health
// check takes 200 ms or more.
//   npm run bench:sheet-bomb          (embedded PGlite; BENCH_ROWS to change the bomb's rows)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function post(srv, url, file, name) {
  const fd = new FormData();
  fd.append('file', new Blob([file]), name);
  const t0 = performance.now();
  try {
    const r = await fetch(srv.base + url, { method: 'POST', body: fd, headers: { authorization: `Bearer ${srv.token}` }, signal: AbortSignal.timeout(900_000) });
    const body = await r.json().catch(() => ({}));
    return { status: r.status, code: body.code ?? (r.ok ? 'OK' : '?'), ms: performance.now() - t0 };
  } catch (e) {
    return { status: 0, code: String(e.cause?.code ?? e.name), ms: performance.now() - t0 };
  }
}

async function phase(label, url, file, n) {
  const srv = await startServer();
  try {
    const u = url(srv);
    // warm the code paths with one small valid request, so the idle figure includes the loaded modules
    await post(srv, u, small, 'warm.xlsx');
    await new Promise((r) => setTimeout(r, 300));
    const idle = rssOf(srv.child.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(srv.child.pid));
      } catch {
        /* exited */
      }
    }, 20);
    let done = false;
    let healthMax = 0;
    let healthCount = 0;
    const health = (async () => {
      while (!done) {
        const t0 = performance.now();
        try {
          await fetch(srv.base + '/api/health', { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer());
        } catch {
          /* counted by its time */
        }
        healthMax = Math.max(healthMax, performance.now() - t0);
        healthCount++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: n }, () => post(srv, u, file, 'bomb.xlsx')));
    const wall = performance.now() - t0;
    done = true;
    await health;
    clearInterval(sampler);
    const statuses = Object.entries(results.reduce((a, r) => ({ ...a, [`${r.status} ${r.code}`]: (a[`${r.status} ${r.code}`] ?? 0) + 1 }), {}))
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    const row = { label, n, statuses, wall, slowest: Math.max(...results.map((r) => r.ms)), idle, peak, growth: peak - idle, healthMax, healthCount, results };
    console.log(
      `${label.padEnd(28)} ${String(n).padStart(2)}  ${(wall / 1000).toFixed(2).padStart(6)} s  RSS idle ${(idle / MB).toFixed(0).padStart(4)} MB  peak ${(peak / MB).toFixed(0).padStart(5)} MB  growth ${((peak - idle) / MB).toFixed(0).padStart(5)} MB  health max ${healthMax.toFixed(0).padStart(5)} ms (${healthCount} checks)  → ${statuses}`,
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
  const bomb = await sheetBomb(ROWS);
  let xml = 0;
  for (const p of codeRows(ROWS, { distinct: false })) xml += Buffer.byteLength(p);
  console.log(`bomb: ${(bomb.length / MB).toFixed(1)} MB .xlsx, one sheet of ${ROWS.toLocaleString('en')} rows = ${(xml / MB).toFixed(0)} MB of XML; node ${process.version}, ${os.cpus().length} cores`);
  console.log(`${'phase'.padEnd(28)} n   wall`);
  const codes = (s) => '/api/lRedeemCode/web/parseCodes';
  const imp = (s) => `/api/lTeamMember/web/import?activityId=${s.activityId}&mode=preview`;
  const rows = [];
  rows.push(await phase('parseCodes, one bomb', codes, bomb, 1));
  rows.push(await phase('parseCodes, 10 at once', codes, bomb, 10));
  rows.push(await phase('import (preview), one bomb', imp, bomb, 1));
  rows.push(await phase('import (preview), 10 at once', imp, bomb, 10));
  const failures = [];
  for (const r of rows) {
    if (r.results.some((x) => x.status < 400 || (x.status >= 500 && x.status !== 503))) failures.push(`${r.label}: not refused with a 4xx (${r.statuses})`);
    if (r.growth >= 200 * MB) failures.push(`${r.label}: RSS grew ${(r.growth / MB).toFixed(0)} MB (budget < 200 MB)`);
    if (r.healthMax >= 200) failures.push(`${r.label}: a health check took ${r.healthMax.toFixed(0)} ms (budget < 200 ms)`);
  }
  for (const f of failures) console.log(`FAIL ${f}`);
  if (!failures.length) console.log('OK: every bomb refused with a 4xx, RSS growth and health latency within budget');
  process.exit(failures.length ? 1 : 0);
}
