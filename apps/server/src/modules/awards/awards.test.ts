import { describe, expect, it } from 'vitest';
import { publicBase } from '../../lib/public-base';
import { and, eq } from 'drizzle-orm';
import { CERT_CODE_RE } from '@rp/shared';
import { auditLog, certificates, messages, scores, teamMembers, users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildProgram, buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { awardsSetup, buildTeam } from './awards.helpers';

const get = useTestApp();
const setup = (lang = 'zh') => awardsSetup(get().app, get().database.db, lang);

describe('judges and scores (issue 13; spec 7.4 team/score)', () => {
  it("staff register a judge by phone (the judge role follows); unknown phone, a second time, another activity's program are refused", async () => {
    const { staff, activity, sumo, judgeUser } = await setup('en');
    const [u] = await get().database.db.select().from(users).where(eq(users.id, judgeUser.id));
    expect(u!.roles).toContain('judge');
    const again = await staff.post('/api/admin/judges', { activityId: activity.id, programId: sumo.id, phone: judgeUser.phone });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'JUDGE_ALREADY', message: 'This account already judges this program of the activity' });
    const nobody = await staff.post('/api/admin/judges', { activityId: activity.id, programId: null, phone: '13900000000' });
    expect(nobody.statusCode).toBe(404);
    const other = await buildActivity(get().database.db);
    const otherProgram = await buildProgram(get().database.db, other.id);
    expect((await staff.post('/api/admin/judges', { activityId: activity.id, programId: otherProgram.id, phone: judgeUser.phone })).json().code).toBe(
      'AWARD_WRONG_ACTIVITY',
    );
    expect((await staff.get(`/api/admin/judges?activityId=${activity.id}`)).json().data).toHaveLength(1);
  });

  it('a judge scores the teams of their program, one score per round; out of range, another program → 4xx and nothing written', async () => {
    const { judge, a, b, g, activity } = await setup();
    const list = await judge.get(`/api/lTeam/team/judging?activityId=${activity.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((t: { teamId: number }) => t.teamId)
        .sort(),
    ).toEqual([a.team.id, b.team.id].sort()); // not the girls' team
    expect((await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 87.5 })).json().data).toEqual({
      teamId: a.team.id,
      round: 1,
      score: 87.5,
    });
    const girls = await judge.post('/api/lTeam/team/score', { teamId: g.team.id, round: 1, score: 50 });
    expect(girls.statusCode).toBe(403);
    expect(girls.json().code).toBe('JUDGE_NOT_ASSIGNED');
    for (const body of [
      { teamId: b.team.id, round: 1, score: 100.01 },
      { teamId: b.team.id, round: 1, score: -1 },
      { teamId: b.team.id, round: 1, score: 12.345 },
      { teamId: b.team.id, round: 0, score: 10 },
      { teamId: b.team.id, round: 21, score: 10 },
      { teamId: b.team.id, round: 1, score: '10' },
      { teamId: b.team.id, round: 1, score: 1e308 },
      { teamId: 99999999999, round: 1, score: 1 },
    ]) {
      const r = await judge.post('/api/lTeam/team/score', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await judge.post('/api/lTeam/team/score', { teamId: 2147483647, round: 1, score: 1 })).statusCode).toBe(404);
    expect(await get().database.db.select().from(scores)).toHaveLength(1);
    expect(
      (await judge.get(`/api/lTeam/team/judging?activityId=${activity.id}`)).json().data.find((t: { teamId: number }) => t.teamId === a.team.id).mine,
    ).toEqual({ 1: 87.5 });
  });

  it('members cannot score; a judge of another activity cannot see or score this one', async () => {
    const { owner, a, activity } = await setup();
    expect((await owner.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 1 })).statusCode).toBe(403);
    const other = await buildActivity(get().database.db);
    const u = await buildUser(get().database.db, { roles: ['admin'] });
    const staff = client(get().app, await loginAs(get().app, u.phone, u.password));
    const j = await buildUser(get().database.db);
    await staff.post('/api/admin/judges', { activityId: other.id, programId: null, phone: j.phone });
    const elsewhere = client(get().app, await loginAs(get().app, j.phone, j.password));
    expect((await elsewhere.get(`/api/lTeam/team/judging?activityId=${activity.id}`)).statusCode).toBe(403);
    expect((await elsewhere.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 1 })).json().code).toBe('JUDGE_NOT_ASSIGNED');
  });

  it("ranking: per round the judges' mean, summed; ties share a rank; public only once staff publish", async () => {
    const { app, database } = get();
    const { judge, staff, a, b, activity, sumo } = await setup();
    const second = await buildUser(database.db);
    await staff.post('/api/admin/judges', { activityId: activity.id, programId: null, phone: second.phone });
    const judge2 = client(app, await loginAs(app, second.phone, second.password));
    const c = await buildTeam(database.db, activity.id, sumo.id, (await buildUser(database.db)).id);
    // a: round 1 (80, 90) → 85, round 2 (70) → 70: 155; b: round 1 (100, 95) → 97.5, round 2 57.5: 155; c: 40
    await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 80 });
    await judge2.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 90 });
    await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 2, score: 70 });
    await judge.post('/api/lTeam/team/score', { teamId: b.team.id, round: 1, score: 100 });
    await judge2.post('/api/lTeam/team/score', { teamId: b.team.id, round: 1, score: 95 });
    await judge.post('/api/lTeam/team/score', { teamId: b.team.id, round: 2, score: 57.5 });
    await judge2.post('/api/lTeam/team/score', { teamId: c.team.id, round: 1, score: 40 });
    const url = `/api/lAward/web/ranking?activityId=${activity.id}&programId=${sumo.id}`;
    const hidden = await app.inject({ method: 'GET', url });
    expect(hidden.json().data).toEqual({ published: false, rows: [] });
    const rows = (await staff.get(url)).json().data.rows;
    expect(rows.map((r: { rank: number; teamId: number; total: number }) => [r.rank, r.total])).toEqual([
      [1, 155],
      [1, 155],
      [3, 40],
    ]);
    expect(rows.find((r: { teamId: number }) => r.teamId === b.team.id).rounds).toEqual({ 1: 97.5, 2: 57.5 });
    expect((await staff.post('/api/admin/results/publish', { activityId: activity.id, programId: sumo.id })).statusCode).toBe(200);
    const open = (await app.inject({ method: 'GET', url })).json().data;
    expect(open.published).toBe(true);
    expect(open.rows).toHaveLength(3);
  });
});

describe('judges and scores: ranges, corrections, the judge’s message (issue 24)', () => {
  it('staff adding a judge sends the judge a system message in both languages that says where to score', async () => {
    const { judgeUser, activity } = await setup();
    const rows = await get().database.db.select().from(messages).where(eq(messages.receiverId, judgeUser.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 1, titleZh: `您已被设为裁判：${activity.nameZh}` });
    expect(rows[0]!.contentZh).toContain('「评分」');
    expect(rows[0]!.contentEn).toContain('“Scoring” in the user menu');
    expect(rows[0]!.titleEn).toMatch(/^You are a judge: /);
  });

  it('150 is refused on the score field with the range, in the reader’s language; nothing becomes 100', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { judge, a } = await setup(lang);
      const r = await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 150 });
      expect(r.statusCode).toBe(400);
      expect(r.json().fieldErrors).toEqual({ score: lang === 'zh' ? '分数须在 0 到 100 之间' : 'The score must be between 0 and 100' });
      const decimals = await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 12.345 });
      expect(decimals.json().fieldErrors).toEqual({ score: lang === 'zh' ? '分数最多保留两位小数' : 'A score has at most two decimals' });
      expect(await get().database.db.select().from(scores).where(eq(scores.teamId, a.team.id))).toHaveLength(0);
    }
  });

  it('a judge corrects a score (audited) until the results are published; then 409 with a clear message', async () => {
    const { judge, judgeUser, staff, a, b, activity, sumo } = await setup('en');
    expect((await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 87.5 })).statusCode).toBe(200);
    const fixed = await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 78.5 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toEqual({ teamId: a.team.id, round: 1, score: 78.5 });
    const rows = await get().database.db.select().from(scores).where(eq(scores.teamId, a.team.id));
    expect(rows.map((r) => r.points)).toEqual([7850]);
    const trail = await get()
      .database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'scores'), eq(auditLog.recordId, String(rows[0]!.id))));
    expect(trail).toMatchObject([{ userId: judgeUser.id, action: 'update', before: JSON.stringify({ score: 87.5 }), after: JSON.stringify({ score: 78.5 }) }]);
    expect(
      (await judge.get(`/api/lTeam/team/judging?activityId=${activity.id}`)).json().data.find((t: { teamId: number }) => t.teamId === a.team.id).mine,
    ).toEqual({
      1: 78.5,
    });
    expect((await staff.post('/api/admin/results/publish', { activityId: activity.id, programId: sumo.id })).statusCode).toBe(200);
    const late = await judge.post('/api/lTeam/team/score', { teamId: a.team.id, round: 1, score: 99 });
    expect(late.statusCode).toBe(409);
    expect((await judge.get(`/api/lTeam/team/judging?activityId=${activity.id}`)).json().data.every((t: { published: boolean }) => t.published)).toBe(true);
    expect(late.json()).toMatchObject({ code: 'SCORE_PUBLISHED', message: 'The results of this program are published: scores can no longer change' });
    // a first score after publication is refused the same way; nothing changed
    expect((await judge.post('/api/lTeam/team/score', { teamId: b.team.id, round: 1, score: 50 })).json().code).toBe('SCORE_PUBLISHED');
    expect((await get().database.db.select().from(scores).where(eq(scores.activityId, activity.id))).map((r) => r.points)).toEqual([7850]);
  });
});

describe('awards and certificates (issue 13)', () => {
  async function withAward(s: Awaited<ReturnType<typeof setup>>, over: Record<string, unknown> = {}) {
    const r = await s.staff.post('/api/admin/awards', {
      activityId: s.activity.id,
      nameZh: '一等奖',
      nameEn: 'First prize',
      rank: 1,
      kind: 'team',
      promotes: false,
      ...over,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as number;
  }

  it('grants an award to teams by id and number with unguessable certCodes; anyone verifies a code in their language; a second grant is refused', async () => {
    const s = await setup('en');
    const awardId = await withAward(s, { promotes: true });
    const r = await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id], teamNumbers: [s.b.team.number] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().resultStr).toBe('2 certificates issued');
    const certs = r.json().data;
    expect(certs).toHaveLength(2);
    for (const c of certs) {
      expect(c.certCode).toMatch(CERT_CODE_RE);
      expect(c.voucher).toMatch(/^P[2-9A-Z]{11}$/);
    }
    expect(new Set(certs.map((c: { certCode: string }) => c.certCode)).size).toBe(2);
    const { app } = get();
    const zh = await app.inject({ method: 'GET', url: `/api/lAward/verifyCertCode?certCode=${certs[0].certCode}`, headers: { 'accept-language': 'zh' } });
    expect(zh.statusCode).toBe(200);
    expect(zh.json().data).toMatchObject({ certCode: certs[0].certCode, kind: 'team', awardName: '一等奖', programName: '技能相扑赛', status: 'valid' });
    expect(zh.json().data.voucher).toBeUndefined();
    const en = await app.inject({
      method: 'GET',
      url: `/api/lAward/verifyCertCode?certCode=${certs[0].certCode.toLowerCase()}`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().data).toMatchObject({ awardName: 'First prize', programName: 'Skill-based Sumo' });
    const twice = await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('AWARD_ALREADY_GRANTED');
    expect(await get().database.db.select().from(certificates)).toHaveLength(2);
  });

  it('refuses a team of another activity, an unknown award, a withdrawn player, nothing to grant — and writes nothing', async () => {
    const s = await setup();
    const awardId = await withAward(s);
    const other = await buildActivity(get().database.db);
    const p = await buildProgram(get().database.db, other.id);
    const stranger = await buildTeam(get().database.db, other.id, p.id, s.coach.id);
    const wrong = await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id, stranger.team.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'AWARD_WRONG_ACTIVITY', message: '队伍、选手或奖项不属于该活动' });
    expect((await s.staff.post('/api/admin/awards/grant', { awardId, teamNumbers: ['nope'] })).json().code).toBe('AWARD_WRONG_ACTIVITY');
    expect((await s.staff.post('/api/admin/awards/grant', { awardId: 2147483647, teamIds: [s.a.team.id] })).statusCode).toBe(404);
    expect((await s.staff.post('/api/admin/awards/grant', { awardId })).statusCode).toBe(400);
    await get().database.db.update(teamMembers).set({ payStatus: 5 }).where(eq(teamMembers.id, s.a.members[0]!.id));
    const playerAward = await withAward(s, { kind: 'player' });
    const withdrawn = await s.staff.post('/api/admin/awards/grant', { awardId: playerAward, memberIds: [s.a.members[1]!.id, s.a.members[0]!.id] });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().code).toBe('AWARD_WITHDRAWN_PLAYER');
    expect(await get().database.db.select().from(certificates)).toHaveLength(0);
    // members are not staff
    expect((await s.owner.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] })).statusCode).toBe(403);
  });

  it('reissue voids the old certCode; unknown or malformed codes are a 4xx', async () => {
    const s = await setup('en');
    const awardId = await withAward(s, { kind: 'player' });
    const [cert] = (await s.staff.post('/api/admin/awards/grant', { awardId, memberIds: [s.a.members[0]!.id] })).json().data;
    const again = await s.staff.post(`/api/admin/certificates/${cert.id}/reissue`, {});
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json().data;
    expect(fresh.certCode).not.toBe(cert.certCode);
    expect(fresh).toMatchObject({ name: 'Ann', kind: 'player', teamName: s.a.team.name });
    const { app } = get();
    const old = await app.inject({ method: 'GET', url: `/api/lAward/verifyCertCode?certCode=${cert.certCode}`, headers: { 'accept-language': 'en' } });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'CERT_NOT_FOUND', message: 'No valid certificate has this number' });
    expect((await app.inject({ method: 'GET', url: `/api/lAward/verifyCertCode?certCode=${fresh.certCode}` })).statusCode).toBe(200);
    expect((await s.staff.post(`/api/admin/certificates/${cert.id}/reissue`, {})).statusCode).toBe(404);
    // a promoting award's voucher moves to the reissued certificate
    const promoting = (
      await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '晋级奖', nameEn: 'Promotion', kind: 'team', promotes: true })
    ).json().data.id;
    const [team] = (await s.staff.post('/api/admin/awards/grant', { awardId: promoting, teamIds: [s.a.team.id] })).json().data;
    const moved = await s.staff.post(`/api/admin/certificates/${team.id}/reissue`, {});
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.voucher).toBe(team.voucher);
    for (const bad of ['', '1', 'X'.repeat(200), '0OIL0OIL0OIL0OIL', '%00', "'or'1'='1"]) {
      const r = await app.inject({ method: 'GET', url: `/api/lAward/verifyCertCode?certCode=${encodeURIComponent(bad)}` });
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it('a coach sees the certificates of their team and its players; another member gets a 404', async () => {
    const s = await setup();
    const teamAward = await withAward(s);
    const playerAward = await withAward(s, { kind: 'player', nameZh: '最佳选手', nameEn: 'Best player' });
    await s.staff.post('/api/admin/awards/grant', { awardId: teamAward, teamIds: [s.a.team.id, s.b.team.id] });
    await s.staff.post('/api/admin/awards/grant', { awardId: playerAward, memberIds: [s.a.members[1]!.id] });
    const mine = await s.owner.get(`/api/lTeam/team/findTeamCertCode?teamId=${s.a.team.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((c: { kind: string; name: string }) => [c.kind, c.name])).toEqual([
      ['team', s.a.team.name],
      ['player', 'Ben'],
    ]);
    const stranger = await buildUser(get().database.db);
    const other = client(get().app, await loginAs(get().app, stranger.phone, stranger.password));
    expect((await other.get(`/api/lTeam/team/findTeamCertCode?teamId=${s.a.team.id}`)).statusCode).toBe(404);
    // every certificate of the account in one list; none of them for another member
    expect((await s.owner.get('/api/lAward/web/mine')).json().data.map((c: { name: string }) => c.name)).toEqual(['Ben', s.b.team.name, s.a.team.name]);
    expect((await other.get('/api/lAward/web/mine')).json().data).toEqual([]);
    const list = await get().app.inject({ method: 'GET', url: `/api/lAward/web/list?activityId=${s.activity.id}`, headers: { 'accept-language': 'en' } });
    expect(list.json().content.map((a: { name: string }) => a.name)).toEqual(['First prize', 'Best player']);
  });

  it('an award needs both names and a known kind', async () => {
    const s = await setup();
    const r = await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '一等奖', nameEn: '', kind: 'team' });
    expect(r.statusCode).toBe(400);
    const k = await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '一等奖', nameEn: 'First', kind: 'dragon' });
    expect(k.statusCode).toBe(400);
  });
});

describe('the certificate picture (spec 2.7)', () => {
  it('is a 1600×1131 PNG whose QR code opens the verification page; named by the spec rule; unknown or malformed codes are a 4xx', async () => {
    const sharp = (await import('sharp')).default;
    const jsQR = (await import('jsqr')).default;
    const s = await setup();
    const awardId = (await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '一等奖', nameEn: 'First prize', kind: 'player' })).json()
      .data.id;
    const [cert] = (await s.staff.post('/api/admin/awards/grant', { awardId, memberIds: [s.a.members[0]!.id] })).json().data;
    const { app } = get();
    const r = await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="certificate-${cert.certCode}.png"; filename*=UTF-8''${encodeURIComponent(`${s.a.team.name}_一等奖_Ann.png`)}`,
    );
    const img = sharp(r.rawPayload);
    expect(await img.metadata()).toMatchObject({ format: 'png', width: 1600, height: 1131 });
    const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(qr?.data).toBe(`${publicBase(app.deps.config)}/verify/${cert.certCode}`);
    // the same picture again (from memory)
    expect((await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}` })).rawPayload.equals(r.rawPayload)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/lAward/cert/ABCDEFGHJKLMNPQR' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/lAward/cert/..%2F..%2Fetc' })).statusCode).toBe(400);
    // a reissued certificate's old picture is gone
    await s.staff.post(`/api/admin/certificates/${cert.id}/reissue`, {});
    expect((await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}` })).statusCode).toBe(404);
  });
});
