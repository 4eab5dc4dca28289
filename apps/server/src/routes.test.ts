import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DbShortStore } from './lib/short-store';
import { useTestApp } from './test/context';
import { buildActivity, buildUser, loginAs } from './test/factories';
import { operations } from './test/openapi';

const t = useTestApp();

/** Builds a second app on a fresh in-memory database with one extra route; returns the error it fails with. */
async function buildWith(extend: Parameters<typeof buildApp>[0]['extend']): Promise<unknown> {
  const database = await openDatabase({});
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: t().config.dataDir });
  try {
    const app = await buildApp({ config, database, store: new DbShortStore(database.db), extend });
    await app.ready();
    await app.close();
    return null;
  } catch (e) {
    return e;
  } finally {
    await database.close();
  }
}

describe('house rules, checked while the app is built', () => {
  it('refuses to start when a JSON route declares no response schema', async () => {
    const err = await buildWith(async (app) => {
      app.get('/api/lForgot/web/list', async () => ({ resultCode: 1, secret: 'column' }));
    });
    expect(String(err)).toMatch(/GET \/api\/lForgot\/web\/list declares no response schema/);
  });

  it('refuses to start when a response declares z.any()', async () => {
    const err = await buildWith(async (app) => {
      app.get(
        '/api/lLoose/web/list',
        { schema: { response: { 200: z.object({ resultCode: z.literal(1), data: z.array(z.object({ x: z.any() })) }) } } },
        async () => ({ resultCode: 1, data: [] }),
      );
    });
    expect(String(err)).toMatch(/GET \/api\/lLoose\/web\/list declares z\.any\(\)\/z\.unknown\(\) in its response at \.data\[\]\.x/);
  });

  it('starts with the built web app (its static files are file routes)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    // the offline gate's own page and its service worker (issue 38)
    fs.writeFileSync(path.join(dist, 'gate.html'), '<!doctype html><title>gate</title>');
    fs.mkdirSync(path.join(dist, 'gate'));
    fs.writeFileSync(path.join(dist, 'gate', 'sw.js'), 'self.x = 1');
    const database = await openDatabase({});
    const config = loadConfig({
      NODE_ENV: 'test',
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: t().config.dataDir,
      WEB_DIST: dist,
    });
    try {
      const app = await buildApp({ config, database, store: new DbShortStore(database.db), serveWeb: true });
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/news' })).body).toContain('<title>x</title>');
      for (const url of ['/gate', '/gate/', '/gate?x=1']) expect((await app.inject({ method: 'GET', url })).body, url).toContain('<title>gate</title>');
      const sw = await app.inject({ method: 'GET', url: '/gate/sw.js' });
      expect([sw.statusCode, sw.body, sw.headers['service-worker-allowed']]).toEqual([200, 'self.x = 1', '/gate']);
      expect((await app.inject({ method: 'GET', url: '/gateway' })).body).toContain('<title>x</title>');
      await app.close();
    } finally {
      await database.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('every route of the app declares a response schema without z.any() (or is a listed file route)', async () => {
    // the app started, so the onRoute check passed for every route; the table lists them all
    const table = t().app.routeTable;
    expect(table.length).toBeGreaterThan(150);
    expect(table.filter((r) => r.url.startsWith('/api/admin/')).every((r) => r.auth !== 'public')).toBe(true);
  });
});

describe('authentication before validation', () => {
  it('answers a visitor 401 (not 400 with field names) on every protected operation, whatever the body', async () => {
    for (const [method, url] of [
      ['POST', '/api/lTeam/web/create'],
      ['PUT', '/api/lTeamMember/web/update'],
      ['POST', '/api/admin/news'],
      ['GET', '/api/lTeamMember/web/list?activityId=x'],
    ] as const) {
      const res = await t().app.inject({ method, url, ...(method === 'GET' ? {} : { payload: { name: 5 } }) });
      expect({ url, status: res.statusCode, fieldErrors: res.json().fieldErrors }).toEqual({ url, status: 401, fieldErrors: undefined });
    }
    const ops = operations(t().app).filter((o) => o.security);
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      const url = op.url.replace(/:(\w+)/g, '1');
      const res = await t().app.inject({
        method: op.method as 'POST',
        url,
        ...(op.method === 'GET' ? {} : { payload: { nonsense: '\u0000', deep: [[[[1]]]] } }),
      });
      expect({ op: `${op.method} ${op.url}`, status: res.statusCode, fieldErrors: res.json().fieldErrors }).toEqual({
        op: `${op.method} ${op.url}`,
        status: 401,
        fieldErrors: undefined,
      });
    }
  });

  it('answers a stale token SESSION_EXPIRED before reading the body', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/lTeam/web/create',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
      payload: { name: 5 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('still validates for a signed-in member', async () => {
    const u = await buildUser(t().database.db);
    const h = await loginAs(t().app, u.phone, u.password);
    const res = await t().app.inject({ method: 'POST', url: '/api/lTeam/web/create', headers: h, payload: { name: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('activityId');
  });
});

describe('OpenAPI document', () => {
  it('declares the bearer scheme and marks exactly the protected operations', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const table = new Map(t().app.routeTable.map((r) => [`${r.method} ${r.url}`, r.auth]));
    let marked = 0;
    for (const op of operations(t().app)) {
      const auth = table.get(`${op.method} ${op.url}`);
      expect({ op: `${op.method} ${op.url}`, security: op.security }).toEqual({
        op: `${op.method} ${op.url}`,
        security: auth !== undefined && auth !== 'public',
      });
      if (op.security) marked++;
    }
    expect(marked).toBeGreaterThan(100);
    expect(doc.paths['/api/lTeam/web/create'].post.security).toEqual([{ bearer: [] }]);
    // public operations say so (the document's default is the bearer token)
    expect(doc.paths['/api/lNews/web/list'].get.security).toEqual([]);
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});

describe('personal answers are never stored', () => {
  it('sends Cache-Control: no-store on authenticated and auth answers; cacheable public routes keep their own', async () => {
    const u = await buildUser(t().database.db);
    const login = await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: u.phone, password: u.password, code: '', uuid: '' } });
    expect(login.headers['cache-control']).toBe('no-store');
    const h = { authorization: `Bearer ${login.json().token as string}` };
    const a = await buildActivity(t().database.db);
    for (const url of [
      '/auth/info',
      '/api/users/web/info',
      '/api/lMessage/web/list',
      `/api/lTeam/web/find?activityId=${a.id}`,
      `/api/lTeamMember/web/list?activityId=${a.id}`,
    ]) {
      const res = await t().app.inject({ method: 'GET', url, headers: h });
      expect({ url, status: res.statusCode, cc: res.headers['cache-control'] }).toEqual({ url, status: 200, cc: 'no-store' });
    }
    const denied = await t().app.inject({ method: 'GET', url: '/auth/info' });
    expect(denied.headers['cache-control']).toBe('no-store');
    const contact = await t().app.inject({ method: 'GET', url: '/api/lSite/web/contact', headers: h });
    expect(contact.headers['cache-control']).toContain('max-age=60');
  });
});

describe('router-level errors use the error contract', () => {
  // answers to a request the server read carry its id; the HTTP parser's own (431, unparseable) have no request
  const contract = (status: number, code: string, requestId: unknown = expect.any(String)) => ({
    status,
    code,
    resultCode: 0,
    message: expect.any(String),
    resultStr: expect.any(String),
    ...(requestId ? { requestId } : {}),
  });

  async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    const app = t().app;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    return new Promise((resolve, reject) => {
      const sock = net.connect(port, '127.0.0.1', () => sock.write(request));
      let data = '';
      sock.on('data', (d) => (data += d.toString('utf8')));
      sock.on('error', reject);
      sock.on('close', () => {
        const [head = '', ...rest] = data.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), headers: head, body: rest.join('\r\n\r\n') });
      });
    });
  }

  it('431 for headers past 16 KB (Node parser), in the contract and the language of the request', async () => {
    const r = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body)).toEqual({
      ...contract(431, 'HEADERS_TOO_LARGE', null),
      message: 'The request headers are too large',
      resultStr: 'The request headers are too large',
    });
    expect(r.headers).toMatch(/x-content-type-options: nosniff/i);
  });

  it('400 for a request Node cannot parse', async () => {
    const r = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual(contract(400, 'BAD_REQUEST', null));
  });

  it('414 for a URL past 8 KB, 400 for a path that is not valid percent-encoding, 414 for a huge path parameter', async () => {
    const long = await t().app.inject({ method: 'GET', url: `/api/lNews/web/list?q=${'a'.repeat(9000)}`, headers: { 'accept-language': 'en' } });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ ...contract(414, 'URI_TOO_LONG'), message: 'The request address is too long', resultStr: 'The request address is too long' });
    const bad = await t().app.inject({ method: 'GET', url: '/api/admin/news/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(contract(400, 'BAD_URL'));
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
    const param = await t().app.inject({ method: 'GET', url: `/api/admin/news/${'1'.repeat(300)}` });
    expect(param.statusCode).toBe(414);
    expect(param.json()).toEqual(contract(414, 'URI_TOO_LONG'));
  });

  it('415 for a media type no route accepts, 400 for broken JSON, 413 for a body past the limit', async () => {
    const xml = await t().app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual(contract(415, 'UNSUPPORTED_MEDIA_TYPE'));
    const broken = await t().app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: 400, resultCode: 0, code: 'BAD_REQUEST' });
    const big = await t().app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('TOO_LARGE');
  });

  it('a real HTTP request with a bad path also gets the contract', async () => {
    const app = t().app;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const body = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/admin/news/%ZZ' }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        })
        .on('error', reject);
    });
    expect(body.status).toBe(400);
    expect(JSON.parse(body.text)).toEqual(contract(400, 'BAD_URL'));
  });
});
