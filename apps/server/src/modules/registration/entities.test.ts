import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, leaders, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildOrg, buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';

/** Spec 3's entity fields (issue 40): the team's code, organisation, its address and creator; the teacher's ID number and review. */
const t = useTestApp();

async function coach(nickName = '王老师') {
  const u = await buildUser(t().database.db, { nickName });
  const h = await loginAs(t().app, u.phone, u.password);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: { ...h, 'accept-language': 'zh' }, ...(payload ? { payload } : {}) });
  return { u, call };
}

describe('team entity (spec 3)', () => {
  it('carries its code, organisation, organisation address and creator', async () => {
    const reg = await buildRegistrationActivity(t().database.db);
    const org = await buildOrg(t().database.db);
    const { u, call } = await coach();
    const made = await call('POST', '/api/lTeam/web/create', {
      activityId: reg.activity.id,
      name: '雄鹰队',
      program: { id: reg.sumo.id },
      orgCode: org.code,
      orgAddress: '北京市海淀区 1 号',
    });
    expect(made.statusCode).toBe(200);
    const team = made.json().data;
    expect(team).toMatchObject({
      code: team.number,
      org: { id: org.id, name: org.name },
      orgAddress: '北京市海淀区 1 号',
      creator: { id: u.id, nickName: '王老师' },
      reviewStatus: 0, // just created
    });
    const found = (await call('GET', `/api/lTeam/web/find?activityId=${reg.activity.id}&page=0&size=30`)).json().content[0];
    expect(found).toMatchObject({ code: team.number, orgAddress: '北京市海淀区 1 号', creator: { nickName: '王老师' } });
  });

  it('a team created without a team code goes to manual review where the promotion zone is on (spec 5)', async () => {
    const reg = await buildRegistrationActivity(t().database.db, { promotionZone: true });
    const { call } = await coach();
    const without = (await call('POST', '/api/lTeam/web/create', { activityId: reg.activity.id, name: 'A', program: { id: reg.sumo.id } })).json().data;
    expect(without.reviewStatus).toBe(2); // under review
    const withCode = await call('POST', '/api/lTeam/web/create', {
      activityId: reg.activity.id,
      name: 'B',
      program: { id: reg.sumo.id },
      sourceActivityId: reg.activity.id,
      teamCode: 'PROMO-1',
    });
    expect(withCode.json().data.reviewStatus).toBe(0);
    // staff move it (admin teams resource); the database refuses a state that does not exist
    const admin = await buildUser(t().database.db, { roles: ['admin'] });
    const ah = await loginAs(t().app, admin.phone, admin.password);
    const moved = await t().app.inject({ method: 'PUT', url: `/api/admin/teams/${without.id}`, headers: ah, payload: { reviewStatus: 3 } });
    expect(moved.statusCode).toBe(200);
    expect((await call('GET', `/api/lTeam/web/find?activityId=${reg.activity.id}&id=${without.id}&page=0&size=30`)).json().content[0].reviewStatus).toBe(3);
    await expect(t().database.db.update(teams).set({ reviewStatus: 9 }).where(eq(teams.id, without.id))).rejects.toThrow();
  });
});

describe('leading teacher entity (spec 3 labels)', () => {
  it('keeps the ID number encrypted with a blind index, sends it masked, and shows review status and reason', async () => {
    const reg = await buildRegistrationActivity(t().database.db);
    const { call } = await coach();
    const card = idCard('19850101');
    const bad = await call('POST', '/api/lLeader', { activityId: reg.activity.id, name: '李老师', phone: '13900139000', card: '110105198501010000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.card).toBe('身份证号校验位不正确');
    const made = await call('POST', '/api/lLeader', { activityId: reg.activity.id, name: '李老师', phone: '13900139000', card });
    expect(made.statusCode).toBe(200);
    const masked = card.slice(0, 3) + '*'.repeat(11) + card.slice(-4);
    expect(made.json().data).toMatchObject({ card: masked, reviewStatus: 0, reviewReason: null });
    const [row] = await t().database.db.select().from(leaders);
    expect(row!.cardEnc).not.toContain(card.slice(6, 14));
    // the blind index players use: the same number found by its index, never by its text
    expect(row!.cardHash).toBe(t().app.deps.pii.index(card));
    expect(t().app.deps.pii.decrypt(row!.cardEnc!)).toBe(card);
    expect(JSON.stringify(await t().database.db.select().from(auditLog))).not.toContain('cardEnc');
    // staff review it; the coach sees the state and the reason, the number still masked everywhere
    const admin = await buildUser(t().database.db, { roles: ['admin'] });
    const ah = await loginAs(t().app, admin.phone, admin.password);
    const put = await t().app.inject({
      method: 'PUT',
      url: `/api/admin/leaders/${row!.id}`,
      headers: ah,
      payload: { reviewStatus: 2, reviewReason: '证件照片不清晰' },
    });
    expect(put.statusCode).toBe(200);
    const adminList = await t().app.inject({ method: 'GET', url: '/api/admin/leaders', headers: ah });
    expect(JSON.stringify(adminList.json())).not.toContain(card);
    expect(adminList.json().content[0]).toMatchObject({ cardMasked: masked, reviewStatus: 2 });
    const mine = (await call('GET', `/api/lLeader?activityId=${reg.activity.id}&page=0&size=100`)).json().content[0];
    expect(mine).toMatchObject({ card: masked, reviewStatus: 2, reviewReason: '证件照片不清晰' });
    // an update without the number keeps it; null removes it
    await call('PUT', '/api/lLeader', { id: row!.id, activityId: reg.activity.id, name: '李老师', phone: '13900139000' });
    expect((await t().database.db.select().from(leaders))[0]!.cardEnc).toBe(row!.cardEnc);
    await call('PUT', '/api/lLeader', { id: row!.id, activityId: reg.activity.id, name: '李老师', phone: '13900139000', card: null });
    expect((await t().database.db.select().from(leaders))[0]!).toMatchObject({ cardEnc: null, cardMasked: null });
  });
});
