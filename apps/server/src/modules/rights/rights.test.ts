// Issue 37 parts 3–5: retention, people's rights (archive, deletion, requests), minimum access, the yearly audit.
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { requestDeadline } from '@rp/shared';
import { activities, auditLog, erasures, piiAccessLog, privacyRequests, sessions, staffRoles, teamMembers, uploads, users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildProgram, buildUser, idCard, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';
import { client, newTeam, playerBody, type Call } from '../registration/limits.helpers';
import { buyCodes } from '../payments/payments.helpers';
import { plans } from '../../db/schema/index';
import { runRetention } from './retention';
import { auditReport } from './report.service';

const t = useTestApp();
const DAY = 86_400_000;
const CHILD_CARD = () => idCard(`2016${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}15`, true, Math.floor(Math.random() * 99));
const ADULT_CARD = () => idCard(`1990${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}11`, false, Math.floor(Math.random() * 99));

async function coach(lang = 'zh') {
  const u = await buildUser(t().database.db);
  const h = await loginAs(t().app, u.phone, u.password);
  return { u, h, c: client(t().app, h, lang) };
}

/** A player through the real endpoint (the activity must be open), with a photo when asked. */
async function player(c: Call, h: Record<string, string>, activityId: number, programId: number, over: Record<string, unknown> = {}, photo = false) {
  const team = await newTeam(c, activityId, programId);
  let headImg: string | undefined;
  if (photo) {
    const up = multipart([
      { name: 'phone', value: '林小雨' },
      { name: 'file', filename: 'me.jpg', data: await makeImage('jpeg') },
    ]);
    headImg = (await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...h, ...up.headers }, payload: up.payload })).json()
      .data;
  }
  const r = await c.post('/api/lTeamMember/web/create', playerBody(activityId, { program: { id: programId }, team: { id: team.id }, headImg, ...over }));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as number;
}

async function openActivity() {
  const a = await buildActivity(t().database.db);
  const p = await buildProgram(t().database.db, a.id, { maxMembers: 5 });
  return { a, p };
}

/** Ends an activity `daysAgo` days ago (its players were entered while it was open). */
const endActivity = (id: number, daysAgo: number, retentionDays = 180) =>
  t()
    .database.db.update(activities)
    .set({ beginTime: new Date(Date.now() - (daysAgo + 2) * DAY), finishTime: new Date(Date.now() - daysAgo * DAY), retentionDays })
    .where(eq(activities.id, id));

const memberRow = async (id: number) => (await t().database.db.select().from(teamMembers).where(eq(teamMembers.id, id)))[0]!;

async function staff(permissions: string[], activityIds: number[] | null = null) {
  const db = t().database.db;
  const code = 'r' + Math.random().toString(36).slice(2, 8);
  await db.insert(staffRoles).values({ code, nameZh: code, permissions, activityIds });
  const s = await buildUser(db, { roles: ['member', code] });
  const h = await loginAs(t().app, s.phone, s.password);
  return { s, h };
}

async function admin(lang = 'zh') {
  const a = await buildUser(t().database.db, { roles: ['admin'], nickName: '管理员王' });
  const h = await loginAs(t().app, a.phone, a.password);
  return { a, h, c: client(t().app, h, lang) };
}

describe('retention (issue 37 part 3)', () => {
  it('anonymises an ended activity past its retention period once, and nothing of other activities', async () => {
    const db = t().database.db;
    const { c, h } = await coach();
    const due = await openActivity();
    const later = await openActivity();
    const running = await openActivity();
    const card = CHILD_CARD();
    const p1 = await player(c, h, due.a.id, due.p.id, { card, emerPhone: '13912345678' }, true);
    const p2 = await player(c, h, later.a.id, later.p.id, {}, true);
    const p3 = await player(c, h, running.a.id, running.p.id);
    await endActivity(due.a.id, 181); // 180 days + 1: due
    await endActivity(later.a.id, 181, 365); // its own longer period: not yet
    const before1 = await memberRow(p1);
    const [before2, before3] = [await memberRow(p2), await memberRow(p3)];
    const key = before1.headImg!.replace('/api/files/', '');
    expect(await t().app.deps.storage.exists(key)).toBe(true);

    expect(await runRetention(t().app.deps)).toBe(1);
    const after1 = await memberRow(p1);
    expect(after1).toMatchObject({ cardEnc: '', cardMasked: '', cardHash: `anon:${p1}`, emerName: '', emerPhone: '139******78', headImg: null });
    expect(after1.birth).toBe(Math.floor(before1.birth! / 10000) * 10000);
    expect(after1.name).toBe(before1.name);
    expect(after1.anonymisedAt).not.toBeNull();
    expect(await t().app.deps.storage.exists(key)).toBe(false);
    expect(await db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(0);
    // other activities: untouched, to the byte
    expect(await memberRow(p2)).toEqual(before2);
    expect(await memberRow(p3)).toEqual(before3);
    expect(await t().app.deps.storage.exists(before2.headImg!.replace('/api/files/', ''))).toBe(true);
    // recorded and audited; a second run does nothing
    expect(await db.select().from(erasures)).toMatchObject([{ kind: 'retention', activityId: due.a.id, players: 1, files: 1 }]);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'anonymise'), eq(auditLog.recordId, String(due.a.id)))),
    ).toHaveLength(1);
    expect(await runRetention(t().app.deps)).toBe(0);
    expect(await db.select().from(erasures)).toHaveLength(1);
    // the owner's screens say so instead of failing
    const whole = await (await admin()).c.get(`/api/admin/players/${p1}/card?purpose=${encodeURIComponent('核对身份信息')}`);
    expect(whole.statusCode).toBe(409);
    expect(whole.json().code).toBe('PLAYER_ANONYMISED');
  });

  it('never touches an activity that has not ended, whatever its retention', async () => {
    const { c, h } = await coach();
    const x = await openActivity();
    const p = await player(c, h, x.a.id, x.p.id);
    await t()
      .database.db.update(activities)
      .set({ retentionDays: 1, beginTime: new Date(Date.now() - 400 * DAY) })
      .where(eq(activities.id, x.a.id));
    const before = await memberRow(p);
    expect(await runRetention(t().app.deps, new Date(Date.now() + 10 * DAY))).toBe(0);
    expect(await memberRow(p)).toEqual(before);
  });

  it('staff see a preview: when each activity is due and what will be anonymised; members may not', async () => {
    const { c, h } = await coach();
    const x = await openActivity();
    await player(c, h, x.a.id, x.p.id, {}, true);
    await player(c, h, x.a.id, x.p.id);
    await endActivity(x.a.id, 10, 30);
    const r = await (await admin('en')).c.get('/api/admin/privacy/retention');
    expect(r.statusCode).toBe(200);
    const row = r.json().data.find((a: { id: number }) => a.id === x.a.id);
    expect(row).toMatchObject({ name: 'Test event', retentionDays: 30, ended: true, anonymisedAt: null, players: 2, withIdNumber: 2, photos: 1 });
    expect(Math.abs(new Date(row.dueAt).getTime() - (Date.now() + 20 * DAY))).toBeLessThan(60_000);
    expect((await c.get('/api/admin/privacy/retention')).statusCode).toBe(403);
  });

  it('staff set the retention period in the activity form (1–3650 days, 180 by default)', async () => {
    const { c } = await admin();
    const x = await openActivity();
    expect(x.a.retentionDays).toBe(180);
    const ok = await c.put(`/api/admin/activities/${x.a.id}`, { retentionDays: 365 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await c.put(`/api/admin/activities/${x.a.id}`, { retentionDays: 0 })).statusCode).toBe(400);
    expect((await t().database.db.select().from(activities).where(eq(activities.id, x.a.id)))[0]!.retentionDays).toBe(365);
  });
});

describe("people's rights (issue 37 part 4)", () => {
  it("the archive holds everything of the member's and nothing of anyone else's (JSON and a workbook in their language)", async () => {
    const me = await coach('en');
    const other = await coach();
    const x = await openActivity();
    const card = CHILD_CARD();
    const mine = await player(me.c, me.h, x.a.id, x.p.id, { name: 'Lin Xiaoyu', card });
    const theirCard = ADULT_CARD();
    await player(other.c, other.h, x.a.id, x.p.id, { name: 'Someone Else', card: theirCard });
    await me.c.post('/api/privacy/requests', { kind: 'correction', details: 'My birth date is wrong', teamMemberId: mine });
    const r = await me.c.get('/api/privacy/archive');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/zip');
    const zip = await JSZip.loadAsync(r.rawPayload);
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    expect(data.account[0]).toMatchObject({ id: me.u.id, phone: me.u.phone });
    expect(data.players).toHaveLength(1);
    expect(data.players[0]).toMatchObject({ id: mine, name: 'Lin Xiaoyu', card });
    expect(data.players[0].cardEnc).toBeUndefined();
    expect(data.requests).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Someone Else');
    expect(text).not.toContain(theirCard);
    expect(text).not.toContain(other.u.phone);
    expect(text).not.toContain('passwordHash');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await zip.file('my-personal-information.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Players')!;
    const head = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(head).toContain('ID number');
    expect(head).toContain('Name');
    expect(JSON.stringify(sheet.getRow(2).values)).toContain(card);
    const anon = await t().app.inject({ method: 'GET', url: '/api/privacy/archive' });
    expect(anon.statusCode, anon.body).toBe(401);
  });

  it('deleting an account: refused while an order waits for payment (nothing changed), then done at once for good', async () => {
    const db = t().database.db;
    const me = await coach('en');
    const other = await coach();
    const x = await openActivity();
    const mine = await player(me.c, me.h, x.a.id, x.p.id, {}, true);
    const theirs = await player(other.c, other.h, x.a.id, x.p.id);
    const [plan] = await db.insert(plans).values({ activityId: x.a.id, nameZh: '标准', nameEn: 'Standard', priceFen: 10_000 }).returning();
    const order = (await buyCodes(me.c, x.a.id, plan!.id, 1)) as { orderNo: string };
    const beforeMine = await memberRow(mine);

    const noWord = await me.c.post('/api/privacy/deleteAccount', { confirm: 'yes' });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json()).toMatchObject({ code: 'DELETE_NOT_CONFIRMED', message: 'Type DELETE to confirm deleting your account (this cannot be undone)' });
    const open = await me.c.post('/api/privacy/deleteAccount', { confirm: 'DELETE' });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({
      code: 'ACCOUNT_ORDER_OPEN',
      message: 'You have an order waiting for payment: pay or cancel it first, then delete your account',
    });
    const zh = await client(t().app, me.h, 'zh').post('/api/privacy/deleteAccount', { confirm: '注销' });
    expect(zh.json().message).toBe('您有尚未完成支付的订单：请先完成支付或取消该订单，再注销账号');
    expect(await memberRow(mine)).toEqual(beforeMine);
    expect((await db.select().from(users).where(eq(users.id, me.u.id)))[0]!.deletedAt).toBeNull();

    await me.c.post('/api/lOrder/web/cancel', { orderNo: order.orderNo });
    const cancelled = await db.execute(
      sql`update orders set status = 'cancelled', close_reason = 'user' where order_no = ${order.orderNo} and status = 'unpaid'`,
    );
    void cancelled;
    const del = await me.c.post('/api/privacy/deleteAccount', { confirm: 'delete' });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ players: 1, files: 1 });
    const u = (await db.select().from(users).where(eq(users.id, me.u.id)))[0]!;
    expect(u).toMatchObject({ phone: null, nickName: '', status: 0 });
    expect(u.deletedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, me.u.id))).toHaveLength(0);
    expect((await me.c.get('/api/privacy/requests')).statusCode).toBe(401);
    expect(
      (await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: me.u.phone, password: me.u.password, code: '', uuid: '' } })).statusCode,
    ).not.toBe(200);
    expect(await memberRow(mine)).toMatchObject({ cardEnc: '', headImg: null });
    expect(await memberRow(theirs)).not.toMatchObject({ cardEnc: '' });
    // the order stays (amounts and references) for the books
    const kept = (await db.execute(sql`select count(*)::int n from orders where order_no = ${order.orderNo}`)) as { rows: unknown[] };
    expect(kept.rows[0]).toEqual({ n: 1 });
    expect(await db.select().from(erasures)).toMatchObject([{ kind: 'deletion', userId: me.u.id }]);
  });

  it('requests staff must act on: a deadline of 15 working days, a queue, one answer', async () => {
    const me = await coach('en');
    const made = await me.c.post('/api/privacy/requests', { kind: 'objection', details: 'Please stop sending me SMS notices' });
    expect(made.statusCode).toBe(200);
    expect(made.json().resultStr).toBe('We have your request and will answer within 15 working days');
    const [row] = await t().database.db.select().from(privacyRequests);
    expect(row!.dueAt.getTime()).toBe(requestDeadline(row!.createdAt).getTime());
    expect((await me.c.post('/api/privacy/requests', { kind: 'nonsense', details: 'x' })).statusCode).toBe(400);
    const other = await coach();
    expect((await other.c.post('/api/privacy/requests', { kind: 'correction', details: 'not my player', teamMemberId: 999 })).statusCode).toBe(404);

    const { c } = await admin();
    const queue = await c.get('/api/admin/privacy/requests');
    expect(queue.json().data).toMatchObject([{ id: row!.id, kind: 'objection', status: 'open', overdue: false }]);
    expect(queue.json().data[0].account).toContain('Coach Li');
    const ans = await c.post(`/api/admin/privacy/requests/${row!.id}/answer`, { status: 'done', answer: '已关闭短信通知' });
    expect(ans.statusCode).toBe(200);
    const again = await c.post(`/api/admin/privacy/requests/${row!.id}/answer`, { status: 'refused', answer: '再次答复' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REQUEST_CLOSED');
    expect((await me.c.get('/api/privacy/requests')).json().data[0]).toMatchObject({ status: 'done', answer: '已关闭短信通知' });
    expect((await me.c.get('/api/admin/privacy/requests')).statusCode).toBe(403);
  });
});

describe('minimum access (issue 37 part 5)', () => {
  it("a child's full ID number needs privacy.childData and a purpose, and each look is logged", async () => {
    const db = t().database.db;
    const { c, h } = await coach();
    const x = await openActivity();
    const childCard = CHILD_CARD();
    const adultCard = ADULT_CARD();
    const child = await player(c, h, x.a.id, x.p.id, { card: childCard });
    const adult = await player(c, h, x.a.id, x.p.id, { card: adultCard });
    const registrar = await staff(['admin.access', 'registrations.manage']);
    const r = client(t().app, registrar.h, 'en');
    const purpose = encodeURIComponent('identity check at the venue');
    const denied = await r.get(`/api/admin/players/${child}/card?purpose=${purpose}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'CHILD_DATA_FORBIDDEN' });
    expect((await r.get(`/api/admin/players/${adult}/card?purpose=${purpose}`)).json().data.card).toBe(adultCard);
    const noWhy = await r.get(`/api/admin/players/${adult}/card`);
    expect(noWhy.statusCode).toBe(400);
    expect(noWhy.json()).toMatchObject({ code: 'PURPOSE_REQUIRED', message: 'Say what it is for (at least 4 characters), e.g. "identity check at the venue"' });

    const guardian = await staff(['admin.access', 'registrations.manage', 'privacy.childData']);
    const g = client(t().app, guardian.h, 'zh');
    expect((await g.get(`/api/admin/players/${child}/card`)).json().message).toBe('请说明用途（至少 4 个字），例如“赛事现场身份核验”');
    expect((await g.get(`/api/admin/players/${child}/card?purpose=${purpose}`)).json().data.card).toBe(childCard);
    const log = await db.select().from(piiAccessLog).orderBy(piiAccessLog.id);
    expect(log.map((l) => [l.staffId, l.kind, l.teamMemberId, l.purpose])).toEqual([
      [registrar.s.id, 'idNumber', adult, 'identity check at the venue'],
      [guardian.s.id, 'idNumber', child, 'identity check at the venue'],
    ]);
    // a limited role's childData reaches only its activities
    const elsewhere = await staff(['admin.access', 'registrations.manage', 'privacy.childData'], [x.a.id + 1000]);
    expect((await client(t().app, elsewhere.h).get(`/api/admin/players/${child}/card?purpose=${purpose}`)).statusCode).toBe(403);
  });

  it("a child's photo needs privacy.childData; staff looks are logged, the uploader's are not", async () => {
    const db = t().database.db;
    const { c, h } = await coach();
    const x = await openActivity();
    const child = await player(c, h, x.a.id, x.p.id, { card: CHILD_CARD() }, true);
    const url = (await memberRow(child)).headImg!;
    expect((await t().app.inject({ method: 'GET', url, headers: h })).statusCode).toBe(200);
    const registrar = await staff(['admin.access', 'registrations.manage']);
    const denied = await t().app.inject({ method: 'GET', url, headers: registrar.h });
    expect(denied.statusCode).toBe(403);
    const allowed = await staff(['admin.access', 'registrations.manage', 'privacy.childData']);
    expect((await t().app.inject({ method: 'GET', url: `${url}?purpose=review`, headers: allowed.h })).statusCode).toBe(200);
    expect(await db.select({ staffId: piiAccessLog.staffId, kind: piiAccessLog.kind, teamMemberId: piiAccessLog.teamMemberId }).from(piiAccessLog)).toEqual([
      { staffId: allowed.s.id, kind: 'photo', teamMemberId: child },
    ]);
  });

  it("an export of children's data asks for its purpose (nothing exported or logged without) and is logged with it", async () => {
    const db = t().database.db;
    const { c, h } = await coach();
    const x = await openActivity();
    await player(c, h, x.a.id, x.p.id, { card: CHILD_CARD() });
    const { c: a } = await admin('en');
    const bare = await a.get('/api/admin/players/export');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('PURPOSE_REQUIRED');
    expect((await a.post('/api/admin/players/export-jobs', {})).statusCode).toBe(400);
    expect(await db.select().from(piiAccessLog)).toHaveLength(0);
    const ok = await a.get(`/api/admin/players/export?purpose=${encodeURIComponent('insurance list for the venue')}`);
    expect(ok.statusCode).toBe(200);
    const job = await a.post(`/api/admin/players/export-jobs?purpose=${encodeURIComponent('badge printing')}`, {});
    expect(job.statusCode).toBe(200);
    expect((await a.get('/api/admin/teams/export')).statusCode).toBe(200); // no child data: no question
    expect(
      await db
        .select({ kind: piiAccessLog.kind, subject: piiAccessLog.subject, rows: piiAccessLog.rows, purpose: piiAccessLog.purpose })
        .from(piiAccessLog)
        .orderBy(piiAccessLog.id),
    ).toEqual([
      { kind: 'export', subject: 'players', rows: 1, purpose: 'insurance list for the venue' },
      { kind: 'export', subject: 'players', rows: 1, purpose: 'badge printing' },
    ]);
  });
});

describe('the yearly compliance audit (issue 37 part 5)', () => {
  let year: number;
  beforeEach(() => {
    year = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));
  });

  it('its figures equal direct SQL counts, and it comes as PDF and spreadsheet in both languages', async () => {
    const db = t().database.db;
    const { c, h } = await coach();
    const x = await openActivity();
    const y = await openActivity();
    const kids = [await player(c, h, x.a.id, x.p.id, { card: CHILD_CARD() }), await player(c, h, x.a.id, x.p.id, { card: CHILD_CARD() })];
    await player(c, h, x.a.id, x.p.id, { card: ADULT_CARD() });
    await player(c, h, y.a.id, y.p.id, { card: CHILD_CARD() });
    // consents in each state (the latest row per player counts)
    await db.execute(sql`insert into guardian_consents (team_member_id, status, method) values
      (${kids[0]}, 'pending', 'sms'), (${kids[0]}, 'consented', 'sms'), (${kids[1]}, 'refused', 'sms')`);
    const { c: a } = await admin();
    const registrar = await staff(['admin.access', 'registrations.manage', 'privacy.childData']);
    const why = encodeURIComponent('现场身份核验');
    await a.get(`/api/admin/players/${kids[0]}/card?purpose=${why}`);
    await a.get(`/api/admin/players/${kids[1]}/card?purpose=${why}`);
    await client(t().app, registrar.h).get(`/api/admin/players/${kids[0]}/card?purpose=${why}`);
    await a.get(`/api/admin/players/export?purpose=${encodeURIComponent('保险名单')}`);
    await endActivity(y.a.id, 200);
    await runRetention(t().app.deps);
    const me = await coach();
    await me.c.post('/api/privacy/requests', { kind: 'correction', details: '出生日期有误' });
    await me.c.post('/api/privacy/requests', { kind: 'objection', details: '不再接收短信' });
    const [first] = await db.select().from(privacyRequests).orderBy(privacyRequests.id);
    await a.post(`/api/admin/privacy/requests/${first!.id}/answer`, { status: 'done', answer: '已更正' });
    // one answered late: its deadline moved into the past before the answer
    const [, second] = await db.select().from(privacyRequests).orderBy(privacyRequests.id);
    await db
      .update(privacyRequests)
      .set({ dueAt: new Date(Date.now() - DAY) })
      .where(eq(privacyRequests.id, second!.id));
    await a.post(`/api/admin/privacy/requests/${second!.id}/answer`, { status: 'refused', answer: '法律规定须发送' });
    const q = async (s: ReturnType<typeof sql>) => Number(((await db.execute(s)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const Y = sql`extract(year from created_at at time zone 'Asia/Shanghai') = ${year}`;

    const r = await a.get(`/api/admin/privacy/audit/${year}`);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.childrenCollected).toBe(
      await q(
        sql`select count(*) n from team_members where ${Y} and (birth is null or birth % 10000 = 0 or birth > to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMMDD')::int - 140000)`,
      ),
    );
    expect(d.childrenCollected).toBe(3);
    expect(d.consents).toEqual({
      consented: await q(
        sql`select count(*) n from guardian_consents g where status = 'consented' and not exists (select 1 from guardian_consents l where l.team_member_id = g.team_member_id and l.id > g.id)`,
      ),
      pending: await q(
        sql`select count(*) n from guardian_consents g where status = 'pending' and not exists (select 1 from guardian_consents l where l.team_member_id = g.team_member_id and l.id > g.id)`,
      ),
      refused: 1,
      withdrawn: 0,
    });
    expect(d.consents).toMatchObject({ consented: 1, pending: 0 });
    expect(d.idViews).toBe(await q(sql`select count(*) n from pii_access_log where kind = 'idNumber' and ${Y}`));
    expect(d.idViews).toBe(3);
    expect(d.idViewsByStaff.map((s: { staffId: number; count: number }) => [s.staffId, s.count])).toEqual([
      [(await db.select().from(users).where(eq(users.nickName, '管理员王')))[0]!.id, 2],
      [registrar.s.id, 1],
    ]);
    expect(d.exports).toMatchObject([{ subject: 'players', purpose: '保险名单', staff: '管理员王' }]);
    expect(d.exports).toHaveLength(await q(sql`select count(*) n from pii_access_log where kind = 'export' and ${Y}`));
    expect(d.anonymisedActivities).toBe(await q(sql`select count(*) n from erasures where kind = 'retention' and ${Y}`));
    expect(d.anonymisedPlayers).toBe(await q(sql`select count(*) n from team_members where anonymised_at is not null`));
    expect(d.anonymisedPlayers).toBe(1);
    expect(d.deletions).toBe(await q(sql`select count(*) n from erasures where kind = 'deletion' and ${Y}`));
    expect(d.requests).toEqual({
      received: await q(sql`select count(*) n from privacy_requests where ${Y}`),
      answeredInTime: await q(sql`select count(*) n from privacy_requests where answered_at <= due_at`),
      late: await q(sql`select count(*) n from privacy_requests where answered_at > due_at or (answered_at is null and due_at < now())`),
      open: 0,
    });
    expect(d.requests).toMatchObject({ received: 2, answeredInTime: 1, late: 1 });
    expect(await auditReport(t().app.deps, year - 1)).toMatchObject({ childrenCollected: 0, idViews: 0, exports: [] });

    for (const lang of ['zh', 'en']) {
      const pdf = await client(t().app, (await loginAs(t().app, registrar.s.phone, registrar.s.password)) as never, lang).get(
        `/api/admin/privacy/audit/${year}/file?format=pdf`,
      );
      expect(pdf.statusCode).toBe(403); // privacy.manage only
      const file = await client(t().app, (await admin(lang)).h, lang).get(`/api/admin/privacy/audit/${year}/file?format=pdf`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const xlsx = await client(t().app, (await admin(lang)).h, lang).get(`/api/admin/privacy/audit/${year}/file?format=xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const s = wb.worksheets[0]!;
      const rows = s
        .getSheetValues()
        .filter(Boolean)
        .map((v) => (v as unknown[]).slice(1));
      const label = lang === 'zh' ? '查看儿童完整证件号（次）' : "Views of a child's full ID number";
      expect(rows.find((x) => x[0] === label)?.[1]).toBe(3);
    }
    expect((await a.get('/api/admin/privacy/audit/1999')).statusCode).toBe(400);
  });
});
