import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityResource, wireNames } from '@rp/shared';
import { activities, auditLog } from '../../db/schema/index';
import { client } from '../../modules/registration/limits.helpers';
import { payWithSandbox, setupMoney, teamWithPlayers } from '../../modules/payments/payments.helpers';
import { useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';

const get = useTestApp();

interface Entry {
  resource: string;
  action: string;
  resourceLabel: string;
  actionLabel: string;
  changes: { field: string; label: string; before: string | null; after: string | null }[];
}

/** What a person reads of an entry: its action and each change as "label: before → after". */
const read = (e: Entry) => [e.actionLabel, ...e.changes.map((c) => `${c.label}: ${c.before ?? '∅'} → ${c.after ?? '∅'}`)];

/** A paid team of three whose owner asked a refund of two players and withdrew the third (type 2). */
async function decided() {
  const { app, database } = get();
  const m = await setupMoney(database.db, app);
  const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, 3);
  const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })).json().data;
  await payWithSandbox(app, m.c, o.orderNo);
  const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
  const two = v.items.slice(0, 2).map((i: { id: number }) => i.id);
  expect((await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: two, reason: '孩子生病' })).statusCode).toBe(200);
  const admin = await buildUser(database.db, { roles: ['admin'] });
  const headers = await loginAs(app, admin.phone, admin.password);
  const s = client(app, headers, 'en');
  const r = (await s.get('/api/admin/refunds?status=pending')).json().content[0];
  expect((await s.post(`/api/admin/refunds/${r.id}/decide`, { approve: true, ratio: '800', reason: '已领取比赛物资' })).statusCode).toBe(200);
  const third = v.items[2].memberId as number;
  expect((await m.c.post('/api/lTeamMember/web/withdraw', { name: 'x', type: 2, teamMember: { id: third } })).statusCode).toBe(200);
  const w = (await s.get('/api/admin/withdrawals?status=pending')).json().content[0];
  expect((await s.post(`/api/admin/withdrawals/${w.id}/approve`, {})).statusCode).toBe(200);
  const trail = async (lang: 'zh' | 'en', resource: string) =>
    (await app.inject({ method: 'GET', url: `/api/admin/audit?resource=${resource}&size=50`, headers: { ...headers, 'accept-language': lang } })).json()
      .content as Entry[];
  return { app, database, trail, s, order: o };
}

describe('the audit trail in words (issue 34, item 8)', () => {
  it('a refund decision reads in yuan, percent and state labels, never keys or JSON, in both languages', async () => {
    const { trail } = await decided();
    const zh = await trail('zh', 'refunds');
    const approve = zh.find((e) => e.action === 'approve')!;
    expect(approve.resourceLabel).toBe('退款');
    expect(read(approve)).toEqual(
      expect.arrayContaining([
        '批准',
        '状态: 待审核 → 退款中',
        '申请退款金额: ¥994.00 → ∅',
        '退款比例: ∅ → 80%',
        '退款金额: ∅ → ¥800.00',
        '原因: ∅ → 已领取比赛物资',
      ]),
    );
    const request = zh.find((e) => e.action === 'request')!;
    expect(read(request)).toEqual(expect.arrayContaining(['退款项目数: ∅ → 2', '可退金额: ∅ → ¥1,000.00', '档位比例: ∅ → 99.4%']));
    const en = await trail('en', 'refunds');
    expect(read(en.find((e) => e.action === 'approve')!)).toEqual(
      expect.arrayContaining(['Approve', 'Status: Awaiting review → Refunding', 'Amount requested: ¥994.00 → ∅', 'Refund ratio: ∅ → 80%']),
    );
    for (const e of [...zh, ...en])
      for (const c of e.changes) {
        expect(c.label).not.toBe(c.field);
        expect(`${c.before} ${c.after}`).not.toMatch(/[{[]/);
      }
  });

  it('a withdrawal decision and the order reads its states, type and players by their labels and names', async () => {
    const { trail } = await decided();
    const w = (await trail('zh', 'withdrawals')).find((e) => e.action === 'approve')!;
    expect(read(w)).toEqual(expect.arrayContaining(['报名状态: 退赛中 → 退赛完成', '退款比例: ∅ → 99.4%']));
    const asked = (await trail('en', 'teamMembers')).find((e) => e.action === 'withdrawRequest')!;
    expect(read(asked)).toEqual(expect.arrayContaining(['Withdrawal type: ∅ → Withdraw']));
    const review = (await trail('en', 'orders')).find((e) => e.action === 'create')!;
    const players = review.changes.find((c) => c.field === 'members')!;
    expect(players.label).toBe('Players');
    expect(players.after).not.toMatch(/#|\{/);
    expect(players.after!.split(', ')).toHaveLength(3);
  });

  it("an order's detail for staff: as many as its players, its team by name and number (issue 34, item 9)", async () => {
    const { s, order } = await decided();
    const d = (await s.get(`/api/admin/orderDetail/${order.id}`)).json().data;
    expect(d.quantity).toBe(3);
    expect(d.teamName).toMatch(/^.+ \(.+\)$/);
    expect(d.teamName).not.toContain('#');
  });

  it('actions recorded outside the generic resources have their labels (invoice issue, review pass)', async () => {
    const { app, database } = get();
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const headers = await loginAs(app, admin.phone, admin.password);
    await database.db.insert(auditLog).values([
      {
        userId: admin.id,
        resource: 'invoices',
        recordId: '1',
        action: 'issue:generate',
        after: JSON.stringify({ invoiceNo: 'INV1', titleType: 'company', kind: 'special' }),
      },
      {
        userId: admin.id,
        resource: 'teamMembers',
        recordId: '1',
        action: 'reviewPass',
        before: JSON.stringify({ payStatus: 7 }),
        after: JSON.stringify({ payStatus: 9 }),
      },
    ]);
    const list = async (lang: string) =>
      (await app.inject({ method: 'GET', url: '/api/admin/audit?size=50', headers: { ...headers, 'accept-language': lang } })).json().content as Entry[];
    const zh = await list('zh');
    expect(read(zh.find((e) => e.resource === 'invoices')!)).toEqual([
      '开具电子发票',
      '抬头类型: ∅ → 单位',
      '发票类型: ∅ → 增值税专用发票',
      '发票号码: ∅ → INV1',
    ]);
    expect(read(zh.find((e) => e.resource === 'teamMembers')!)).toEqual(['审核通过', '报名状态: 审核中 → 审核成功']);
    expect((await list('en')).find((e) => e.resource === 'invoices')!.actionLabel).toBe('Issue an e-invoice');
  });

  it('an activity saved with only a switch changed logs only that switch, though the editor rewrote its rich text', async () => {
    const { app, database } = get();
    const stored = '<p>第一段</p>\n<p>第二段 <b>重点</b></p>\n';
    const a = await buildActivity(database.db, { introZh: stored, detailEn: 'Plain words', detailZh: '' });
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const headers = await loginAs(app, admin.phone, admin.password);
    const form = (await app.inject({ method: 'GET', url: `/api/admin/activities/${a.id}`, headers })).json().data;
    // what the form sends back: every field, the editor's rewrite of the texts and one switch turned
    const editable = activityResource.fields.filter((f) => !('readOnly' in f && f.readOnly)).flatMap((f) => wireNames(f));
    const body = {
      ...Object.fromEntries(editable.map((k) => [k, form[k]])),
      introZh: '<p>第一段</p><p>第二段 <strong>重点</strong></p>',
      detailEn: '<p>Plain words</p>',
      detailZh: '<p></p>',
      audienceEnabled: true,
    };
    const saved = await app.inject({ method: 'PUT', url: `/api/admin/activities/${a.id}`, headers, payload: body });
    expect(saved.json()).toMatchObject({ resultCode: 1 });
    expect((await database.db.select().from(activities).where(eq(activities.id, a.id)))[0]!.introZh).toBe(stored);
    const trail = (
      await app.inject({ method: 'GET', url: `/api/admin/audit?resource=activities&recordId=${a.id}`, headers: { ...headers, 'accept-language': 'en' } })
    ).json().content as Entry[];
    expect(trail.map(read)).toEqual([['Update', expect.stringMatching(/: No → Yes$/)]]);
    expect(trail[0]!.changes.map((c) => c.field)).toEqual(['audienceEnabled']);
  });
});
