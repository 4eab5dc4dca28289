// The team member cap and the activity's player limit on every path that adds a player, one call at a
// time (the races are in limits.pg.test.ts).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { activityPlayers, client, HEAD, looseMember, newTeam, playerBody, setupLimits, sheet, teamSize, teamsOf } from './limits.helpers';

const t = useTestApp();

async function coach(opts: { max?: number; playerLimit?: number } = {}, lang = 'zh') {
  const s = await setupLimits(t().database.db, t().app, opts);
  return { ...s, c: client(t().app, s.h, lang), en: client(t().app, s.h, 'en') };
}
const importUrl = (activityId: number, atomic = 1) => `/api/lTeamMember/web/import?activityId=${activityId}&mode=commit&atomic=${atomic}`;
const strip = ({ activityId: _a, ...m }: ReturnType<typeof playerBody>) => m;

describe('team member cap on every path that puts a player into a team', () => {
  it('create: the sixth player of a cap-5 team answers 409 TEAM_FULL naming the maximum (zh/en)', async () => {
    const s = await coach({ max: 5 });
    const team = await newTeam(s.c, s.activity.id, s.program.id);
    for (let i = 0; i < 5; i++)
      expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }))).statusCode).toBe(200);
    const zh = await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    const en = await s.en.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({ code: 'TEAM_FULL', message: '队伍人数已满（该赛项每队最多 5 人）' });
    expect(en.json().message).toBe('The team is full (this program allows at most 5 players per team)');
    expect(await teamSize(t().database.db, team.id)).toBe(5);
  });

  it('update: moving a loose player into a full team is refused; saving a member already in it is not', async () => {
    const s = await coach({ max: 2 });
    const team = await newTeam(s.c, s.activity.id, s.program.id);
    const a = await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    const loose = await looseMember(s.c, s.activity.id, s.program.id);
    const move = await s.c.put('/api/lTeamMember/web/update', { ...loose.body, id: loose.id, team: { id: team.id } });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('TEAM_FULL');
    const { id, ...same } = a.json().data;
    const resave = await s.c.put('/api/lTeamMember/web/update', { ...playerBody(s.activity.id), card: same.card, name: 'Renamed', id, team: { id: team.id } });
    expect(resave.statusCode).toBe(200);
    expect(await teamSize(t().database.db, team.id)).toBe(2);
  });

  it('assign: past the maximum asks for the size to be confirmed (spec 5); within it the players move', async () => {
    const s = await coach({ max: 3 });
    const team = await newTeam(s.c, s.activity.id, s.program.id);
    const loose = [];
    for (let i = 0; i < 4; i++) loose.push(await looseMember(s.c, s.activity.id, s.program.id));
    for (const confirm of [undefined, true]) {
      const r = await s.c.put('/api/lTeamMember/web/assignTeam', {
        teamId: team.id,
        teamMemberIdList: loose.map((m) => m.id),
        activityId: s.activity.id,
        confirm,
      });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'CONFIRM_REQUIRED', confirmSize: 4, message: '该赛项每队最多 3 人，移入后队伍将有 4 人，确定超过上限吗？' });
    }
    // a size other than the one it would reach is asked again
    const stale = { teamId: team.id, teamMemberIdList: loose.map((m) => m.id), activityId: s.activity.id, confirm: true, confirmSize: 3 };
    expect((await s.c.put('/api/lTeamMember/web/assignTeam', stale)).json().confirmSize).toBe(4);
    expect(await teamSize(t().database.db, team.id)).toBe(0);
    // the person confirms the size: the players move past the maximum
    const confirmed = await s.c.put('/api/lTeamMember/web/assignTeam', { ...stale, confirmSize: 4 });
    expect(confirmed.statusCode).toBe(200);
    expect(await teamSize(t().database.db, team.id)).toBe(4);
    await s.c.del(
      '/api/lTeamMember/web/moveOut',
      loose.map((m) => m.id),
    );
    expect(await teamSize(t().database.db, team.id)).toBe(0);
    const ok = await s.c.put('/api/lTeamMember/web/assignTeam', {
      teamId: team.id,
      teamMemberIdList: loose.slice(0, 3).map((m) => m.id),
      activityId: s.activity.id,
    });
    expect(ok.statusCode).toBe(200);
    // players already in the team are not counted twice
    const again = await s.c.put('/api/lTeamMember/web/assignTeam', {
      teamId: team.id,
      teamMemberIdList: loose.slice(0, 3).map((m) => m.id),
      activityId: s.activity.id,
    });
    expect(again.statusCode).toBe(200);
    expect(await teamSize(t().database.db, team.id)).toBe(3);
  });

  it('import: rows past an existing team’s maximum are refused with the row', async () => {
    const s = await coach({ max: 3 });
    const team = await newTeam(s.c, s.activity.id, s.program.id);
    await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    const data = await sheet([HEAD, ...Array.from({ length: 3 }, (_, i) => ['导入' + i, '身份证', playerBody(0).card, team.name, ''])]);
    const r = await s.c.upload(importUrl(s.activity.id), data);
    expect(r.statusCode).toBe(400);
    expect(r.json().data.errors).toEqual([{ row: 4, column: '队伍名称', message: '队伍人数已满' }]);
    expect(await teamSize(t().database.db, team.id)).toBe(1);
  });

  it('batch create: a one-form team with more players than its program allows writes nothing', async () => {
    const s = await coach({ max: 2 });
    const r = await s.c.post('/api/lTeam/web/batchCreate', {
      activityId: s.activity.id,
      team: { name: '雄鹰队', program: { id: s.program.id } },
      members: Array.from({ length: 3 }, () => strip(playerBody(s.activity.id))),
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('TEAM_FULL');
    expect(await teamsOf(t().database.db, s.activity.id)).toHaveLength(0);
    expect(await activityPlayers(t().database.db, s.activity.id)).toBe(0);
  });

  it('team program change beyond the new maximum asks for confirmation of the size (spec 5), then the members follow', async () => {
    const s = await coach({ max: 5 });
    const team = await newTeam(s.c, s.activity.id, s.program.id);
    for (let i = 0; i < 3; i++) await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    const body = { id: team.id, activityId: s.activity.id, name: team.name, program: { id: s.small.id }, confirm: true };
    const zh = await s.c.put('/api/lTeam/web/update', body);
    const en = await s.en.put('/api/lTeam/web/update', body);
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({ code: 'CONFIRM_REQUIRED', confirmSize: 3, message: '该赛项每队最多 2 人，队伍现有 3 人，确定更换赛项并超过上限吗？' });
    expect(en.json().message).toBe('This program allows at most 2 players per team and the team has 3. Change the program and go past the maximum?');
    const rows = await t().database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(rows.every((m) => m.programId === s.program.id)).toBe(true);
    const ok = await s.c.put('/api/lTeam/web/update', { ...body, confirmSize: 3 });
    expect(ok.statusCode).toBe(200);
    const after = await t().database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(after.map((m) => m.programId)).toEqual([s.small.id, s.small.id, s.small.id]);
    // the cap holds for everything else: a fourth player is refused
    expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }))).json().code).toBe('TEAM_FULL');
  });
});

describe('activity player limit (0 = none) on every path that adds a player', () => {
  it('create: the player past the limit answers 409 PLAYER_LIMIT in zh and en', async () => {
    const s = await coach({ playerLimit: 2 });
    for (let i = 0; i < 2; i++) expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(200);
    const zh = await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id));
    const en = await s.en.post('/api/lTeamMember/web/create', playerBody(s.activity.id));
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({ code: 'PLAYER_LIMIT', message: '本活动报名人数已满（上限 2 人）' });
    expect(en.json().message).toBe('This activity is full (limit 2 players)');
    expect(await activityPlayers(t().database.db, s.activity.id)).toBe(2);
  });

  it('counts every coach of the activity; updating a player takes no new place', async () => {
    const s = await coach({ playerLimit: 2 });
    const other = await setupLimits(t().database.db, t().app);
    const o = client(t().app, other.h);
    expect((await o.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(200);
    const mine = await looseMember(s.c, s.activity.id, s.program.id);
    expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).json().code).toBe('PLAYER_LIMIT');
    expect((await s.c.put('/api/lTeamMember/web/update', { ...mine.body, id: mine.id, name: 'Renamed' })).statusCode).toBe(200);
  });

  it('withdrawn (5) and cancelled (6) players give their place back', async () => {
    const s = await coach({ playerLimit: 2 });
    const a = await looseMember(s.c, s.activity.id, s.program.id);
    const b = await looseMember(s.c, s.activity.id, s.program.id);
    expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(409);
    await t().database.db.update(teamMembers).set({ payStatus: 5 }).where(eq(teamMembers.id, a.id));
    await t().database.db.update(teamMembers).set({ payStatus: 6 }).where(eq(teamMembers.id, b.id));
    expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(200);
    expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(200);
    expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(409);
  });

  it('import: a sheet that would pass the limit writes nothing', async () => {
    const s = await coach({ playerLimit: 3 });
    await looseMember(s.c, s.activity.id, s.program.id);
    const data = await sheet([HEAD, ...Array.from({ length: 3 }, (_, i) => ['导入' + i, '身份证', playerBody(0).card, '', '创意赛'])]);
    for (const atomic of [1, 0]) {
      const r = await s.c.upload(importUrl(s.activity.id, atomic), data);
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('PLAYER_LIMIT');
    }
    expect(await activityPlayers(t().database.db, s.activity.id)).toBe(1);
    const fits = await s.c.upload(
      importUrl(s.activity.id),
      await sheet([HEAD, ...Array.from({ length: 2 }, (_, i) => ['导入' + i, '身份证', playerBody(0).card, '', '创意赛'])]),
    );
    expect(fits.statusCode).toBe(200);
    expect(await activityPlayers(t().database.db, s.activity.id)).toBe(3);
  });

  it('batch create: a one-form team that would pass the limit writes neither team nor players', async () => {
    const s = await coach({ playerLimit: 3 });
    await looseMember(s.c, s.activity.id, s.program.id);
    const r = await s.c.post('/api/lTeam/web/batchCreate', {
      activityId: s.activity.id,
      team: { name: '雄鹰队', program: { id: s.program.id } },
      members: Array.from({ length: 3 }, () => strip(playerBody(s.activity.id))),
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('PLAYER_LIMIT');
    expect(await teamsOf(t().database.db, s.activity.id)).toHaveLength(0);
    expect(await activityPlayers(t().database.db, s.activity.id)).toBe(1);
  });

  it('a limit of 0 means none', async () => {
    const s = await coach({ playerLimit: 0 });
    for (let i = 0; i < 12; i++) expect((await s.c.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).statusCode).toBe(200);
  });
});

describe('one-form team creation is all or nothing', () => {
  it('a bad third player leaves neither the team nor the first two', async () => {
    const s = await coach({ max: 5 });
    const members = [strip(playerBody(s.activity.id)), strip(playerBody(s.activity.id)), strip(playerBody(s.activity.id, { card: '123' }))];
    const r = await s.c.post('/api/lTeam/web/batchCreate', { activityId: s.activity.id, team: { name: '雄鹰队', program: { id: s.program.id } }, members });
    expect(r.statusCode).toBe(400);
    expect(await teamsOf(t().database.db, s.activity.id)).toHaveLength(0);
    expect(await activityPlayers(t().database.db, s.activity.id)).toBe(0);
  });
});
