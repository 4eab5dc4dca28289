import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  auditLog,
  invoices,
  jobs,
  ledger,
  messages,
  orders,
  payments,
  plans,
  programs,
  redeemCodes,
  refunds,
  sandboxDeliveries,
  sandboxTrades,
  teamMembers,
  teams,
} from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildCodes, buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { reconcile } from './jobs';
import { SANDBOX_QUEUE } from './providers/sandbox';
import { buyCodes, ledgerMismatches, payWithSandbox, setupMoney, teamWithPlayers } from './payments.helpers';

const get = useTestApp();

async function order(orderNo: string) {
  const [o] = await get().database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return o!;
}

describe('buying codes with the sandbox gateway', () => {
  it('create → hosted page → signed asynchronous notification → paid, codes in the account, one ledger row, a message', async () => {
    const { app, database } = get();
    const { activity, plan, c, user } = await setupMoney(database.db, app);
    const o = await buyCodes(c, activity.id, plan.id, 3);
    expect(o.amountFen).toBe(150_000);
    expect((await order(o.orderNo)).status).toBe('unpaid');
    const url = await payWithSandbox(app, c, o.orderNo);
    const paid = await order(o.orderNo);
    expect(paid).toMatchObject({ status: 'paid', paidFen: 150_000, channel: 'sandbox' });
    const codes = await database.db.select().from(redeemCodes).where(eq(redeemCodes.ownerUserId, user.id));
    expect(codes).toHaveLength(3);
    expect(codes.every((x) => x.status === 'available' && x.priceFen === 50_000)).toBe(true);
    // the get-code link picks from them
    const mine = await c.get(`/api/lRedeemCode/web/myCodes?activityNo=${activity.id}`);
    expect(JSON.parse(mine.json().data)).toHaveLength(3);
    expect(await database.db.select().from(ledger)).toHaveLength(1);
    expect(await ledgerMismatches(database.db)).toEqual([]);
    const msgs = await database.db.select().from(messages).where(eq(messages.receiverId, user.id));
    expect(msgs.some((m) => m.titleZh.includes(o.orderNo) && m.titleEn.startsWith('Payment received'))).toBe(true);
    // the result page's lookup
    const find = await c.get(`/api/lOrder/wx/notify/find?orderNo=${o.orderNo}`);
    expect(find.json().data).toMatchObject({ status: 'completed', paid: true });
    // the hosted page does not take money twice
    const again = await app.inject({
      method: 'POST',
      url: url.pathname,
      payload: 'decision=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(303);
    await app.deps.payments.sandbox.deliverDue();
    expect(await database.db.select().from(ledger)).toHaveLength(1);
  });

  it('a failed payment leaves the order payable; paying again with a new attempt succeeds', async () => {
    const { app, database } = get();
    const { activity, plan, c } = await setupMoney(database.db, app);
    const o = await buyCodes(c, activity.id, plan.id, 1);
    await payWithSandbox(app, c, o.orderNo, 'fail');
    const v = (await c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    expect(v.status).toBe('unpaid');
    expect(v.lastAttempt).toMatchObject({ channel: 'sandbox', status: 'failed' });
    await payWithSandbox(app, c, o.orderNo, 'pay');
    expect((await order(o.orderNo)).status).toBe('paid');
    expect(await database.db.select().from(payments).where(eq(payments.orderId, v.id))).toHaveLength(2);
  });

  it('many clicks on pay make one attempt (one trade number) at the gateway', async () => {
    const { app, database } = get();
    const { activity, plan, c } = await setupMoney(database.db, app);
    const o = await buyCodes(c, activity.id, plan.id, 1);
    const rs = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' })));
    expect(rs.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(rs.map((r) => r.json().data.action.url)).size).toBe(1);
    expect((await database.db.select().from(payments)).length).toBe(1);
  });

  it('bad input: unknown plan, quantity 0 or huge, another activity, not logged in, another member’s order → 4xx, nothing written', async () => {
    const { app, database } = get();
    const { activity, plan, c } = await setupMoney(database.db, app);
    const bad = [
      { activityId: activity.id, type: 1, planId: 999999, quantity: 1 },
      { activityId: activity.id, type: 1, planId: plan.id, quantity: 0 },
      { activityId: activity.id, type: 1, planId: plan.id, quantity: 1e12 },
      { activityId: activity.id, type: 1, planId: plan.id, quantity: '2' },
      { activityId: 2147483648, type: 1, planId: plan.id, quantity: 1 },
      { activityId: activity.id, type: 3, planId: plan.id, quantity: 1 },
    ];
    for (const b of bad) {
      const r = await c.post('/api/lOrder/web/createOrder', b);
      expect(r.statusCode, JSON.stringify(b)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect(await database.db.select().from(orders)).toHaveLength(0);
    const anon = await app.inject({ method: 'POST', url: '/api/lOrder/web/createOrder', payload: bad[0] });
    expect(anon.statusCode).toBe(401);
    const o = await buyCodes(c, activity.id, plan.id, 1);
    const other = await buildUser(database.db);
    const oc = client(app, await loginAs(app, other.phone, other.password), 'en');
    for (const r of [
      await oc.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`),
      await oc.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' }),
      await oc.post('/api/lOrder/web/cancel', { orderNo: o.orderNo }),
      await oc.get(`/api/lOrder/wx/notify/find?orderNo=${o.orderNo}`),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('This order cannot be found');
    }
    const zh = await c.get('/api/lOrder/web/find?orderNo=RP000000XXXXXXXXXX');
    expect(zh.json()).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND', message: '该订单不存在' });
  });
});

describe('notifications: authentic, exact, idempotent', () => {
  async function paidNotification() {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 2);
    const r = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' });
    const token = new URL(r.json().data.action.url).pathname;
    // the payer pays; keep the notification instead of delivering it
    let captured: { body: string; headers: Record<string, string> } | undefined;
    app.deps.payments.sandbox.deliver = async (_u, body, headers) => {
      captured = { body, headers };
      return 500;
    };
    await app.inject({ method: 'POST', url: token, payload: 'decision=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await app.deps.payments.sandbox.deliverDue();
    return { ...m, o, captured: captured! };
  }
  const post = (body: string, headers: Record<string, string>) =>
    get().app.inject({ method: 'POST', url: '/api/lOrder/sandbox/notify', payload: body, headers });

  it('the same notification 100 times at once → one state change, one ledger row, every answer a success', async () => {
    const { database } = get();
    const { o, captured, user } = await paidNotification();
    expect((await order(o.orderNo)).status).toBe('unpaid'); // not delivered yet (the gateway got a 500)
    const rs = await Promise.all(Array.from({ length: 100 }, () => post(captured.body, captured.headers)));
    expect(rs.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
    expect(await database.db.select().from(ledger)).toHaveLength(1);
    expect(await database.db.select().from(redeemCodes).where(eq(redeemCodes.ownerUserId, user.id))).toHaveLength(2);
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });

  it('tampered, unsigned or stale notifications are rejected with 400 and change nothing', async () => {
    const { app, database } = get();
    const { o, captured } = await paidNotification();
    const tampered = captured.body.replace('"amountFen":100000', '"amountFen":1');
    expect(tampered).not.toBe(captured.body);
    for (const [body, headers] of [
      [tampered, captured.headers],
      [captured.body, { 'content-type': 'application/json' }],
      [captured.body, { ...captured.headers, 'x-sandbox-signature': app.deps.payments.sandbox.sign(captured.body, Math.floor(Date.now() / 1000) - 3600) }],
      ['not json', { ...captured.headers, 'x-sandbox-signature': app.deps.payments.sandbox.sign('not json') }],
    ] as const) {
      const r = await post(body, headers as Record<string, string>);
      expect(r.statusCode).toBe(400);
    }
    expect((await order(o.orderNo)).status).toBe('unpaid');
    expect(await database.db.select().from(ledger)).toHaveLength(0);
  });

  it('an amount that differs from the order flags it abnormal and grants nothing', async () => {
    const { app, database } = get();
    const { o, captured, user } = await paidNotification();
    const body = captured.body.replace('"amountFen":100000', '"amountFen":99999');
    const r = await post(body, { 'content-type': 'application/json', 'x-sandbox-signature': app.deps.payments.sandbox.sign(body) });
    expect(r.statusCode).toBe(200);
    expect(await order(o.orderNo)).toMatchObject({ status: 'abnormal', paidFen: 99_999 });
    expect(await database.db.select().from(redeemCodes).where(eq(redeemCodes.ownerUserId, user.id))).toHaveLength(0);
    expect((await get().app.inject({ method: 'GET', url: `/api/lOrder/web/find?orderNo=${o.orderNo}`, headers: {} })).statusCode).toBe(401);
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });

  it('out of order: a failure after the success is ignored; a refund notification for an unknown refund asks for a retry', async () => {
    const { app, database } = get();
    const { o, captured } = await paidNotification();
    expect((await post(captured.body, captured.headers)).statusCode).toBe(200);
    const failed = captured.body.replace('"status":"SUCCESS"', '"status":"FAILED"');
    expect((await post(failed, { 'content-type': 'application/json', 'x-sandbox-signature': app.deps.payments.sandbox.sign(failed) })).statusCode).toBe(200);
    expect((await order(o.orderNo)).status).toBe('paid');
    const refund = JSON.stringify({ event: 'refund', outRefundNo: 'RF000000NOPE', refundNo: 'SBR1', amountFen: 1, status: 'SUCCESS' });
    const r = await app.inject({
      method: 'POST',
      url: '/api/lOrder/sandbox/refund/notify',
      payload: refund,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': app.deps.payments.sandbox.sign(refund) },
    });
    expect(r.statusCode).toBe(404);
    expect(await database.db.select().from(refunds)).toHaveLength(0);
  });

  it('the gateway retries until the merchant answers 2xx', async () => {
    const { app, database } = get();
    const { o } = await paidNotification();
    const [d] = await database.db.select().from(sandboxDeliveries);
    expect(d).toMatchObject({ attempts: 1, lastStatus: 500 });
    expect(d!.deliveredAt).toBeNull();
    // its next try comes due (the job's schedule, lib/jobs.ts)
    await database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.queue, SANDBOX_QUEUE));
    const { injectDeliver } = await import('../../test/context');
    app.deps.payments.sandbox.deliver = injectDeliver(app);
    expect(await app.deps.payments.sandbox.deliverDue()).toBe(1);
    expect((await order(o.orderNo)).status).toBe('paid');
  });
});

describe('stock, expiry and late payments', () => {
  it('the last code of a batch goes to one buyer; expiry gives it back', async () => {
    const { app, database } = get();
    const { activity, plan, c } = await setupMoney(database.db, app, { stock: 2 });
    const first = await buyCodes(c, activity.id, plan.id, 2);
    const r = await c.post('/api/lOrder/web/createOrder', { activityId: activity.id, type: 1, planId: plan.id, quantity: 1 });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('OUT_OF_STOCK');
    const report = await reconcile(app.deps, new Date(Date.now() + 31 * 60_000));
    expect(report.expired).toBe(1);
    expect(await order(first.orderNo)).toMatchObject({ status: 'cancelled', closeReason: 'expired' });
    expect((await database.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stock).toBe(2);
    const v = (await c.get(`/api/lOrder/web/find?orderNo=${first.orderNo}`)).json().data;
    expect(v.status).toBe('cancelled');
    expect((await c.post('/api/lOrder/web/pay', { orderNo: first.orderNo, channel: 'sandbox' })).json().code).toBe('ORDER_NOT_PAYABLE');
  });

  it('a payment that arrives after expiry is honoured while the stock is free, refunded automatically when it is gone', async () => {
    const { app, database } = get();
    const { activity, plan, c, user } = await setupMoney(database.db, app, { stock: 1 });
    const sandbox = app.deps.payments.sandbox;
    /** the order expires in our books (the gateway said "not paid" when asked); then the gateway's success arrives anyway */
    const expireThenPayLate = async (orderNo: string) => {
      await c.post('/api/lOrder/web/pay', { orderNo, channel: 'sandbox' });
      await database.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.orderNo, orderNo));
      await reconcile(app.deps);
      expect((await order(orderNo)).status).toBe('cancelled');
      const [p] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, (await order(orderNo)).id));
      // the payer's money was taken at the gateway in the same moment it closed the trade
      await database.db.update(sandboxTrades).set({ status: 'paid', paidAt: new Date() }).where(eq(sandboxTrades.outTradeNo, p!.outTradeNo));
      const [t] = await database.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, p!.outTradeNo));
      const body = JSON.stringify({
        event: 'payment',
        outTradeNo: t!.outTradeNo,
        tradeNo: t!.tradeNo,
        amountFen: t!.amountFen,
        status: 'SUCCESS',
        paidAt: new Date().toISOString(),
      });
      const r = await app.inject({
        method: 'POST',
        url: '/api/lOrder/sandbox/notify',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandbox.sign(body) },
      });
      expect(r.statusCode).toBe(200);
      await sandbox.deliverDue(); // a refund's notification, if one was made
    };
    const o = await buyCodes(c, activity.id, plan.id, 1);
    await expireThenPayLate(o.orderNo);
    expect(await order(o.orderNo)).toMatchObject({ status: 'paid', paidFen: 50_000, refundedFen: 0 });
    expect(await database.db.select().from(redeemCodes).where(eq(redeemCodes.ownerUserId, user.id))).toHaveLength(1);

    // again, but the freed code was sold to someone else meanwhile: the money goes back by itself
    await database.db.update(plans).set({ stock: 1 }).where(eq(plans.id, plan.id));
    const o2 = await buyCodes(c, activity.id, plan.id, 1);
    await c.post('/api/lOrder/web/pay', { orderNo: o2.orderNo, channel: 'sandbox' });
    await database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, o2.orderNo));
    await reconcile(app.deps);
    await buyCodes(c, activity.id, plan.id, 1); // takes the freed code
    const [p2] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await order(o2.orderNo)).id));
    await database.db.update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.outTradeNo, p2!.outTradeNo));
    const [t2] = await database.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, p2!.outTradeNo));
    const body = JSON.stringify({ event: 'payment', outTradeNo: t2!.outTradeNo, tradeNo: t2!.tradeNo, amountFen: t2!.amountFen, status: 'SUCCESS' });
    await app.inject({
      method: 'POST',
      url: '/api/lOrder/sandbox/notify',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandbox.sign(body) },
    });
    await sandbox.deliverDue(); // the automatic refund's notification
    const late = await order(o2.orderNo);
    expect(late).toMatchObject({ status: 'cancelled', paidFen: 50_000, refundedFen: 50_000 });
    const [auto] = await database.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect(auto).toMatchObject({ kind: 'auto', status: 'success', amountFen: 50_000 });
    expect(await ledgerMismatches(database.db)).toEqual([]);
    const v = (await c.get(`/api/lOrder/web/find?orderNo=${o2.orderNo}`)).json().data;
    expect(v.status).toBe('refunded');
  });
});

describe('paying players’ fees (team pay, spec 7.4)', () => {
  it('players 0 → 2 (registering) → 3; team fees show total, paid, due; expiry gives them back as 1', async () => {
    const { app, database } = get();
    const { activity, program, plan, c } = await setupMoney(database.db, app);
    const { team, ids } = await teamWithPlayers(database.db, c, activity.id, program.id, plan.id, 3);
    const fees0 = (await c.get(`/api/lTeam/web/fees?activityId=${activity.id}&teamId=${team.id}`)).json().data[0];
    expect(fees0).toMatchObject({ totalFen: 150_000, paidFen: 0, dueFen: 150_000 });
    const r = await c.post('/api/lTeam/web/pay', { activityId: activity.id, teamId: team.id, memberIds: ids.slice(0, 2) });
    expect(r.statusCode).toBe(200);
    const o = r.json().data;
    expect(o.amountFen).toBe(100_000);
    const status = async () => (await database.db.select().from(teamMembers)).sort((a, b) => a.id - b.id).map((m) => m.payStatus);
    expect(await status()).toEqual([2, 2, 0]);
    // a player held by an order cannot be put in another one
    const twice = await c.post('/api/lTeam/web/pay', { activityId: activity.id, teamId: team.id, memberIds: [ids[0]] });
    expect(twice.json().code).toBe('MEMBER_IN_ORDER');
    await payWithSandbox(app, c, o.orderNo);
    expect(await status()).toEqual([3, 3, 0]);
    const fees = (await c.get(`/api/lTeam/web/fees?activityId=${activity.id}&teamId=${team.id}`)).json().data[0];
    expect(fees).toMatchObject({ totalFen: 150_000, paidFen: 100_000, dueFen: 50_000, payableMemberIds: [ids[2]] });
    // paid players cannot be paid for again
    expect((await c.post('/api/lTeam/web/pay', { activityId: activity.id, teamId: team.id, memberIds: [ids[0]] })).json().code).toBe('MEMBER_NOT_PAYABLE');
    const last = (await c.post('/api/lTeam/web/pay', { activityId: activity.id, teamId: team.id })).json().data;
    expect(last.items.map((i: { memberId: number }) => i.memberId)).toEqual([ids[2]]);
    await c.post('/api/lOrder/web/cancel', { orderNo: last.orderNo });
    expect(await status()).toEqual([3, 3, 1]);
  });

  it('the fee preview lists the players and the total without creating an order or holding a player (issue 24)', async () => {
    const { app, database } = get();
    const { activity, program, plan, c } = await setupMoney(database.db, app);
    const { team, ids } = await teamWithPlayers(database.db, c, activity.id, program.id, plan.id, 3);
    const preview = await c.get(`/api/lOrder/web/feePreview?activityId=${activity.id}&teamId=${team.id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      players: ids.map((id, i) => ({ id, name: `选手${i}`, teamName: team.name, priceFen: 50_000 })),
      totalFen: 150_000,
    });
    const chosen = (await c.get(`/api/lOrder/web/feePreview?activityId=${activity.id}&memberIds=${ids[0]}&memberIds=${ids[2]}`)).json().data;
    expect(chosen).toMatchObject({ totalFen: 100_000, players: [{ id: ids[0] }, { id: ids[2] }] });
    expect(await database.db.select().from(orders)).toHaveLength(0);
    expect((await database.db.select().from(teamMembers)).map((m) => m.payStatus)).toEqual([0, 0, 0]);
    // the same checks as the order: someone else's team is not found; a held player is refused
    const other = await buildUser(database.db);
    const oc = client(app, await loginAs(app, other.phone, other.password));
    expect((await oc.get(`/api/lOrder/web/feePreview?activityId=${activity.id}&teamId=${team.id}`)).statusCode).toBe(404);
    expect((await c.post('/api/lTeam/web/pay', { activityId: activity.id, teamId: team.id, memberIds: [ids[0]] })).statusCode).toBe(200);
    expect((await c.get(`/api/lOrder/web/feePreview?activityId=${activity.id}&memberIds=${ids[0]}`)).json().code).toBe('MEMBER_IN_ORDER');
    expect((await c.get(`/api/lOrder/web/feePreview?activityId=${activity.id}&teamId=${team.id}`)).json().data.totalFen).toBe(100_000);
  });

  it('a team and players created on the screens (no plan named) pay the activity’s first plan, the one the screens show', async () => {
    const { app, database } = get();
    const { activity, program, plan, c } = await setupMoney(database.db, app);
    // a dearer plan added later is not the default
    await database.db.insert(plans).values({ activityId: activity.id, nameZh: '食宿套餐', nameEn: 'Board', priceFen: 90_000 });
    const { team, ids } = await teamWithPlayers(database.db, c, activity.id, program.id, plan.id, 2);
    await database.db.update(teams).set({ planId: null }).where(eq(teams.id, team.id));
    expect((await c.get(`/api/lTeam/web/fees?activityId=${activity.id}&teamId=${team.id}`)).json().data[0]).toMatchObject({
      totalFen: 100_000,
      dueFen: 100_000,
    });
    const r = await c.post('/api/lTeam/web/pay', { activityId: activity.id, teamId: team.id });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.amountFen).toBe(100_000);
    expect(
      r
        .json()
        .data.items.map((i: { memberId: number }) => i.memberId)
        .sort(),
    ).toEqual([...ids].sort());
  });
});

describe('refunds by tier, staff decisions, the original route back', () => {
  async function paidTeam(n = 3) {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, n);
    const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })).json().data;
    await payWithSandbox(app, m.c, o.orderNo);
    const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    return { ...m, o: v, ids };
  }
  async function staff() {
    const { app, database } = get();
    const admin = await buildUser(database.db, { roles: ['admin'] });
    return client(app, await loginAs(app, admin.phone, admin.password), 'en');
  }

  it('a partial refund of a group order: tier shown first, staff approve at 80 %, the sandbox refunds, ledger = paid − refunded', async () => {
    const { app, database } = get();
    const { c, o } = await paidTeam(3);
    const two = o.items.slice(0, 2).map((i: { id: number }) => i.id);
    const qs = two.map((id: number) => `itemIds=${id}`).join('&');
    const preview = (await c.get(`/api/lOrder/web/refundPreview?orderNo=${o.orderNo}&${qs}`)).json().data;
    expect(preview).toMatchObject({ baseFen: 100_000, perMille: 994, fen: 99_400 });
    const req = await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: two, reason: '孩子生病' });
    expect(req.statusCode).toBe(200);
    expect(req.json().data).toMatchObject({ status: 'pending', requestedFen: 99_400 });
    const pays = async () => (await database.db.select().from(teamMembers)).sort((a, b) => a.id - b.id).map((m) => m.payStatus);
    expect(await pays()).toEqual([4, 4, 3]);
    // the same players cannot be asked for twice
    expect((await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [two[0]], reason: '' })).json().code).toBe('REFUND_NOT_ALLOWED');
    const s = await staff();
    const list = (await s.get('/api/admin/refunds?status=pending')).json();
    expect(list.content).toHaveLength(1);
    const id = list.content[0].id;
    // a rejection needs its reason (spec 5)
    const noReason = await s.post(`/api/admin/refunds/${id}/decide`, { approve: false, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    // 80 % is below the 99.4 % the member was quoted: a reason is required, on its field, in the staff's language (issue 24)
    const unexplained = await s.post(`/api/admin/refunds/${id}/decide`, { approve: true, ratio: '800' });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().fieldErrors).toEqual({ reason: 'The amount is below the tier the member was quoted: give a reason (the member will see it)' });
    expect((await database.db.select().from(refunds))[0]).toMatchObject({ status: 'pending', decisionReason: '' });
    const ok = await s.post(`/api/admin/refunds/${id}/decide`, { approve: true, ratio: '800', reason: '已领取比赛物资' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'processing', amountFen: 80_000, decisionReason: '已领取比赛物资' });
    await app.deps.payments.sandbox.deliverDue();
    const [r] = await database.db.select().from(refunds);
    expect(r).toMatchObject({ status: 'success', amountFen: 80_000 });
    // the member's message and My orders carry the ratio, the amount and the reason
    const [msg] = await database.db
      .select()
      .from(messages)
      .where(sql`${messages.titleEn} like 'Refund completed%'`);
    expect(msg!.contentZh).toContain('80%');
    expect(msg!.contentZh).toContain('¥800.00');
    expect(msg!.contentZh).toContain('原因：已领取比赛物资');
    expect(msg!.contentEn).toContain('approved at 80% of what was paid: ¥800.00');
    expect(msg!.contentEn).toContain('below the 99.4% (¥994.00) you were quoted');
    const detail = (await c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    expect(detail.refunds[0]).toMatchObject({ ratio: '800', amountFen: 80_000, decisionReason: '已领取比赛物资', status: 'success' });
    expect(await pays()).toEqual([5, 5, 3]);
    expect(await order(o.orderNo)).toMatchObject({ paidFen: 150_000, refundedFen: 80_000 });
    expect((await database.db.select().from(ledger)).map((l) => l.amountFen).sort()).toEqual([-80_000, 150_000].sort());
    expect(await ledgerMismatches(database.db)).toEqual([]);
    // the decided refund cannot be decided again; refunded players cannot be refunded again
    expect((await s.post(`/api/admin/refunds/${id}/decide`, { approve: true, ratio: '994' })).json().code).toBe('REFUND_NOT_PENDING');
    expect((await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: two, reason: '' })).json().code).toBe('REFUND_NOT_ALLOWED');
    // replaying the refund's notification changes nothing
    const [d] = await database.db
      .select()
      .from(sandboxDeliveries)
      .where(sql`${sandboxDeliveries.body} like '%"event":"refund"%'`);
    const replay = await app.inject({
      method: 'POST',
      url: '/api/lOrder/sandbox/refund/notify',
      payload: d!.body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': app.deps.payments.sandbox.sign(d!.body) },
    });
    expect(replay.statusCode).toBe(200);
    expect(await database.db.select().from(ledger)).toHaveLength(2);
  });

  it('ratio choices of spec 9 (90 yuan per person, fixed deduction) and a rejection that gives everything back', async () => {
    const { app, database } = get();
    const { c, o } = await paidTeam(2);
    const s = await staff();
    await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [o.items[0].id, o.items[1].id], reason: '' });
    let [r] = await database.db.select().from(refunds);
    const rej = await s.post(`/api/admin/refunds/${r!.id}/decide`, { approve: false, reason: 'Past the deadline' });
    expect(rej.json().data).toMatchObject({ status: 'rejected', rejectReason: 'Past the deadline' });
    expect((await database.db.select().from(teamMembers)).map((m) => m.payStatus)).toEqual([3, 3]);
    await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [o.items[0].id, o.items[1].id], reason: '' });
    [, r] = await database.db.select().from(refunds).orderBy(refunds.id);
    const minus = await s.post(`/api/admin/refunds/${r!.id}/decide`, { approve: true, ratio: 'minus90', reason: 'Kits handed out' });
    expect(minus.json().data.amountFen).toBe(100_000 - 2 * 9000);
    await app.deps.payments.sandbox.deliverDue();
    expect(await order(o.orderNo)).toMatchObject({ refundedFen: 82_000 });
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });

  it('approving at the quoted tier needs no reason; the message says the ratio and the amount', async () => {
    const { app, database } = get();
    const { c, o, user } = await paidTeam(1);
    await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [o.items[0].id], reason: '' });
    const [r] = await database.db.select().from(refunds);
    const s = await staff();
    expect((await s.post(`/api/admin/refunds/${r!.id}/decide`, { approve: true, ratio: '994' })).statusCode).toBe(200);
    await app.deps.payments.sandbox.deliverDue();
    const msgs = await database.db.select().from(messages).where(eq(messages.receiverId, user.id));
    const done = msgs.find((m) => m.titleEn.startsWith('Refund completed'))!;
    expect(done.contentZh).toBe(`订单 ${o.orderNo} 的退款按已付金额的 99.4% 办理：¥497.00 已原路退回，到账时间以支付渠道为准。`);
  });

  it('a member can withdraw a pending request; unused codes can be refunded, used ones cannot', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 2);
    await payWithSandbox(app, m.c, o.orderNo);
    const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    const req = (await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [v.items[0].id], reason: '' })).json().data;
    const code = v.items[0].codeName as string;
    expect((await database.db.select().from(redeemCodes).where(eq(redeemCodes.codeName, code)))[0]!.status).toBe('refunding');
    expect((await m.c.post('/api/lOrder/web/refund/cancel', { refundNo: req.refundNo })).statusCode).toBe(200);
    expect((await database.db.select().from(redeemCodes).where(eq(redeemCodes.codeName, code)))[0]!.status).toBe('available');
    await database.db.update(redeemCodes).set({ status: 'used' }).where(eq(redeemCodes.codeName, v.items[1].codeName));
    expect((await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [v.items[1].id], reason: '' })).json().code).toBe('REFUND_NOT_ALLOWED');
  });

  it('a type-2 withdrawal approved by staff sends the tier amount back through the provider', async () => {
    const { app, database } = get();
    const { c, o, ids } = await paidTeam(1);
    expect((await c.post('/api/lTeamMember/web/withdraw', { name: 'x', type: 2, teamMember: { id: ids[0] } })).statusCode).toBe(200);
    const s = await staff();
    const w = (await s.get('/api/admin/withdrawals?status=pending')).json().content[0];
    expect((await s.post(`/api/admin/withdrawals/${w.id}/approve`, {})).statusCode).toBe(200);
    await app.deps.payments.sandbox.deliverDue();
    const [r] = await database.db.select().from(refunds);
    expect(r).toMatchObject({ kind: 'withdrawal', status: 'success', amountFen: 49_700 });
    expect(await order(o.orderNo)).toMatchObject({ refundedFen: 49_700 });
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });
});

describe('invoices', () => {
  it('unpaid → 409; bad tax number → 400 on the field in the reader’s language; apply → staff generate → member downloads a PDF', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app, { lang: 'en' });
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    const body = { orderNo: o.orderNo, titleType: 'company', kind: 'ordinary', companyName: '北京市第一中学', taxNo: '91110108MA01ABCD2X', contact: '李老师' };
    expect((await m.c.post('/api/lInvoice/web/apply', body)).json().code).toBe('INVOICE_NOT_PAID');
    await payWithSandbox(app, m.c, o.orderNo);
    const bad = await m.c.post('/api/lInvoice/web/apply', { ...body, taxNo: '123-45' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.taxNo).toBe('Please enter a valid tax number (15–20 letters or digits)');
    const special = await m.c.post('/api/lInvoice/web/apply', { ...body, kind: 'special' });
    expect(Object.keys(special.json().fieldErrors)).toEqual(expect.arrayContaining(['registeredAddress', 'bank', 'bankAccount']));
    const ok = await m.c.post('/api/lInvoice/web/apply', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().resultStr).toContain('7 working days');
    expect((await m.c.post('/api/lInvoice/web/apply', body)).json().code).toBe('INVOICE_EXISTS');
    const admin = await buildUser(database.db, { roles: ['admin'] });
    // the member asked in English; the staff member works in Chinese: the PDF is in English (issue 24)
    const s = client(app, await loginAs(app, admin.phone, admin.password), 'zh');
    const inv = (await s.get('/api/admin/invoices?status=pending')).json().content[0];
    expect((await database.db.select().from(invoices).where(eq(invoices.id, inv.id)))[0]!.lang).toBe('en');
    const gen = await s.post(`/api/admin/invoices/${inv.id}/generate`, {});
    expect(gen.statusCode).toBe(200);
    expect(gen.json().data.status).toBe('issued');
    const dl = await app.inject({ method: 'GET', url: `/api/lInvoice/web/download/${inv.id}`, headers: m.h });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const title = (await PDFDocument.load(dl.rawPayload)).getTitle() ?? '';
    expect(title).toMatch(/^Electronic invoice/);
    expect(title).not.toContain('电子发票');
    const other = await buildUser(database.db);
    const oh = await loginAs(app, other.phone, other.password);
    expect((await app.inject({ method: 'GET', url: `/api/lInvoice/web/download/${inv.id}`, headers: oh })).statusCode).toBe(404);
    const msgs = await database.db
      .select()
      .from(messages)
      .where(and(eq(messages.receiverId, m.user.id)));
    expect(msgs.some((x) => x.titleEn.startsWith('Invoice issued'))).toBe(true);
  });
});

describe('invoice refusal', () => {
  it('a rejection and its audit entry are written together; a second rejection changes nothing and audits nothing', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o.orderNo);
    const body = { orderNo: o.orderNo, titleType: 'personal', kind: 'ordinary', companyName: '李小明', taxNo: '', contact: '李老师' };
    expect((await m.c.post('/api/lInvoice/web/apply', body)).statusCode).toBe(200);
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const s = client(app, await loginAs(app, admin.phone, admin.password));
    const inv = (await s.get('/api/admin/invoices?status=pending')).json().content[0];
    expect((await s.post(`/api/admin/invoices/${inv.id}/reject`, { reason: '抬头有误' })).statusCode).toBe(200);
    expect((await s.post(`/api/admin/invoices/${inv.id}/reject`, { reason: 'again' })).json().code).toBe('INVOICE_NOT_PENDING');
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'invoices'), eq(auditLog.action, 'reject')));
    expect(entries.map((e) => [e.recordId, e.userId, JSON.parse(e.after!).reason])).toEqual([[String(inv.id), admin.id, '抬头有误']]);
  });
});

describe('the ledger', () => {
  it('is append-only: an update or delete is refused by the database', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o.orderNo);
    await expect(database.db.update(ledger).set({ amountFen: 1 })).rejects.toThrow();
    await expect(database.db.delete(ledger)).rejects.toThrow();
    expect((await database.db.select().from(ledger))[0]!.amountFen).toBe(50_000);
  });
});

describe('bank transfer', () => {
  it('shows the reference; staff confirm the transfer with the amount; a wrong amount is flagged', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    const r = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'bank' });
    expect(r.json().data.action).toMatchObject({ kind: 'bank', reference: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const s = client(app, await loginAs(app, admin.phone, admin.password));
    const id = (await order(o.orderNo)).id;
    expect((await s.get('/api/admin/reconciliation')).json().content[0]).toMatchObject({ orderNo: o.orderNo, channel: 'bank' });
    const ok = await s.post(`/api/admin/orders/${id}/confirmTransfer`, { amountFen: 50_000, bankSerial: 'ICBC20261124001' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('completed');
    expect((await s.post(`/api/admin/orders/${id}/confirmTransfer`, { amountFen: 50_000, bankSerial: 'ICBC20261124001' })).json().code).toBe('NOT_BANK_ORDER');
  });
});

describe('staff cancel a registration (payStatus 6)', () => {
  it('a paid player → 6, the fee back in full, the member told; a player in an unpaid order is refused; a reason is required', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, 2);
    const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [ids[0]] })).json().data;
    await payWithSandbox(app, m.c, o.orderNo);
    await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [ids[1]] });
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const s = client(app, await loginAs(app, admin.phone, admin.password), 'en');
    expect((await s.post(`/api/admin/players/${ids[0]}/cancel`, { reason: '' })).statusCode).toBe(400);
    const r = await s.post(`/api/admin/players/${ids[0]}/cancel`, { reason: 'Duplicate registration' });
    expect(r.json().data).toMatchObject({ payStatus: 6, refundFen: 50_000 });
    await app.deps.payments.sandbox.deliverDue();
    expect(await order(o.orderNo)).toMatchObject({ refundedFen: 50_000 });
    expect((await s.post(`/api/admin/players/${ids[1]}/cancel`, { reason: 'x' })).json().code).toBe('PLAYER_IN_ORDER');
    const status = (await database.db.select().from(teamMembers)).sort((a, b) => a.id - b.id).map((x) => x.payStatus);
    expect(status).toEqual([6, 2]);
    const msgs = await database.db.select().from(messages).where(eq(messages.receiverId, m.user.id));
    expect(msgs.some((x) => x.contentEn.includes('Duplicate registration') && x.contentEn.includes('¥500.00'))).toBe(true);
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });
});

describe('program places (the last place of a program)', () => {
  it('orders and code redemptions take places; the last one goes to one; expiry gives it back', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    await database.db.update(programs).set({ places: 2 }).where(eq(programs.id, m.program.id));
    const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, 4);
    const first = await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [ids[0]] });
    expect(first.statusCode).toBe(200);
    // a code registers a player too
    const [code] = await buildCodes(database.db, m.activity.id, 2, { ownerUserId: m.user.id });
    expect((await m.c.put('/api/lTeamMember/web/useCode', { id: ids[1], activityId: m.activity.id, code: code!.codeName })).statusCode).toBe(200);
    const full = await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [ids[2]] });
    expect(full.json()).toMatchObject({ status: 409, code: 'PROGRAM_FULL', message: '该赛项的名额已满（共 2 个），未扣款' });
    const [, code2] = await database.db.select().from(redeemCodes).where(eq(redeemCodes.ownerUserId, m.user.id)).orderBy(redeemCodes.id);
    expect((await m.c.put('/api/lTeamMember/web/useCode', { id: ids[3], activityId: m.activity.id, code: code2!.codeName })).json().code).toBe('PROGRAM_FULL');
    await reconcile(app.deps, new Date(Date.now() + 31 * 60_000));
    expect((await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [ids[2]] })).statusCode).toBe(200);
  });
});

describe('the sandbox’s hosted page', () => {
  it('speaks the language the checkout passed (?lang=) over the browser’s, and says so in both', async () => {
    const { app, database } = get();
    const { activity, plan, c } = await setupMoney(database.db, app);
    const o = await buyCodes(c, activity.id, plan.id, 1);
    const url = new URL((await c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' })).json().data.action.url as string);
    const zh = await app.inject({ method: 'GET', url: `${url.pathname}?lang=zh`, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(zh.body).toContain('确认支付');
    expect(zh.body).toContain('<html lang="zh-CN">');
    const en = await app.inject({ method: 'GET', url: `${url.pathname}?lang=en`, headers: { 'accept-language': 'zh-CN' } });
    expect(en.body).toContain('>Pay<');
    expect(en.body).toContain('>Item<');
  });
});
