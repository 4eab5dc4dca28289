// Races only a real server can prove (PGlite runs one transaction at a time): two app instances on one
// PostgreSQL database, many requests at once.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledger, orders, payments, plans, programs, redeemCodes, sandboxTrades, teamMembers } from '../../db/schema/index';
import { startInstance, useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { buyCodes, ledgerMismatches, setupMoney, teamWithPlayers } from './payments.helpers';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

describe('money under concurrency, two instances on one PostgreSQL', () => {
  it('200 concurrent pays of one order → one attempt, one trade at the gateway, no 5xx', async () => {
    const { app, database } = t();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    const via = [m.c, client(second!.app, m.h)];
    const rs = await Promise.all(Array.from({ length: 200 }, (_, i) => via[i % 2]!.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' })));
    const codes = rs.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(0);
    expect(await database.db.select().from(payments)).toHaveLength(1);
    expect(await database.db.select().from(sandboxTrades)).toHaveLength(1);
    expect(new Set(rs.filter((r) => r.statusCode === 200).map((r) => r.json().data.action.url)).size).toBe(1);
  });

  it('the last code of a batch bought by 50 people at once → exactly one order; the others told why, nothing held', async () => {
    const { app, database } = t();
    const m = await setupMoney(database.db, app, { stock: 1 });
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const u = await buildUser(database.db);
        return loginAs(app, u.phone, u.password);
      }),
    );
    const rs = await Promise.all(
      buyers.map((h, i) =>
        client(i % 2 ? second!.app : app, h, 'en').post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 1, planId: m.plan.id, quantity: 1 }),
      ),
    );
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of rs.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Sold out. You were not charged; choose another plan or a smaller quantity' });
    }
    expect(await database.db.select().from(orders)).toHaveLength(1);
    expect((await database.db.select().from(plans).where(eq(plans.id, m.plan.id)))[0]!.stock).toBe(0);
  });

  it('the last place of a program wanted by 50 coaches at once through two instances → exactly one order holds it', async () => {
    const { app, database } = t();
    const m = await setupMoney(database.db, app);
    await database.db.update(programs).set({ places: 1 }).where(eq(programs.id, m.program.id));
    const coaches = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const u = await buildUser(database.db);
        const c = client(i % 2 ? second!.app : app, await loginAs(app, u.phone, u.password), 'en');
        const { ids } = await teamWithPlayers(database.db, c, m.activity.id, m.program.id, m.plan.id, 1);
        return { c, id: ids[0]! };
      }),
    );
    const rs = await Promise.all(coaches.map(({ c, id }) => c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [id] })));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of rs.filter((x) => x.statusCode !== 200)) expect(r.json()).toMatchObject({ status: 409, code: 'PROGRAM_FULL' });
    expect(await database.db.select().from(orders)).toHaveLength(1);
    const held = (await database.db.select().from(teamMembers)).filter((x) => x.payStatus === 2);
    expect(held).toHaveLength(1);
  });

  it('one player in 30 racing fee orders through two instances → held by exactly one', async () => {
    const { app, database } = t();
    const m = await setupMoney(database.db, app);
    const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, 1);
    const via = [m.c, client(second!.app, m.h)];
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => via[i % 2]!.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await database.db.select().from(orders)).toHaveLength(1);
    expect((await database.db.select().from(teamMembers))[0]!.payStatus).toBe(2);
  });

  it('the same signed notification 100 times at once through two instances → one ledger row, codes granted once, every answer 200', async () => {
    const { app, database } = t();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 3);
    const r = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' });
    const page = new URL(r.json().data.action.url).pathname;
    let captured: { body: string; headers: Record<string, string> } | undefined;
    app.deps.payments.sandbox.deliver = async (_u, body, headers) => {
      captured = { body, headers };
      return 503;
    };
    await app.inject({ method: 'POST', url: page, payload: 'decision=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await app.deps.payments.sandbox.deliverDue();
    const apps = [app, second!.app];
    const rs = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: '/api/lOrder/sandbox/notify', payload: captured!.body, headers: captured!.headers }),
      ),
    );
    expect(rs.every((x) => x.statusCode === 200)).toBe(true);
    expect(await database.db.select().from(ledger)).toHaveLength(1);
    expect(await database.db.select().from(redeemCodes).where(eq(redeemCodes.ownerUserId, m.user.id))).toHaveLength(3);
    expect(await ledgerMismatches(database.db)).toEqual([]);
    const { injectDeliver } = await import('../../test/context');
    app.deps.payments.sandbox.deliver = injectDeliver(app);
  });
});
