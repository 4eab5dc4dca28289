import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, messages, orgApplications, rebates, rebateWithdrawals, users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox, setupMoney, teamWithPlayers } from '../payments/payments.helpers';

const get = useTestApp();
const application = {
  name: '星火机器人培训中心',
  type: 2,
  address: '北京市朝阳区',
  licenseNo: '91110105MA01',
  contactName: '张老师',
  contactPhone: '13800009999',
};

async function partner(lang = 'zh') {
  const { app, database } = get();
  const p = await buildUser(database.db);
  const a = await buildUser(database.db, { roles: ['admin'] });
  return {
    p,
    me: client(app, await loginAs(app, p.phone, p.password), lang),
    staff: client(app, await loginAs(app, a.username, a.password), lang),
  };
}

describe('channel partners (issue 12; spec 4.3, 6, 7.6)', () => {
  it('applies; a taken name is refused; staff approve with a ratio and a 6-character code is issued', async () => {
    const { database } = get();
    const { p, me, staff } = await partner();
    const r = await me.post('/api/lOrgRobotex/web/apply', application);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'pending', code: null });
    const again = await me.post('/api/lOrgRobotex/web/apply', { ...application, name: application.name.toUpperCase() });
    expect(again.json()).toMatchObject({ code: 'CHANNEL_NAME_TAKEN', fieldErrors: { name: '该机构名称已被申请' } });
    expect((await me.post('/api/lOrgRobotex/web/apply', { ...application, name: '别名', type: 4 })).statusCode).toBe(400);
    expect((await me.post('/api/lOrgRobotex/web/apply', { ...application, name: '别名', contactPhone: '12' })).statusCode).toBe(400);
    const id = r.json().data.id as number;
    // members cannot decide; staff approve once
    expect((await me.post(`/api/admin/channels/applications/${id}/approve`, { rebatePerMille: 100 })).statusCode).toBe(403);
    expect((await staff.post(`/api/admin/channels/applications/${id}/approve`, { rebatePerMille: 100 })).statusCode).toBe(200);
    expect((await staff.post(`/api/admin/channels/applications/${id}/approve`, { rebatePerMille: 100 })).json().code).toBe('CHANNEL_BAD_STATE');
    const mine = (await me.get('/api/lOrgRobotex/web/list')).json().content[0];
    expect(mine).toMatchObject({ status: 'approved', rebatePerMille: 100 });
    expect(mine.code).toMatch(/^[A-Z2-9]{6}$/);
    expect((await database.db.select().from(users).where(eq(users.id, p.id)))[0]!.roles).toContain('channel');
    const [msg] = await database.db.select().from(messages).where(eq(messages.receiverId, p.id));
    expect(msg!.contentZh).toContain(mine.code);
  });

  it('a bound team’s paid fees accrue a rebate, final once the refund window closes; withdrawals hold to the balance', async () => {
    const { app, database } = get();
    const { me, staff } = await partner();
    const applied = (await me.post('/api/lOrgRobotex/web/apply', application)).json().data;
    await staff.post(`/api/admin/channels/applications/${applied.id}/approve`, { rebatePerMille: 100 });
    const org = (await me.get('/api/lOrgRobotex/web/list')).json().content[0];

    // a coach binds a team to the partner's code and pays two players' fees (500 yuan each)
    const money = await setupMoney(database.db, app);
    const { team, ids } = await teamWithPlayers(database.db, money.c, money.activity.id, money.program.id, money.plan.id, 2);
    const bind = await money.c.post('/api/lTeam/web/batchBindOrg', {
      activityId: money.activity.id,
      orgId: org.orgId,
      orgCode: org.code,
      teamIds: [String(team.id)],
    });
    expect(bind.statusCode, bind.body).toBe(200);
    const order = (await money.c.post('/api/lTeam/web/pay', { activityId: money.activity.id, teamId: team.id, memberIds: ids })).json().data;
    await payWithSandbox(app, money.c, order.orderNo);
    let self = (await me.get('/api/lOrgRobotex/web/listBySelf')).json().content[0];
    expect(self.teams).toEqual([expect.objectContaining({ id: team.id, players: expect.arrayContaining([expect.objectContaining({ payStatus: 3 })]) })]);
    expect(self.rebates.map((r: { amountFen: number; state: string }) => [r.amountFen, r.state])).toEqual([
      [5_000, 'pending'],
      [5_000, 'pending'],
    ]);
    // still refundable: nothing to withdraw yet
    expect(self.balance).toMatchObject({ finalFen: 0, pendingFen: 10_000, availableFen: 0, canApply: false });
    const body = { orgId: org.orgId, amountFen: 100, method: 'bank', accountName: '星火', account: '6222000011112222', bankName: '工商银行' };
    expect((await me.post('/api/lOrgRobotex/web/withdraw', body)).json().code).toBe('REBATE_OVER_BALANCE');

    // the refund window closes (the activity's refund switch off): the rebates are final
    await database.db.update(activities).set({ refundEnabled: false }).where(eq(activities.id, money.activity.id));
    self = (await me.get('/api/lOrgRobotex/web/listBySelf')).json().content[0];
    expect(self.balance).toMatchObject({ finalFen: 10_000, availableFen: 10_000, canApply: true });
    expect((await me.post('/api/lOrgRobotex/web/withdraw', { ...body, amountFen: 10_001 })).json()).toMatchObject({
      code: 'REBATE_OVER_BALANCE',
      message: '提现金额超过可提现余额',
    });
    expect((await me.post('/api/lOrgRobotex/web/withdraw', { ...body, method: 'cheque' })).statusCode).toBe(400);
    // the coach is not the partner: the channel's money is not theirs
    expect((await money.c.post('/api/lOrgRobotex/web/withdraw', body)).json().code).toBe('CHANNEL_NOT_MINE');
    const w = await me.post('/api/lOrgRobotex/web/withdraw', { ...body, amountFen: 6_000 });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().data).toMatchObject({ status: 'paying', account: '****2222' });
    // one withdrawal in payment at a time
    expect((await me.post('/api/lOrgRobotex/web/withdraw', { ...body, amountFen: 1_000 })).json().code).toBe('REBATE_BUSY');
    // staff find it abnormal (not paid): the money is back; then a new one completes
    expect((await staff.post(`/api/admin/channels/withdrawals/${w.json().data.id}/abnormal`, { note: '账号有误' })).statusCode).toBe(200);
    expect((await me.get('/api/lOrgRobotex/web/listBySelf')).json().content[0].balance.availableFen).toBe(10_000);
    const w2 = (await me.post('/api/lOrgRobotex/web/withdraw', { ...body, amountFen: 10_000 })).json().data;
    expect((await staff.post(`/api/admin/channels/withdrawals/${w2.id}/complete`, {})).statusCode).toBe(200);
    expect((await staff.post(`/api/admin/channels/withdrawals/${w2.id}/complete`, {})).json().code).toBe('REBATE_BAD_STATE');
    expect((await me.get('/api/lOrgRobotex/web/listBySelf')).json().content[0].balance).toMatchObject({ withdrawnFen: 10_000, availableFen: 0 });
    expect(await database.db.select().from(rebateWithdrawals)).toHaveLength(2);
    expect((await staff.get('/api/admin/rebates')).json().totalElements).toBe(2);
  });

  it('rejects with a reason; unknown applications are 404; another member sees nothing of a partner', async () => {
    const { app, database } = get();
    const { me, staff } = await partner('en');
    const applied = (await me.post('/api/lOrgRobotex/web/apply', application)).json().data;
    expect((await staff.post(`/api/admin/channels/applications/${applied.id}/reject`, { reason: '' })).statusCode).toBe(400);
    expect((await staff.post(`/api/admin/channels/applications/${applied.id}/reject`, { reason: 'Licence unreadable' })).statusCode).toBe(200);
    expect((await staff.post('/api/admin/channels/applications/999999/approve', { rebatePerMille: 10 })).json().code).toBe('CHANNEL_NOT_FOUND');
    expect((await me.get('/api/lOrgRobotex/web/list')).json().content[0]).toMatchObject({ status: 'rejected', rejectReason: 'Licence unreadable' });
    const other = await buildUser(database.db);
    const c = client(app, await loginAs(app, other.phone, other.password));
    expect((await c.get('/api/lOrgRobotex/web/list')).json().content).toEqual([]);
    expect((await c.get('/api/lOrgRobotex/web/listBySelf')).json().content).toEqual([]);
    expect(await database.db.select().from(rebates)).toHaveLength(0);
    expect((await database.db.select().from(orgApplications)).map((a) => a.status)).toEqual(['rejected']);
  });
});
