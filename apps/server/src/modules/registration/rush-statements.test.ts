import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, redeemCodes, teamMembers, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { allStatementsOf } from '../../test/statements';
import { client, newTeam, playerBody, setupLimits } from './limits.helpers';

/**
 * What a registration costs in SQL statements (issue 39 item 3, rush paths; bench:rush measures the same under
 * load): a new player with a code, written and redeemed in one call, inside and outside its transaction.
 */
const t = useTestApp();

describe('registration statements (rush paths)', () => {
  it('a new player with a code costs at most 10 statements (session, idempotency and answer included) and is written, redeemed and audited', async () => {
    const { database } = t();
    const { db } = database;
    const s = await setupLimits(db, t().app, { max: 2 });
    const c = client(t().app, { ...s.h });
    const team = await newTeam(c, s.activity.id, s.program.id);
    await db.insert(redeemCodes).values({ activityId: s.activity.id, codeName: 'RUSHSTMT01', type: 0 });
    let body: { data: { id: number; payStatus: number; code: string; team: { status: number } } } | undefined;
    const sent = await allStatementsOf(database, async () => {
      const r = await t().app.inject({
        method: 'POST',
        url: '/api/lTeamMember/web/create',
        headers: { ...s.h, 'accept-language': 'en', 'idempotency-key': 'rush-statements-1' },
        payload: playerBody(s.activity.id, { team: { id: team.id }, program: { id: s.program.id }, code: ' RUSHSTMT01 ' }),
      });
      expect(r.statusCode, r.body).toBe(200);
      body = r.json();
    });
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(10);
    // the same effects as a create followed by a redemption
    const id = body!.data.id;
    expect(body!.data).toMatchObject({ payStatus: 3, code: 'RUSHSTMT01' });
    const [m] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
    expect(m).toMatchObject({ payStatus: 3, code: 'RUSHSTMT01', teamId: team.id });
    const [code] = await db.select().from(redeemCodes).where(eq(redeemCodes.codeName, 'RUSHSTMT01'));
    expect(code).toMatchObject({ status: 'used', memberId: id });
    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'teamMembers'), eq(auditLog.recordId, String(id))))
      .orderBy(auditLog.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'redeem']);
    expect(JSON.parse(trail[0]!.after!)).toMatchObject({ payStatus: 0, code: null });
    expect(JSON.parse(trail[1]!.before!)).toEqual({ payStatus: 0, code: null });
    // the team's status follows its head count (1 of 2: forming), then full at its maximum
    expect((await db.select({ s: teams.status }).from(teams).where(eq(teams.id, team.id)))[0]!.s).toBe(1);
    const second = await c.post(
      '/api/lTeamMember/web/create',
      playerBody(s.activity.id, { name: 'Li Xiaohong', team: { id: team.id }, program: { id: s.program.id } }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect((await db.select({ s: teams.status }).from(teams).where(eq(teams.id, team.id)))[0]!.s).toBe(2);
  });

  it('a used code leaves nothing written: the player is not saved and the code keeps its first player', async () => {
    const { db } = t().database;
    const s = await setupLimits(db, t().app);
    const c = client(t().app, { ...s.h });
    const team = await newTeam(c, s.activity.id, s.program.id);
    await db.insert(redeemCodes).values({ activityId: s.activity.id, codeName: 'RUSHSTMT02', type: 0 });
    const first = await c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id }, code: 'RUSHSTMT02' }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await c.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { name: 'Li Xiaohong', team: { id: team.id }, code: 'RUSHSTMT02' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CODE_ALREADY_USED');
    expect(await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(1);
    const [code] = await db.select().from(redeemCodes).where(eq(redeemCodes.codeName, 'RUSHSTMT02'));
    expect(code!.memberId).toBe(first.json().data.id);
  });
});
