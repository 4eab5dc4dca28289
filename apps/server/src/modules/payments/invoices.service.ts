import { and, eq, ne } from 'drizzle-orm';
import { invoiceableFen, isInvoicedLine, translate, type InvoiceApplyBody, type Lang, type MessageKey } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { invoices, orderItems, orders } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { sniff } from '../../lib/images';
import { newKey } from '../../lib/storage';
import { notify } from '../messages/index';
import { newInvoiceNo, ownOrder } from './common';
import { renderInvoicePdf } from './invoice-pdf';
import { lineLabels } from './line-labels';

/**
 * An invoice request for a paid order (one live request per order; a rejected one may be asked again).
 * `lang` is the language the member asked in: the PDF is written in it, whoever generates it (issue 24).
 * Its amount is what an invoice of the order states (invoiceableFen: lines whose refund is under way are
 * left out), recorded again when it is issued; while pending, views show it live (present.ts).
 */
export async function applyInvoice(deps: Pick<AppDeps, 'database'>, userId: number, body: InvoiceApplyBody, lang: Lang) {
  return deps.database.db.transaction(async (tx) => {
    const o = await ownOrder(tx, userId, body.orderNo, true);
    const amountFen = invoiceableFen(await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id)));
    if (o.status !== 'paid' || amountFen <= 0) throw new AppError('INVOICE_NOT_PAID');
    const [live] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), ne(invoices.status, 'rejected')));
    if (live) throw new AppError('INVOICE_EXISTS');
    const personal = body.titleType === 'personal';
    const [inv] = await tx
      .insert(invoices)
      .values({
        orderId: o.id,
        userId,
        titleType: body.titleType,
        kind: personal ? 'ordinary' : body.kind,
        companyName: body.companyName,
        taxNo: body.taxNo.toUpperCase(),
        registeredAddress: body.registeredAddress,
        registeredPhone: body.registeredPhone,
        bank: body.bank,
        bankAccount: body.bankAccount,
        contact: body.contact,
        receivingAddress: body.receivingAddress,
        amountFen,
        lang,
      })
      .returning();
    await audit(tx, {
      userId,
      resource: 'invoices',
      recordId: inv!.id,
      action: 'apply',
      after: { orderNo: o.orderNo, titleType: body.titleType, kind: inv!.kind },
    });
    return inv!;
  });
}

const LABELS = [
  'title',
  'invoiceNo',
  'issuedAt',
  'orderNo',
  'buyer',
  'seller',
  'taxNo',
  'address',
  'bank',
  'item',
  'quantity',
  'unitPrice',
  'amount',
  'total',
  'contact',
  'receivingAddress',
  'typePersonal',
  'typeCompany',
  'kindOrdinary',
  'kindSpecial',
  'totalInWords',
  'paidAt',
  'footer',
] as const;

/** The PDF of an invoice generated from its order lines, in the given language: its total is invoiceableFen of the lines. */
export async function generateInvoicePdf(deps: Pick<AppDeps, 'database'>, inv: typeof invoices.$inferSelect, invoiceNo: string, issuedAt: Date, lang: Lang) {
  const [o] = await deps.database.db.select().from(orders).where(eq(orders.id, inv.orderId));
  const items = await deps.database.db.select().from(orderItems).where(eq(orderItems.orderId, inv.orderId));
  // one line per distinct label and price (a group order of 30 players of one plan is one line per player: names matter on a school's invoice)
  const kept = items.filter(isInvoicedLine);
  const lineNames = await lineLabels(deps.database.db, kept, lang);
  const byKey = new Map<string, { name: string; quantity: number; unitFen: number; amountFen: number }>();
  for (const i of kept) {
    const net = i.priceFen - i.refundedFen;
    const label = lineNames.get(i.id) ?? i.label;
    const key = `${i.kind === 'code' ? label : `${label}#${i.id}`}|${net}`;
    const line = byKey.get(key) ?? {
      name: i.kind === 'member' ? translate(lang, 'pay.orderLine.fee', { player: label }) : label,
      quantity: 0,
      unitFen: net,
      amountFen: 0,
    };
    line.quantity += 1;
    line.amountFen += net;
    byKey.set(key, line);
  }
  const lines = [...byKey.values()];
  const labels = Object.fromEntries(LABELS.map((k) => [k, translate(lang, `invoice.${k}` as MessageKey)])) as Record<(typeof LABELS)[number], string>;
  return renderInvoicePdf({
    invoiceNo,
    issuedAt,
    orderNo: o!.orderNo,
    paidAt: o!.paidAt,
    titleType: inv.titleType as 'personal' | 'company',
    kind: inv.kind as 'ordinary' | 'special',
    companyName: inv.companyName,
    taxNo: inv.taxNo,
    registeredAddress: inv.registeredAddress,
    registeredPhone: inv.registeredPhone,
    bank: inv.bank,
    bankAccount: inv.bankAccount,
    contact: inv.contact,
    receivingAddress: inv.receivingAddress,
    seller: { name: translate(lang, 'invoice.sellerName'), taxNo: '91110000MA00ROBOT1', address: '', bank: '' },
    lines,
    totalFen: lines.reduce((s, l) => s + l.amountFen, 0),
    labels,
  });
}

/**
 * Staff issue a pending invoice: an uploaded PDF (checked by content) or one generated from the order, in
 * the language the member asked in (invoices.lang) — never the staff member's (`_staffLang`, kept for callers).
 */
export async function issueInvoice(deps: AppDeps, staffId: number, invoiceId: number, file: Buffer | null, _staffLang?: Lang, now = new Date()) {
  const [inv] = await deps.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw new AppError('NOT_FOUND');
  if (inv.status !== 'pending') throw new AppError('INVOICE_NOT_PENDING');
  if (file && sniff(file) !== 'pdf') throw new AppError('UPLOAD_BAD_TYPE');
  const invoiceNo = newInvoiceNo(now);
  // the amount it is issued for: the one staff were shown and the PDF states
  const amountFen = invoiceableFen(await deps.database.db.select().from(orderItems).where(eq(orderItems.orderId, inv.orderId)));
  const pdf = file ?? Buffer.from(await generateInvoicePdf(deps, inv, invoiceNo, now, inv.lang));
  const key = newKey('private/invoices', 'pdf');
  await deps.storage.put(key, pdf, 'application/pdf');
  const done = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'issued', invoiceNo, fileKey: key, amountFen, issuedBy: staffId, issuedAt: now })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'pending')))
      .returning();
    if (!row) return null;
    const [o] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
    await audit(tx, {
      userId: staffId,
      resource: 'invoices',
      recordId: row.id,
      action: file ? 'issue:upload' : 'issue:generate',
      after: { invoiceNo },
    });
    const params = { orderNo: o!.orderNo, invoiceNo };
    await notify(tx, [
      { receiverId: row.userId, title: 'notify.invoiceIssued.title', content: 'notify.invoiceIssued.content', params: { zh: params, en: params } },
    ]);
    return row;
  });
  if (!done) {
    await deps.storage.remove(key); // someone else issued it meanwhile
    throw new AppError('INVOICE_NOT_PENDING');
  }
  return done;
}

export async function rejectInvoice(deps: Pick<AppDeps, 'database'>, staffId: number, invoiceId: number, reason: string) {
  // the refusal and its audit entry commit together
  const row = await deps.database.db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(invoices)
      .set({ status: 'rejected', rejectReason: reason, issuedBy: staffId })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'pending')))
      .returning();
    if (rejected) await audit(tx, { userId: staffId, resource: 'invoices', recordId: invoiceId, action: 'reject', after: { reason } });
    return rejected;
  });
  if (!row) {
    const [exists] = await deps.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId));
    throw new AppError(exists ? 'INVOICE_NOT_PENDING' : 'NOT_FOUND');
  }
  return row;
}

/** The issued PDF, for its owner or staff (the caller decides who may ask). */
export async function invoiceFile(deps: Pick<AppDeps, 'database' | 'storage'>, invoiceId: number, userId: number | null) {
  const [inv] = await deps.database.db
    .select()
    .from(invoices)
    .where(userId === null ? eq(invoices.id, invoiceId) : and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (!inv) throw new AppError('NOT_FOUND');
  if (inv.status !== 'issued' || !inv.fileKey) throw new AppError('INVOICE_NOT_ISSUED');
  const obj = await deps.storage.open(inv.fileKey);
  if (!obj) throw new AppError('INVOICE_NOT_ISSUED');
  return { inv, obj };
}
