import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedback, materials, messages, signLogs, teamMemberAudits } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';
import { client, playerBody, setupLimits } from '../registration/limits.helpers';

const get = useTestApp();

async function staff(lang = 'zh') {
  const { app, database } = get();
  const admin = await buildUser(database.db, { roles: ['admin'] });
  return client(app, await loginAs(app, admin.phone, admin.password), lang);
}
async function member(lang = 'zh') {
  const { app, database } = get();
  const u = await buildUser(database.db);
  return { user: u, c: client(app, await loginAs(app, u.phone, u.password), lang) };
}
async function size(db: Db, activityId: number, quantity: number, remaining = quantity, name = 'M') {
  const [m] = await db.insert(materials).values({ activityId, nameZh: name, nameEn: name, type: 1, size: name, quantity, remaining }).returning();
  return m!;
}
const remainingOf = async (db: Db, id: number) => (await db.select().from(materials).where(eq(materials.id, id)))[0]!.remaining;

describe('materials: the admin form (issue 14)', () => {
  it('refuses remaining above quantity and negative numbers on the field, in zh and en; a good one saves', async () => {
    const { database } = get();
    const a = await buildActivity(database.db);
    for (const [lang, text] of [
      ['zh', '剩余数量不能大于总数量'],
      ['en', 'Remaining cannot be more than the quantity'],
    ] as const) {
      const s = await staff(lang);
      const over = await s.post('/api/admin/materials', { activityId: a.id, nameZh: 'L', type: 1, quantity: 3, remaining: 4 });
      expect(over.statusCode).toBe(400);
      expect(over.json().fieldErrors).toEqual({ remaining: text });
      const negative = await s.post('/api/admin/materials', { activityId: a.id, nameZh: 'L', type: 1, quantity: -1, remaining: -1 });
      expect(negative.statusCode).toBe(400);
      expect(Object.keys(negative.json().fieldErrors).sort()).toEqual(['quantity', 'remaining']);
    }
    const s = await staff();
    const ok = await s.post('/api/admin/materials', { activityId: a.id, nameZh: 'L', nameEn: 'L', type: 1, size: 'L', quantity: 3, remaining: 3 });
    expect(ok.statusCode).toBe(200);
    // an update is checked against the stored quantity too
    // the list pages by `size` like every list (the material's own size is no filter)
    const list = await s.get(`/api/admin/materials?page=0&size=20&sort=id,desc&activityId=${a.id}`);
    expect(list.json().content.map((r: { id: number }) => r.id)).toEqual([ok.json().data.id]);
    const up = await s.put(`/api/admin/materials/${ok.json().data.id}`, { remaining: 5 });
    expect(up.statusCode).toBe(400);
    expect(up.json().fieldErrors).toEqual({ remaining: '剩余数量不能大于总数量' });
  });
});

describe('materials: a player’s clothes size takes stock (issue 14)', () => {
  it('takes one, refuses the last-but-none with 409 in both languages, changes give back and take, delete gives back', async () => {
    const { app, database } = get();
    const db = database.db;
    const s = await setupLimits(db, app);
    const m = await size(db, s.activity.id, 2, 1, 'M');
    const l = await size(db, s.activity.id, 5, 5, 'L');
    const coach = client(app, s.h);

    const firstBody = playerBody(s.activity.id, { clothes: { id: m.id } });
    const first = await coach.post('/api/lTeamMember/web/create', firstBody);
    expect(first.statusCode).toBe(200);
    expect(await remainingOf(db, m.id)).toBe(0);

    for (const [lang, text] of [
      ['zh', '该尺码已无库存'],
      ['en', 'This size is out of stock'],
    ] as const) {
      const none = await client(app, s.h, lang).post('/api/lTeamMember/web/create', playerBody(s.activity.id, { clothes: { id: m.id } }));
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'MATERIAL_OUT_OF_STOCK', message: text });
    }
    expect(await remainingOf(db, m.id)).toBe(0);

    // M → L: one back to M, one taken of L
    const id = first.json().data.id as number;
    const moved = await coach.put('/api/lTeamMember/web/update', { ...firstBody, id, clothes: { id: l.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await remainingOf(db, m.id), await remainingOf(db, l.id)]).toEqual([1, 4]);

    // deleting the player gives L back
    const del = await coach.del('/api/lTeamMember/web/delete', [id]);
    expect(del.statusCode, del.body).toBe(200);
    expect(await remainingOf(db, l.id)).toBe(5);
  });

  it('a size of quantity 0 is not counted: anyone may pick it', async () => {
    const { app, database } = get();
    const s = await setupLimits(database.db, app);
    const free = await size(database.db, s.activity.id, 0, 0, 'XL');
    for (let i = 0; i < 3; i++) {
      const r = await client(app, s.h).post('/api/lTeamMember/web/create', playerBody(s.activity.id, { clothes: { id: free.id } }));
      expect(r.statusCode).toBe(200);
    }
    expect(await remainingOf(database.db, free.id)).toBe(0);
  });
});

describe('activities: every field of spec 3 and the time rule (issue 14)', () => {
  it('saves the new fields; an end before the start answers 400 on finishTime on create and on update, zh and en', async () => {
    const { database } = get();
    const s = await staff();
    const base = { nameZh: '赛事', year: 2026, beginTime: '2026-08-01T00:00:00Z', finishTime: '2026-08-03T00:00:00Z' };
    const [bank] = await database.db
      .insert((await import('../../db/schema/index')).bankAccounts)
      .values({ accountName: 'A', bankNameZh: 'B', accountNo: '1' })
      .returning();
    const ok = await s.post('/api/admin/activities', {
      ...base,
      type: 2,
      eventType: 3,
      owner: 'Ms Wang',
      paymentAccountId: bank!.id,
      awardConfig: '{"gold":1}',
      detailZh: '<p>详细</p>',
      detailEn: '<p>Detail</p>',
      volunteerEnabled: true,
      fileDownloadEnabled: false,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ type: 2, eventType: 3, owner: 'Ms Wang', paymentAccountId: bank!.id, awardConfig: '{"gold":1}' });
    // the activity page gets the detailed introduction in the reader's language (one-activity form only)
    const one = await get().app.inject({
      method: 'GET',
      url: `/api/lActivity/web/listV2?id=${ok.json().data.id}&award=true`,
      headers: { 'accept-language': 'en' },
    });
    expect(one.json().content[0].detail).toBe('<p>Detail</p>');
    const list = await get().app.inject({ method: 'GET', url: '/api/lActivity/web/listV2' });
    expect(list.json().content[0]).not.toHaveProperty('detail');
    const unknownAccount = await s.post('/api/admin/activities', { ...base, paymentAccountId: 999_999 });
    expect(unknownAccount.statusCode).toBe(400);
    expect(unknownAccount.json().fieldErrors).toHaveProperty('paymentAccountId');

    for (const [lang, text] of [
      ['zh', '结束时间不能早于开始时间'],
      ['en', 'The end time must not be earlier than the start time'],
    ] as const) {
      const c = await staff(lang);
      const created = await c.post('/api/admin/activities', { ...base, finishTime: '2026-07-31T00:00:00Z' });
      expect(created.statusCode).toBe(400);
      expect(created.json().fieldErrors).toEqual({ finishTime: text });
      const updated = await c.put(`/api/admin/activities/${ok.json().data.id}`, { finishTime: '2026-07-01T00:00:00Z' });
      expect(updated.statusCode).toBe(400);
      expect(updated.json().fieldErrors).toEqual({ finishTime: text });
    }
  });
});

describe('feedback: a message to the organisers (spec 7.7 lAbout/web/add)', () => {
  it('needs login, checks the length, is answered by staff and the person gets a system message', async () => {
    const { app, database } = get();
    const visitor = await app.inject({ method: 'POST', url: '/api/lAbout/web/add', payload: { content: 'hi' } });
    expect(visitor.statusCode).toBe(401);
    const { user, c } = await member();
    const long = await c.post('/api/lAbout/web/add', { content: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toHaveProperty('content');
    const sent = await c.post('/api/lAbout/web/add', { content: '能否增加英文场次？', contact: 'a@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().resultStr).toBe('留言已提交，感谢您的反馈');

    const s = await staff();
    const list = await s.get('/api/admin/feedback?status=new');
    expect(list.json().content).toHaveLength(1);
    const id = list.json().content[0].id as number;
    const answered = await s.put(`/api/admin/feedback/${id}`, { answer: '会的，敬请关注。' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'answered', answer: '会的，敬请关注。' });
    expect(Date.now() - Date.parse(answered.json().data.answeredAt)).toBeLessThan(60_000);
    const notes = await database.db.select().from(messages).where(eq(messages.receiverId, user.id));
    const note = notes.find((n) => n.titleZh === '组委会回复了您的留言');
    expect(note?.contentZh).toContain('会的，敬请关注。');
    expect(note?.titleEn).toBe('The organisers answered your message');
    // saving the same answer again sends nothing new
    await s.put(`/api/admin/feedback/${id}`, { answer: '会的，敬请关注。' });
    expect((await database.db.select().from(messages).where(eq(messages.receiverId, user.id))).length).toBe(notes.length);
    // staff cannot create messages in someone's name
    expect((await s.post('/api/admin/feedback', { content: 'x' })).statusCode).toBe(404);
  });

  it('is rate-limited per person (6th in 10 minutes → 429)', async () => {
    const { database } = get();
    const { c } = await member();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await c.post('/api/lAbout/web/add', { content: `m${i}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await database.db.$count(feedback)).toBe(5);
  });
});

describe('live streams (spec 7.3 lLive/web/list)', () => {
  it('https only (zh and en); the public list shows the shown ones of the activity, empty otherwise', async () => {
    const { app, database } = get();
    const a = await buildActivity(database.db);
    for (const [lang, text] of [
      ['zh', '请填写以 https:// 开头的地址'],
      ['en', 'Enter an address that starts with https://'],
    ] as const) {
      const s = await staff(lang);
      for (const url of ['http://live.example.com/1', 'javascript:alert(1)', 'live.example.com']) {
        const r = await s.post('/api/admin/lives', { activityId: a.id, titleZh: '直播', url });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().fieldErrors).toEqual({ url: text });
      }
    }
    const s = await staff();
    const empty = await app.inject({ method: 'GET', url: `/api/lLive/web/list?activityId=${a.id}` });
    expect(empty.json().content).toEqual([]);
    const shown = await s.post('/api/admin/lives', { activityId: a.id, titleZh: '决赛直播', titleEn: 'Final, live', url: 'https://live.example.com/final' });
    expect(shown.statusCode, shown.body).toBe(200);
    await s.post('/api/admin/lives', { activityId: a.id, titleZh: '隐藏', url: 'https://live.example.com/x', status: 0 });
    const en = await app.inject({ method: 'GET', url: `/api/lLive/web/list?activityId=${a.id}`, headers: { 'accept-language': 'en' } });
    expect(en.json().content).toEqual([
      { id: shown.json().data.id, title: 'Final, live', url: 'https://live.example.com/final', coverUrl: null, startTime: null },
    ]);
    const update = await s.put(`/api/admin/lives/${shown.json().data.id}`, { url: 'http://live.example.com/final' });
    expect(update.statusCode).toBe(400);
  });
});

describe('sign log (spec 7.7 lSignLog/web/pdfSignTime)', () => {
  it('records user, time and ip per call; staff read it, never write it', async () => {
    const { app, database } = get();
    const a = await buildActivity(database.db);
    const { user, c } = await member();
    expect((await app.inject({ method: 'POST', url: '/api/lSignLog/web/pdfSignTime', payload: { activityId: a.id, fileName: 'rules.pdf' } })).statusCode).toBe(
      401,
    );
    expect((await c.post('/api/lSignLog/web/pdfSignTime', { activityId: a.id })).statusCode).toBe(400);
    expect((await c.post('/api/lSignLog/web/pdfSignTime', { activityId: a.id, fileId: 999_999 })).statusCode).toBe(400);
    const r1 = await c.post('/api/lSignLog/web/pdfSignTime', { activityId: a.id, fileName: 'rules.pdf' });
    const r2 = await c.post('/api/lSignLog/web/pdfSignTime', { activityId: a.id, fileName: 'rules.pdf' });
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const rows = await database.db.select().from(signLogs);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ userId: user.id, activityId: a.id, fileName: 'rules.pdf' });
    expect(rows[0]!.ip).not.toBe('');
    const s = await staff();
    expect((await s.get(`/api/admin/signLogs?activityId=${a.id}`)).json().totalElements).toBe(2);
    expect((await s.post('/api/admin/signLogs', { activityId: a.id })).statusCode).toBe(404);
    expect((await s.put(`/api/admin/signLogs/${rows[0]!.id}`, { fileName: 'x' })).statusCode).toBe(404);
    expect((await s.get('/api/admin/signLogs/export')).statusCode).toBe(200);
  });
});

describe('players’ change requests (spec 7.3/7.7 lTeamMemberAudit)', () => {
  it('only the player’s owner may ask; the list is one’s own; a rejection needs a reason; decided once; the coach hears of it', async () => {
    const { app, database } = get();
    const s = await setupLimits(database.db, app);
    const coach = client(app, s.h);
    const p = await coach.post('/api/lTeamMember/web/create', playerBody(s.activity.id));
    const memberId = p.json().data.id as number;

    const other = await member();
    const foreign = await other.c.post('/api/lTeamMemberAudit/web/add', { memberId, reason: 'typo', content: 'name → 张晓明' });
    expect(foreign.statusCode).toBe(404);
    expect((await other.c.get('/api/lTeamMemberAudit/web/list')).json().content).toEqual([]);

    const empty = await coach.post('/api/lTeamMemberAudit/web/add', { memberId, reason: ' ', content: 'x' });
    expect(empty.statusCode).toBe(400);
    const added = await coach.post('/api/lTeamMemberAudit/web/add', { memberId, reason: '姓名录入错误', content: '张小明 → 张晓明' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ memberId, status: 'pending', memberName: '张小明' });
    const mine = await coach.get('/api/lTeamMemberAudit/web/list');
    expect(mine.json().content.map((r: { id: number }) => r.id)).toEqual([added.json().data.id]);

    const id = added.json().data.id as number;
    for (const [lang, text] of [
      ['zh', '驳回时请填写审核意见'],
      ['en', 'Give a reason to reject'],
    ] as const) {
      const r = await (await staff(lang)).put(`/api/admin/teamMemberAudits/${id}`, { status: 'rejected' });
      expect(r.statusCode).toBe(400);
      expect(r.json().fieldErrors).toEqual({ decisionReason: text });
    }
    const st = await staff();
    const rejected = await st.put(`/api/admin/teamMemberAudits/${id}`, { status: 'rejected', decisionReason: '请上传证件照片' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(Date.now() - Date.parse(rejected.json().data.decidedAt)).toBeLessThan(60_000);
    const again = await st.put(`/api/admin/teamMemberAudits/${id}`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MEMBER_AUDIT_DECIDED');
    const [row] = await database.db.select().from(teamMemberAudits).where(eq(teamMemberAudits.id, id));
    expect(row!.status).toBe('rejected');
    const notes = await database.db.select().from(messages).where(eq(messages.receiverId, s.user.id));
    expect(notes.some((n) => n.titleZh === '选手信息变更被驳回：张小明' && n.contentZh.includes('请上传证件照片'))).toBe(true);
  });
});

describe('cloud settings (admin)', () => {
  it('refuses secret-looking keys, keeps keys unique, is for administrators only', async () => {
    const { app, database } = get();
    const s = await staff('en');
    const secret = await s.post('/api/admin/cloudConfigs', { key: 'oss.accessKeySecret', value: 'abc' });
    expect(secret.statusCode).toBe(400);
    expect(secret.json().fieldErrors).toEqual({ key: 'Keys, passwords and tokens belong in the server environment, not here' });
    expect((await s.post('/api/admin/cloudConfigs', { key: 'oss.bucket', value: 'iyrc-files' })).statusCode).toBe(200);
    const dup = await s.post('/api/admin/cloudConfigs', { key: 'oss.bucket', value: 'other' });
    expect(dup.statusCode).toBe(409);
    const editor = await buildUser(database.db, { roles: ['editor'] });
    const e = client(app, await loginAs(app, editor.phone, editor.password));
    expect((await e.get('/api/admin/cloudConfigs')).statusCode).toBe(403);
  });
});
