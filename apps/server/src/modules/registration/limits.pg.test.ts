// Team member cap and activity player limit under concurrency, across two app instances on one
// PostgreSQL database (issue 9, finding 2). PostgreSQL tier only: on PGlite one transaction runs at a time.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startInstance, useTestApp } from '../../test/context';
import { activityPlayers, client, HEAD, looseMember, newTeam, playerBody, setupLimits, sheet, teamSize, type Call } from './limits.helpers';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

const ROUNDS = 20;
const ADDS = 18;

/** One coach through instance A and through instance B. */
async function coach(opts: { max?: number; playerLimit?: number } = {}) {
  const s = await setupLimits(t().database.db, t().app, opts);
  const a = client(t().app, s.h);
  const b = client(second!.app, s.h);
  return { ...s, a, b, via: (i: number): Call => (i % 2 ? b : a) };
}

function noServerErrors(rs: LightMyRequestResponse[]) {
  const bad = rs.filter((r) => r.statusCode >= 500);
  expect(bad.map((r) => r.body)).toEqual([]);
}

describe('team member cap under concurrency, two instances (finding 2)', () => {
  it(`${ADDS} concurrent creates into a cap-5 team: exactly 5 in ${ROUNDS} of ${ROUNDS} rounds`, async () => {
    const s = await coach({ max: 5 });
    const sizes: number[] = [];
    const accepted: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const team = await newTeam(s.a, s.activity.id, s.program.id);
      const rs = await Promise.all(
        Array.from({ length: ADDS }, (_, i) => s.via(i).post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }))),
      );
      noServerErrors(rs);
      expect(rs.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'TEAM_FULL')).toBe(true);
      sizes.push(await teamSize(t().database.db, team.id));
      accepted.push(rs.filter((r) => r.statusCode === 200).length);
    }
    console.info(`[limits] ${ADDS} concurrent creates, cap 5, sizes per round: ${sizes.join(' ')}`);
    expect(sizes).toEqual(Array(ROUNDS).fill(5));
    expect(accepted).toEqual(Array(ROUNDS).fill(5));
  });

  it('concurrent updates moving loose players into a cap-5 team stop at 5', async () => {
    const s = await coach({ max: 5 });
    const sizes: number[] = [];
    for (let round = 0; round < 5; round++) {
      const team = await newTeam(s.a, s.activity.id, s.program.id);
      const loose = [];
      for (let i = 0; i < ADDS; i++) loose.push(await looseMember(s.a, s.activity.id, s.program.id));
      const rs = await Promise.all(loose.map((m, i) => s.via(i).put('/api/lTeamMember/web/update', { ...m.body, id: m.id, team: { id: team.id } })));
      noServerErrors(rs);
      expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(5);
      sizes.push(await teamSize(t().database.db, team.id));
    }
    expect(sizes).toEqual(Array(5).fill(5));
  });

  it('concurrent assignTeam calls (even with confirm) stop at 5', async () => {
    const s = await coach({ max: 5 });
    const sizes: number[] = [];
    for (let round = 0; round < 5; round++) {
      const team = await newTeam(s.a, s.activity.id, s.program.id);
      const loose = [];
      for (let i = 0; i < ADDS; i++) loose.push(await looseMember(s.a, s.activity.id, s.program.id));
      const rs = await Promise.all(
        loose.map((m, i) =>
          s.via(i).put('/api/lTeamMember/web/assignTeam', { teamId: team.id, teamMemberIdList: [m.id], activityId: s.activity.id, confirm: true }),
        ),
      );
      noServerErrors(rs);
      sizes.push(await teamSize(t().database.db, team.id));
    }
    expect(sizes).toEqual(Array(5).fill(5));
  });

  it('players moving crosswise between two teams never deadlock into a 500', async () => {
    const s = await coach({ max: 5 });
    const x = await newTeam(s.a, s.activity.id, s.program.id);
    const y = await newTeam(s.a, s.activity.id, s.program.id);
    const inX: number[] = [];
    const inY: number[] = [];
    for (let i = 0; i < 4; i++)
      inX.push((await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: x.id } }))).json().data.id as number);
    for (let i = 0; i < 4; i++)
      inY.push((await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: y.id } }))).json().data.id as number);
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s
          .via(i)
          .put(
            '/api/lTeamMember/web/assignTeam',
            i % 2
              ? { teamId: y.id, teamMemberIdList: [inX[i >> 1]!], activityId: s.activity.id }
              : { teamId: x.id, teamMemberIdList: [inY[i >> 1]!], activityId: s.activity.id },
          ),
      ),
    );
    noServerErrors(rs);
    expect(await teamSize(t().database.db, x.id)).toBeLessThanOrEqual(5);
    expect(await teamSize(t().database.db, y.id)).toBeLessThanOrEqual(5);
  });

  it('an import into an existing team racing with single adds keeps the cap (all or nothing)', async () => {
    const s = await coach({ max: 5 });
    for (let round = 0; round < 5; round++) {
      const team = await newTeam(s.a, s.activity.id, s.program.id);
      const data = await sheet([HEAD, ...Array.from({ length: 3 }, (_, i) => ['导入' + i, '身份证', playerBody(0).card, team.name, ''])]);
      const rs = await Promise.all([
        s.b.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=1`, data),
        ...Array.from({ length: 6 }, (_, i) => s.via(i).post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }))),
      ]);
      noServerErrors(rs);
      const size = await teamSize(t().database.db, team.id);
      expect(size).toBeLessThanOrEqual(5);
      const singles = rs.slice(1).filter((r) => r.statusCode === 200).length;
      expect(size).toBe(singles + (rs[0]!.statusCode === 200 ? 3 : 0));
    }
  });

  it('a team program change to a smaller program asks for confirmation of the size while the team has more members', async () => {
    const s = await coach({ max: 5 });
    const team = await newTeam(s.a, s.activity.id, s.program.id);
    for (let i = 0; i < 3; i++) await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
    const r = await s.b.put('/api/lTeam/web/update', { id: team.id, activityId: s.activity.id, name: team.name, program: { id: s.small.id }, confirm: true });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'CONFIRM_REQUIRED', confirmSize: 3 });
  });
});

describe('activity player limit under concurrency, two instances', () => {
  it(`${ADDS} concurrent creates into an activity limited to 10 players: exactly 10 in 10 of 10 rounds`, async () => {
    const totals: number[] = [];
    for (let round = 0; round < 10; round++) {
      const s = await coach({ playerLimit: 10 });
      const rs = await Promise.all(Array.from({ length: ADDS }, (_, i) => s.via(i).post('/api/lTeamMember/web/create', playerBody(s.activity.id))));
      noServerErrors(rs);
      const refused = rs.filter((r) => r.statusCode === 409);
      expect(refused.every((r) => r.json().code === 'PLAYER_LIMIT')).toBe(true);
      totals.push(await activityPlayers(t().database.db, s.activity.id));
    }
    console.info(`[limits] ${ADDS} concurrent creates, player limit 10, totals per round: ${totals.join(' ')}`);
    expect(totals).toEqual(Array(10).fill(10));
  });

  it('batch creates and imports racing with single adds keep the limit, each all or nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await coach({ playerLimit: 10 });
      const batch = (c: Call) =>
        c.post('/api/lTeam/web/batchCreate', {
          activityId: s.activity.id,
          team: { name: 'B' + Math.random().toString(36).slice(2, 7), program: { id: s.program.id } },
          members: Array.from({ length: 4 }, () => playerBody(s.activity.id)).map(({ activityId: _a, ...m }) => m),
        });
      const data = await sheet([HEAD, ...Array.from({ length: 4 }, (_, i) => ['导入' + i, '身份证', playerBody(0).card, '', '创意赛'])]);
      const rs = await Promise.all([
        batch(s.a),
        batch(s.b),
        s.a.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=1`, data),
        ...Array.from({ length: 6 }, (_, i) => s.via(i).post('/api/lTeamMember/web/create', playerBody(s.activity.id))),
      ]);
      noServerErrors(rs);
      const total = await activityPlayers(t().database.db, s.activity.id);
      expect(total).toBeLessThanOrEqual(10);
      const expected =
        (rs[0]!.statusCode === 200 ? 4 : 0) +
        (rs[1]!.statusCode === 200 ? 4 : 0) +
        (rs[2]!.statusCode === 200 ? 4 : 0) +
        rs.slice(3).filter((r) => r.statusCode === 200).length;
      expect(total).toBe(expected);
    }
  });
});

describe('duplicate imports racing (finding 5)', () => {
  it('the losing copy of the same import answers 409, never 500', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await coach();
      const data = await sheet([HEAD, ...Array.from({ length: 5 }, (_, i) => ['导入' + i, '身份证', playerBody(0).card, '', '创意赛'])]);
      const rs = await Promise.all(
        [0, 1, 2].map((i) => s.via(i).upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=${i % 2}`, data)),
      );
      noServerErrors(rs);
      expect(rs.filter((r) => r.statusCode === 200 && r.json().data.written === 5)).toHaveLength(1);
      for (const r of rs.filter((x) => !(x.statusCode === 200 && x.json().data.written === 5))) {
        // the loser either saw the winner's rows while validating (nothing to write) or collided on write (409)
        expect([200, 400, 409]).toContain(r.statusCode);
        if (r.statusCode === 409) expect(r.json().code).toBe('DUPLICATE_PLAYER');
      }
      expect(await activityPlayers(t().database.db, s.activity.id)).toBe(5);
    }
  });

  it('the same player created twice at once through two instances: one 200, one 409', async () => {
    const s = await coach();
    for (let round = 0; round < 5; round++) {
      const body = playerBody(s.activity.id);
      const rs = await Promise.all([s.a.post('/api/lTeamMember/web/create', body), s.b.post('/api/lTeamMember/web/create', body)]);
      noServerErrors(rs);
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });
});
