import { describe, expect, it } from 'vitest';
import { teamMembers, teams, leaders } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildCodes, buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';

const t = useTestApp();

/**
 * One table over every object endpoint of the registration issue: as another user each must answer
 * 403 or 404 and change nothing; as the owner the same call succeeds.
 */
describe('ownership of teams, players, teachers and codes', () => {
  it('refuses every endpoint to a second user and allows it to the owner', async () => {
    const db = t().database.db;
    const { activity, sumo } = await buildRegistrationActivity(db);
    const owner = await buildUser(db);
    const other = await buildUser(db);
    const oh = await loginAs(t().app, owner.phone, owner.password);
    const xh = await loginAs(t().app, other.phone, other.password);
    const inj = (h: Record<string, string>, method: string, url: string, payload?: unknown) =>
      t().app.inject({ method: method as 'GET', url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });

    let seq = 0;
    const must = (r: { statusCode: number; body: string; json(): { data: unknown } }) => {
      if (r.statusCode !== 200) throw new Error(r.body);
      return r.json().data as { id: number } & Record<string, unknown>;
    };
    const fresh = async () => {
      seq += 2;
      const team = must(await inj(oh, 'POST', '/api/lTeam/web/create', { activityId: activity.id, name: 'Owner team', program: { id: sumo.id } }));
      const member = must(
        await inj(oh, 'POST', '/api/lTeamMember/web/create', {
          activityId: activity.id,
          name: '选手',
          card: idCard('20120315', false, seq),
          team: { id: team.id },
        }),
      );
      const loose = must(
        await inj(oh, 'POST', '/api/lTeamMember/web/create', {
          activityId: activity.id,
          name: '选手二',
          card: idCard('20120315', false, seq + 1),
          program: { id: sumo.id },
        }),
      );
      const leader = must(await inj(oh, 'POST', '/api/lLeader', { activityId: activity.id, name: '李老师', phone: '13900001111' }));
      const [code] = await buildCodes(db, activity.id, 1, { ownerUserId: owner.id });
      const up = multipart([
        { name: 'phone', value: '选手1700000000' },
        { name: 'activityId', value: String(activity.id) },
        { name: 'file', filename: 'a.jpg', data: await makeImage('jpeg') },
      ]);
      const avatar = (
        await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...oh, ...up.headers }, payload: up.payload })
      ).json().data as string;
      return { team, member, loose, leader, code: code!, avatar };
    };

    const cases: [string, (o: Awaited<ReturnType<typeof fresh>>) => [string, string, unknown?]][] = [
      ['member detail', (o) => ['GET', `/api/lTeamMember/web/detail?id=${o.member.id}`]],
      [
        'member update',
        (o) => [
          'PUT',
          '/api/lTeamMember/web/update',
          { id: o.member.id, activityId: activity.id, name: 'X', card: idCard('20120317'), team: { id: o.team.id } },
        ],
      ],
      ['member delete', (o) => ['DELETE', '/api/lTeamMember/web/delete', { ids: [o.loose.id] }]],
      ['member moveOut', (o) => ['DELETE', '/api/lTeamMember/web/moveOut', { ids: [o.member.id] }]],
      ['member delete (bare list)', (o) => ['DELETE', '/api/lTeamMember/web/delete', [o.loose.id]]],
      ['member moveOut (bare list)', (o) => ['DELETE', '/api/lTeamMember/web/moveOut', [o.member.id]]],
      ['assign team', (o) => ['PUT', '/api/lTeamMember/web/assignTeam', { teamId: o.team.id, teamMemberIdList: [o.loose.id], activityId: activity.id }]],
      [
        'change program',
        (o) => ['PUT', '/api/lTeamMember/web/batchUpdateProgram', { programId: sumo.id, teamMemberIdList: [o.loose.id], activityId: activity.id }],
      ],
      ['redeem', (o) => ['PUT', '/api/lTeamMember/web/useCode', { id: o.member.id, activityId: activity.id, code: o.code.codeName }]],
      ['redeem v2', (o) => ['PUT', '/api/lTeamMember/web/useCodeV2', { id: o.member.id, activityId: activity.id, code: o.code.codeName }]],
      ['pick code', (o) => ['GET', `/api/lRedeemCode/web/pickCode?activityId=${activity.id}&memberId=${o.member.id}`]],
      ['check code', (o) => ['GET', `/api/lRedeemCode/web/checkCode?code=${o.code.codeName}&teamerId=${o.member.id}`]],
      [
        'team batch redeem (spec path)',
        (o) => [
          'POST',
          '/api/lRedeemCode/web/redeemCode',
          { activityId: activity.id, teams: [{ teamId: o.team.id, teamers: [{ teamerId: o.member.id, codeName: o.code.codeName }] }] },
        ],
      ],
      [
        'batch redeem',
        (o) => [
          'POST',
          '/api/lRedeemCode/web/batchRedeem',
          { activityId: activity.id, teams: [{ teamId: o.team.id, teamers: [{ teamerId: o.member.id, codeName: o.code.codeName }] }] },
        ],
      ],
      ['team update', (o) => ['PUT', '/api/lTeam/web/update', { id: o.team.id, activityId: activity.id, name: 'Renamed', program: { id: sumo.id } }]],
      ['team delete', (o) => ['DELETE', '/api/lTeam/web/delete', { ids: [o.team.id] }]],
      ['team delete (bare list)', (o) => ['DELETE', '/api/lTeam/web/delete', [o.team.id]]],
      ['teacher update', (o) => ['PUT', '/api/lLeader', { id: o.leader.id, activityId: activity.id, name: '王老师', phone: '13900002222' }]],
      ['teacher delete', (o) => ['DELETE', '/api/lLeader', { ids: [o.leader.id] }]],
      ['teacher delete (bare list)', (o) => ['DELETE', '/api/lLeader', [o.leader.id]]],
      ['private avatar', (o) => ['GET', o.avatar]],
      ['member photo (sUrl/updateMemberHead)', (o) => ['POST', '/api/lTeamMember/sUrl/updateMemberHead', { memberId: o.member.id, headImg: o.avatar }]],
    ];

    for (const [name, make] of cases) {
      const o = await fresh();
      const [method, url, payload] = make(o);
      const snapshot = JSON.stringify([await db.select().from(teams), await db.select().from(teamMembers), await db.select().from(leaders)]);
      const asOther = await inj(xh, method, url, payload);
      expect([403, 404], `${name} as another user answered ${asOther.statusCode}: ${asOther.body}`).toContain(asOther.statusCode);
      expect(
        JSON.stringify([await db.select().from(teams), await db.select().from(teamMembers), await db.select().from(leaders)]),
        `${name} changed data`,
      ).toBe(snapshot);
      const asOwner = await inj(oh, method, url, payload);
      expect(asOwner.statusCode, `${name} as owner: ${asOwner.body}`).toBe(200);
    }

    // lists only ever show the caller's own rows
    const list = await inj(xh, 'GET', `/api/lTeamMember/web/list?activityId=${activity.id}`);
    expect(list.json().totalElements).toBe(0);
    expect((await inj(xh, 'GET', `/api/lTeam/web/find?activityId=${activity.id}`)).json().totalElements).toBe(0);
    expect((await inj(xh, 'GET', `/api/lLeader?activityId=${activity.id}`)).json().totalElements).toBe(0);
    expect(JSON.parse((await inj(xh, 'GET', `/api/lRedeemCode/web/myCodes?activityNo=${activity.id}`)).json().data)).toEqual([]);
  });
});
