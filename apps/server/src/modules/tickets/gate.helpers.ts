// Shared by gate.test.ts (PGlite and PostgreSQL) and gate.pg.test.ts (races across two instances).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox } from '../payments/payments.helpers';
import { setupTickets, visitor } from './tickets.helpers';

type Pass = { id: number; passCode: string; shortCode: string; name: string };

/** A session with `n` paid passes (orders of five), an administrator signed in (en). */
export async function setupGate(db: Db, app: FastifyInstance, n = 3) {
  const s = await setupTickets(db, app, { max: 0 });
  // orders of at most five visitors (the ticket's most per order)
  const orders: { groupShortCode: string; visitors: Pass[] }[] = [];
  for (let from = 0; from < n; from += 5) {
    const visitors = Array.from({ length: Math.min(5, n - from) }, (_, i) => visitor(from + i, { name: `王小${from + i}` }));
    const o = (await s.c.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 3, ticketId: s.ticket.id, visitors })).json().data;
    await payWithSandbox(app, s.c, o.orderNo);
    orders.push((await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data);
  }
  const admin = await buildUser(db, { roles: ['admin'] });
  const boss = client(app, await loginAs(app, admin.phone, admin.password), 'en');
  return { ...s, passes: orders.flatMap((o) => o.visitors), groupCode: orders[0]!.groupShortCode, boss };
}

/** A device session's token for `gate`, made by `by`. */
export async function gateDevice(by: ReturnType<typeof client>, sessionId: number, gate: string) {
  const r = await by.post('/api/admin/gate/devices', { sessionId, gate });
  if (r.statusCode !== 200) throw new Error(r.body);
  return r.json().data.token as string;
}

/** The device's calls (its token in X-Gate-Token). */
export function gateClient(app: FastifyInstance, token: string, lang = 'en') {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { 'x-gate-token': token, 'accept-language': lang }, ...(payload ? { payload } : {}) });
  let counter = 0;
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, p: object = {}) => call('POST', url, p),
    /** offline scans numbered on from this device's last */
    scans: (items: { code: string; at?: Date; admitted?: boolean }[]) =>
      items.map((x) => ({ counter: ++counter, code: x.code, at: (x.at ?? new Date()).toISOString(), admitted: x.admitted ?? true })),
    sync: (scans: object[], pending = 0) => call('POST', '/api/gate/sync', { sentAt: new Date().toISOString(), pending, scans }),
  };
}
