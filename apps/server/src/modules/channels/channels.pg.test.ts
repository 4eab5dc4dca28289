// Races only a real server can prove (PGlite runs one transaction at a time): two app instances on one
// PostgreSQL database. Rebate withdrawals at the same moment; two volunteer applications of one person at once.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, rebateWithdrawals, volunteerPositions, volunteers } from '../../db/schema/index';
import { startInstance, useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox, setupMoney, teamWithPlayers } from '../payments/payments.helpers';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

describe('people under concurrency, two instances on one PostgreSQL', () => {
  it('10 withdrawals of the whole balance at once across two instances → exactly one, the balance never below zero', async () => {
    const { app, database } = t();
    const p = await buildUser(database.db);
    const a = await buildUser(database.db, { roles: ['admin'] });
    const h = await loginAs(app, p.phone, p.password);
    const staff = client(app, await loginAs(app, a.username, a.password));
    const me = client(app, h);
    const applied = (
      await me.post('/api/lOrgRobotex/web/apply', { name: '并发渠道', type: 1, address: '北京', contactName: '王', contactPhone: '13800001234' })
    ).json().data;
    await staff.post(`/api/admin/channels/applications/${applied.id}/approve`, { rebatePerMille: 200 });
    const org = (await me.get('/api/lOrgRobotex/web/list')).json().content[0];
    const money = await setupMoney(database.db, app);
    const { team, ids } = await teamWithPlayers(database.db, money.c, money.activity.id, money.program.id, money.plan.id, 1);
    await money.c.post('/api/lTeam/web/batchBindOrg', { activityId: money.activity.id, orgId: org.orgId, orgCode: org.code, teamIds: [String(team.id)] });
    const order = (await money.c.post('/api/lTeam/web/pay', { activityId: money.activity.id, teamId: team.id, memberIds: ids })).json().data;
    await payWithSandbox(app, money.c, order.orderNo);
    await database.db.update(activities).set({ refundEnabled: false }).where(eq(activities.id, money.activity.id));
    const body = { orgId: org.orgId, amountFen: 10_000, method: 'wallet', accountName: '王', account: 'wx-openid-1234' };
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => client(i % 2 ? second!.app : app, h).post('/api/lOrgRobotex/web/withdraw', body)));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await database.db.select().from(rebateWithdrawals)).toHaveLength(1);
    expect((await me.get('/api/lOrgRobotex/web/listBySelf')).json().content[0].balance).toMatchObject({ availableFen: 0, withdrawnFen: 10_000 });
  });

  it('one person applying as a volunteer twice at the same moment → one application, the other told', async () => {
    const { app, database } = t();
    const activity = await buildActivity(database.db, { volunteerEnabled: true });
    const [pos] = await database.db.insert(volunteerPositions).values({ activityId: activity.id, nameZh: '引导' }).returning();
    const u = await buildUser(database.db);
    const h = await loginAs(app, u.phone, u.password);
    const body = { activityId: activity.id, positionId: pos!.id, name: '赵', phone: '13900001111', birthDate: '1990-01-01', availability: '全天' };
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => client(i % 2 ? second!.app : app, h).post('/api/lVolunteer/web/apply', body)));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'VOLUNTEER_ALREADY')).toBe(true);
    expect(await database.db.select().from(volunteers)).toHaveLength(1);
  });
});
