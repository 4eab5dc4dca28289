// First-load JavaScript of each public route, measured in Chromium against the production build:
// every script the page loads until the network is idle, gzip-compressed here (level 9, what a CDN or
// nginx would send). Fails when a route passes the budget (design §1: 150 KB gzip).
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUDGET_KB = Number(process.env.FIRST_LOAD_BUDGET_KB ?? 150);
const port = Number(process.env.BENCH_PORT ?? 8191);
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const base = `http://127.0.0.1:${port}`;
// Detail pages use ids of the demo seed (news 1, gallery 1, program 1, activity 600; /registration shows 568).
const routes = [
  '/home',
  '/news',
  '/newsDetail?id=1',
  '/pasted',
  '/pictures',
  '/picturesDetail?consoleId=1',
  '/program',
  '/programInfo?id=1',
  '/activity',
  '/activityOrder?id=600',
  '/registration',
  '/rules',
  '/file',
  '/partner',
  '/about',
  '/verify',
  // English addresses (issue 23): the same chunks, rendered by the server in the other language
  '/en/home',
  '/en/newsDetail?id=1',
  '/en/activity',
  '/login',
  '/regist',
];

if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-'));
// what `npm start` runs: the compiled server (built here only if missing or older than its sources)
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, WEB_DIST: webDist, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

await waitUp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
let failed = false;
console.log(`route                        scripts  raw KB   gzip KB  (budget ${BUDGET_KB} KB gzip)`);
for (const route of routes) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const bodies = new Map();
  page.on('response', async (res) => {
    const url = res.url();
    if (res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(url)) {
      try {
        bodies.set(url, await res.body());
      } catch {}
    }
  });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  let raw = 0;
  let gz = 0;
  for (const b of bodies.values()) {
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  const over = gz / 1024 > BUDGET_KB;
  failed ||= over;
  console.log(
    `${route.padEnd(28)} ${String(bodies.size).padStart(7)} ${(raw / 1024).toFixed(1).padStart(8)} ${(gz / 1024).toFixed(1).padStart(9)}${over ? '  OVER BUDGET' : ''}`,
  );
  // BENCH_SIZE_SCRIPTS=1 lists each route's scripts (gzip KB): what to look at when a route is over
  if (process.env.BENCH_SIZE_SCRIPTS)
    for (const [url, b] of bodies) console.log(`    ${(gzipSync(b, { level: 9 }).length / 1024).toFixed(1).padStart(7)}  ${new URL(url).pathname}`);
  await ctx.close();
}
await browser.close();
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
