import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';

const t = useTestApp();

describe('health', () => {
  it('readiness reports the database, liveness answers without it', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resultCode: 1, status: 'ok', database: { kind: t().database.kind, up: true } });
    expect(res.headers['cache-control']).toBe('no-store');
    const live = await t().app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.json()).toEqual({ status: 'ok' });
  });

  // last test of the file: the database stays closed
  it('with the database gone: health keeps answering 503 with its state, requests get 503 DB_UNAVAILABLE', async () => {
    await t().database.close();
    const started = Date.now();
    const res = await t().app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 503,
      resultCode: 0,
      code: 'DB_UNAVAILABLE',
      message: 'Service temporarily unavailable, please try again',
      database: { up: false },
    });
    expect((await t().app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const api = await t().app.inject({ method: 'GET', url: '/api/lActivity/web/listV2?page=0&size=10' });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ code: 'DB_UNAVAILABLE', message: '服务暂时不可用，请稍后再试' });
  });
});
