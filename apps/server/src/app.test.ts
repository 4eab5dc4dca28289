import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/context';

const t = useTestApp();

describe('application shell', () => {
  it('reports health with the database status', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resultCode: 1, status: 'ok', database: { up: true } });
  });

  it('answers unknown API paths with a 404 in the error format', async () => {
    for (const url of ['/api/nope', '/auth/nope', '/api/lTeam/web/unknown']) {
      const res = await t().app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: 404,
        message: 'No such API endpoint',
        resultCode: 0,
        resultStr: 'No such API endpoint',
        code: 'NOT_FOUND',
        // the id of the log lines about this request (also the X-Request-Id header)
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('publishes the OpenAPI document with the auth endpoints', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/auth/login', '/auth/code', '/auth/web/register', '/auth/web/toLogin', '/api/users/web/info']) expect(doc.paths).toHaveProperty([p]);
  });

  it('sets security headers: the full set on documents, nosniff and no framing on JSON', async () => {
    const api = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    const doc = await t().app.inject({ method: 'GET', url: '/robots.txt' });
    expect(doc.headers['content-security-policy']).toContain("default-src 'self'");
    expect(doc.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // the gate page scans pass codes with the camera: our own origin may use it, nothing else may
    expect(doc.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=()');
    const docs = await t().app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
  });
});
