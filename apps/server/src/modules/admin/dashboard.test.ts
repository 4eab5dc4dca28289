import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@rp/shared';
import { ledger, orders, staffRoles, teamMembers, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildCodes, buildOrg, buildProgram, buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';
import { dashboardStats } from './dashboard.service';

const t = useTestApp();
const ALL = [...PERMISSIONS];

/** A UTC instant that is the given China day (UTC+8) at `hour` o'clock China time. */
const chinaTime = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00Z`) + (hour - 8) * 3_600_000);

/**
 * Two activities of 2026 (A with two programs, B with one) and one of 2025, with players created on
 * known China days, codes, ledger rows and a channel partner's team.
 */
async function season() {
  const db = t().database.db;
  const owner = await buildUser(db, { nickName: 'Parent' });
  const { activity: a, sumo, girls } = await buildRegistrationActivity(db, { year: 2026 });
  const b = await buildActivity(db, { year: 2026, nameZh: '乙', nameEn: 'B' });
  const bProg = await buildProgram(db, b.id);
  const old = await buildActivity(db, { year: 2025 });
  const oldProg = await buildProgram(db, old.id);
  const org = await buildOrg(db, { code: 'CHAN01' });

  const team = async (activityId: number, programId: number, n: string, orgId: number | null = null) =>
    (
      await db
        .insert(teams)
        .values({ activityId, userId: owner.id, programId, name: n, number: `${activityId}-${n}`, orgId })
        .returning()
    )[0]!;
  const tA1 = await team(a.id, sumo.id, '0001', org.id);
  const tA2 = await team(a.id, girls.id, '0002');
  const tB = await team(b.id, bProg.id, '0001', org.id);
  const tOld = await team(old.id, oldProg.id, '0001', org.id);

  let seq = 0;
  const players = (activityId: number, teamId: number, programId: number, createdAt: Date, payStatuses: number[]) =>
    db.insert(teamMembers).values(
      payStatuses.map((payStatus) => ({
        activityId,
        userId: owner.id,
        teamId,
        programId,
        name: `P${++seq}`,
        cardEnc: 'x',
        cardHash: `h${seq}`,
        cardMasked: 'm',
        payStatus,
        createdAt,
      })),
    );
  // China day 2026-03-01: 23:30 China time is still the 1st (15:30 UTC); 00:30 on the 2nd is the 1st in UTC
  await players(a.id, tA1.id, sumo.id, chinaTime('2026-03-01', 23.5), [3, 3]);
  await players(a.id, tA1.id, sumo.id, chinaTime('2026-03-02', 0.5), [0]);
  await players(a.id, tA2.id, girls.id, chinaTime('2026-03-02', 10), [7, 8]);
  await players(b.id, tB.id, bProg.id, chinaTime('2026-03-01', 9), [3, 3, 3, 1]);
  await players(old.id, tOld.id, oldProg.id, chinaTime('2026-03-01', 9), [3, 3, 3, 3, 3]);

  await buildCodes(db, a.id, 3);
  await buildCodes(db, a.id, 2, { status: 'used' });
  await buildCodes(db, a.id, 1, { status: 'void' });
  await buildCodes(db, b.id, 4, { status: 'used' });
  await buildCodes(db, old.id, 7, { status: 'used' });

  const order = async (activityId: number, no: string) =>
    (
      await db
        .insert(orders)
        .values({ orderNo: no, userId: owner.id, activityId, type: 1, status: 'paid', amountFen: 30_000, paidFen: 30_000, expiresAt: new Date() })
        .returning()
    )[0]!;
  const oA = await order(a.id, 'OA');
  const oB = await order(b.id, 'OB');
  const oOld = await order(old.id, 'OOLD');
  const entry = (orderId: number, kind: 'payment' | 'refund', amountFen: number, createdAt: Date, ref: string) =>
    db.insert(ledger).values({ orderId, kind, amountFen, channel: 'sandbox', providerRef: ref, createdAt });
  await entry(oA.id, 'payment', 30_000, chinaTime('2026-03-01', 23.5), 'p1');
  await entry(oA.id, 'refund', -9_000, chinaTime('2026-03-02', 1), 'r1');
  await entry(oB.id, 'payment', 12_345, chinaTime('2026-03-02', 12), 'p2');
  await entry(oOld.id, 'payment', 99_999, chinaTime('2026-03-02', 12), 'p3');
  return { a, b, old, sumo, girls, bProg, org };
}

describe('dashboardStats: the chart series of a season', () => {
  it('counts players per China day per activity and per program, by payStatus, codes, money and channels', async () => {
    const { a, b, sumo, girls, bProg } = await season();
    const d = await dashboardStats(t().database.db, ALL, 2026);
    expect(d.years).toEqual([2026, 2025]);
    expect(d.charts.activities.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(d.charts.programs.map((p) => p.id).sort()).toEqual([sumo.id, girls.id, bProg.id].sort());
    expect(d.charts.registrationsByActivity).toEqual([
      { day: '2026-03-01', activityId: a.id, n: 2 },
      { day: '2026-03-01', activityId: b.id, n: 4 },
      { day: '2026-03-02', activityId: a.id, n: 3 },
    ]);
    expect(d.charts.registrationsByProgram).toEqual([
      { day: '2026-03-01', programId: sumo.id, n: 2 },
      { day: '2026-03-01', programId: bProg.id, n: 4 },
      { day: '2026-03-02', programId: sumo.id, n: 1 },
      { day: '2026-03-02', programId: girls.id, n: 2 },
    ]);
    expect(d.registrations!.players).toEqual({ 0: 1, 1: 1, 2: 0, 3: 5, 4: 0, 5: 0, 6: 0, 7: 1, 8: 1, 9: 0 });
    expect(d.registrations!.teams).toBe(3);
    expect(d.charts.codes).toEqual([
      { activityId: a.id, issued: 6, used: 2 },
      { activityId: b.id, issued: 4, used: 4 },
    ]);
    expect(d.charts.money).toEqual([
      { day: '2026-03-01', revenueFen: 30_000, refundFen: 0 },
      { day: '2026-03-02', revenueFen: 12_345, refundFen: 9_000 },
    ]);
    // CHAN01: teams A1 (3 players) and B (4); without a channel: A2 (2 players); 2025 not counted
    expect(d.charts.channels).toEqual([
      { code: 'CHAN01', teams: 2, players: 7 },
      { code: null, teams: 1, players: 2 },
    ]);
  });

  it('limits every activity figure and the year list to the data scope; one activity on request', async () => {
    const { a, b, sumo, girls } = await season();
    const db = t().database.db;
    const d = await dashboardStats(db, ALL, 2026, [a.id]);
    expect(d.years).toEqual([2026]);
    expect(d.charts.activities.map((x) => x.id)).toEqual([a.id]);
    expect(d.content).toMatchObject({ activities: 1, programs: 2 });
    expect(d.registrations).toMatchObject({ teams: 2, codes: { available: 3, used: 2, void: 1 } });
    expect(Object.values(d.registrations!.players).reduce((x, y) => x + y, 0)).toBe(5); // B's 4 players are not counted
    expect(d.charts.registrationsByActivity!.every((r) => r.activityId === a.id)).toBe(true);
    expect(d.charts.registrationsByProgram!.map((r) => r.programId).sort()).toEqual([sumo.id, sumo.id, girls.id].sort());
    expect(d.charts.codes).toEqual([{ activityId: a.id, issued: 6, used: 2 }]);
    expect(d.charts.money).toEqual([
      { day: '2026-03-01', revenueFen: 30_000, refundFen: 0 },
      { day: '2026-03-02', revenueFen: 0, refundFen: 9_000 },
    ]);
    expect(d.charts.channels).toEqual([
      { code: 'CHAN01', teams: 1, players: 3 },
      { code: null, teams: 1, players: 2 },
    ]);

    // asking for B inside a scope of A shows nothing; the picker still lists A
    const outside = await dashboardStats(db, ALL, 2026, [a.id], b.id);
    expect(outside.content.activities).toBe(0);
    expect(outside.charts.registrationsByActivity).toEqual([]);
    expect(outside.charts.activities.map((x) => x.id)).toEqual([a.id]);
    // an empty scope: nothing at all
    const empty = await dashboardStats(db, ALL, 2026, []);
    expect(empty.years).toEqual([]);
    expect(empty.registrations!.teams).toBe(0);
    expect(empty.charts.money).toEqual([]);

    // unlimited, one activity: B only
    const onlyB = await dashboardStats(db, ALL, 2026, null, b.id);
    expect(onlyB.activityId).toBe(b.id);
    expect(onlyB.charts.codes).toEqual([{ activityId: b.id, issued: 4, used: 4 }]);
    expect(onlyB.charts.money).toEqual([{ day: '2026-03-02', revenueFen: 12_345, refundFen: 0 }]);
    expect(onlyB.charts.activities).toHaveLength(2);
  });

  it('gives each series only to the permission that opens its screens', async () => {
    await season();
    const d = await dashboardStats(t().database.db, ['admin.access', 'channels.manage'], 2026);
    expect(d.registrations).toBeNull();
    expect(d.charts).toMatchObject({ registrationsByActivity: null, registrationsByProgram: null, codes: null, money: null });
    expect(d.charts.channels).toHaveLength(2);
    const money = await dashboardStats(t().database.db, ['admin.access', 'payments.manage'], 2026);
    expect(money.charts.money).toHaveLength(2);
    expect(money.charts.channels).toBeNull();
  });

  it('answers through GET /api/admin/dashboard with the activity filter', async () => {
    const { b } = await season();
    const admin = await buildUser(t().database.db, { username: 'admin', roles: ['admin'] });
    const headers = await loginAs(t().app, 'admin', admin.password);
    const res = await t().app.inject({ method: 'GET', url: `/api/admin/dashboard?year=2026&activityId=${b.id}`, headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.activityId).toBe(b.id);
    expect(data.scope).toBeNull();
    expect(data.charts.registrationsByActivity).toEqual([{ day: '2026-03-01', activityId: b.id, n: 4 }]);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/dashboard?activityId=0', headers })).statusCode).toBe(400);
  });

  it('a role limited to one activity sees only that activity through the route, with per-resource view permissions', async () => {
    const { a, b } = await season();
    const db = t().database.db;
    await db.insert(staffRoles).values({
      code: 'regional',
      nameZh: '区域组织者',
      permissions: ['admin.access', 'players.view', 'redeemCodes.view', 'ledger.view', 'teams.view'],
      activityIds: [a.id],
    });
    const regional = await buildUser(db, { roles: ['member', 'regional'] });
    const headers = await loginAs(t().app, regional.phone, regional.password);
    const data = (await t().app.inject({ method: 'GET', url: '/api/admin/dashboard?year=2026', headers })).json().data;
    // the screen names whose figures these are (issue 34), not "all activities"
    expect(data.scope).toEqual([{ id: a.id, nameZh: a.nameZh, nameEn: a.nameEn }]);
    expect(data.years).toEqual([2026]);
    expect(data.charts.activities.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(Object.values(data.registrations.players as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(5);
    expect(data.charts.codes).toEqual([{ activityId: a.id, issued: 6, used: 2 }]);
    expect(data.charts.money.map((m: { revenueFen: number }) => m.revenueFen)).toEqual([30_000, 0]);
    expect(data.members).toBeNull();
    // activity B asked for by id: nothing
    const other = (await t().app.inject({ method: 'GET', url: `/api/admin/dashboard?year=2026&activityId=${b.id}`, headers })).json().data;
    expect(other.charts.registrationsByActivity).toEqual([]);
    expect(other.registrations.teams).toBe(0);
  });
});
