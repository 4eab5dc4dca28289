import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, domainEvents, ledger, messages, orders, payments, sandboxDeliveries, teamMembers, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { allStatementsOf } from '../../test/statements';
import { decideOnHostedPage, ledgerMismatches, payWithSandbox, setupMoney, teamWithPlayers } from './payments.helpers';

/**
 * What a paid registration costs in SQL statements (issue 39 item 3, rush paths; bench:rush measures the same
 * under load): the fee order and the payment's start answer from what their transactions hold, and say exactly
 * what a fresh look at the order says; the gateway's notification (the one job queue) settles it.
 */
const t = useTestApp();

describe('paid registration statements (rush paths)', () => {
  it('a fee order costs at most 14 statements and starting its payment at most 11, each answering what the order shows afterwards', async () => {
    const { app, database } = t();
    const { db } = database;
    const s = await setupMoney(db, app, { lang: 'en' });
    const { team, ids } = await teamWithPlayers(db, s.c, s.activity.id, s.program.id, s.plan.id, 2);
    const headers = (key: string) => ({ ...s.h, 'accept-language': 'en', 'idempotency-key': key });
    let created: Record<string, unknown> = {};
    const ordering = await allStatementsOf(database, async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/lOrder/web/createOrder',
        headers: headers('rush-order-1'),
        payload: { activityId: s.activity.id, type: 2, memberIds: ids },
      });
      expect(r.statusCode, r.body).toBe(200);
      created = r.json().data;
    });
    expect(ordering.length, ordering.join('\n')).toBeLessThanOrEqual(14);
    const orderNo = created.orderNo as string;
    const find = async () => (await s.c.get(`/api/lOrder/web/find?orderNo=${orderNo}`)).json().data as Record<string, unknown>;
    expect(created).toEqual(await find());
    expect(created).toMatchObject({ status: 'unpaid', amountFen: 100_000, quantity: 2, teamId: team.id, payment: null, refunds: [], invoice: null });
    const players = await db.select({ s: teamMembers.payStatus }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(players.map((p) => p.s)).toEqual([2, 2]);

    let paying: { order: Record<string, unknown>; action: { url: string } } | undefined;
    const starting = await allStatementsOf(database, async () => {
      const r = await app.inject({ method: 'POST', url: '/api/lOrder/web/pay', headers: headers('rush-pay-1'), payload: { orderNo, channel: 'sandbox' } });
      expect(r.statusCode, r.body).toBe(200);
      paying = r.json().data;
    });
    expect(starting.length, starting.join('\n')).toBeLessThanOrEqual(11);
    expect(paying!.order).toEqual(await find());
    expect(paying!.order).toMatchObject({ status: 'inProgress', payment: { channel: 'sandbox', status: 'created' }, lastAttempt: { channel: 'sandbox' } });

    // the payer pays on the hosted page of that same trade; the notification (a job) settles the order once
    expect((await payWithSandbox(app, s.c, orderNo)).href).toBe(paying!.action.url);
    const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(o).toMatchObject({ status: 'paid', paidFen: 100_000, channel: 'sandbox' });
    expect((await db.select({ s: teamMembers.payStatus }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((p) => p.s)).toEqual([3, 3]);
    expect(await find()).toMatchObject({ status: 'completed', paidFen: 100_000, payment: null, lastAttempt: { channel: 'sandbox', status: 'paid' } });
    expect(await app.deps.payments.sandbox.deliverDue()).toBe(0);
  });

  it("the gateway's notification of a paid fee order costs at most 14 statements, the delivery's job included, and settles it once", async () => {
    const { app, database } = t();
    const { db } = database;
    const s = await setupMoney(db, app, { lang: 'en' });
    const { team, ids } = await teamWithPlayers(db, s.c, s.activity.id, s.program.id, s.plan.id, 2);
    const [before] = await db.select({ status: teams.status }).from(teams).where(eq(teams.id, team.id));
    const made = await s.c.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 2, memberIds: ids });
    expect(made.statusCode, made.body).toBe(200);
    const orderNo = made.json().data.orderNo as string;
    await decideOnHostedPage(app, s.c, orderNo);

    let delivered = 0;
    const notification = await allStatementsOf(database, async () => {
      delivered = await app.deps.payments.sandbox.deliverDue();
    });
    expect(delivered).toBe(1);
    expect(notification.length, notification.join('\n')).toBeLessThanOrEqual(14);

    const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(o).toMatchObject({ status: 'paid', paidFen: 100_000, channel: 'sandbox' });
    expect(await db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, o!.id))).toEqual([{ status: 'paid' }]);
    expect(await ledgerMismatches(db)).toEqual([]);
    expect((await db.select({ s: teamMembers.payStatus }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((p) => p.s)).toEqual([3, 3]);
    expect(await db.select({ status: teams.status }).from(teams).where(eq(teams.id, team.id))).toEqual([before]);
    const notices = await db.select().from(messages).where(eq(messages.receiverId, s.user.id));
    const paid = notices.filter((m) => m.contentEn.includes(orderNo));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.contentEn).toContain(s.activity.nameEn);
    const players = await db.select({ name: teamMembers.name }).from(teamMembers).where(eq(teamMembers.teamId, team.id)).orderBy(teamMembers.id);
    expect(paid[0]!.contentEn).toContain(players.map((p) => p.name).join(', '));
    expect((await db.select().from(auditLog).where(eq(auditLog.resource, 'payments'))).map((a) => a.action)).toEqual(['paid']);
    expect((await db.select().from(domainEvents).where(eq(domainEvents.name, 'payment.settled'))).length).toBe(1);
    // the same notification again (a gateway's retry) changes nothing
    const ledgerRows = await db.select().from(ledger);
    const [d] = await db.select().from(sandboxDeliveries);
    const again = await app.inject({
      method: 'POST',
      url: '/api/lOrder/sandbox/notify',
      payload: d!.body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': app.deps.payments.sandbox.sign(d!.body) },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await db.select().from(ledger)).toEqual(ledgerRows);
    expect((await db.select().from(messages).where(eq(messages.receiverId, s.user.id))).length).toBe(notices.length);
  });
});
