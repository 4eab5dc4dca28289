import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DbShortStore } from './lib/short-store';
import { useTestApp } from './test/context';
import { setupMoney } from './modules/payments/payments.helpers';

/**
 * A production instance behind one proxy (issue 21, findings 1–3): no simulation is offered, client-written
 * X-Forwarded-For hops lift no per-address ceiling, and no link is built from the request's Host or
 * X-Forwarded-Host.
 */
const SITE = 'https://iyrc.example.cn';
const METRICS_TOKEN = 'metrics-token-0123456789';
const get = useTestApp({ NODE_ENV: 'production', PUBLIC_BASE_URL: SITE, TRUST_PROXY: '1', METRICS_TOKEN });

/** A request as nginx passes it on: the client's own X-Forwarded-For with the real address appended. */
const viaProxy = (forged: string, real: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, ${real}` } });

describe('production mode', () => {
  it('offers no sandbox gateway: a member cannot pay on our own hosted page', async () => {
    const { app, database } = get();
    const { activity, c } = await setupMoney(database.db, app);
    const checkout = await c.get(`/api/lOrder/web/checkout?activityId=${activity.id}`);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().data.channels).not.toContain('sandbox');
    expect(app.deps.payments.providers.has('sandbox')).toBe(false);
  });

  it('offers no WeChat login simulation without WeChat settings', async () => {
    const { app } = get();
    const cfg = await app.inject({ url: '/api/config/public' });
    expect(cfg.json().data.wechatLogin).toBe('off');
    const fake = await app.inject({ url: '/api/wechat-fake/connect/qrconnect?appid=x&redirect_uri=x&state=x' });
    expect(fake.statusCode).toBe(404);
    const start = await app.inject({ url: '/auth/web/wxAuthorize?purpose=login' });
    expect(start.statusCode).toBe(404);
  });

  it('rotating X-Forwarded-For values do not lift a per-address ceiling; another real address is not held back', async () => {
    const { app } = get();
    const codes: number[] = [];
    for (let i = 0; i < 62; i++) {
      const r = await app.inject({ url: '/api/lAward/verifyCertCode?certCode=ZZZZZZZZZZZZZZZZ', ...viaProxy(`198.51.100.${i}`, '203.0.113.7') });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 60).every((s) => s !== 429)).toBe(true);
    expect(codes.slice(60)).toEqual([429, 429]);
    const other = await app.inject({ url: '/api/lAward/verifyCertCode?certCode=ZZZZZZZZZZZZZZZZ', ...viaProxy('203.0.113.7', '203.0.113.8') });
    expect(other.statusCode).not.toBe(429);
  });

  it('robots.txt and sitemap.xml link to PUBLIC_BASE_URL whatever Host or X-Forwarded-Host says', async () => {
    const { app } = get();
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const r = await app.inject({ url, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain(`${SITE}/`);
      expect(r.body).not.toContain('evil.example');
    }
  });

  it('the proxies in front are checked against TRUST_PROXY and PUBLIC_BASE_URL: one warning each, once (issue 33)', async () => {
    const { database, config } = get();
    const lines: { msg: string; setting?: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) };
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://iyrc.example.cn', TRUST_PROXY: '2', DATA_DIR: config.dataDir }),
      database,
      store: new DbShortStore(database.db),
      logger: { level: 'warn', stream },
    });
    try {
      // a probe straight to the instance, and two proxies as configured: nothing to say
      await other.inject({ url: '/api/health/live' });
      await other.inject({ url: '/api/health/live', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' } });
      expect(lines).toEqual([]);
      // one nginx in front: its requests carry one entry
      for (let i = 0; i < 3; i++)
        await other.inject({
          url: '/api/health/live',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
        });
      expect(lines.map((l) => l.setting).sort()).toEqual(['PUBLIC_BASE_URL', 'TRUST_PROXY']);
      expect(lines.find((l) => l.setting === 'TRUST_PROXY')!.msg).toMatch(
        /^TRUST_PROXY=2, but a request arrived with 1 X-Forwarded-For entry.*set TRUST_PROXY=1/,
      );
      expect(lines.find((l) => l.setting === 'PUBLIC_BASE_URL')!.msg).toMatch(/^PUBLIC_BASE_URL is http, but the site is served on https/);
    } finally {
      await other.close();
    }
  });

  it('/metrics answers the token only: request counts by route pattern and status, latencies, the queues; request ids everywhere', async () => {
    const { app } = get();
    await app.inject({ url: '/api/lAward/verifyCertCode?certCode=ZZZZZZZZZZZZZZZZ', ...viaProxy('x', '203.0.113.50') });
    const refused = await app.inject({ url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const r = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/lAward\/verifyCertCode",status="\d{3}"\} \d+$/m);
    expect(r.body).toMatch(/^http_request_duration_seconds_bucket\{method="GET",route="\/api\/lAward\/verifyCertCode",le="\+Inf"\} \d+$/m);
    expect(r.body).toMatch(/^job_queue_length\{queue="order_expiry"\} \d+$/m);
    // never a path with its query or ids
    expect(r.body).not.toContain('ZZZZZZZZ');
    // a request id sent by the proxy is kept (and a malformed one replaced)
    const mine = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(mine.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    const odd = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'a b' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
