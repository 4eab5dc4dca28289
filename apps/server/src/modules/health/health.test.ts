import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from '../../lib/storage';
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

  // issue 33: the guide said health reported the object store; it stayed 200 with the store gone
  it('reports the object store: 503 STORAGE_UNAVAILABLE while the upload folder takes no file, 200 again after', async () => {
    const storage = t().app.deps.storage;
    expect(storage).toBeInstanceOf(LocalStorage);
    const root = (storage as LocalStorage).root;
    const ok = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.json()).toMatchObject({ status: 'ok', storage: { kind: 'local', up: true } });
    // the folder gone, a file in its place (a lost mount): nothing can be written there
    fs.renameSync(root, `${root}.away`);
    fs.writeFileSync(root, '');
    try {
      const res = await t().app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        resultCode: 0,
        database: { up: true },
        storage: { kind: 'local', up: false },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      fs.rmSync(root);
      fs.renameSync(`${root}.away`, root);
    }
    expect((await t().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
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
