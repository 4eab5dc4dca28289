import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@rp/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { DbShortStore } from '../../lib/short-store';
import { jobs, staffRoles, teamMembers, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { EVENT_CATALOG, publish } from '../../lib/events';
import { isPublicAddress } from '../../lib/outbound';
import { contextReady, useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { payWithSandbox, setupMoney, teamWithPlayers } from '../payments/payments.helpers';
import { deliverWebhooks } from './index';

// The receiver listens on 127.0.0.2 (loopback, allow-listed here); 127.0.0.1 stays refused.
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '127.0.0.2', WEBHOOK_TIMEOUT_MS: '300' });

type Behaviour = 200 | 500 | 'hang';
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** A partner's system: answers each path with its queued behaviours (then 200), records what came. */
const receiver = {
  server: null as http.Server | null,
  port: 0,
  got: [] as Received[],
  plan: new Map<string, Behaviour[]>(),
  url(path: string) {
    return `http://127.0.0.2:${this.port}${path}`;
  },
};

beforeAll(async () => {
  receiver.server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      receiver.got.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = receiver.plan.get(path)?.shift() ?? 200;
      if (next === 'hang') return; // never answers: the sender's timeout
      res.writeHead(next, { 'content-type': 'text/plain' }).end('secret response body');
    });
  });
  await new Promise<void>((r) => receiver.server!.listen(0, '127.0.0.2', r));
  receiver.port = (receiver.server.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise((r) => receiver.server?.close(r));
});
beforeEach(() => {
  receiver.got = [];
  receiver.plan.clear();
});

async function admin() {
  const { app, database } = t();
  const a = await buildUser(database.db, { roles: ['admin'] });
  return loginAs(app, a.username, a.password);
}

async function addEndpoint(h: { authorization: string }, path: string, events: string[] = ['certificate.issued']) {
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: h,
    payload: { url: receiver.url(path), description: 'Exam platform', events },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string; url: string };
}

async function issue(certificateId: number) {
  const db = t().database.db;
  return db.transaction((tx) => publish(t().app.deps, tx, 'certificate.issued', { certificateId, certCode: `CODE${certificateId}`, activityId: null }));
}

/** Runs the webhook jobs at `now` (their deliveries were made with the event, in its transaction: one hop). */
async function run(now = new Date()) {
  const { app } = t();
  // a delivery made just now is due at the database's now (a moment after `now`)
  return deliverWebhooks(app.deps, { now: new Date(Math.max(now.getTime(), Date.now() + 5)) });
}

function verify(secret: string, r: Received): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-rp-signature']));
  if (!m) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(m[2]!, 'hex')) && Math.abs(Date.now() / 1000 - Number(m[1])) < 300;
}

describe('webhooks', () => {
  it('delivers a signed event the receiver verifies with the secret shown once; one delivery per event and endpoint', async () => {
    const { app, database } = t();
    const db = database.db;
    const h = await admin();
    const ep = await addEndpoint(h, '/a');
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // shown once: the list never has it, and the database holds it encrypted
    const list = await app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: h });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ep.secret);
    expect(list.json().content[0]).toMatchObject({ id: ep.id, events: ['certificate.issued'], active: true, last: null });
    const [stored] = await db.select().from(webhookEndpoints);
    expect(stored!.secretEnc).not.toContain(ep.secret.slice(6, 20));

    const eventId = await issue(7);
    await run();
    expect(receiver.got).toHaveLength(1);
    const got = receiver.got[0]!;
    expect(verify(ep.secret, got)).toBe(true);
    expect(verify('whsec_wrong', got)).toBe(false);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-rp-event-id']).toBe(eventId);
    expect(got.headers['x-rp-event-type']).toBe('certificate.issued');
    expect(got.headers['user-agent']).toMatch(/^RP-Webhooks\//);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ id: eventId, type: 'certificate.issued', data: { certificateId: 7, certCode: 'CODE7', activityId: null } });
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');

    // the delivery's job run again (an instance died after sending): still one delivery, nothing sent twice
    await db
      .update(jobs)
      .set({ state: 'pending', runAt: new Date(0) })
      .where(eq(jobs.queue, 'webhook'));
    await run();
    expect(await db.select().from(webhookDeliveries)).toHaveLength(1);
    expect(receiver.got).toHaveLength(1);

    // an endpoint that did not choose the event gets nothing
    await addEndpoint(h, '/other', ['payment.settled']);
    await issue(8);
    await run();
    expect(receiver.got.map((r) => r.path)).toEqual(['/a', '/a']);

    const after = (await app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: h })).json().content;
    expect(after.find((e: { id: number }) => e.id === ep.id).last).toMatchObject({ status: 'succeeded', statusCode: 200 });
    // a new secret signs from now on; the old one no longer verifies
    const rotated = (await app.inject({ method: 'POST', url: `/api/admin/webhooks/${ep.id}/rotate-secret`, headers: h })).json().secret as string;
    expect(rotated).toMatch(/^whsec_/);
    await issue(9);
    await run();
    const last = receiver.got.at(-1)!;
    expect(verify(rotated, last)).toBe(true);
    expect(verify(ep.secret, last)).toBe(false);
  });

  it('one hop (issue 36): the delivery and its job are written in the publishing transaction, none when it rolls back', async () => {
    const db = t().database.db;
    const h = await admin();
    await addEndpoint(h, '/one');
    await addEndpoint(h, '/not-this', ['payment.settled']);
    const eventId = await issue(11);
    const deliveries = await db.select().from(webhookDeliveries);
    expect(deliveries.map((d) => [d.eventId, d.status])).toEqual([[eventId, 'pending']]);
    // the delivery's own job, and no job of the event before it
    expect((await db.select().from(jobs)).map((j) => [j.queue, j.payload])).toEqual([['webhook', { deliveryId: deliveries[0]!.id }]]);
    await expect(
      db.transaction(async (tx) => {
        await publish(t().app.deps, tx, 'certificate.issued', { certificateId: 12, certCode: 'CODE12', activityId: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.select().from(webhookDeliveries)).toHaveLength(1);
    expect(await db.select().from(jobs)).toHaveLength(1);
    expect(await run()).toMatchObject({ succeeded: 1 });
    expect(receiver.got.map((r) => r.path)).toEqual(['/one']);
  });

  it('retries after a 500 and after a timeout with backoff, the same event id each time, then succeeds; every attempt logged', async () => {
    const { app } = t();
    const h = await admin();
    const ep = await addEndpoint(h, '/flaky');
    receiver.plan.set('/flaky', [500, 'hang']);
    const eventId = await issue(1);
    const t0 = Date.now();
    expect(await run(new Date(t0))).toMatchObject({ retried: 1 });
    // not due yet: nothing goes
    expect(await run(new Date(t0 + 10_000))).toMatchObject({ retried: 0, succeeded: 0 });
    expect(await run(new Date(t0 + 31_000))).toMatchObject({ retried: 1 });
    expect(await run(new Date(t0 + 31_000 + 61_000))).toMatchObject({ succeeded: 1 });
    expect(receiver.got.map((r) => r.headers['x-rp-event-id'])).toEqual([eventId, eventId, eventId]);
    expect(new Set(receiver.got.map((r) => r.body)).size).toBe(1);
    const page = (await app.inject({ method: 'GET', url: `/api/admin/webhooks/${ep.id}/deliveries?pageNo=0&pageSize=20`, headers: h })).json();
    expect(page.total).toBe(1);
    const d = page.content[0];
    expect(d).toMatchObject({ eventId, eventName: 'certificate.issued', status: 'succeeded', attempts: 3, lastStatusCode: 200, lastError: null, nextAt: null });
    expect(
      d.log.map((a: { attempt: number; statusCode: number | null; error: string | null; manual: boolean }) => [a.attempt, a.statusCode, a.error, a.manual]),
    ).toEqual([
      [1, 500, 'http-500', false],
      [2, null, 'timeout', false],
      [3, 200, null, false],
    ]);
    // the response body is never kept
    expect(JSON.stringify(page)).not.toContain('secret response body');
  });

  it('gives up 24 hours after the first attempt; "send again" makes one manual attempt that marks it succeeded', async () => {
    const { app } = t();
    const h = await admin();
    const ep = await addEndpoint(h, '/down');
    receiver.plan.set('/down', Array(10).fill(500));
    await issue(2);
    const t0 = Date.now();
    await run(new Date(t0));
    expect(await run(new Date(t0 + 25 * 3600_000))).toMatchObject({ failed: 1 });
    let d = (await app.inject({ method: 'GET', url: `/api/admin/webhooks/${ep.id}/deliveries`, headers: h })).json().content[0];
    expect(d).toMatchObject({ status: 'failed', attempts: 2, lastStatusCode: 500 });
    // the job leaves it alone now
    expect(await run(new Date(t0 + 50 * 3600_000))).toMatchObject({ failed: 0, retried: 0, succeeded: 0 });
    receiver.plan.set('/down', []);
    const again = await app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${d.id}/resend`, headers: h });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ ok: true, succeeded: true, statusCode: 200 });
    d = (await app.inject({ method: 'GET', url: `/api/admin/webhooks/${ep.id}/deliveries`, headers: h })).json().content[0];
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(d.log.at(-1)).toMatchObject({ attempt: 3, manual: true, statusCode: 200 });
    expect((await app.inject({ method: 'POST', url: '/api/admin/webhooks/deliveries/999/resend', headers: h })).statusCode).toBe(404);
  });

  it('a failing endpoint holds up no other endpoint', async () => {
    const { app } = t();
    const h = await admin();
    const slow = await addEndpoint(h, '/slow');
    const good = await addEndpoint(h, '/good');
    receiver.plan.set('/slow', ['hang']);
    await issue(3);
    expect(await run()).toMatchObject({ succeeded: 1, retried: 1 });
    const goodLog = (await app.inject({ method: 'GET', url: `/api/admin/webhooks/${good.id}/deliveries`, headers: h })).json().content[0];
    expect(goodLog).toMatchObject({ status: 'succeeded' });
    expect(goodLog.log[0].durationMs).toBeLessThan(300);
    const slowLog = (await app.inject({ method: 'GET', url: `/api/admin/webhooks/${slow.id}/deliveries`, headers: h })).json().content[0];
    expect(slowLog).toMatchObject({ status: 'pending', lastError: 'timeout' });
  });

  it('refuses private, loopback, link-local and reserved addresses (and names resolving to them) on the url field', async () => {
    const { app } = t();
    const h = await admin();
    const urls = [
      'http://10.0.0.1/hook',
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://localhost/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://100.64.0.1/hook',
      'http://[fd00::1]/hook',
      'http://224.0.0.1/hook',
      'http://0.0.0.0/hook',
      'http://192.168.1.10/hook',
      'http://172.16.0.5/hook',
    ];
    for (const url of urls) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { ...h, 'accept-language': 'en' },
        payload: { url, events: ['certificate.issued'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fieldErrors?.url, url).toMatch(/not allowed/);
    }
    for (const url of ['ftp://example.org/x', 'not a url', 'http://user:pw@127.0.0.2/x', 'javascript:alert(1)']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { ...h, 'accept-language': 'en' },
        payload: { url, events: ['certificate.issued'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fieldErrors?.url, url).toMatch(/^Enter a full address starting with http:\/\/ or https:\/\//);
    }
    // an unknown event is refused on its field
    const bad = await app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: h, payload: { url: receiver.url('/x'), events: ['nope'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.events).toBe('包含未知的事件');
    expect(await t().database.db.select().from(webhookEndpoints)).toHaveLength(0); // nothing refused was saved
    // an endpoint changed to a private address is refused the same way
    const ep = await addEndpoint(h, '/y');
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${ep.id}`,
      headers: h,
      payload: { url: 'http://169.254.169.254/', description: '', events: ['certificate.issued'], active: true },
    });
    expect(put.statusCode).toBe(400);
    // the checks as such
    expect(['8.8.8.8', '2606:4700::1111', '1.1.1.1'].every(isPublicAddress)).toBe(true);
    expect(['::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', 'fe80::1', '::', '198.18.0.1', '255.255.255.255'].some(isPublicAddress)).toBe(false);
  });

  it('checks the address again at delivery: an endpoint whose address is no longer allowed is not called', async () => {
    const { app, database } = t();
    const h = await admin();
    const ep = await addEndpoint(h, '/moved');
    // as if the name now pointed elsewhere: the stored URL is a loopback address outside the allow-list
    await database.db.update(webhookEndpoints).set({ url: 'http://127.0.0.1:9/moved' }).where(eq(webhookEndpoints.id, ep.id));
    await issue(4);
    await run();
    expect(receiver.got).toHaveLength(0);
    const d = (await app.inject({ method: 'GET', url: `/api/admin/webhooks/${ep.id}/deliveries`, headers: h })).json().content[0];
    expect(d).toMatchObject({ status: 'pending', lastError: 'refused-private' });
  });

  it('requires https in production', async () => {
    const { database, app } = await contextReady(t);
    const config = loadConfig({
      NODE_ENV: 'production',
      CAPTCHA_ENABLED: 'false',
      PUBLIC_BASE_URL: 'https://portal.example.org',
      LOG_LEVEL: 'silent',
      DATA_DIR: app.deps.config.dataDir,
    });
    const prod = await buildApp({ config, database, store: new DbShortStore(database.db) });
    try {
      const a = await buildUser(database.db, { roles: ['admin'] });
      const h = await loginAs(prod, a.username, a.password);
      const res = await prod.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { ...h, 'accept-language': 'en' },
        payload: { url: 'http://hooks.example.org/x', events: ['certificate.issued'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.url).toMatch(/https/);
    } finally {
      await prod.close();
    }
  });

  it('payloads carry ids and public fields only: no ID number, no phone (a real payment, its event as sent)', async () => {
    const { app, database } = t();
    const db = database.db;
    const h = await admin();
    await addEndpoint(h, '/pay', Object.keys(EVENT_CATALOG));
    const m = await setupMoney(db, app);
    const { ids } = await teamWithPlayers(db, m.c, m.activity.id, m.program.id, m.plan.id, 2);
    const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })).json().data;
    await payWithSandbox(app, m.c, o.orderNo);
    await run();
    expect(receiver.got.length).toBeGreaterThan(0);
    const bodies = receiver.got.map((r) => r.body).join('\n');
    expect(bodies).toContain('payment.settled');
    const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, m.user.id));
    const players = await db.select().from(teamMembers);
    expect(bodies).not.toContain(u!.phone!);
    for (const p of players) expect(bodies).not.toContain(p.name);
    // no mainland ID number (17 digits + check) nor mobile number anywhere
    expect(bodies).not.toMatch(/(?<!\d)\d{17}[\dXx](?!\d)/);
    expect(bodies).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/);
    // and the catalog has no field that could carry one
    for (const [name, schema] of Object.entries(EVENT_CATALOG)) {
      const keys = Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape);
      expect(
        keys.filter((k) => /phone|mobile|card|idno|idnumber|passport|name|email|address/i.test(k)),
        name,
      ).toEqual([]);
    }
  });
});

describe('integrations routes need integrations.manage', () => {
  it('refuses (403) staff holding every other capability, on every integrations route, and changes nothing', async () => {
    const { app, database } = t();
    const db = database.db;
    await db
      .insert(staffRoles)
      .values({ code: 'allbut', nameZh: '除集成外', permissions: PERMISSIONS.filter((p) => p !== 'integrations.manage'), activityIds: null });
    const staff = await buildUser(db, { roles: ['member', 'allbut'] });
    const h = await loginAs(app, staff.phone, staff.password);
    const admin = await buildUser(db, { roles: ['admin'] });
    const ah = await loginAs(app, admin.username, admin.password);
    const routes = app.routeTable.filter((r) => /^\/api\/admin\/(webhooks|api-tokens|outbox|integrations)(\/|$)/.test(r.url));
    expect(routes.length).toBe(14);
    for (const r of routes) {
      expect(r.auth, r.url).toBe('integrations.manage');
      const url = r.url.replace(/:(\w+)/g, '1');
      const res = await app.inject({ method: r.method as 'GET', url, headers: h, ...(r.method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      // the administrator is served (or told what is wrong), never refused
      const served = await app.inject({ method: r.method as 'GET', url, headers: ah, ...(r.method === 'GET' ? {} : { payload: {} }) });
      expect([200, 400, 404], `${r.method} ${r.url} as admin: ${served.body}`).toContain(served.statusCode);
    }
    expect(await db.select().from(webhookEndpoints)).toHaveLength(0);
  });
});
