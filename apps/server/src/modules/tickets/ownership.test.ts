import { describe, expect, it } from 'vitest';
import { eventSessions, onlineReservations, visitors, waitlist } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox } from '../payments/payments.helpers';
import { buyTickets, setupOnline, setupTickets } from './tickets.helpers';

const t = useTestApp();

/**
 * One table over every object endpoint of tickets: as another member each answers 404 (someone else's order or
 * team looks like none) and changes nothing; as the owner the same call succeeds; a member never reaches the gate.
 */
describe('ownership of passes, online slots and the gate', () => {
  it('refuses every endpoint to a second member and allows it to the owner', async () => {
    const { app, database } = t();
    const db = database.db;
    const s = await setupTickets(db, app, { max: 5 });
    const o = (await buyTickets(s.c, s.activity.id, s.ticket.id, 1)).json().data;
    await payWithSandbox(app, s.c, o.orderNo);
    const on = await setupOnline(db, app);
    const owner = client(app, on.h, 'en');
    expect((await owner.post('/api/lOnline/web/reserve', { activityId: on.activity.id, teamId: on.team.id, sessionId: on.sessions[0]!.id })).statusCode).toBe(
      200,
    );
    const other = await buildUser(db);
    const x = client(app, await loginAs(app, other.phone, other.password), 'en');
    const snapshot = async () =>
      JSON.stringify([
        await db.select().from(visitors),
        await db.select().from(onlineReservations),
        await db.select().from(eventSessions),
        await db.select().from(waitlist),
      ]);

    const calls: [string, (c: typeof x) => Promise<{ statusCode: number; body: string }>, 'tickets' | 'online'][] = [
      ['pass codes', (c) => c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo }), 'tickets'],
      ['move slot', (c) => c.post('/api/lOnline/web/reserve', { activityId: on.activity.id, teamId: on.team.id, sessionId: on.sessions[1]!.id }), 'online'],
      ['cancel slot', (c) => c.post('/api/lOnline/web/cancel', { activityId: on.activity.id, teamId: on.team.id }), 'online'],
    ];
    for (const [name, call] of calls) {
      const before = await snapshot();
      const r = await call(x);
      expect(r.statusCode, `${name}: ${r.body}`).toBe(404);
      expect(await snapshot(), name).toBe(before);
    }
    expect((await x.get('/api/lTicket/web/mine')).json().content).toEqual([]);
    expect((await x.get(`/api/lOnline/web/mine?activityId=${on.activity.id}`)).json().content).toEqual([]);
    // a member is no gate: 403, and nothing admitted
    const code = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data.visitors[0].passCode;
    expect((await x.post('/api/admin/checkin', { code })).statusCode).toBe(403);
    expect((await x.get(`/api/admin/checkin/stats?sessionId=${s.session.id}`)).statusCode).toBe(403);
    for (const [name, call, who] of calls) {
      const r = await call(who === 'tickets' ? s.c : owner);
      expect(r.statusCode, `${name} (owner): ${r.body}`).toBe(200);
    }
  });
});
