// Registration contract gaps of issue 9 (spec 4.1, 5, 7.4–7.6, 9).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leaders, orgAddresses, redeemCodes, teamMembers, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildCodes, buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { client, playerBody } from './limits.helpers';

const t = useTestApp();

async function setup(over: Parameters<typeof buildRegistrationActivity>[1] = {}, lang = 'zh') {
  const reg = await buildRegistrationActivity(t().database.db, over);
  const user = await buildUser(t().database.db);
  const h = await loginAs(t().app, user.phone, user.password);
  const c = client(t().app, h, lang);
  const team = (await c.post('/api/lTeam/web/create', { activityId: reg.activity.id, name: '雄鹰队', program: { id: reg.sumo.id } })).json().data as {
    id: number;
  };
  const add = async (over2: Record<string, unknown> = {}) =>
    (await c.post('/api/lTeamMember/web/create', playerBody(reg.activity.id, { team: { id: team.id }, ...over2 }))).json().data as { id: number; name: string };
  return { ...reg, user, h, c, team, add };
}

describe('POST api/lRedeemCode/web/redeemCode: the team batch redeem (spec 7.4/7.6)', () => {
  it('takes each code like a single redeem and answers a result per member; one failure undoes nothing', async () => {
    const s = await setup();
    const [a, b, c] = [await s.add(), await s.add(), await s.add()];
    const [c1, c2] = await buildCodes(t().database.db, s.activity.id, 2, { ownerUserId: s.user.id });
    const r = await s.c.post('/api/lRedeemCode/web/redeemCode', {
      activityId: s.activity.id,
      teams: [
        {
          name: '雄鹰队',
          program: s.sumo.id,
          teamId: s.team.id,
          teamers: [
            { name: a.name, teamerId: a.id, emerPhone: '13800138000', codeName: c1!.codeName },
            { name: b.name, teamerId: b.id, emerPhone: '13800138000', codeName: c1!.codeName }, // the same code again
            { name: c.name, teamerId: c.id, emerPhone: '13800138000', codeName: c2!.codeName },
          ],
        },
      ],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([
      { teamerId: a.id, codeName: c1!.codeName, ok: true, message: '兑换成功' },
      { teamerId: b.id, codeName: c1!.codeName, ok: false, message: '该兑换码已被使用' },
      { teamerId: c.id, codeName: c2!.codeName, ok: true, message: '兑换成功' },
    ]);
    const rows = await t().database.db.select().from(teamMembers).where(eq(teamMembers.teamId, s.team.id)).orderBy(teamMembers.id);
    expect(rows.map((m) => m.payStatus)).toEqual([3, 0, 3]);
    const used = await t().database.db.select().from(redeemCodes).where(eq(redeemCodes.status, 'used'));
    expect(used.map((x) => x.memberId).sort()).toEqual([a.id, c.id].sort());
  });

  it('answers in English, and refuses someone else’s team or player for the whole batch (404)', async () => {
    const s = await setup({}, 'en');
    const a = await s.add();
    const [c1] = await buildCodes(t().database.db, s.activity.id, 1, { ownerUserId: s.user.id });
    const bad = await s.c.post('/api/lRedeemCode/web/redeemCode', {
      activityId: s.activity.id,
      teams: [{ teamId: s.team.id, teamers: [{ teamerId: a.id, codeName: 'NOPE-NOPE' }] }],
    });
    expect(bad.json().data).toEqual([{ teamerId: a.id, codeName: 'NOPE-NOPE', ok: false, message: 'Invalid redemption code' }]);
    const other = await buildUser(t().database.db);
    const o = client(t().app, await loginAs(t().app, other.phone, other.password));
    const r = await o.post('/api/lRedeemCode/web/redeemCode', {
      activityId: s.activity.id,
      teams: [{ teamId: s.team.id, teamers: [{ teamerId: a.id, codeName: c1!.codeName }] }],
    });
    expect(r.statusCode).toBe(404);
    expect((await t().database.db.select().from(redeemCodes).where(eq(redeemCodes.id, c1!.id)))[0]!.status).toBe('available');
  });
});

describe('delete calls take a bare list of ids (spec 7.4–7.6), or {ids}', () => {
  it('players, moveOut, teams, teachers and addresses', async () => {
    const s = await setup();
    const ids = [(await s.add()).id, (await s.add()).id, (await s.add()).id, (await s.add({ team: null, card: idCard('20120402') })).id];
    expect((await s.c.del('/api/lTeamMember/web/moveOut', [ids[0]])).statusCode).toBe(200);
    expect((await s.c.del('/api/lTeamMember/web/moveOut', { ids: [ids[1]] })).statusCode).toBe(200);
    expect((await t().database.db.select().from(teamMembers).where(eq(teamMembers.teamId, s.team.id))).map((m) => m.id)).toEqual([ids[2]]);
    expect((await s.c.del('/api/lTeamMember/web/delete', [ids[0], ids[1]])).statusCode).toBe(200);
    expect((await s.c.del('/api/lTeamMember/web/delete', { ids: [ids[3]] })).statusCode).toBe(200);
    expect(await t().database.db.select({ id: teamMembers.id }).from(teamMembers)).toEqual([{ id: ids[2] }]);

    const t2 = (await s.c.post('/api/lTeam/web/create', { activityId: s.activity.id, name: 'B', program: { id: s.sumo.id } })).json().data.id as number;
    expect((await s.c.del('/api/lTeam/web/delete', [t2])).statusCode).toBe(200);
    expect((await s.c.del('/api/lTeam/web/delete', { ids: [s.team.id] })).statusCode).toBe(200);
    expect(await t().database.db.select().from(teams)).toHaveLength(0);

    const leader = (await s.c.post('/api/lLeader', { activityId: s.activity.id, name: '王老师', phone: '13800138000' })).json().data.id as number;
    const leader2 = (await s.c.post('/api/lLeader', { activityId: s.activity.id, name: '李老师', phone: '13800138001' })).json().data.id as number;
    expect((await s.c.del('/api/lLeader', [leader])).statusCode).toBe(200);
    expect((await s.c.del('/api/lLeader', { ids: [leader2] })).statusCode).toBe(200);
    expect(await t().database.db.select().from(leaders)).toHaveLength(0);

    const addr = (await s.c.post('/api/lOrgAddress/web/create', { name: '一中', address: '北京' })).json().data.id as number;
    expect((await s.c.del('/api/lOrgAddress/web/delete', [addr])).statusCode).toBe(200);
    expect(await t().database.db.select().from(orgAddresses)).toHaveLength(0);
  });

  it.each([
    ['an empty list', []],
    ['an empty {ids}', { ids: [] }],
    ['strings', ['x']],
    ['a number', 5],
    ['an object without ids', { id: 1 }],
  ])('refuses %s with 400 in the error format', async (_n, body) => {
    const s = await setup();
    const r = await s.c.del('/api/lTeamMember/web/delete', body);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: 400, resultCode: 0, code: 'VALIDATION_FAILED' });
  });

  it('someone else’s id in a bare list is 404 and deletes nothing', async () => {
    const s = await setup();
    const mine = await s.add();
    const other = await setup();
    const theirs = await other.add();
    expect((await s.c.del('/api/lTeamMember/web/delete', [mine.id, theirs.id])).statusCode).toBe(404);
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(2);
  });
});

describe('code entry at payStatus 7 (spec 4.1)', () => {
  async function underReview(level: number) {
    const s = await setup({ reviewRequired: true, level });
    const m = await s.add();
    expect((await s.c.post('/api/lTeamMember/web/submit', [{ memberId: m.id }])).statusCode).toBe(200);
    const [code] = await buildCodes(t().database.db, s.activity.id, 1, { ownerUserId: s.user.id });
    return { ...s, m, code: code! };
  }

  it('is disabled in a level-2 activity (409 IN_REVIEW)', async () => {
    const s = await underReview(2);
    const r = await s.c.put('/api/lTeamMember/web/useCode', { id: s.m.id, activityId: s.activity.id, code: s.code.codeName });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('IN_REVIEW');
  });

  it('is open elsewhere: the player is registered (3) and the team leaves review', async () => {
    const s = await underReview(1);
    expect((await t().database.db.select().from(teams).where(eq(teams.id, s.team.id)))[0]!.status).toBe(7);
    const r = await s.c.put('/api/lTeamMember/web/useCode', { id: s.m.id, activityId: s.activity.id, code: s.code.codeName });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.payStatus).toBe(3);
    expect((await t().database.db.select().from(teams).where(eq(teams.id, s.team.id)))[0]!.status).toBe(1);
  });
});

describe('page sizes (spec 9) and the name search (spec 5)', () => {
  it('the team list and the player list page by 30 by default; pickers ask for 20 players or 30 teams', async () => {
    const s = await setup();
    await t()
      .database.db.insert(teams)
      .values(
        Array.from({ length: 34 }, (_, i) => ({
          activityId: s.activity.id,
          userId: s.user.id,
          name: `队伍${i}`,
          number: `${s.activity.id}-x${i}`,
          programId: s.sumo.id,
        })),
      );
    const r = await s.c.get(`/api/lTeam/web/find?activityId=${s.activity.id}`);
    expect(r.json()).toMatchObject({ size: 30, totalElements: 35, totalPages: 2 });
    expect(r.json().content).toHaveLength(30);
    const picker = await s.c.get(`/api/lTeam/web/find?activityId=${s.activity.id}&name=${encodeURIComponent('队伍1')}&size=30`);
    expect(picker.json().totalElements).toBe(11); // 队伍1, 队伍10…队伍19
    const players = await s.c.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&size=20`);
    expect(players.json().size).toBe(20);
    expect((await s.c.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}`)).json().size).toBe(30);
  });

  it('team names in pickers are matched literally (% and _ are characters)', async () => {
    const s = await setup();
    await s.c.post('/api/lTeam/web/create', { activityId: s.activity.id, name: '100%队', program: { id: s.sumo.id } });
    expect((await s.c.get(`/api/lTeam/web/find?activityId=${s.activity.id}&name=${encodeURIComponent('%')}`)).json().totalElements).toBe(1);
    expect((await s.c.get(`/api/lTeam/web/find?activityId=${s.activity.id}&name=${encodeURIComponent('_')}`)).json().totalElements).toBe(0);
  });

  it('player names: ≥ 2 characters, % a wildcard, _ and \\ literal, case-insensitive (ILIKE)', async () => {
    const s = await setup();
    const first = await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { name: '张_明' }));
    expect(first.json()).toMatchObject({ resultCode: 1 });
    await s.add({ name: '张小明' });
    await s.add({ name: 'Anna Li' });
    await s.add({ name: 'a\\b' });
    const count = async (q: string) =>
      (await s.c.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&name=${encodeURIComponent(q)}`)).json().totalElements as number;
    expect(await count('张_')).toBe(1);
    expect(await count('张%明')).toBe(2);
    expect(await count('ANNA')).toBe(1);
    expect(await count('a\\b')).toBe(1);
    expect(await count('%%')).toBeUndefined(); // fewer than two characters besides %
    const short = await s.c.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&name=${encodeURIComponent('张%')}`);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('姓名搜索至少输入两个字符');
  });
});
