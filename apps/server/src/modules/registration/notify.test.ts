import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leaders, messages, redeemCodes, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildCodes, buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';

const t = useTestApp();

function api(h: Record<string, string>) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'zh') =>
    t().app.inject({ method, url, headers: { ...h, 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (url: string, lang = 'zh') => call('GET', url, undefined, lang),
    post: (url: string, p?: unknown) => call('POST', url, p),
    put: (url: string, p: unknown) => call('PUT', url, p),
  };
}

async function account(roles = ['member']) {
  const u = await buildUser(t().database.db, { roles, nickName: roles[0] });
  const h = await loginAs(t().app, u.phone, u.password);
  return { user: u, h, a: api(h) };
}

/** The account's messages as the reader sees them in each language. */
async function inbox(h: Record<string, string>) {
  const a = api(h);
  const unread = (await a.get('/api/lMessage/web/count')).json().data as number;
  const zh = (await a.get('/api/lMessage/web/list?page=0&size=50')).json().content as {
    title: string;
    content: string;
    read: boolean;
    type: number;
    publish: { nickName: string };
  }[];
  const en = (await a.get('/api/lMessage/web/list?page=0&size=50', 'en')).json().content as typeof zh;
  return { unread, zh, en };
}

/** A review activity, a coach with a team and a player (photo uploaded), a bystander and an admin. */
async function setup(opts: { reviewRequired?: boolean } = {}) {
  const reg = await buildRegistrationActivity(t().database.db, {
    reviewRequired: opts.reviewRequired ?? true,
    refundEnabled: true,
    nameZh: '全国总决赛',
    nameEn: 'National Finals',
  });
  const coach = await account();
  const other = await account();
  const admin = await account(['admin']);
  const team = (await coach.a.post('/api/lTeam/web/create', { activityId: reg.activity.id, name: '雄鹰队', program: { id: reg.sumo.id } })).json().data;
  const up = multipart([
    { name: 'phone', value: '张小明' },
    { name: 'file', filename: 'kid.jpg', data: await makeImage('jpeg') },
  ]);
  const photo = (
    await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...coach.h, ...up.headers }, payload: up.payload })
  ).json().data as string;
  const addPlayer = async (name: string, birth: string, seq: number) =>
    (
      await coach.a.post('/api/lTeamMember/web/create', {
        activityId: reg.activity.id,
        name,
        cardType: 0,
        card: idCard(birth, false, seq),
        emerPhone: '13800138000',
        team: { id: team.id },
        headImg: photo,
      })
    ).json().data as { id: number };
  return { ...reg, coach, other, admin, team, photo, addPlayer };
}

describe('system messages on review decisions', () => {
  it('a pass and a fail each send the owner one unread message in zh and en; nobody else gets one', async () => {
    const s = await setup();
    const m1 = await s.addPlayer('张小明', '20120315', 1);
    const m2 = await s.addPlayer('李小红', '20120316', 2);
    expect((await s.coach.a.post('/api/lTeamMember/web/submit', [{ memberId: m1.id }, { memberId: m2.id }])).statusCode).toBe(200);

    expect((await s.admin.a.post('/api/admin/review/pass', { memberIds: [m1.id] })).statusCode).toBe(200);
    let box = await inbox(s.coach.h);
    expect(box.unread).toBe(1);
    expect(box.zh[0]).toMatchObject({
      type: 1,
      read: false,
      title: '审核通过：张小明',
      content: '您在「全国总决赛」报名的选手 张小明（队伍：雄鹰队）已通过资格审核。',
      publish: { nickName: '赛事组委会' },
    });
    expect(box.en[0]).toMatchObject({
      title: 'Review passed: 张小明',
      content: 'Your player 张小明 (team 雄鹰队) in National Finals has passed the eligibility review.',
      publish: { nickName: 'Organising Committee' },
    });

    expect((await s.admin.a.post('/api/admin/review/fail', { memberIds: [m2.id], reason: '证件照不清晰' })).statusCode).toBe(200);
    box = await inbox(s.coach.h);
    expect(box.unread).toBe(2);
    expect(box.zh[0]).toMatchObject({
      title: '审核未通过：李小红',
      content: '您在「全国总决赛」报名的选手 李小红（队伍：雄鹰队）未通过资格审核。原因：证件照不清晰。请修改后重新提交审核。',
    });
    expect(box.en[0]).toMatchObject({ title: 'Review failed: 李小红', content: expect.stringContaining('Reason: 证件照不清晰.') });

    for (const x of [s.other, s.admin]) expect((await inbox(x.h)).unread).toBe(0);
  });

  it('a refused decision sends nothing: illegal transition (409), missing reason (400), a batch with one illegal player', async () => {
    const s = await setup();
    const waiting = await s.addPlayer('张小明', '20120315', 1);
    const fresh = await s.addPlayer('李小红', '20120316', 2); // never submitted: status 0
    await s.coach.a.post('/api/lTeamMember/web/submit', [{ memberId: waiting.id }]);
    expect((await s.admin.a.post('/api/admin/review/pass', { memberIds: [fresh.id] })).statusCode).toBe(409);
    expect((await s.admin.a.post('/api/admin/review/fail', { memberIds: [waiting.id] })).statusCode).toBe(400);
    expect((await s.admin.a.post('/api/admin/review/fail', { memberIds: [waiting.id], reason: '   ' })).statusCode).toBe(400);
    // the legal player's message would come first: the whole batch rolls back with its messages
    expect((await s.admin.a.post('/api/admin/review/pass', { memberIds: [waiting.id, fresh.id] })).statusCode).toBe(409);
    expect((await s.admin.a.post('/api/admin/review/pass', { memberIds: [999999] })).statusCode).toBe(404);
    // a member cannot decide
    expect((await s.coach.a.post('/api/admin/review/pass', { memberIds: [waiting.id] })).statusCode).toBe(403);
    expect((await inbox(s.coach.h)).unread).toBe(0);
    expect(await t().database.db.select().from(messages)).toHaveLength(0);
  });
});

describe('system messages on withdrawal decisions', () => {
  async function registered() {
    const s = await setup({ reviewRequired: false });
    const m1 = await s.addPlayer('张小明', '20120315', 1);
    const m2 = await s.addPlayer('李小红', '20120316', 2);
    const [c1, c2] = await buildCodes(t().database.db, s.activity.id, 2, { ownerUserId: s.coach.user.id, priceFen: 98000 });
    for (const [m, c] of [
      [m1, c1!],
      [m2, c2!],
    ] as const)
      expect((await s.coach.a.put('/api/lTeamMember/web/useCode', { id: m.id, activityId: s.activity.id, code: c.codeName })).statusCode).toBe(200);
    const ids: Record<number, number> = {};
    for (const [m, type] of [
      [m1, 3],
      [m2, 2],
    ] as const)
      await s.coach.a.post('/api/lTeamMember/web/withdraw', { name: 'sick', type, teamMember: { id: m.id } });
    for (const w of (await s.admin.a.get('/api/admin/withdrawals')).json().content as { id: number; memberId: number }[]) ids[w.memberId] = w.id;
    return { ...s, m1, m2, c1: c1!, w1: ids[m1.id]!, w2: ids[m2.id]! };
  }

  it('approve (code back, refund by tier) and reject with a reason: one message each to the owner', async () => {
    const s = await registered();
    expect((await s.admin.a.post(`/api/admin/withdrawals/${s.w1}/approve`)).statusCode).toBe(200);
    let box = await inbox(s.coach.h);
    expect(box.unread).toBe(1);
    expect(box.zh[0]).toMatchObject({
      title: '退赛已批准：张小明',
      content: `您为「全国总决赛」选手 张小明（队伍：雄鹰队）提交的退赛申请已批准。兑换码 ${s.c1.codeName} 已退回您的账户，可再次使用。`,
    });
    expect(box.en[0]).toMatchObject({
      title: 'Withdrawal approved: 张小明',
      content: `Your withdrawal request for 张小明 (team 雄鹰队) in National Finals has been approved. Code ${s.c1.codeName} is back in your account and can be used again.`,
    });

    const rejected = await s.admin.a.post(`/api/admin/withdrawals/${s.w2}/reject`, { reason: '已过退赛期限' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().resultStr).toBe('退赛申请已驳回');
    box = await inbox(s.coach.h);
    expect(box.unread).toBe(2);
    expect(box.zh[0]).toMatchObject({
      title: '退赛申请被驳回：李小红',
      content: '您为「全国总决赛」选手 李小红（队伍：雄鹰队）提交的退赛申请被驳回。原因：已过退赛期限。选手报名状态不变。',
    });
    expect(box.en[0]).toMatchObject({ title: 'Withdrawal rejected: 李小红', content: expect.stringContaining('Reason: 已过退赛期限.') });
    // staff see the reason in the list of rejected requests
    expect((await s.admin.a.get('/api/admin/withdrawals?status=rejected')).json().content).toMatchObject([
      { id: s.w2, memberName: '李小红', rejectReason: '已过退赛期限' },
    ]);
    for (const x of [s.other, s.admin]) expect((await inbox(x.h)).unread).toBe(0);
  });

  it('type 2 approval names the refund due', async () => {
    const s = await registered();
    expect((await s.admin.a.post(`/api/admin/withdrawals/${s.w2}/approve`)).statusCode).toBe(200);
    const [data] = (await s.admin.a.get('/api/admin/withdrawals?status=approved')).json().content;
    const amount = (data.refundFen / 100).toFixed(2);
    const box = await inbox(s.coach.h);
    expect(box.unread).toBe(1);
    expect(box.zh[0]!.content).toContain(`应退金额 ¥${amount}（${data.refundPerMille / 10}%）`);
    expect(box.en[0]!.content).toContain(`Refund due: ¥${amount} (${data.refundPerMille / 10}%)`);
  });

  it('a refused decision sends nothing: reject without a reason (400), a decided request (404)', async () => {
    const s = await registered();
    expect((await s.admin.a.post(`/api/admin/withdrawals/${s.w1}/reject`)).statusCode).toBe(400);
    expect((await s.admin.a.post(`/api/admin/withdrawals/${s.w1}/reject`, { reason: ' ' })).statusCode).toBe(400);
    expect((await inbox(s.coach.h)).unread).toBe(0);
    await s.admin.a.post(`/api/admin/withdrawals/${s.w1}/approve`);
    expect((await s.admin.a.post(`/api/admin/withdrawals/${s.w1}/approve`)).statusCode).toBe(404);
    expect((await s.admin.a.post(`/api/admin/withdrawals/${s.w1}/reject`, { reason: 'x' })).statusCode).toBe(404);
    expect((await inbox(s.coach.h)).unread).toBe(1);
  });
});

describe('system messages when staff give codes', () => {
  it('generation for an account sends one message with the count; without an owner nobody is told', async () => {
    const s = await setup({ reviewRequired: false });
    expect(
      (await s.admin.a.post('/api/admin/redeemCodes/generate', { activityId: s.activity.id, type: 0, count: 5, ownerUserId: s.coach.user.id, priceFen: 0 }))
        .statusCode,
    ).toBe(200);
    const box = await inbox(s.coach.h);
    expect(box.unread).toBe(1);
    expect(box.zh[0]).toMatchObject({
      title: '您收到了 5 个兑换码',
      content: '主办方已向您的账户发放「全国总决赛」的兑换码 5 个。可在选手管理中点击“获取报名码”使用。',
    });
    expect(box.en[0]).toMatchObject({
      title: 'You received 5 redemption codes',
      content: 'The organisers have given your account 5 redemption codes for National Finals. Use them with "Get code" in player management.',
    });
    await s.admin.a.post('/api/admin/redeemCodes/generate', { activityId: s.activity.id, type: 0, count: 3, priceFen: 0 });
    expect(await t().database.db.select().from(messages)).toHaveLength(1);
    expect((await inbox(s.other.h)).unread).toBe(0);
  });

  it('assigning codes counts only codes that became the account’s; one code reads in the singular', async () => {
    const s = await setup({ reviewRequired: false });
    const [a, b, used] = await buildCodes(t().database.db, s.activity.id, 3);
    await t().database.db.update(redeemCodes).set({ status: 'used' }).where(eq(redeemCodes.id, used!.id));
    const r = await s.admin.a.post('/api/admin/redeemCodes/assign', { codeIds: [a!.id, b!.id, used!.id], ownerUserId: s.coach.user.id });
    expect(r.json().data.assigned).toBe(2);
    let box = await inbox(s.coach.h);
    expect(box.unread).toBe(1);
    expect(box.zh[0]!.title).toBe('您收到了 2 个兑换码');
    // the same codes again: nothing new, no message
    expect((await s.admin.a.post('/api/admin/redeemCodes/assign', { codeIds: [a!.id, b!.id], ownerUserId: s.coach.user.id })).json().data.assigned).toBe(0);
    expect((await inbox(s.coach.h)).unread).toBe(1);
    // one code moves to the other account: it is told, in the singular
    await s.admin.a.post('/api/admin/redeemCodes/assign', { codeIds: [a!.id], ownerUserId: s.other.user.id });
    box = await inbox(s.other.h);
    expect(box.unread).toBe(1);
    expect(box.en[0]).toMatchObject({
      title: 'You received 1 redemption code',
      content: 'The organisers have given your account 1 redemption code for National Finals. Use it with "Get code" in player management.',
    });
  });

  it("setting a code's owner in the code list tells the new owner once; an unknown account is a 400, not a 500", async () => {
    const s = await setup({ reviewRequired: false });
    const [c] = await buildCodes(t().database.db, s.activity.id, 1);
    expect((await s.admin.a.put(`/api/admin/redeemCodes/${c!.id}`, { ownerUserId: s.coach.user.id })).statusCode).toBe(200);
    expect((await s.admin.a.put(`/api/admin/redeemCodes/${c!.id}`, { ownerUserId: s.coach.user.id })).statusCode).toBe(200);
    expect((await inbox(s.coach.h)).unread).toBe(1);
    expect((await inbox(s.coach.h)).zh[0]!.title).toBe('您收到了 1 个兑换码');
    for (const res of [
      await s.admin.a.put(`/api/admin/redeemCodes/${c!.id}`, { ownerUserId: 999999 }),
      await s.admin.a.post('/api/admin/redeemCodes/assign', { codeIds: [c!.id], ownerUserId: 999999 }),
      await s.admin.a.post('/api/admin/redeemCodes/generate', { activityId: s.activity.id, type: 0, count: 2, ownerUserId: 999999, priceFen: 0 }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ ownerUserId: '请选择有效的选项' });
    }
    expect(await t().database.db.select().from(messages)).toHaveLength(1);
    expect(await t().database.db.select().from(redeemCodes)).toHaveLength(1);
  });
});

describe('review list for the reviewer', () => {
  it('carries photo, birth, age on the event day, activity, submitted time and the leading teacher’s attachment; the photo loads for staff by cookie', async () => {
    const s = await setup();
    const [leader] = await t()
      .database.db.insert(leaders)
      .values({ userId: s.coach.user.id, activityId: s.activity.id, name: '王老师', phone: '13912345678', photoUrl: s.photo })
      .returning();
    await t().database.db.update(teams).set({ leaderId: leader!.id }).where(eq(teams.id, s.team.id));
    // born 2012-12-19: 14 on the event's first day (2026-12-20), 13 before 2026-12-19
    const m = await s.addPlayer('张小明', '20121219', 1);
    await s.coach.a.post('/api/lTeamMember/web/submit', [{ memberId: m.id }]);
    const all = (await s.admin.a.get('/api/admin/review')).json();
    expect(all.totalElements).toBe(1);
    const item = (await s.admin.a.get(`/api/admin/review?activityId=${s.activity.id}`, 'en')).json().content[0];
    expect(item).toMatchObject({
      id: m.id,
      name: '张小明',
      headImg: s.photo,
      birthDay: '2012-12-19',
      age: 14,
      gender: 'M',
      cardType: 0,
      team: { name: '雄鹰队' },
      program: { name: 'Skill-based Sumo' },
      activity: { id: s.activity.id, name: 'National Finals' },
      leader: { name: '王老师', attachment: s.photo },
    });
    expect(item.card).toMatch(/^110\*+\d{3}[\dX]$/);
    expect(Date.parse(item.submittedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(item).not.toHaveProperty('cardEnc');

    // an <img> sends the session cookie, not the bearer header
    const cookie = (h: { authorization: string }) => ({ cookie: `token=${h.authorization.slice(7)}` });
    const img = await t().app.inject({ method: 'GET', url: s.photo, headers: cookie(s.admin.h) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await t().app.inject({ method: 'GET', url: s.photo })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: s.photo, headers: cookie(s.other.h) })).statusCode).toBe(404);
    // a content editor is staff but does not handle registrations: children's photos stay hidden
    const editor = await buildUser(t().database.db, { roles: ['editor'] });
    const editorH = await loginAs(t().app, editor.phone, editor.password);
    expect((await t().app.inject({ method: 'GET', url: s.photo, headers: cookie(editorH) })).statusCode).toBe(404);
    // members cannot list the review queue
    expect((await s.coach.a.get('/api/admin/review')).statusCode).toBe(403);
  });
});
