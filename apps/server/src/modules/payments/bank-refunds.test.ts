import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { ledger, messages, orders, refunds } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { reconcile } from './jobs';
import { buyCodes, ledgerMismatches, payWithSandbox, setupMoney, teamWithPlayers } from './payments.helpers';

const get = useTestApp();

async function staff() {
  const { app, database } = get();
  const admin = await buildUser(database.db, { roles: ['admin'] });
  const headers = await loginAs(app, admin.phone, admin.password);
  return { ...client(app, headers, 'en'), headers };
}

/** A team of `n` players whose fees were paid by bank transfer, confirmed by staff. */
async function bankPaidTeam(n: number) {
  const { app, database } = get();
  const m = await setupMoney(database.db, app);
  const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, n);
  const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })).json().data;
  expect((await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'bank' })).statusCode).toBe(200);
  const s = await staff();
  expect((await s.post(`/api/admin/orders/${o.id}/confirmTransfer`, { amountFen: o.amountFen, bankSerial: 'ICBC20261128001' })).statusCode).toBe(200);
  const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
  return { ...m, s, o: v, ids };
}

const noticesOf = (userId: number) => get().database.db.select().from(messages).where(eq(messages.receiverId, userId));
const refundLedger = () => get().database.db.select().from(ledger).where(eq(ledger.kind, 'refund'));

describe('a bank-paid refund is transferred back by staff (issue 34)', () => {
  it('approve → processing with nothing moved, the family told it is being transferred; payee recorded (encrypted, masked); the serial completes it', async () => {
    const { database } = get();
    const { c, s, o, user } = await bankPaidTeam(2);
    await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [o.items[0].id], reason: '孩子生病' });
    const [pending] = await database.db.select().from(refunds);
    const approved = await s.post(`/api/admin/refunds/${pending!.id}/decide`, { approve: true, ratio: '994' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'processing', amountFen: 49_700, bankTransfer: { payee: null, serial: null } });
    // nothing moved: no ledger refund, nothing refunded, not even after reconciliation asks again
    await reconcile(get().app.deps, new Date(Date.now() + 10 * 60_000));
    expect((await database.db.select().from(refunds))[0]).toMatchObject({ status: 'processing' });
    expect(await refundLedger()).toEqual([]);
    expect((await database.db.select().from(orders))[0]).toMatchObject({ refundedFen: 0 });
    // the family reads that it is being transferred back to their bank account, not that it was refunded
    let notices = await noticesOf(user.id);
    expect(notices.some((n) => n.titleEn.startsWith('Refund completed'))).toBe(false);
    const told = notices.find((n) => n.titleEn.startsWith('Refund being transferred'))!;
    expect(told.contentZh).toContain('¥497.00');
    expect(told.contentZh).toContain('正在通过银行转账退回您的银行账户');
    expect(told.contentEn).toContain('is being transferred back to your bank account');
    const mine = (await c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    expect(mine.status).toBe('refunding');
    expect(mine.refunds[0]).toMatchObject({ status: 'processing', bankTransfer: { payee: null, serial: null } });
    // reconciliation lists it as owed
    const owed = (await s.get('/api/admin/reconciliation/owed')).json();
    expect(owed.totalElements).toBe(1);
    expect(owed.content[0]).toMatchObject({ refundNo: pending!.refundNo, orderNo: o.orderNo, amountFen: 49_700, channel: 'bank' });
    // the transfer needs the payee's account first, and its serial
    const noPayee = await s.post(`/api/admin/refunds/${pending!.id}/transferred`, { bankSerial: 'BOC20261129001' });
    expect(noPayee.statusCode).toBe(409);
    expect(noPayee.json().code).toBe('REFUND_PAYEE_MISSING');
    const badAccount = await s.post(`/api/admin/refunds/${pending!.id}/payee`, { name: '李华', bank: '中国银行', accountNo: '12' });
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.json().fieldErrors.accountNo).toBe('Enter a valid bank account number (6–34 digits or letters)');
    const payee = await s.post(`/api/admin/refunds/${pending!.id}/payee`, { name: '李华', bank: '中国银行北京分行', accountNo: '6217 8500 0001 2345 678' });
    expect(payee.statusCode).toBe(200);
    expect(payee.json().data.bankTransfer.payee).toEqual({ name: '李华', bank: '中国银行北京分行', accountMasked: '6217 **** 5678' });
    const [stored] = await database.db.select().from(refunds);
    expect(stored!.payeeAccountEnc).not.toContain('62178500');
    expect(JSON.stringify(stored)).not.toContain('6217850000012345678');
    expect((await s.get(`/api/admin/refunds/${pending!.id}/payeeAccount`)).json().data.accountNo).toBe('6217850000012345678');
    const noSerial = await s.post(`/api/admin/refunds/${pending!.id}/transferred`, { bankSerial: ' ' });
    expect(noSerial.statusCode).toBe(400);
    expect(await refundLedger()).toEqual([]);
    // done: refunded, the ledger's entry carries the serial, the family told now
    const done = await s.post(`/api/admin/refunds/${pending!.id}/transferred`, { bankSerial: 'BOC20261129001' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'success', bankTransfer: { serial: 'BOC20261129001' } });
    expect((await refundLedger()).map((l) => [l.amountFen, l.note])).toEqual([[-49_700, 'BOC20261129001']]);
    expect((await database.db.select().from(orders))[0]).toMatchObject({ refundedFen: 49_700 });
    expect(await ledgerMismatches(database.db)).toEqual([]);
    notices = await noticesOf(user.id);
    expect(notices.filter((n) => n.titleEn.startsWith('Refund completed'))).toHaveLength(1);
    expect((await s.get('/api/admin/reconciliation/owed')).json().totalElements).toBe(0);
    expect((await s.post(`/api/admin/refunds/${pending!.id}/transferred`, { bankSerial: 'BOC20261129001' })).json().code).toBe('REFUND_NOT_BANK');
  });

  it('a withdrawal of a bank-paid player stays owed until transferred, and takes the payee account recorded for the same payment', async () => {
    const { database } = get();
    const { c, s, o, ids, user } = await bankPaidTeam(2);
    // a first refund of this payment whose payee staff recorded
    await c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [o.items[1].id], reason: '' });
    const [first] = await database.db.select().from(refunds);
    await s.post(`/api/admin/refunds/${first!.id}/decide`, { approve: true, ratio: '994' });
    await s.post(`/api/admin/refunds/${first!.id}/payee`, { name: '李华', bank: '中国银行', accountNo: '6217850000012345678' });
    expect((await c.post('/api/lTeamMember/web/withdraw', { name: 'x', type: 2, teamMember: { id: ids[0] } })).statusCode).toBe(200);
    const w = (await s.get('/api/admin/withdrawals?status=pending')).json().content[0];
    expect((await s.post(`/api/admin/withdrawals/${w.id}/approve`, {})).statusCode).toBe(200);
    const [withdrawal] = await database.db.select().from(refunds).where(eq(refunds.kind, 'withdrawal'));
    expect(withdrawal).toMatchObject({ status: 'processing', amountFen: 49_700, payeeName: '李华', payeeAccountMasked: '6217 **** 5678' });
    expect(await refundLedger()).toEqual([]);
    expect((await database.db.select().from(orders))[0]).toMatchObject({ refundedFen: 0 });
    const told = (await noticesOf(user.id)).filter((n) => n.titleEn.startsWith('Refund being transferred'));
    expect(told).toHaveLength(2);
    expect((await noticesOf(user.id)).some((n) => n.titleEn.startsWith('Refund completed'))).toBe(false);
    const owed = (await s.get('/api/admin/reconciliation/owed')).json();
    expect(owed.content.map((r: { kind: string; amountFen: number }) => [r.kind, r.amountFen])).toEqual([
      ['request', 49_700],
      ['withdrawal', 49_700],
    ]);
    expect((await s.post(`/api/admin/refunds/${withdrawal!.id}/transferred`, { bankSerial: 'BOC20261129002' })).statusCode).toBe(200);
    expect((await database.db.select().from(refunds).where(eq(refunds.id, withdrawal!.id)))[0]!.status).toBe('success');
    expect((await refundLedger()).map((l) => l.amountFen)).toEqual([-49_700]);
    expect((await s.get('/api/admin/reconciliation/owed')).json().totalElements).toBe(1);
  });

  it('a refund paid through a gateway is not staff’s to mark transferred', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o.orderNo);
    const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [v.items[0].id], reason: '' });
    const [r] = await database.db.select().from(refunds);
    const s = await staff();
    expect((await s.post(`/api/admin/refunds/${r!.id}/decide`, { approve: true, ratio: '994' })).json().data.bankTransfer).toBeNull();
    expect((await s.post(`/api/admin/refunds/${r!.id}/transferred`, { bankSerial: 'X1234' })).json().code).toBe('REFUND_NOT_BANK');
    expect((await s.get('/api/admin/reconciliation/owed')).json().totalElements).toBe(0);
  });
});

describe('one invoice amount everywhere (issue 34)', () => {
  it('the member’s offer, staff’s list, the generate answer and the PDF state what is paid and kept (a refund under way left out)', async () => {
    const { app, database } = get();
    const m = await setupMoney(database.db, app, { lang: 'en' });
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 3);
    await payWithSandbox(app, m.c, o.orderNo);
    const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    expect(v.invoiceableFen).toBe(150_000);
    const body = { orderNo: o.orderNo, titleType: 'personal', kind: 'ordinary', companyName: '李小明', taxNo: '', contact: '李老师' };
    expect((await m.c.post('/api/lInvoice/web/apply', body)).json().data.amountFen).toBe(150_000);
    const s = await staff();
    // one code refunded at 99.4 % (its 3 yuan remainder kept), another's refund asked and not decided
    await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [v.items[0].id], reason: '' });
    const [r] = await database.db.select().from(refunds);
    await s.post(`/api/admin/refunds/${r!.id}/decide`, { approve: true, ratio: '994' });
    await app.deps.payments.sandbox.deliverDue();
    expect((await database.db.select().from(refunds))[0]!.status).toBe('success');
    await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [v.items[1].id], reason: '' });
    const kept = 50_000 + 300;
    const mine = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    expect(mine.invoiceableFen).toBe(kept);
    expect(mine.invoice.amountFen).toBe(kept);
    const listed = (await s.get('/api/admin/invoices?status=pending')).json().content[0];
    expect(listed.amountFen).toBe(kept);
    const gen = await s.post(`/api/admin/invoices/${listed.id}/generate`, {});
    expect(gen.json().data).toMatchObject({ status: 'issued', amountFen: kept });
    const dl = await app.inject({ method: 'GET', url: `/api/admin/invoices/download/${listed.id}`, headers: s.headers });
    expect((await PDFDocument.load(dl.rawPayload)).getSubject()).toBe(`${o.orderNo} Total ¥503.00`);
    // issued: it keeps what it was issued for, whatever happens to the order later
    const [pendingRefund] = await database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.status, 'pending')));
    await s.post(`/api/admin/refunds/${pendingRefund!.id}/decide`, { approve: false, reason: 'No' });
    expect((await s.get('/api/admin/invoices?status=issued')).json().content[0].amountFen).toBe(kept);
    expect((await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data.invoice.amountFen).toBe(kept);
  });
});
