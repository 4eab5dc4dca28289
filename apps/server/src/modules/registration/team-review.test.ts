import { describe, expect, it } from 'vitest';
import { staffRoles } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';

/** Team review (spec 4.3, issue 40): staff move a team between the states, with a reason its coach reads. */
const t = useTestApp();

async function world() {
  const db = t().database.db;
  const reg = await buildRegistrationActivity(db, { promotionZone: true });
  const coach = await buildUser(db);
  const ch = await loginAs(t().app, coach.phone, coach.password);
  const coachCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: { ...ch, 'accept-language': 'zh' }, ...(payload ? { payload } : {}) });
  const make = async (name: string) =>
    (await coachCall('POST', '/api/lTeam/web/create', { activityId: reg.activity.id, name, program: { id: reg.sumo.id } })).json().data as {
      id: number;
      reviewStatus: number;
      reviewReason: string | null;
    };
  const mine = async (id: number) => (await coachCall('GET', `/api/lTeam/web/find?activityId=${reg.activity.id}&id=${id}&page=0&size=30`)).json().content[0];
  return { reg, make, mine };
}

async function staffWith(code: string, permissions: string[]) {
  const db = t().database.db;
  await db.insert(staffRoles).values({ code, nameZh: code, permissions });
  const u = await buildUser(db, { roles: ['member', code] });
  return loginAs(t().app, u.phone, u.password);
}

describe('team review (admin teams)', () => {
  it('staff suspend or fail a team with a reason its coach reads; moved on, the reason goes', async () => {
    const { make, mine } = await world();
    const team = await make('雄鹰队');
    expect(team).toMatchObject({ reviewStatus: 2, reviewReason: null });
    const ah = await staffWith('reviewer', ['admin.access', 'teams.view', 'teams.edit']);
    const put = (payload: object) => t().app.inject({ method: 'PUT', url: `/api/admin/teams/${team.id}`, headers: ah, payload });

    const failed = await put({ reviewStatus: 6, reviewReason: '  队员资格不符  ' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toMatchObject({ reviewStatus: 6, reviewReason: '队员资格不符' });
    expect(await mine(team.id)).toMatchObject({ reviewStatus: 6, reviewReason: '队员资格不符' });

    await put({ reviewStatus: 4, reviewReason: '材料待补' });
    expect(await mine(team.id)).toMatchObject({ reviewStatus: 4, reviewReason: '材料待补' });

    // passed: the old reason is not kept (the form still holds it; it is dropped, not shown to the coach)
    const passed = await put({ reviewStatus: 5, reviewReason: '材料待补' });
    expect(passed.json().data).toMatchObject({ reviewStatus: 5, reviewReason: null });
    expect(await mine(team.id)).toMatchObject({ reviewStatus: 5, reviewReason: null });

    // the spec names no transitions: any state to any other, even back to under review
    expect((await put({ reviewStatus: 2 })).statusCode).toBe(200);
    // a state that does not exist is refused before the database, naming the field
    const bad = await t().app.inject({
      method: 'PUT',
      url: `/api/admin/teams/${team.id}`,
      headers: { ...ah, 'accept-language': 'en' },
      payload: { reviewStatus: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors ?? {})).toContain('reviewStatus');
    const long = await put({ reviewStatus: 6, reviewReason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fieldErrors ?? {})).toContain('reviewReason');
  });

  it('the list filters by review state; moving a team needs teams.edit (teams.view reads only)', async () => {
    const { make } = await world();
    const a = await make('A 队');
    const b = await make('B 队');
    const editor = await staffWith('reviewer', ['admin.access', 'teams.view', 'teams.edit']);
    await t().app.inject({ method: 'PUT', url: `/api/admin/teams/${b.id}`, headers: editor, payload: { reviewStatus: 3 } });

    const reader = await staffWith('reader', ['admin.access', 'teams.view']);
    const list = (q: string) => t().app.inject({ method: 'GET', url: `/api/admin/teams?${q}`, headers: reader });
    const finals = await list('reviewStatus=3');
    expect(finals.statusCode).toBe(200);
    expect(finals.json().content.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await list('reviewStatus=2')).json().content.map((r: { id: number }) => r.id)).toEqual([a.id]);

    const refused = await t().app.inject({ method: 'PUT', url: `/api/admin/teams/${a.id}`, headers: reader, payload: { reviewStatus: 5 } });
    expect(refused.statusCode).toBe(403);
  });
});
