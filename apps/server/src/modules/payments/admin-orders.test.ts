import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_DISPLAY } from '@rp/shared';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { buyCodes, payWithSandbox, setupMoney } from './payments.helpers';

/**
 * Staff's orders list, filter and export (issue 34, item 9): the account an order belongs to reads as its
 * nickname and masked phone, staff find it by name or phone, and an order's state is the one its detail shows.
 */
const t = useTestApp();

async function setup() {
  const { app, database } = t();
  const db = database.db;
  const m = await setupMoney(db, app);
  await db.update(users).set({ nickName: '林小雨' }).where(eq(users.id, m.user.id));
  const order = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
  // another family's order, which the account filter leaves out
  const other = await buildUser(db, { nickName: '王大海' });
  const otherOrder = await buyCodes(client(app, await loginAs(app, other.phone, other.password)), m.activity.id, m.plan.id, 1);
  const admin = await buildUser(db, { roles: ['admin'] });
  const ah = await loginAs(app, admin.phone, admin.password);
  const staff = (lang: 'zh' | 'en') => client(app, ah, lang);
  const masked = `${m.user.phone.slice(0, 3)}****${m.user.phone.slice(-4)}`;
  return { ...m, order, otherOrder, staff, masked };
}

function sheet(payload: Buffer) {
  const wb = XLSX.read(payload, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, raw: true });
  const header = rows[0] as string[];
  return { header, rows: (rows.slice(1) as unknown[][]).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

const orderNos = (content: { orderNo: string }[]) => content.map((r) => r.orderNo).sort();

describe('admin orders: the account by name and masked phone', () => {
  it('lists and exports the account as 林小雨 · 138****1234 in both languages (the phone masked)', async () => {
    const s = await setup();
    const list = await s.staff('zh').get('/api/admin/orders');
    expect(list.statusCode).toBe(200);
    const row = list.json().content.find((r: { orderNo: string }) => r.orderNo === s.order.orderNo);
    expect(row.userIdName).toBe(`林小雨 · ${s.masked}`);
    expect(row.activityIdName).toBe(s.activity.nameZh);

    for (const [lang, column] of [
      ['zh', '下单账号'],
      ['en', 'Account'],
    ] as const) {
      const file = await s.staff(lang).get('/api/admin/orders/export');
      expect(file.statusCode).toBe(200);
      const { header, rows } = sheet(file.rawPayload);
      expect(header).toContain(column);
      expect(header.some((h) => /ID$/.test(h) && h !== 'ID')).toBe(false);
      const exported = rows.find((r) => r[lang === 'zh' ? '订单号' : 'Order number'] === s.order.orderNo)!;
      expect(exported[column]).toBe(`林小雨 · ${s.masked}`);
    }
  });

  it('filters the list and the export by the account’s name or its phone', async () => {
    const s = await setup();
    for (const q of ['小雨', s.user.phone]) {
      const list = await s.staff('zh').get(`/api/admin/orders?userId=${encodeURIComponent(q)}`);
      expect(list.statusCode).toBe(200);
      expect(orderNos(list.json().content)).toEqual([s.order.orderNo]);
      const { rows } = sheet((await s.staff('en').get(`/api/admin/orders/export?userId=${encodeURIComponent(q)}`)).rawPayload);
      expect(rows.map((r) => r['Order number'])).toEqual([s.order.orderNo]);
    }
    expect((await s.staff('zh').get('/api/admin/orders?userId=nobody-like-this')).json().content).toEqual([]);
    // LIKE's own characters are taken literally
    expect((await s.staff('zh').get('/api/admin/orders?userId=%25')).json().content).toEqual([]);
  });
});

describe('admin orders: one status vocabulary', () => {
  it('a paid order reads Completed in the list, its filter, the export and the detail', async () => {
    const s = await setup();
    await payWithSandbox(t().app, s.c, s.order.orderNo);
    const zh = s.staff('zh');
    const row = (await zh.get('/api/admin/orders')).json().content.find((r: { orderNo: string }) => r.orderNo === s.order.orderNo);
    const detail = (await zh.get(`/api/admin/orderDetail/${row.id}`)).json().data;
    expect(detail.status).toBe('completed');
    expect(row.status).toBe(detail.status);
    expect((await zh.get(`/api/admin/orders/${row.id}`)).json().data.status).toBe('completed');

    expect(orderNos((await zh.get('/api/admin/orders?status=completed')).json().content)).toEqual([s.order.orderNo]);
    expect(orderNos((await zh.get('/api/admin/orders?status=unpaid')).json().content)).toEqual([s.otherOrder.orderNo]);
    // every state's filter holds exactly the orders the list shows in that state
    const all = (await zh.get('/api/admin/orders?size=100')).json().content as { orderNo: string; status: string }[];
    for (const state of ORDER_DISPLAY)
      expect(orderNos((await zh.get(`/api/admin/orders?status=${state}&size=100`)).json().content)).toEqual(orderNos(all.filter((r) => r.status === state)));
    // the stored word is no state staff can ask for: a clear 400 in their language
    const stored = await s.staff('en').get('/api/admin/orders?status=paid');
    expect(stored.statusCode).toBe(400);
    expect(stored.json().resultStr).toMatch(/[A-Za-z]/);

    for (const [lang, column, word, no] of [
      ['zh', '状态', '已完成', '订单号'],
      ['en', 'Status', 'Completed', 'Order number'],
    ] as const) {
      const { rows } = sheet((await s.staff(lang).get('/api/admin/orders/export')).rawPayload);
      expect(rows.find((r) => r[no] === s.order.orderNo)![column]).toBe(word);
    }
  });
});
