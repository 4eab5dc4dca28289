// Issue 34, item 2: in an activity with review, a fee is paid only for a player whose review passed, and a
// team's "paid" is money received minus money refunded.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, ledger, orders, plans, teamMembers } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox, setupMoney, teamWithPlayers } from './payments.helpers';

const get = useTestApp();
const FEE = 98_000; // ¥980.00, as in the report

/** A reviewed activity (568's switch) with a team of three: a passed, b failed, u not submitted. */
async function reviewedTeam() {
  const { app, database } = get();
  const m = await setupMoney(database.db, app);
  await database.db.update(activities).set({ reviewRequired: true }).where(eq(activities.id, m.activity.id));
  await database.db.update(plans).set({ priceFen: FEE }).where(eq(plans.id, m.plan.id));
  const { team, ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, 3);
  const [a, b, u] = ids as [number, number, number];
  expect((await m.c.post('/api/lTeamMember/web/submit', [{ memberId: a }, { memberId: b }])).statusCode).toBe(200);
  const admin = await buildUser(database.db, { roles: ['admin'] });
  const staff = client(app, await loginAs(app, admin.phone, admin.password), 'en');
  expect((await staff.post('/api/admin/review/pass', { memberIds: [a] })).statusCode).toBe(200);
  expect((await staff.post('/api/admin/review/fail', { memberIds: [b], reason: '照片不清晰' })).statusCode).toBe(200);
  const en = client(app, m.h, 'en');
  const fees = async () => (await m.c.get(`/api/lTeam/web/fees?activityId=${m.activity.id}&teamId=${team.id}`)).json().data[0];
  const statuses = async () => (await database.db.select().from(teamMembers)).sort((x, y) => x.id - y.id).map((x) => x.payStatus);
  return { ...m, team, a, b, u, staff, en, fees, statuses };
}

describe('fees in an activity with review (issue 34)', () => {
  it('pass one, fail one: only the passed one is offered and owes her fee; the failed one is refused until a new review passes her', async () => {
    const { app } = get();
    const s = await reviewedTeam();
    expect(await s.statuses()).toEqual([9, 8, 0]);

    // the team card: nothing was paid; what each player owes, and who can be paid for now
    expect(await s.fees()).toEqual({
      teamId: s.team.id,
      totalFen: 3 * FEE,
      paidFen: 0,
      dueFen: 3 * FEE,
      payableMemberIds: [s.a],
      owed: [
        { memberId: s.a, name: '选手0', payStatus: 9, dueFen: FEE, payable: true },
        { memberId: s.b, name: '选手1', payStatus: 8, dueFen: FEE, payable: false },
        { memberId: s.u, name: '选手2', payStatus: 0, dueFen: FEE, payable: false },
      ],
    });

    // "Pay the fees": the preview and the order carry the passed player only
    const preview = (await s.c.get(`/api/lOrder/web/feePreview?activityId=${s.activity.id}&teamId=${s.team.id}`)).json().data;
    expect(preview).toEqual({ players: [{ id: s.a, name: '选手0', teamName: s.team.name, priceFen: FEE }], totalFen: FEE });

    // the failed (and the unsubmitted) player is refused with a clear message, in the person's language
    for (const ids of [[s.b], [s.a, s.b], [s.u]]) {
      const r = await s.c.post('/api/lTeam/web/pay', { activityId: s.activity.id, teamId: s.team.id, memberIds: ids });
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('REVIEW_NOT_PASSED');
    }
    const zh = await s.c.get(`/api/lOrder/web/feePreview?activityId=${s.activity.id}&memberIds=${s.b}`);
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toBe('尚未通过审核：选手1。本活动的选手须审核通过后才能缴费；审核未通过的选手请修改信息后重新提交审核');
    const en = await s.en.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 2, memberIds: [s.b] });
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toMatch(/^Not passed by review yet: 选手1\. /);
    expect(await s.statuses()).toEqual([9, 8, 0]);
    expect(await get().database.db.select().from(orders)).toHaveLength(0);

    // paying the team takes the passed player only: she is complete, the failed one is not
    const o = (await s.c.post('/api/lTeam/web/pay', { activityId: s.activity.id, teamId: s.team.id })).json().data;
    expect(o.items.map((i: { memberId: number }) => i.memberId)).toEqual([s.a]);
    await payWithSandbox(app, s.c, o.orderNo);
    expect(await s.statuses()).toEqual([3, 8, 0]);
    expect(await s.fees()).toMatchObject({ totalFen: 3 * FEE, paidFen: FEE, dueFen: 2 * FEE, payableMemberIds: [] });

    // fixed and submitted again, passed: now she can be paid for; an order closed unpaid gives her back as passed
    await s.c.post('/api/lTeamMember/web/submit', [{ memberId: s.b }]);
    expect((await s.c.post('/api/lTeam/web/pay', { activityId: s.activity.id, teamId: s.team.id, memberIds: [s.b] })).json().code).toBe('REVIEW_NOT_PASSED');
    await s.staff.post('/api/admin/review/pass', { memberIds: [s.b] });
    const first = (await s.c.post('/api/lTeam/web/pay', { activityId: s.activity.id, teamId: s.team.id, memberIds: [s.b] })).json().data;
    expect(await s.statuses()).toEqual([3, 2, 0]);
    await s.c.post('/api/lOrder/web/cancel', { orderNo: first.orderNo });
    expect(await s.statuses()).toEqual([3, 9, 0]);
    expect((await s.fees()).payableMemberIds).toEqual([s.b]);
    const second = (await s.c.post('/api/lTeam/web/pay', { activityId: s.activity.id, teamId: s.team.id })).json().data;
    await payWithSandbox(app, s.c, second.orderNo);
    expect(await s.statuses()).toEqual([3, 3, 0]);
    expect(await s.fees()).toMatchObject({ paidFen: 2 * FEE, dueFen: FEE, owed: [{ memberId: s.u, payable: false }] });
  });

  it('paid = money received − money refunded (a partial refund included), the same as the ledger', async () => {
    const { app, database } = get();
    const s = await reviewedTeam();
    await s.c.post('/api/lTeamMember/web/submit', [{ memberId: s.b }, { memberId: s.u }]);
    await s.staff.post('/api/admin/review/pass', { memberIds: [s.b, s.u] });
    const o = (await s.c.post('/api/lTeam/web/pay', { activityId: s.activity.id, teamId: s.team.id })).json().data;
    expect(o.amountFen).toBe(3 * FEE);
    await payWithSandbox(app, s.c, o.orderNo);
    expect(await s.fees()).toMatchObject({ totalFen: 3 * FEE, paidFen: 3 * FEE, dueFen: 0 });

    // two players withdraw; staff approve 80 %: ¥1,568.00 of ¥1,960.00 goes back
    const items = (await s.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`))
      .json()
      .data.items.slice(0, 2)
      .map((i: { id: number }) => i.id);
    expect((await s.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: items, reason: '孩子生病' })).statusCode).toBe(200);
    // asked for, not yet refunded: still all paid
    expect(await s.fees()).toMatchObject({ totalFen: 3 * FEE, paidFen: 3 * FEE, dueFen: 0 });
    const id = (await s.staff.get('/api/admin/refunds?status=pending')).json().content[0].id;
    const ok = await s.staff.post(`/api/admin/refunds/${id}/decide`, { approve: true, ratio: '800', reason: 'Materials were sent' });
    expect(ok.statusCode).toBe(200);
    await app.deps.payments.sandbox.deliverDue();
    expect(await s.statuses()).toEqual([5, 5, 3]);

    // the one active player's fee is the total; paid is what stayed with the organiser, not that fee
    const refunded = Math.floor((2 * FEE * 800) / 1000);
    const fees = await s.fees();
    expect(fees).toMatchObject({ totalFen: FEE, paidFen: 3 * FEE - refunded, dueFen: 0, owed: [] });
    const money = (await database.db.select().from(ledger)).reduce((sum, l) => sum + l.amountFen, 0);
    expect(fees.paidFen).toBe(money);
  });
});
