// Issue 33, item 4: an instance must start while Redis is down (a restart or a new instance during an outage),
// serve what needs no Redis, answer 503 CACHE_UNAVAILABLE to what does, and recover alone once Redis is back.
// The server is started from its sources with REDIS_URL on a closed port; then a redis-server of this test's
// own is started on that port.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/context';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-redis-outage-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (await check().catch(() => false)) return true;
  return false;
}
const listening = (port: number) =>
  new Promise<boolean>((r) => {
    const s = net.connect(port, '127.0.0.1', () => (s.end(), r(true))).on('error', () => r(false));
  });

describe('Redis down when the instance starts', () => {
  it('starts anyway, answers /api/health, 503 CACHE_UNAVAILABLE where Redis is needed, and recovers without a restart', { timeout: 240_000 }, async () => {
    const [port, redisPort] = [await freePort(), await freePort()];
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dataDir,
        REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${redisPort}/0`,
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'https://iyrc.example.cn',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
    });
    children.push(server);
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    const api = (url: string) => fetch(`http://127.0.0.1:${port}${url}`, { signal: AbortSignal.timeout(5000) });

    const exited = new Promise<false>((r) => server.once('exit', () => r(false)));
    expect(await Promise.race([until(async () => (await api('/api/health/live')).ok, 180_000), exited]), output).toBe(true);
    const health = await api('/api/health');
    expect(health.status).toBe(200);
    expect(((await health.json()) as { cache: unknown }).cache).toEqual({ kind: 'redis', up: false });
    const captcha = await api('/auth/code');
    expect(captcha.status).toBe(503);
    expect(((await captcha.json()) as { code: string }).code).toBe('CACHE_UNAVAILABLE');
    // one line naming the variable and the address, never the URL's password
    expect(output).toMatch(/REDIS_URL: redis at 127\.0\.0\.1:\d+ unavailable/);
    expect(output).not.toContain('hunter2');
    // the settings a production site should not run with unawares: one warning line each (issue 33, item 7)
    expect(output).toMatch(/"msg":"SMS_PROVIDER=outbox: no SMS leaves the site.*"setting":"SMS_PROVIDER"/);

    const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    children.push(redis);
    expect(await until(() => listening(redisPort), 10_000)).toBe(true);
    // the client's backoff tops at 2 s
    expect(await until(async () => (await api('/auth/code')).status === 200, 10_000)).toBe(true);
    expect(((await (await api('/api/health')).json()) as { cache: unknown }).cache).toEqual({ kind: 'redis', up: true });
    expect(server.exitCode).toBeNull();
  });
});
