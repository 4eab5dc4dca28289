import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type activities, guardianConsents, teamMembers } from '../../db/schema/index';
import { ensurePolicies } from '../../db/seed/policies';
import { useTestApp } from '../../test/context';
import { buildCodes, buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { maskName, needsConsent } from './consent.service';

/** Issue 37 part 2: a guardian's consent for a player under 14 before she is passed, paid for or given a code. */
const t = useTestApp();

function api(h: Record<string, string>, lang = 'zh') {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: { ...h, 'accept-language': lang },
      remoteAddress: '198.51.100.7',
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, p: unknown) => call('POST', url, p),
    put: (url: string, p: unknown) => call('PUT', url, p),
    del: (url: string, p: unknown) => call('DELETE', url, p),
  };
}
const anon = (lang = 'zh') => api({}, lang);

/** An activity (consent required: the default), a coach, a team, a 9-year-old and a 15-year-old in it. */
async function setup(over: Partial<typeof activities.$inferInsert> = {}) {
  const { db } = t().database;
  await ensurePolicies(db, new Date(Date.now() - 60_000));
  const reg = await buildRegistrationActivity(db, { guardianConsentRequired: true, ...over });
  const u = await buildUser(db, { nickName: '李教练' });
  const a = api(await loginAs(t().app, u.phone, u.password));
  const team = (await a.post('/api/lTeam/web/create', { activityId: reg.activity.id, name: '雄鹰队', program: { id: reg.sumo.id } })).json().data;
  const year = new Date().getUTCFullYear();
  const add = async (name: string, birth: string) => {
    const r = await a.post('/api/lTeamMember/web/create', {
      activityId: reg.activity.id,
      name,
      cardType: 0,
      card: idCard(birth),
      emerName: '妈妈',
      emerPhone: '13800138000',
      team: { id: team.id },
      program: { id: reg.sumo.id },
    });
    expect(r.statusCode).toBe(200);
    return r.json().data as { id: number };
  };
  const child = await add('林小雨', `${year - 9}0601`);
  const teen = await add('王大明', `${year - 15}0101`);
  return { ...reg, a, user: u, team, child, teen };
}
const consentOf = async (a: ReturnType<typeof api>, activityId: number, id: number) =>
  ((await a.get(`/api/lTeamMember/web/list?activityId=${activityId}&page=0&size=30`)).json().content as { id: number; consent: string }[]).find(
    (m) => m.id === id,
  )!.consent;
const linkOf = (phone: string) => {
  const n = t()
    .sms.notices.filter((x) => x.phone === phone)
    .at(-1)!;
  return { token: new URL(n.params.link!).searchParams.get('token')!, notice: n };
};

describe('guardian consent for players under 14 (issue 37)', () => {
  it('needs consent by the one shared rule (isChild): under 14, or of unknown age (no birth date, or cut to the year)', () => {
    const at = new Date(Date.UTC(2026, 5, 15, 4));
    const asks = { guardianConsentRequired: true };
    expect([20170615, 20120616, 20120615, 19800101, null, 20170000].map((birth) => needsConsent({ birth }, asks, at))).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
    expect(needsConsent({ birth: null }, { guardianConsentRequired: false }, at)).toBe(false);
  });

  it('shows each player’s state on the roster: none for the child, notNeeded for the 15-year-old', async () => {
    const s = await setup();
    expect(await consentOf(s.a, s.activity.id, s.child.id)).toBe('none');
    expect(await consentOf(s.a, s.activity.id, s.teen.id)).toBe('notNeeded');
  });

  it('refuses a code or a fee order for a child without consent (409), changes nothing, and allows the code after the declaration', async () => {
    const s = await setup();
    const [code] = await buildCodes(t().database.db, s.activity.id, 1);
    const zh = await s.a.put('/api/lTeamMember/web/useCode', { id: s.child.id, activityId: s.activity.id, code: code!.codeName });
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({
      code: 'CONSENT_REQUIRED',
      message: '选手「林小雨」未满 14 周岁，需先取得其监护人的同意，才能审核通过、缴费或使用报名码',
    });
    const [still] = await t().database.db.select().from(teamMembers).where(eq(teamMembers.id, s.child.id));
    expect(still!.payStatus).toBe(0);
    // the 15-year-old needs none
    const [code2] = await buildCodes(t().database.db, s.activity.id, 1);
    expect((await s.a.put('/api/lTeamMember/web/useCode', { id: s.teen.id, activityId: s.activity.id, code: code2!.codeName })).statusCode).toBe(200);

    const order = await s.a.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 2, memberIds: [s.child.id] });
    expect(order.statusCode).toBe(409);
    expect(order.json().code).toBe('CONSENT_REQUIRED');
    const noBox = await s.a.post('/api/lTeamMember/web/consent/declare', { memberId: s.child.id, guardianName: '林妈妈', relationship: '母亲' });
    expect(noBox.statusCode).toBe(400);
    const declared = await s.a.post('/api/lTeamMember/web/consent/declare', {
      memberId: s.child.id,
      guardianName: '林妈妈',
      relationship: '母亲',
      agree: true,
    });
    expect(declared.json()).toMatchObject({ data: { consent: 'consented' }, resultStr: '已记录：您作为监护人同意《儿童个人信息保护规则》' });
    const [row] = await t().database.db.select().from(guardianConsents);
    expect(row).toMatchObject({
      status: 'consented',
      method: 'self',
      guardianName: '林妈妈',
      relationship: '母亲',
      guardianPhone: s.user.phone,
      decidedIp: '198.51.100.7',
    });
    expect(row!.policyVersionId).not.toBeNull();
    const ok = await s.a.put('/api/lTeamMember/web/useCode', { id: s.child.id, activityId: s.activity.id, code: code!.codeName });
    expect(ok.statusCode).toBe(200);
  });

  it('needs no consent where the activity switched it off', async () => {
    const s = await setup({ guardianConsentRequired: false });
    expect(await consentOf(s.a, s.activity.id, s.child.id)).toBe('notNeeded');
    const [code] = await buildCodes(t().database.db, s.activity.id, 1);
    expect((await s.a.put('/api/lTeamMember/web/useCode', { id: s.child.id, activityId: s.activity.id, code: code!.codeName })).statusCode).toBe(200);
  });

  it('refuses to pass a child in review without consent', async () => {
    const s = await setup({ reviewRequired: true });
    await t().database.db.update(teamMembers).set({ payStatus: 7 }).where(eq(teamMembers.id, s.child.id));
    const admin = await buildUser(t().database.db, { roles: ['admin'] });
    const staff = api(await loginAs(t().app, admin.phone, admin.password), 'en');
    const pass = await staff.post('/api/admin/review/pass', { memberIds: [s.child.id] });
    expect(pass.statusCode).toBe(409);
    expect(pass.json().message).toBe('林小雨 is under 14: a parent or guardian must consent before the player can be passed, paid for or given a code');
    const [row] = await t().database.db.select().from(teamMembers).where(eq(teamMembers.id, s.child.id));
    expect(row!.payStatus).toBe(7);
  });

  it('sends the guardian a link; the page shows the child masked; consent once; a reused link 409; withdrawal on the same link', async () => {
    const s = await setup();
    const bad = await s.a.post('/api/lTeamMember/web/consent/request', { memberId: s.child.id, guardianPhone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(await t().database.db.select().from(guardianConsents)).toHaveLength(0);
    const sent = await s.a.post('/api/lTeamMember/web/consent/request', {
      memberId: s.child.id,
      guardianPhone: '13912345678',
      guardianName: '林爸爸',
      relationship: '父亲',
    });
    expect(sent.json()).toMatchObject({ data: { consent: 'pending' } });
    const { token, notice } = linkOf('13912345678');
    expect(notice.event).toBe('guardianConsent');
    expect(notice.text).toContain('林*雨');
    expect(notice.text).not.toContain('林小雨');
    const [stored] = await t().database.db.select().from(guardianConsents);
    expect(stored!.tokenHash).not.toBe(token);
    expect(await consentOf(s.a, s.activity.id, s.child.id)).toBe('pending');

    const page = await anon().get(`/api/guardianConsent?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ child: { name: '林*雨' }, guardianPhone: '139****5678', status: 'pending', canDecide: true, canWithdraw: false });
    expect(JSON.stringify(page.json().data)).not.toContain(idCard(`${new Date().getUTCFullYear() - 9}0601`));

    const yes = await anon('en').post('/api/guardianConsent/decide', { token, decision: 'consent' });
    expect(yes.json().resultStr).toBe('Thank you: your consent is recorded');
    const again = await anon('en').post('/api/guardianConsent/decide', { token, decision: 'refuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONSENT_LINK_USED');
    expect(await consentOf(s.a, s.activity.id, s.child.id)).toBe('consented');
    const [decided] = await t().database.db.select().from(guardianConsents);
    expect(decided).toMatchObject({ status: 'consented', method: 'sms', guardianPhone: '13912345678', relationship: '父亲', decidedIp: '198.51.100.7' });

    const w = await anon().post('/api/guardianConsent/decide', { token, decision: 'withdraw' });
    expect(w.json().resultStr).toContain('已撤回同意');
    expect(await consentOf(s.a, s.activity.id, s.child.id)).toBe('withdrawn');
    expect((await anon().get(`/api/guardianConsent?token=${token}`)).json().data).toMatchObject({ status: 'withdrawn', canDecide: false, canWithdraw: false });
    expect((await anon().post('/api/guardianConsent/decide', { token, decision: 'withdraw' })).statusCode).toBe(409);
    const [code] = await buildCodes(t().database.db, s.activity.id, 1);
    expect((await s.a.put('/api/lTeamMember/web/useCode', { id: s.child.id, activityId: s.activity.id, code: code!.codeName })).statusCode).toBe(409);
  });

  it('answers a forged, expired or stale link, or one of a deleted player, with a clear 4xx and changes nothing', async () => {
    const s = await setup();
    const forged = await anon('en').get('/api/guardianConsent?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe("This link is not valid, or the player's registration was deleted");
    await s.a.post('/api/lTeamMember/web/consent/request', { memberId: s.child.id, guardianPhone: '13912345678' });
    const first = linkOf('13912345678').token;
    await t()
      .database.db.update(guardianConsents)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) });
    const expired = await anon().post('/api/guardianConsent/decide', { token: first, decision: 'consent' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'CONSENT_LINK_EXPIRED', message: '该链接已过期，请联系教练重新发送' });
    await s.a.post('/api/lTeamMember/web/consent/request', { memberId: s.child.id, guardianPhone: '13912345678' });
    const second = linkOf('13912345678').token;
    await t()
      .database.db.update(guardianConsents)
      .set({ tokenExpiresAt: new Date(Date.now() + 86_400_000) });
    // the first link is stale once a newer one went out
    expect((await anon().post('/api/guardianConsent/decide', { token: first, decision: 'consent' })).json().code).toBe('CONSENT_LINK_EXPIRED');
    expect((await t().database.db.select().from(guardianConsents)).every((r) => r.status === 'pending')).toBe(true);
    await s.a.del('/api/lTeamMember/web/delete', [s.child.id]);
    expect((await t().database.db.select().from(teamMembers).where(eq(teamMembers.id, s.child.id))).length).toBe(0);
    const gone = await anon().post('/api/guardianConsent/decide', { token: second, decision: 'consent' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('CONSENT_LINK_INVALID');
  });

  it('refuses a request or a declaration for a deleted or foreign player (404) and limits links to one phone (429)', async () => {
    const s = await setup();
    expect((await s.a.post('/api/lTeamMember/web/consent/request', { memberId: 999999, guardianPhone: '13912345678' })).statusCode).toBe(404);
    const other = await buildUser(t().database.db);
    const o = api(await loginAs(t().app, other.phone, other.password));
    expect((await o.post('/api/lTeamMember/web/consent/request', { memberId: s.child.id, guardianPhone: '13912345678' })).statusCode).toBe(404);
    // nor may another account declare itself the guardian of someone else's player (nothing recorded)
    const foreign = await o.post('/api/lTeamMember/web/consent/declare', { memberId: s.child.id, guardianName: '王某', relationship: '母亲', agree: true });
    expect(foreign.statusCode).toBe(404);
    expect((await s.a.post('/api/lTeamMember/web/consent/request', { memberId: s.teen.id, guardianPhone: '13912345678' })).json().code).toBe(
      'CONSENT_NOT_NEEDED',
    );
    for (let i = 0; i < 3; i++)
      expect((await s.a.post('/api/lTeamMember/web/consent/request', { memberId: s.child.id, guardianPhone: '13700000001' })).statusCode).toBe(200);
    const fourth = await s.a.post('/api/lTeamMember/web/consent/request', { memberId: s.child.id, guardianPhone: '13700000001' });
    expect(fourth.statusCode).toBe(429);
    expect(t().sms.notices.filter((n) => n.phone === '13700000001')).toHaveLength(3);
  });

  it('masks names for the link', () => {
    expect(maskName('林小雨')).toBe('林*雨');
    expect(maskName('李雷')).toBe('李*');
    expect(maskName('Emma Li')).toBe('E*** **');
  });
});
