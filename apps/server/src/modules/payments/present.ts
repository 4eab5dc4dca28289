import type { DbOrTx } from '../../db/client';
import { and, desc, eq, exists, gt, gte, inArray, ne, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ORDER_DISPLAY,
  invoiceableFen,
  orderDisplayStatus,
  refundPreview,
  type InvoiceView,
  type Lang,
  type OrderDisplay,
  type OrderView,
  type RefundView,
} from '@rp/shared';
import { activities, invoices, orderItems, orders, payments, redeemCodes, refundItems, refunds, teams, visitors } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { OrderRow } from './common';
import type { PaymentAction } from './providers/types';
import { lineLabels } from './line-labels';

type InvoiceRow = typeof invoices.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * An invoice as shown. amountFen: an issued (or rejected) one keeps what it was issued for; a pending one
 * says what it will be issued for now (`pendingFen`, invoiceableFen of its order's lines: issue 34), the same
 * amount the PDF will state.
 */
export function presentInvoice(inv: InvoiceRow, orderNo: string, downloadBase = '/api/lInvoice/web/download', pendingFen?: number): InvoiceView {
  return {
    id: inv.id,
    orderNo,
    invoiceNo: inv.invoiceNo,
    status: inv.status as InvoiceView['status'],
    titleType: inv.titleType as InvoiceView['titleType'],
    kind: inv.kind as InvoiceView['kind'],
    companyName: inv.companyName,
    taxNo: inv.taxNo,
    registeredAddress: inv.registeredAddress,
    registeredPhone: inv.registeredPhone,
    bank: inv.bank,
    bankAccount: inv.bankAccount,
    contact: inv.contact,
    receivingAddress: inv.receivingAddress,
    amountFen: inv.status === 'pending' && pendingFen !== undefined ? pendingFen : inv.amountFen,
    rejectReason: inv.rejectReason,
    issuedAt: inv.issuedAt?.toISOString() ?? null,
    createdAt: inv.createdAt.toISOString(),
    downloadUrl: inv.status === 'issued' ? `${downloadBase}/${inv.id}` : null,
  };
}

/** What an invoice of each of these orders states now (invoiceableFen of its lines). */
export async function invoiceableByOrder(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  const rows = orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [];
  return new Map(orderIds.map((id) => [id, invoiceableFen(rows.filter((i) => i.orderId === id))]));
}

export function presentRefund(r: RefundRow, orderNo: string, items: { id: number; label: string; priceFen: number }[], channel: string | null): RefundView {
  return {
    id: r.id,
    refundNo: r.refundNo,
    orderNo,
    kind: r.kind,
    status: r.status as RefundView['status'],
    baseFen: r.baseFen,
    tierPerMille: r.tierPerMille,
    requestedFen: r.requestedFen,
    ratio: r.ratio,
    amountFen: r.amountFen,
    reason: r.reason,
    rejectReason: r.rejectReason,
    decisionReason: r.decisionReason,
    bankTransfer:
      channel === 'bank'
        ? {
            payee: r.payeeName ? { name: r.payeeName, bank: r.payeeBank ?? '', accountMasked: r.payeeAccountMasked ?? '' } : null,
            serial: r.status === 'success' ? r.providerRefundNo : null,
          }
        : null,
    itemIds: items.map((i) => i.id),
    items,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** Refund rows of these orders with their items (labelled in `lang`) and the channel that paid them, for views. */
export async function refundsOf(db: DbOrTx, orderIds: number[], lang: Lang) {
  if (!orderIds.length) return [];
  const paid = await db
    .select({ r: refunds, channel: payments.channel })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(desc(refunds.id));
  const rows = paid.map((x) => x.r);
  const links = rows.length
    ? await db
        .select({
          refundId: refundItems.refundId,
          id: orderItems.id,
          kind: orderItems.kind,
          planId: orderItems.planId,
          label: orderItems.label,
          priceFen: orderItems.priceFen,
        })
        .from(refundItems)
        .innerJoin(orderItems, eq(orderItems.id, refundItems.itemId))
        .where(
          inArray(
            refundItems.refundId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const labels = await lineLabels(db, links, lang);
  return paid.map(({ r, channel }) => ({
    row: r,
    channel,
    items: links.filter((l) => l.refundId === r.id).map(({ id, label, priceFen }) => ({ id, label: labels.get(id) ?? label, priceFen })),
  }));
}

type PaymentRow = typeof payments.$inferSelect;
type OrderFigures = Pick<OrderRow, 'status' | 'paidFen' | 'refundedFen'>;

/** Refunds that wait for staff or the gateway: the order reads "refund in progress". */
const OPEN_REFUNDS = ['pending', 'processing'] as const;

/** The attempt the payer is in the middle of: at the gateway or owing a bank transfer, not yet expired. */
function openAttempt(o: Pick<OrderRow, 'status'>, attempts: readonly PaymentRow[], now: Date): PaymentRow | undefined {
  return o.status === 'unpaid' ? attempts.find((p) => p.status === 'created' && p.action !== '{}' && p.expiresAt.getTime() > now.getTime()) : undefined;
}

/**
 * The one shown state of an order (spec 4.3: 已完成, 退款中 …) from its attempts and refunds: the member's orders,
 * staff's detail, staff's list and its export all read this (issue 34).
 */
function shownStatus(o: OrderFigures, attempts: readonly PaymentRow[], refundRows: readonly Pick<RefundRow, 'status'>[], now: Date): OrderDisplay {
  return orderDisplayStatus({
    status: o.status,
    paidFen: o.paidFen,
    refundedFen: o.refundedFen,
    paying: !!openAttempt(o, attempts, now),
    refunding: refundRows.some((r) => (OPEN_REFUNDS as readonly string[]).includes(r.status)),
  });
}

/** Staff's order rows (wire form) with `status` their shown state instead of the stored one (the generic list and export). */
export async function withShownStatus(db: DbOrTx, rows: Record<string, unknown>[], now = new Date()): Promise<Record<string, unknown>[]> {
  const ids = rows.map((r) => r.id as number);
  if (!ids.length) return rows;
  const [tries, rf] = await Promise.all([
    db.select().from(payments).where(inArray(payments.orderId, ids)),
    db.select({ orderId: refunds.orderId, status: refunds.status }).from(refunds).where(inArray(refunds.orderId, ids)),
  ]);
  return rows.map((r) => ({
    ...r,
    status: shownStatus(
      r as unknown as OrderFigures,
      tries.filter((p) => p.orderId === r.id),
      rf.filter((x) => x.orderId === r.id),
      now,
    ),
  }));
}

/**
 * The orders in a shown state, as a condition (staff's status filter): shownStatus's rules over the stored
 * columns, so a page of the filtered list holds exactly the orders that read that state. An unknown state is a 400.
 */
export function shownStatusWhere(value: string, now = new Date()): SQL {
  if (!(ORDER_DISPLAY as readonly string[]).includes(value)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { status: 'validation.invalidOption' } });
  const open = and(eq(payments.orderId, orders.id), eq(payments.status, 'created'), ne(payments.action, '{}'), gt(payments.expiresAt, now));
  const paying = exists(sql`(select 1 from ${payments} where ${open})`);
  const refunding = exists(sql`(select 1 from ${refunds} where ${and(eq(refunds.orderId, orders.id), inArray(refunds.status, [...OPEN_REFUNDS]))})`);
  const allBack = and(gt(orders.paidFen, 0), gte(orders.refundedFen, orders.paidFen))!;
  const is = (s: string) => eq(orders.status, s as OrderRow['status']);
  const where: Record<OrderDisplay, SQL> = {
    abnormal: is('abnormal'),
    cancelled: and(is('cancelled'), not(allBack))!,
    refunded: or(and(is('cancelled'), allBack), and(is('paid'), not(refunding), allBack))!,
    refunding: and(is('paid'), refunding)!,
    completed: and(is('paid'), not(refunding), not(allBack))!,
    inProgress: and(is('unpaid'), paying)!,
    unpaid: and(is('unpaid'), not(paying))!,
  };
  return where[value as OrderDisplay];
}

/**
 * What the transaction that has just written an order read and wrote of it: presentOrder reads none of what is
 * given again (a new order has no attempt, refund or invoice yet; `items`: its member lines, no code or visitor).
 */
export interface KnownOrder {
  items?: (typeof orderItems.$inferSelect)[];
  /** its lines as presentOrders reads them (codes and visitors included): `orderLines` */
  lines?: OrderLine[];
  /** every attempt of the order, as now */
  payments?: PaymentRow[];
  refunds?: [];
  invoices?: [];
  activity?: typeof activities.$inferSelect;
  team?: { id: number; name: string; number: string | null };
}
const knownOrders = new WeakMap<OrderRow, KnownOrder>();

/** A line of an order with its granted code and its visitor's pass, as presentOrders shows it. */
export interface OrderLine {
  item: typeof orderItems.$inferSelect;
  codeName: string | null;
  codeStatus: string | null;
  visitorStatus: string | null;
}
/**
 * An order's lines with their codes and visitors as one json value (a subquery to put in a query that reads
 * something else of the order): what presentOrders would read, for `rememberOrder({ lines })`.
 */
export function orderLines(orderId: SQLWrapper | number) {
  return sql<OrderLine[]>`(select coalesce(json_agg(json_build_object('item', json_build_object('id', i.id, 'orderId', i.order_id, 'kind', i.kind,
    'memberId', i.member_id, 'codeId', i.code_id, 'planId', i.plan_id, 'label', i.label, 'priceFen', i.price_fen, 'status', i.status,
    'refundedFen', i.refunded_fen), 'codeName', c.code_name, 'codeStatus', c.status, 'visitorStatus', v.status) order by i.id), '[]')
    from ${orderItems} i left join ${redeemCodes} c on c.id = i.code_id left join ${visitors} v on v.order_item_id = i.id where i.order_id = ${orderId})`;
}

/** Marks this order row (as returned to the route) with what its transaction holds, for presentOrder. */
export function rememberOrder(o: OrderRow, known: KnownOrder): OrderRow {
  knownOrders.set(o, known);
  return o;
}

/** Orders as members see them: items (with granted codes), open attempt, refunds, invoice, the refund tier of today. */
export async function presentOrders(db: DbOrTx, rows: OrderRow[], lang: Lang, now = new Date()): Promise<OrderView[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const teamIds = [...new Set(rows.map((o) => o.teamId).filter((t): t is number => t !== null))];
  // one order just written (rememberOrder): what its transaction holds is not read again
  const k: KnownOrder = (rows.length === 1 && knownOrders.get(rows[0]!)) || {};
  const [items, tries, refundList, invs, acts, teamRows] = await Promise.all([
    k.lines
      ? k.lines
      : k.items
        ? [...k.items].sort((a, b) => a.id - b.id).map((item) => ({ item, codeName: null, codeStatus: null, visitorStatus: null }))
        : db
            .select({ item: orderItems, codeName: redeemCodes.codeName, codeStatus: redeemCodes.status, visitorStatus: visitors.status })
            .from(orderItems)
            .leftJoin(redeemCodes, eq(redeemCodes.id, orderItems.codeId))
            .leftJoin(visitors, eq(visitors.orderItemId, orderItems.id))
            .where(inArray(orderItems.orderId, ids))
            .orderBy(orderItems.id),
    k.payments ? [...k.payments].sort((a, b) => b.id - a.id) : db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(desc(payments.id)),
    k.refunds ?? refundsOf(db, ids, lang),
    k.invoices ?? db.select().from(invoices).where(inArray(invoices.orderId, ids)).orderBy(desc(invoices.id)),
    k.activity
      ? [k.activity]
      : db
          .select()
          .from(activities)
          .where(
            inArray(
              activities.id,
              rows.map((o) => o.activityId),
            ),
          ),
    k.team ? [k.team] : teamIds.length ? db.select({ id: teams.id, name: teams.name, number: teams.number }).from(teams).where(inArray(teams.id, teamIds)) : [],
  ]);
  const labels = await lineLabels(
    db,
    items.map((i) => i.item),
    lang,
  );
  return rows.map((o) => {
    const a = acts.find((x) => x.id === o.activityId);
    const team = teamRows.find((x) => x.id === o.teamId);
    const mine = tries.filter((p) => p.orderId === o.id);
    const open = openAttempt(o, mine, now);
    const rf = refundList.filter((r) => r.row.orderId === o.id);
    const inv = invs.find((i) => i.orderId === o.id);
    const tier = refundPreview(0, a?.beginTime ?? now, now);
    const invoiceable = invoiceableFen(items.filter((i) => i.item.orderId === o.id).map((i) => i.item));
    return {
      id: o.id,
      orderNo: o.orderNo,
      type: o.type,
      activityId: o.activityId,
      activityName: (lang === 'en' ? a?.nameEn || a?.nameZh : a?.nameZh) ?? '',
      status: shownStatus(
        o,
        mine,
        rf.map((r) => r.row),
        now,
      ),
      closeReason: o.closeReason,
      amountFen: o.amountFen,
      paidFen: o.paidFen,
      refundedFen: o.refundedFen,
      balanceFen: o.paidFen - o.refundedFen,
      invoiceableFen: o.status === 'paid' ? invoiceable : 0,
      channel: o.channel,
      payerPhone: o.payerPhone,
      planId: o.planId,
      // a fee order records no quantity: it is for as many players as it has lines
      quantity: o.quantity || items.filter((i) => i.item.orderId === o.id).length,
      teamId: o.teamId,
      teamName: team ? (team.number ? `${team.name} (${team.number})` : team.name) : null,
      expiresAt: o.expiresAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
      items: items
        .filter((i) => i.item.orderId === o.id)
        .map(({ item, codeName, codeStatus, visitorStatus }) => ({
          id: item.id,
          kind: item.kind as 'code' | 'member',
          label: labels.get(item.id) ?? item.label,
          priceFen: item.priceFen,
          status: item.status,
          refundedFen: item.refundedFen,
          memberId: item.memberId,
          codeName,
          refundable:
            o.status === 'paid' &&
            item.status === 'active' &&
            (item.kind === 'member' || codeStatus === 'available' || visitorStatus === 'valid') &&
            !!a?.refundEnabled,
        })),
      payment: open
        ? {
            channel: open.channel as never,
            outTradeNo: open.outTradeNo,
            status: open.status,
            action: JSON.parse(open.action) as PaymentAction,
            expiresAt: open.expiresAt.toISOString(),
          }
        : null,
      lastAttempt: mine[0] ? { channel: mine[0].channel as never, status: mine[0].status } : null,
      refunds: rf.map((r) => presentRefund(r.row, o.orderNo, r.items, r.channel)),
      invoice: inv ? presentInvoice(inv, o.orderNo, undefined, invoiceable) : null,
      refundTier: { daysBefore: tier.daysBefore, perMille: tier.perMille },
      refundEnabled: !!a?.refundEnabled,
    };
  });
}

export async function presentOrder(db: DbOrTx, o: OrderRow, lang: Lang) {
  return (await presentOrders(db, [o], lang))[0]!;
}
