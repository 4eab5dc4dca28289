import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EXAM_TOKEN_RE } from '@rp/shared';
import type { Db } from '../../db/client';
import { teamMembers, teams, users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildCodes, buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';

const get = useTestApp();

let card = 0;
/** A player of the account (the card fields are not what these tests are about). */
async function player(db: Db, userId: number, activityId: number, programId: number | null, payStatus: number) {
  card += 1;
  const [m] = await db
    .insert(teamMembers)
    .values({ activityId, userId, programId, name: `P${card}`, cardEnc: 'x', cardHash: `exam-${card}`, cardMasked: 'm', payStatus })
    .returning();
  return m!;
}

async function setup(lang = 'zh') {
  const { app, database } = get();
  const { db } = database;
  const { activity, sumo, girls } = await buildRegistrationActivity(db);
  const a = await buildUser(db, { nickName: '考生甲' });
  const b = await buildUser(db, { nickName: '考生乙' });
  return {
    db,
    app,
    activity,
    sumo,
    girls,
    a,
    b,
    ca: client(app, await loginAs(app, a.phone, a.password), lang),
    cb: client(app, await loginAs(app, b.phone, b.password), lang),
  };
}

/** Spec 7.6: type 0 gives c1=1, t1=10, c2=0, t2=20; type 1 swaps the pairs. */
const TYPE_0 = { programType: 0, c1: 1, t1: 10, c2: 0, t2: 20 };
const TYPE_1 = { programType: 1, c1: 0, t1: 20, c2: 1, t2: 10 };

const check = (tempToken: unknown, lang = 'zh') =>
  get().app.inject({ method: 'POST', url: '/api/lTeamMember/sUrl/checkTempToken', headers: { 'accept-language': lang }, payload: { tempToken } });

describe('learning platform launch: temp token (spec 7.6)', () => {
  it('issues a random single-use token with the activity and the settings of a type-0 program; redeemed once, never stored in clear', async () => {
    const { db, activity, sumo, a, ca } = await setup();
    await player(db, a.id, activity.id, sumo.id, 3);
    const r = await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data;
    expect(data).toEqual({
      tempToken: expect.stringMatching(EXAM_TOKEN_RE),
      activityNo: activity.id,
      airActivity: String(activity.id),
      ...TYPE_0,
    });
    expect(r.headers['cache-control']).toBe('no-store');
    // two launches, two different tokens
    const again = (await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data.tempToken;
    expect(again).not.toBe(data.tempToken);
    // the store holds the token's hash only
    const stored = await db.execute(sql`select key, value from kv where key like 'exam:tt:%'`);
    const rows = (stored as unknown as { rows: { key: string; value: string }[] }).rows;
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.key + row.value).not.toContain(data.tempToken);

    const redeemed = await check(data.tempToken);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data).toEqual({
      userId: a.id,
      phone: a.phone,
      nickName: '考生甲',
      activityNo: activity.id,
      airActivity: String(activity.id),
      ...TYPE_0,
      codes: [],
    });
    // a replay is refused, in the caller's language
    const replay = await check(data.tempToken, 'en');
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      status: 401,
      resultCode: 0,
      code: 'EXAM_TOKEN_INVALID',
      message: 'The exam link has expired or was already used; open it again from the portal',
    });
    // the other token is still good, once
    expect((await check(again)).statusCode).toBe(200);
    expect((await check(again)).statusCode).toBe(401);
  });

  it('a program of type 1 swaps the settings; a registered player decides before an unpaid one; withdrawn players and no player give type 0', async () => {
    const { db, activity, sumo, girls, a, b, ca, cb } = await setup();
    const token = async (c: typeof ca) => (await c.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data;
    // an unpaid sumo player first, a registered girls' player later: the registered one's program counts
    await player(db, a.id, activity.id, sumo.id, 0);
    await player(db, a.id, activity.id, girls.id, 9);
    const t1 = await token(ca);
    expect(t1).toMatchObject(TYPE_1);
    expect((await check(t1.tempToken)).json().data).toMatchObject(TYPE_1);

    // b: a team but no player → type 0; a withdrawn girls' player does not count either
    await db.insert(teams).values({ activityId: activity.id, userId: b.id, programId: girls.id, name: 'Falcons', number: `${activity.id}-0001` });
    await player(db, b.id, activity.id, girls.id, 5);
    expect(await token(cb)).toMatchObject(TYPE_0);
  });

  it('a token names the account that asked for it, whoever presents it; an expired, unknown or malformed token is refused', async () => {
    const { db, activity, sumo, a, b, ca, cb } = await setup();
    await player(db, a.id, activity.id, sumo.id, 3);
    await player(db, b.id, activity.id, sumo.id, 3);
    const ta = (await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data.tempToken;
    const tb = (await cb.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data.tempToken;
    // b presenting a's token (with b's own session) learns a's launch, not b's, and a's token is then spent
    const asB = await cb.post('/api/lTeamMember/sUrl/checkTempToken', { tempToken: ta });
    expect(asB.json().data).toMatchObject({ userId: a.id, phone: a.phone });
    expect((await check(ta)).statusCode).toBe(401);
    expect((await check(tb)).json().data).toMatchObject({ userId: b.id, phone: b.phone });

    const expiring = (await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data.tempToken;
    await db.execute(sql`update kv set expires_at = now() - interval '1 second' where key like 'exam:tt:%'`);
    expect((await check(expiring)).json().code).toBe('EXAM_TOKEN_INVALID');
    expect((await check('A'.repeat(43))).json().code).toBe('EXAM_TOKEN_INVALID');
    for (const bad of ['', 'short', 'A'.repeat(42) + '=', 'A'.repeat(200), 5, null, '\u0000'.repeat(43)]) {
      const r = await check(bad);
      expect({ bad, status: r.statusCode }).toEqual({ bad, status: 400 });
    }
    // a token of an account disabled since is refused
    const late = (await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data.tempToken;
    await db.update(users).set({ status: 0 }).where(eq(users.id, a.id));
    expect((await check(late)).json().code).toBe('EXAM_TOKEN_INVALID');
  });

  it('only for an activity the account registered in: unknown or disabled → 404, none of its own → 404 EXAM_NOT_AVAILABLE, visitor → 401; rate-limited', async () => {
    const { app, db, activity, sumo, a, ca, cb } = await setup('en');
    await player(db, a.id, activity.id, sumo.id, 3);
    const unknown = await ca.get('/api/lTeamMember/web/tempToken?activityNo=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ACTIVITY_NOT_FOUND');
    const disabled = await buildActivity(db, { enabled: false });
    expect((await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${disabled.id}`)).statusCode).toBe(404);
    const none = await cb.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: 'EXAM_NOT_AVAILABLE',
      message: 'You have no team or player in this activity yet; register one to take the exam',
    });
    for (const q of ['', '?activityNo=x', '?activityNo=1.5', '?activityNo=99999999999']) {
      expect((await ca.get(`/api/lTeamMember/web/tempToken${q}`)).statusCode).toBe(400);
    }
    const visitor = await app.inject({ method: 'GET', url: `/api/lTeamMember/web/tempToken?activityNo=${activity.id}` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('UNAUTHORIZED');

    // 20 a minute per account (the two 404s above counted too; a 400 is refused before the count)
    let last = 0;
    for (let i = 0; i < 20; i++) last = (await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).statusCode;
    expect(last).toBe(429);
  });
});

describe('findAirCodes (spec 7.5, 7.6)', () => {
  it('returns JSON text of the caller’s own codes of the activity: owned (not void) and those its players redeemed; never another account’s', async () => {
    const { db, activity, sumo, a, b, ca, cb } = await setup();
    const other = await buildActivity(db);
    const own = await buildCodes(db, activity.id, 2, { ownerUserId: a.id, type: 10 });
    const usedOwn = await buildCodes(db, activity.id, 1, { ownerUserId: a.id, type: 20, status: 'used' });
    await buildCodes(db, activity.id, 1, { ownerUserId: a.id, status: 'void' });
    await buildCodes(db, other.id, 1, { ownerUserId: a.id });
    const p = await player(db, a.id, activity.id, sumo.id, 3);
    const universal = await buildCodes(db, activity.id, 1, { status: 'used', memberId: p.id });
    const theirs = await buildCodes(db, activity.id, 2, { ownerUserId: b.id });
    await buildCodes(db, activity.id, 3); // issue-by-admin codes nobody has used

    const r = await ca.post('/api/lTeamMember/sUrl/findAirCodes', { activityNo: activity.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(typeof r.json().data).toBe('string');
    const entries = JSON.parse(r.json().data);
    const expected = [...own, ...usedOwn, ...universal].map((c) => ({ codeName: c.codeName, type: c.type }));
    expect(entries).toEqual(expected);
    expect(Object.keys(entries[0]).sort()).toEqual(['codeName', 'type']);

    const rb = JSON.parse((await cb.post('/api/lTeamMember/sUrl/findAirCodes', { activityNo: String(activity.id) })).json().data);
    expect(rb).toEqual(theirs.map((c) => ({ codeName: c.codeName, type: c.type })));

    // the learning site's redemption carries the same codes, as a list
    const t = (await ca.get(`/api/lTeamMember/web/tempToken?activityNo=${activity.id}`)).json().data.tempToken;
    expect((await check(t)).json().data.codes).toEqual(expected);
  });

  it('an account without codes gets "[]"; unknown activity → 404; a visitor → 401 before the body is read', async () => {
    const { app, activity, cb } = await setup();
    expect((await cb.post('/api/lTeamMember/sUrl/findAirCodes', { activityNo: activity.id })).json().data).toBe('[]');
    expect((await cb.post('/api/lTeamMember/sUrl/findAirCodes', { activityNo: 999999 })).statusCode).toBe(404);
    expect((await cb.post('/api/lTeamMember/sUrl/findAirCodes', { activityNo: 'x' })).statusCode).toBe(400);
    const visitor = await app.inject({ method: 'POST', url: '/api/lTeamMember/sUrl/findAirCodes', payload: { activityNo: '\u0000' } });
    expect(visitor.statusCode).toBe(401);
  });
});
