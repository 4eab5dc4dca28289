import { describe, expect, it } from 'vitest';
import { invoices, ledger, orders, refunds } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { buyCodes, payWithSandbox, setupMoney, teamWithPlayers } from './payments.helpers';

const t = useTestApp();

/**
 * One table over every object endpoint of the money path: as another member each answers 404 (an order
 * of someone else looks like no order) and changes nothing; as the owner the same call succeeds.
 */
describe('ownership of orders, refunds, invoices and team fees', () => {
  it('refuses every endpoint to a second member and allows it to the owner', async () => {
    const { app, database } = t();
    const db = database.db;
    const m = await setupMoney(db, app, { lang: 'en' });
    const { team, ids } = await teamWithPlayers(db, m.c, m.activity.id, m.program.id, m.plan.id, 2);
    const paid = await buyCodes(m.c, m.activity.id, m.plan.id, 2);
    await payWithSandbox(app, m.c, paid.orderNo);
    const view = (await m.c.get(`/api/lOrder/web/find?orderNo=${paid.orderNo}`)).json().data;
    const item = view.items[0].id as number;
    const unpaid = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    const pending = (await m.c.post('/api/lOrder/web/refund', { orderNo: paid.orderNo, itemIds: [view.items[1].id], reason: '' })).json().data;
    const invoiceBody = { orderNo: paid.orderNo, titleType: 'personal', companyName: '张三', contact: '张三' };
    const other = await buildUser(db);
    const x = client(app, await loginAs(app, other.phone, other.password), 'en');
    const snapshot = async () =>
      JSON.stringify([await db.select().from(orders), await db.select().from(refunds), await db.select().from(invoices), await db.select().from(ledger)]);

    const calls: [string, (c: typeof x) => Promise<{ statusCode: number; body: string }>][] = [
      ['find', (c) => c.get(`/api/lOrder/web/find?orderNo=${paid.orderNo}`)],
      ['wx notify find', (c) => c.get(`/api/lOrder/wx/notify/find?orderNo=${paid.orderNo}`)],
      ['ali notify find', (c) => c.get(`/api/lOrder/ali/notify/find?orderNo=${paid.orderNo}`)],
      ['notify find', (c) => c.get(`/api/lOrder/notify/find?orderNo=${paid.orderNo}`)],
      ['refund preview', (c) => c.get(`/api/lOrder/web/refundPreview?orderNo=${paid.orderNo}&itemIds=${item}`)],
      ['pay', (c) => c.post('/api/lOrder/web/pay', { orderNo: unpaid.orderNo, channel: 'sandbox' })],
      ['cancel', (c) => c.post('/api/lOrder/web/cancel', { orderNo: unpaid.orderNo })],
      ['refund', (c) => c.post('/api/lOrder/web/refund', { orderNo: paid.orderNo, itemIds: [item], reason: '' })],
      ['refund cancel', (c) => c.post('/api/lOrder/web/refund/cancel', { refundNo: pending.refundNo })],
      ['invoice apply', (c) => c.post('/api/lInvoice/web/apply', invoiceBody)],
      ['fee preview of a team', (c) => c.get(`/api/lOrder/web/feePreview?activityId=${m.activity.id}&teamId=${team.id}`)],
      ['fee preview of players', (c) => c.get(`/api/lOrder/web/feePreview?activityId=${m.activity.id}&memberIds=${ids[0]}&memberIds=${ids[1]}`)],
      ['team pay', (c) => c.post('/api/lTeam/web/pay', { activityId: m.activity.id, teamId: team.id })],
      ['fee order of players', (c) => c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })],
    ];
    for (const [name, call] of calls) {
      const before = await snapshot();
      const r = await call(x);
      expect(r.statusCode, `${name}: ${r.body}`).toBe(404);
      expect(await snapshot(), name).toBe(before);
    }
    // the other member's own list holds nothing of the owner's; team fees of a team not theirs: empty
    expect((await x.get('/api/lOrder/web/list')).json().totalElements).toBe(0);
    expect((await x.get(`/api/lTeam/web/fees?activityId=${m.activity.id}&teamId=${team.id}`)).json().data).toEqual([]);
    // the owner may do each of them (the last: its players are now held by the team order just placed)
    for (const [name, call] of calls) {
      const r = await call(m.c);
      expect(r.statusCode, `${name} (owner): ${r.body}`).toBe(name === 'fee order of players' ? 409 : 200);
    }
    // invoices download: someone else's id is 404 even once issued
    const admin = await buildUser(db, { roles: ['admin'] });
    const s = client(app, await loginAs(app, admin.phone, admin.password));
    const inv = (await s.get('/api/admin/invoices')).json().content[0];
    await s.post(`/api/admin/invoices/${inv.id}/generate`, {});
    expect((await x.get(`/api/lInvoice/web/download/${inv.id}`)).statusCode).toBe(404);
    expect((await m.c.get(`/api/lInvoice/web/download/${inv.id}`)).statusCode).toBe(200);
  });
});
