import { describe, expect, it } from 'vitest';
import { consoles, teamMembers, teams, withdrawals } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildCodes, buildNews, buildProgram, buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';

const t = useTestApp();

async function asAdmin() {
  const admin = await buildUser(t().database.db, { username: 'admin', roles: ['admin'], nickName: 'Administrator' });
  return loginAs(t().app, 'admin', admin.password);
}

describe('GET /api/admin/accounts (pick an account by phone or name)', () => {
  it('refuses visitors, members and content editors', async () => {
    const member = await buildUser(t().database.db);
    const editor = await buildUser(t().database.db, { roles: ['editor'] });
    const url = '/api/admin/accounts?q=139';
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const u of [member, editor]) {
      const res = await t().app.inject({ method: 'GET', url, headers: await loginAs(t().app, u.phone, u.password) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('finds by phone prefix and by part of the nickname, never leaking more than id, names and phone', async () => {
    const db = t().database.db;
    const headers = await asAdmin();
    const li = await buildUser(db, { phone: '13912340001', nickName: '李老师' });
    const wang = await buildUser(db, { phone: '13912340002', nickName: 'Coach Wang' });
    await buildUser(db, { phone: '13799990003', nickName: 'Someone else' });

    const byPhone = (await t().app.inject({ method: 'GET', url: '/api/admin/accounts?q=1391234', headers })).json();
    expect(byPhone.resultCode).toBe(1);
    expect(byPhone.content.map((a: { id: number }) => a.id)).toEqual([li.id, wang.id]);
    expect(Object.keys(byPhone.content[0]).sort()).toEqual(['id', 'nickName', 'phone', 'username']);

    const byName = (await t().app.inject({ method: 'GET', url: `/api/admin/accounts?q=${encodeURIComponent('wang')}`, headers })).json();
    expect(byName.content).toEqual([{ id: wang.id, nickName: 'Coach Wang', username: '13912340002', phone: '13912340002' }]);
    const byChinese = (await t().app.inject({ method: 'GET', url: `/api/admin/accounts?q=${encodeURIComponent('李')}`, headers })).json();
    expect(byChinese.content.map((a: { id: number }) => a.id)).toEqual([li.id]);
    // a phone's middle digits are not a prefix: no match; % is literal
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/accounts?q=1234', headers })).json().content).toEqual([]);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/accounts?q=%25', headers })).json().content).toEqual([]);
  });

  it('answers at most 20 rows and refuses empty or over-long input with 4xx', async () => {
    const db = t().database.db;
    const headers = await asAdmin();
    for (let i = 0; i < 25; i++) await buildUser(db, { phone: `1381111${String(i).padStart(4, '0')}`, nickName: `Parent ${i}` });
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/accounts?q=13811', headers })).json().content).toHaveLength(20);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/accounts?q=13811&size=5', headers })).json().content).toHaveLength(5);
    for (const q of ['', '%20%20', 'x'.repeat(51)]) {
      const res = await t().app.inject({ method: 'GET', url: `/api/admin/accounts?q=${q}`, headers });
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/accounts?q=138&size=21', headers })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/dashboard (the season in numbers)', () => {
  it('counts one season from real rows, one group per query, and only what the staff member may see', async () => {
    const db = t().database.db;
    const headers = await asAdmin();
    const owner = await buildUser(db, { nickName: 'Parent' });
    // season 2026: one registration activity (2 programs), plus an extra activity with one program
    const { activity, sumo } = await buildRegistrationActivity(db, { year: 2026 });
    const other = await buildActivity(db, { year: 2026, nameZh: '另一场', nameEn: 'Another' });
    await buildProgram(db, other.id);
    // an older season that must not be counted
    const old = await buildActivity(db, { year: 2024 });
    await buildProgram(db, old.id);
    await buildCodes(db, old.id, 4);

    const [team] = await db
      .insert(teams)
      .values({ activityId: activity.id, userId: owner.id, programId: sumo.id, name: 'Falcons', number: `${activity.id}-0001` })
      .returning();
    const statuses = [0, 0, 3, 3, 3, 7, 7, 8, 4];
    const members = await db
      .insert(teamMembers)
      .values(
        statuses.map((payStatus, i) => ({
          activityId: activity.id,
          userId: owner.id,
          teamId: team!.id,
          programId: sumo.id,
          name: `P${i}`,
          cardEnc: 'x',
          cardHash: `h${i}`,
          cardMasked: 'm',
          payStatus,
        })),
      )
      .returning();
    await db.insert(withdrawals).values({ memberId: members[8]!.id, userId: owner.id, type: 3, status: 'pending' });
    await db.insert(withdrawals).values({ memberId: members[2]!.id, userId: owner.id, type: 3, status: 'rejected' });
    await buildCodes(db, activity.id, 5);
    await buildCodes(db, activity.id, 2, { status: 'used' });
    await buildNews(db);
    await buildNews(db, { status: 0 });
    await db.insert(consoles).values([
      { nameZh: '相册', year: 2026 },
      { nameZh: '旧相册', year: 2024 },
    ]);

    const res = await t().app.inject({ method: 'GET', url: '/api/admin/dashboard?year=2026', headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      year: 2026,
      years: [2026, 2024],
      content: { activities: 2, programs: 3, galleries: 1, newsPublished: 1, newsDrafts: 1 },
      registrations: { teams: 1, pendingReviews: 2, pendingWithdrawals: 1, codes: { available: 5, used: 2, void: 0 } },
      members: 1, // the parent; the administrator is not a member
    });
    expect(data.registrations.players).toEqual({ 0: 2, 1: 0, 2: 0, 3: 3, 4: 1, 5: 0, 6: 0, 7: 2, 8: 1, 9: 0 });

    const older = (await t().app.inject({ method: 'GET', url: '/api/admin/dashboard?year=2024', headers })).json().data;
    expect(older.content).toMatchObject({ activities: 1, programs: 1, galleries: 1 });
    expect(older.registrations.codes.available).toBe(4);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/dashboard?year=abc', headers })).statusCode).toBe(400);
  });

  it('is staff only; an editor gets the content counts without registrations or members', async () => {
    const member = await buildUser(t().database.db);
    const editor = await buildUser(t().database.db, { roles: ['editor'] });
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: await loginAs(t().app, member.phone, member.password) })).statusCode,
    ).toBe(403);
    const res = await t().app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: await loginAs(t().app, editor.phone, editor.password) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ registrations: null, members: null, content: { activities: 0 } });
    expect(res.json().data.year).toBe(new Date(Date.now() + 8 * 3_600_000).getUTCFullYear());
  });
});
