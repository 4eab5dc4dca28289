import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, auditLog, teamMembers } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';

const t = useTestApp();

/** A returning coach (issue 24): findHistory / findHistoryV2, copying with fromMemberId, sUrl/updateMemberHead. */
async function setup() {
  const db = t().database.db;
  const last = await buildRegistrationActivity(db, { nameZh: '去年的比赛', nameEn: 'Last season' });
  const next = await buildRegistrationActivity(db, { nameZh: '今年的比赛', nameEn: 'This season' });
  const coach = await buildUser(db);
  const other = await buildUser(db);
  const h = await loginAs(t().app, coach.phone, coach.password);
  const xh = await loginAs(t().app, other.phone, other.password);
  const call = (hh: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'zh') =>
    t().app.inject({ method, url, headers: { ...hh, 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const avatar = async (hh: Record<string, string>, activityId: number) => {
    const up = multipart([
      { name: 'phone', value: '选手1700000000' },
      { name: 'activityId', value: String(activityId) },
      { name: 'file', filename: 'a.jpg', data: await makeImage('jpeg') },
    ]);
    const r = await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...hh, ...up.headers }, payload: up.payload });
    return r.json().data as string;
  };
  const add = async (hh: Record<string, string>, activityId: number, over: Record<string, unknown>) => {
    const r = await call(hh, 'POST', '/api/lTeamMember/web/create', {
      activityId,
      name: '张小明',
      cardType: 0,
      emerName: '张妈妈',
      emerPhone: '13800138000',
      ...over,
    });
    if (r.statusCode !== 200) throw new Error(r.body);
    return r.json().data as { id: number; card: string; headImg: string | null };
  };
  return { db, last, next, h, xh, call, avatar, add };
}

describe('a returning coach finds last season’s players (issue 24)', () => {
  it('findHistory lists only the account’s own players of other activities, one per person, masked, newest first', async () => {
    const s = await setup();
    const photo = await s.avatar(s.h, s.last.activity.id);
    const ming = await s.add(s.h, s.last.activity.id, { name: '张小明', card: idCard('20120315'), headImg: photo });
    await s.add(s.h, s.last.activity.id, { name: '李小红', card: idCard('20130101', true) });
    await s.add(s.h, s.last.activity.id, { name: 'Passport Kid', cardType: 1, card: 'E12345678', birth: '2013-05-06' });
    await s.add(s.xh, s.last.activity.id, { name: '别人家的', card: idCard('20120316') }); // another account's
    // the same child in a third activity of the coach: listed once (the latest row)
    const third = await buildRegistrationActivity(s.db, { nameZh: '春季赛', nameEn: 'Spring cup' });
    const again = await s.add(s.h, third.activity.id, { name: '张小明', card: idCard('20120315') });
    // already copied into this season: still listed, marked
    await s.add(s.h, s.next.activity.id, { name: '李小红', card: idCard('20130101', true) });

    const r = await s.call(s.h, 'GET', `/api/lTeamMember/web/findHistory?activityId=${s.next.activity.id}`, undefined, 'en');
    expect(r.statusCode).toBe(200);
    const list = r.json().content as { id: number; name: string; card: string; headImg: string | null; activity: { name: string }; inActivity: boolean }[];
    expect(list.map((x) => x.name)).toEqual(['张小明', 'Passport Kid', '李小红']);
    expect(list[0]).toMatchObject({ id: again.id, activity: { name: 'Spring cup' }, inActivity: false });
    expect(list.find((x) => x.name === '李小红')!.inActivity).toBe(true);
    expect(list.find((x) => x.name === 'Passport Kid')).toMatchObject({ cardType: 1, birthDay: '2013-05-06', card: 'E12**5678' });
    // masked: the whole number never travels
    expect(r.body).not.toContain(idCard('20120315'));
    expect(r.body).not.toContain('E12345678');
    for (const x of list) expect(x.card).toMatch(/\*/);
    expect(r.body).not.toContain('别人家的');
    // the earlier row with the photo is found by its name too (V2: paged, filtered)
    const v2 = await s.call(s.h, 'POST', '/api/lTeamMember/web/findHistoryV2', { activityId: s.last.activity.id, page: 0, size: 1 });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ totalElements: 2, totalPages: 2, number: 0, size: 1 });
    expect(v2.json().content[0]).toMatchObject({ name: '李小红', activity: { name: '今年的比赛' } }); // this season's row is the newest
    const named = await s.call(s.h, 'POST', '/api/lTeamMember/web/findHistoryV2', { activityId: third.activity.id, name: '小明' });
    expect(named.json().content).toEqual([expect.objectContaining({ id: ming.id, headImg: photo, activity: { id: s.last.activity.id, name: '去年的比赛' } })]);
    // visitors: 401; an unknown activity: 404
    expect((await t().app.inject({ method: 'GET', url: `/api/lTeamMember/web/findHistory?activityId=${s.next.activity.id}` })).statusCode).toBe(401);
    expect((await s.call(s.h, 'GET', '/api/lTeamMember/web/findHistory?activityId=999999')).statusCode).toBe(404);
  });

  it('copies an earlier player with their photo: the number taken on the server, encrypted again, answered masked', async () => {
    const s = await setup();
    const card = idCard('20120315');
    const photo = await s.avatar(s.h, s.last.activity.id);
    const earlier = await s.add(s.h, s.last.activity.id, { card, headImg: photo });
    const team = (await s.call(s.h, 'POST', '/api/lTeam/web/create', { activityId: s.next.activity.id, name: '新队', program: { id: s.next.sumo.id } })).json()
      .data;

    const copy = await s.call(s.h, 'POST', '/api/lTeamMember/web/create', {
      activityId: s.next.activity.id,
      name: '张小明',
      card: '',
      fromMemberId: earlier.id,
      headImg: photo,
      emerPhone: '13800138000',
      team: { id: team.id },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({ birth: 20120315, gender: 'M', headImg: photo, team: { id: team.id } });
    const [src] = await s.db.select().from(teamMembers).where(eq(teamMembers.id, earlier.id));
    const [row] = await s.db.select().from(teamMembers).where(eq(teamMembers.id, copy.json().data.id));
    expect(row!.activityId).toBe(s.next.activity.id);
    expect(row!.cardEnc).not.toBe(src!.cardEnc); // encrypted again, not copied
    expect(t().app.deps.pii.decrypt(row!.cardEnc)).toBe(card);
    expect(row!.cardHash).toBe(src!.cardHash);
    expect(row!.cardMasked).toBe(src!.cardMasked);
    expect(copy.json().data.card).toBe(src!.cardMasked);
    expect(copy.body).not.toContain(card);
    // the same person again in this activity: the usual 409
    const dup = await s.call(s.h, 'POST', '/api/lTeamMember/web/create', { activityId: s.next.activity.id, name: '张小明', fromMemberId: earlier.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DUPLICATE_PLAYER');
  });

  it('refuses another account’s player (404), keeps every limit and the activity window', async () => {
    const s = await setup();
    const theirs = await s.add(s.xh, s.last.activity.id, { card: idCard('20120315') });
    const other = await s.call(s.h, 'POST', '/api/lTeamMember/web/create', { activityId: s.next.activity.id, name: '张小明', fromMemberId: theirs.id });
    expect(other.statusCode).toBe(404);
    expect(await s.db.select().from(teamMembers).where(eq(teamMembers.activityId, s.next.activity.id))).toHaveLength(0);

    const mine = await Promise.all([1, 2, 3, 4].map((i) => s.add(s.h, s.last.activity.id, { name: `P${i}`, card: idCard('20120315', false, 10 + i) })));
    // team size: sumo takes 3
    const team = (await s.call(s.h, 'POST', '/api/lTeam/web/create', { activityId: s.next.activity.id, name: '满队', program: { id: s.next.sumo.id } })).json()
      .data;
    for (const m of mine.slice(0, 3))
      expect(
        (await s.call(s.h, 'POST', '/api/lTeamMember/web/create', { activityId: s.next.activity.id, name: 'x', fromMemberId: m.id, team: { id: team.id } }))
          .statusCode,
      ).toBe(200);
    const full = await s.call(s.h, 'POST', '/api/lTeamMember/web/create', {
      activityId: s.next.activity.id,
      name: 'x',
      fromMemberId: mine[3]!.id,
      team: { id: team.id },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('TEAM_FULL');
    // the activity's player limit
    await s.db.update(activities).set({ playerLimit: 3 }).where(eq(activities.id, s.next.activity.id));
    const limit = await s.call(s.h, 'POST', '/api/lTeamMember/web/create', { activityId: s.next.activity.id, name: 'x', fromMemberId: mine[3]!.id });
    expect(limit.statusCode).toBe(409);
    expect(limit.json().code).toBe('PLAYER_LIMIT');
    // sign-up ended
    await s.db
      .update(activities)
      .set({ playerLimit: 0, signUpEnd: new Date(Date.now() - 1000) })
      .where(eq(activities.id, s.next.activity.id));
    const closed = await s.call(s.h, 'POST', '/api/lTeamMember/web/create', { activityId: s.next.activity.id, name: 'x', fromMemberId: mine[3]!.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('REGISTRATION_CLOSED');
  });

  it('sUrl/updateMemberHead sets one own player’s photo from an own upload; another’s player or file is refused', async () => {
    const s = await setup();
    const mine = await s.add(s.h, s.next.activity.id, { card: idCard('20120315') });
    const theirs = await s.add(s.xh, s.next.activity.id, { card: idCard('20120316') });
    const myPhoto = await s.avatar(s.h, s.next.activity.id);
    const theirPhoto = await s.avatar(s.xh, s.next.activity.id);
    const url = '/api/lTeamMember/sUrl/updateMemberHead';
    expect((await s.call(s.h, 'POST', url, { memberId: theirs.id, headImg: myPhoto })).statusCode).toBe(404);
    const notOwn = await s.call(s.h, 'POST', url, { memberId: mine.id, headImg: theirPhoto });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().fieldErrors).toHaveProperty('headImg');
    const r = await s.call(s.h, 'POST', url, { memberId: mine.id, headImg: myPhoto });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ memberId: mine.id, headImg: myPhoto });
    const [row] = await s.db.select().from(teamMembers).where(eq(teamMembers.id, mine.id));
    expect(row!.headImg).toBe(myPhoto);
    const [theirRow] = await s.db.select().from(teamMembers).where(eq(teamMembers.id, theirs.id));
    expect(theirRow!.headImg).toBeNull();
    expect((await s.db.select().from(auditLog).where(eq(auditLog.action, 'updateMemberHead'))).length).toBe(1);
  });
});
