import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index';
import { publish } from '../../lib/events';
import { useSecondInstance, useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { deliverWebhooks } from './index';

// Issue 25, PostgreSQL tier: two instances (two pools on one database) run the webhook job side by side and
// each event reaches each endpoint once; a token revoked on one instance is refused by the other at once.
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '127.0.0.2', WEBHOOK_TIMEOUT_MS: '2000' });
const second = useSecondInstance(t);

const got: string[] = [];
let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.push(String(req.headers['x-rp-event-id']));
      // slow enough that both instances' runs overlap
      setTimeout(() => res.writeHead(200).end(), 30);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('webhooks and tokens across two instances (PostgreSQL)', () => {
  it('delivers each event to the endpoint once, with two instances running the job at the same time', async () => {
    const { app, database } = t();
    const db = database.db;
    const admin = await buildUser(db, { roles: ['admin'] });
    const h = await loginAs(app, admin.username, admin.password);
    const ep = await app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: h,
      payload: { url: `http://127.0.0.2:${port}/hook`, events: ['certificate.issued'] },
    });
    expect(ep.statusCode, ep.body).toBe(200);
    const ids: string[] = [];
    for (let i = 1; i <= 30; i++)
      ids.push(await db.transaction((tx) => publish(app.deps, tx, 'certificate.issued', { certificateId: i, certCode: `C${i}`, activityId: null })));
    const b = second();
    // both instances deliver, side by side, until nothing is left (each delivery and its job were made with the event)
    for (let round = 0; round < 5; round++) {
      await Promise.all([deliverWebhooks(app.deps, { now: new Date(Date.now() + 1000) }), deliverWebhooks(b.app.deps, { now: new Date(Date.now() + 1000) })]);
    }
    expect(got.sort()).toEqual([...ids].sort());
    const rows = await db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });

  it('a token revoked on one instance is refused by the other on its next request', async () => {
    const { app, database } = t();
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const h = await loginAs(app, admin.username, admin.password);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/api-tokens',
      headers: h,
      payload: { name: 'Insurer', scopes: ['orders.read'], activityIds: null, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const { id, token } = res.json() as { id: number; token: string };
    const b = second();
    const call = () => b.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/admin/api-tokens/${id}/revoke`, headers: h })).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(401);
  });
});
