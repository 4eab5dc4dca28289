// Races only a real server can prove (PGlite runs one transaction at a time): two app instances on one
// PostgreSQL database. A rush of 10× more buyers than places; two gates scanning one pass at the same moment.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkins, eventSessions, orders, visitors } from '../../db/schema/index';
import { startInstance, useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox } from '../payments/payments.helpers';
import { onlineReservations } from '../../db/schema/index';
import { setupOnline, setupTickets, visitor } from './tickets.helpers';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

describe('tickets under concurrency, two instances on one PostgreSQL', () => {
  it('200 buyers for 20 places → exactly 20 places sold, the others told why; expiry gives them back', async () => {
    const { app, database } = t();
    const s = await setupTickets(database.db, app, { max: 20 });
    const buyers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const u = await buildUser(database.db);
        return loginAs(app, u.phone, u.password);
      }),
    );
    const rs = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client(i % 2 ? second!.app : app, buyers[i % buyers.length]!, 'en').post('/api/lOrder/web/createOrder', {
          activityId: s.activity.id,
          type: 3,
          ticketId: s.ticket.id,
          visitors: [visitor(i)],
        }),
      ),
    );
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(20);
    for (const r of rs.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('SESSION_FULL');
    }
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, s.session.id)))[0]!.taken).toBe(20);
    expect(await database.db.select().from(visitors)).toHaveLength(20);
    expect(await database.db.select().from(orders)).toHaveLength(20);
  });

  it('two gates scan one pass at the same moment → admitted once, the other told it was used', async () => {
    const { app, database } = t();
    const s = await setupTickets(database.db, app, { max: 5 });
    const o = (await s.c.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 3, ticketId: s.ticket.id, visitors: [visitor(1)] })).json()
      .data;
    await payWithSandbox(app, s.c, o.orderNo);
    const code = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data.visitors[0].passCode as string;
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const h = await loginAs(app, admin.phone, admin.password);
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client(i % 2 ? second!.app : app, h).post('/api/admin/checkin', { code, gate: `Gate ${i % 2}` })),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 409 && r.json().code === 'PASS_USED')).toHaveLength(19);
    const log = await database.db.select().from(checkins);
    expect(log.filter((l) => l.result === 'admitted')).toHaveLength(1);
  });

  it('one team asking 30 times at once through two instances for slots → exactly one reservation, one place taken', async () => {
    const { app, database } = t();
    const o = await setupOnline(database.db, app, { max: 5 });
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client(i % 2 ? second!.app : app, o.h).post('/api/lOnline/web/reserve', {
          activityId: o.activity.id,
          teamId: o.team.id,
          sessionId: o.sessions[i % 2]!.id,
        }),
      ),
    );
    expect(rs.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    expect(await database.db.select().from(onlineReservations)).toHaveLength(1);
    const places = (await database.db.select().from(eventSessions)).filter((s) => s.activityId === o.activity.id).map((s) => s.taken);
    expect(places.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
