import type { Tx } from '../../db/client';
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { maskCard, ORDER_TYPE, placesLeft, saleState, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, translate, type Lang, type VisitorInput } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { groupCodes, orderItems, orders, eventSessions, refundItems, tickets, visitors } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { loadActivity } from '../registration/index';

import { newOrderNo, type OrderRow } from '../payments/index';
import type { OrderKind } from '../payments/index';
import { inTransaction, type SyncSubscriber } from '../../lib/events';
import { offerFreedPlaces, useOffer } from './waitlist.service';

/**
 * Tickets on the money path (issue 11). An order of type 3 holds places of one session (eventSessions.taken, taken by
 * one conditional UPDATE so a rush on any number of instances never sells past the maximum) and one visitor
 * per place; paying makes the visitors' pass codes valid, expiry or a refund gives the places back. Payments does
 * not know tickets (issue 25): tickets registers its order kind (create, retake) into payments' extension point and
 * subscribes to payments' events in the same transaction (ticketEventHandlers, handed to buildApp).
 */

/** 128 random bits, base64url; P for a visitor's pass, G for an order's group pass. */
export const newPassCode = () => `P${crypto.randomBytes(16).toString('base64url')}`;
export const newGroupCode = () => `G${crypto.randomBytes(16).toString('base64url')}`;

/** A short code (issue 24): 12 characters drawn uniformly (crypto.randomInt) from the 31-letter alphabet, ≈ 59 bits. */
export function newShortCode(): string {
  let out = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) out += SHORT_CODE_ALPHABET[crypto.randomInt(SHORT_CODE_ALPHABET.length)];
  return out;
}

/**
 * Inserts rows that each carry a fresh short code; a row whose code is already taken (unique index, ON CONFLICT DO
 * NOTHING on that column only) is tried again with a new one — the statement never fails on it, so the caller's
 * transaction goes on. `insert` answers the keys of the rows it wrote.
 */
async function insertWithShortCodes<R extends { shortCode: string }, K>(rows: R[], key: (r: R) => K, insert: (rows: R[]) => Promise<K[]>) {
  let left = rows;
  for (let attempt = 0; left.length && attempt < 5; attempt++) {
    const done = new Set(await insert(left));
    left = left.filter((r) => !done.has(key(r))).map((r) => ({ ...r, shortCode: newShortCode() }));
  }
  if (left.length) throw new Error('no free short code after 5 tries');
}

/** Takes n places of a session when it has them (maximum 0 = unlimited): one statement, safe across instances. */
async function takePlaces(tx: Tx, sessionId: number, n: number): Promise<boolean> {
  const taken = await tx
    .update(eventSessions)
    .set({ taken: sql`${eventSessions.taken} + ${n}` })
    .where(and(eq(eventSessions.id, sessionId), sql`(${eventSessions.maxPeople} = 0 or ${eventSessions.taken} + ${n} <= ${eventSessions.maxPeople})`))
    .returning({ id: eventSessions.id });
  return taken.length === 1;
}

/** Places back to their sessions, offered first to anyone on the session's waiting list. */
async function givePlaces(tx: Tx, perSession: Map<number, number>) {
  for (const [id, n] of perSession) {
    await tx
      .update(eventSessions)
      .set({ taken: sql`greatest(0, ${eventSessions.taken} - ${n})` })
      .where(eq(eventSessions.id, id));
    await offerFreedPlaces(tx, id, new Date());
  }
}

const countBySession = (rows: { sessionId: number }[]) => {
  const m = new Map<number, number>();
  for (const r of rows) m.set(r.sessionId, (m.get(r.sessionId) ?? 0) + 1);
  return m;
};

/** Places an order for a ticket × its visitors. Checks the sale window, the per-order maximum and the places. */
export async function createTicketOrder(
  deps: Pick<AppDeps, 'pii'>,
  tx: Tx,
  userId: number,
  body: { activityId: number; ticketId?: number; visitors?: VisitorInput[]; payerPhone?: string },
  lang: Lang,
  expiresAt: Date,
  now: Date,
): Promise<OrderRow> {
  if (!body.ticketId) throw new AppError('VALIDATION_FAILED', { fieldErrors: { ticketId: 'validation.required' } });
  if (!body.visitors?.length) throw new AppError('VALIDATION_FAILED', { fieldErrors: { visitors: 'validation.required' } });
  const activity = await loadActivity(tx, body.activityId);
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, body.ticketId), eq(tickets.activityId, activity.id), eq(tickets.enabled, true)));
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  const [session] = await tx.select().from(eventSessions).where(eq(eventSessions.id, ticket.sessionId));
  if (!session || !session.enabled) throw new AppError('TICKET_NOT_FOUND');
  if (session.kind === 'audience' && !activity.audienceEnabled) throw new AppError('AUDIENCE_CLOSED');
  const sale = saleState(ticket, now);
  if (sale === 'notOnSale') throw new AppError('TICKET_NOT_ON_SALE');
  if (sale === 'expired') throw new AppError('TICKET_SALE_EXPIRED');
  if (now.getTime() >= session.endTime.getTime()) throw new AppError('SESSION_ENDED');
  if (body.visitors.length > ticket.maxPeople)
    throw new AppError('VALIDATION_FAILED', { message: 'ticket.tooMany', field: 'visitors', params: { max: ticket.maxPeople } });
  if (session.requireIdCard) {
    const missing = body.visitors.findIndex((v) => !v.card);
    if (missing >= 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: { [`visitors.${missing}.card`]: 'ticket.cardRequired' } });
  }
  // someone offered places from the waiting list uses them; everyone else takes free ones
  const offered = await useOffer(tx, userId, session.id, body.visitors.length, now);
  const need = body.visitors.length - offered;
  if (need > 0 && !(await takePlaces(tx, session.id, need)))
    throw new AppError('SESSION_FULL', {
      params: { left: placesLeft((await tx.select().from(eventSessions).where(eq(eventSessions.id, session.id)))[0] ?? session) ?? 0 },
    });
  const name = lang === 'en' ? ticket.nameEn || ticket.nameZh : ticket.nameZh;
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: newOrderNo(now),
      userId,
      activityId: activity.id,
      type: ORDER_TYPE.TICKETS,
      amountFen: ticket.priceFen * body.visitors.length,
      quantity: body.visitors.length,
      payerPhone: body.payerPhone || body.visitors[0]!.phone,
      expiresAt,
      createdAt: now,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(
      body.visitors.map((v) => ({
        orderId: order!.id,
        kind: 'ticket' as const,
        label: translate(lang, 'order.ticketLine', { ticket: name, visitor: v.name }),
        priceFen: ticket.priceFen,
        status: 'held' as const,
      })),
    )
    .returning({ id: orderItems.id });
  await insertWithShortCodes(
    body.visitors.map((v, i) => ({
      orderId: order!.id,
      orderItemId: items[i]!.id,
      userId,
      ticketId: ticket.id,
      sessionId: session.id,
      name: v.name,
      phone: v.phone,
      cardEnc: v.card ? deps.pii.encrypt(v.card) : '',
      cardMasked: v.card ? maskCard(v.card) : '',
      passCode: newPassCode(),
      shortCode: newShortCode(),
      status: 'held' as const,
      createdAt: now,
    })),
    (r) => r.orderItemId,
    async (rows) =>
      (await tx.insert(visitors).values(rows).onConflictDoNothing({ target: visitors.shortCode }).returning({ itemId: visitors.orderItemId })).map(
        (r) => r.itemId!,
      ),
  );
  return order!;
}

/** An unpaid ticket order closed: its places go back, its visitors are released. */
export async function releaseTicketOrder(tx: Tx, o: Pick<OrderRow, 'id' | 'type'>) {
  if (o.type !== ORDER_TYPE.TICKETS) return;
  const gone = await tx
    .update(visitors)
    .set({ status: 'released' })
    .where(and(eq(visitors.orderId, o.id), eq(visitors.status, 'held')))
    .returning({ sessionId: visitors.sessionId });
  await givePlaces(tx, countBySession(gone));
}

/** A payment after expiry: the places are taken again if the session still has them. */
export async function retakeTicketOrder(tx: Tx, o: Pick<OrderRow, 'id'>): Promise<boolean> {
  const rows = await tx
    .select({ sessionId: visitors.sessionId })
    .from(visitors)
    .where(and(eq(visitors.orderId, o.id), eq(visitors.status, 'released')));
  if (!rows.length) return false;
  for (const [id, n] of countBySession(rows)) if (!(await takePlaces(tx, id, n))) return false;
  await tx
    .update(visitors)
    .set({ status: 'held' })
    .where(and(eq(visitors.orderId, o.id), eq(visitors.status, 'released')));
  return true;
}

/** Paid: the visitors' passes become valid, and the order gets its group pass. */
export async function grantTicketOrder(tx: Tx, o: Pick<OrderRow, 'id'>) {
  await tx
    .update(visitors)
    .set({ status: 'valid' })
    .where(and(eq(visitors.orderId, o.id), inArray(visitors.status, ['held', 'released'])));
  // one group pass per order (primary key: a second grant writes nothing); a short code taken already is drawn again
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(groupCodes)
      .values({ orderId: o.id, code: newGroupCode(), shortCode: newShortCode() })
      .onConflictDoNothing()
      .returning({ orderId: groupCodes.orderId });
    if (row) return;
    const [had] = await tx.select({ orderId: groupCodes.orderId }).from(groupCodes).where(eq(groupCodes.orderId, o.id));
    if (had) return;
  }
  throw new Error('no free group short code after 5 tries');
}

/** The ticket lines among order lines (an event names lines of any kind). */
async function ticketItemIds(tx: Tx, itemIds: readonly number[]): Promise<number[]> {
  if (!itemIds.length) return [];
  const rows = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(inArray(orderItems.id, [...itemIds]), eq(orderItems.kind, 'ticket')));
  return rows.map((r) => r.id);
}

/** The lines a refund covers. */
async function refundItemIds(tx: Tx, refundId: number): Promise<number[]> {
  return (await tx.select({ itemId: refundItems.itemId }).from(refundItems).where(eq(refundItems.refundId, refundId))).map((r) => r.itemId);
}

/** A refund asked for: only passes not used yet can be refunded; they stop admitting while it runs. */
export async function ticketsRefundRequested(tx: Tx, itemIds: readonly number[]) {
  const ids = await ticketItemIds(tx, itemIds);
  if (!ids.length) return;
  const held = await tx
    .update(visitors)
    .set({ status: 'refunding' })
    .where(and(inArray(visitors.orderItemId, ids), eq(visitors.status, 'valid')))
    .returning({ id: visitors.id });
  if (held.length !== ids.length) throw new AppError('REFUND_NOT_ALLOWED');
}

/** The refund went through: passes void, places back to the session. */
export async function ticketsRefunded(tx: Tx, itemIds: readonly number[]) {
  const ids = await ticketItemIds(tx, itemIds);
  if (!ids.length) return;
  const gone = await tx
    .update(visitors)
    .set({ status: 'refunded' })
    .where(and(inArray(visitors.orderItemId, ids), inArray(visitors.status, ['refunding', 'valid'])))
    .returning({ sessionId: visitors.sessionId });
  await givePlaces(tx, countBySession(gone));
}

/** A refund rejected or failed: the passes admit again. */
export async function ticketsRefundUndone(tx: Tx, itemIds: readonly number[]) {
  const ids = await ticketItemIds(tx, itemIds);
  if (!ids.length) return;
  await tx
    .update(visitors)
    .set({ status: 'valid' })
    .where(and(inArray(visitors.orderItemId, ids), eq(visitors.status, 'refunding')));
}

/** Tickets' order kind on payments' extension point (buildApp hands it to payments: deps.orderKinds). */
export const ticketOrderKind: OrderKind = { create: createTicketOrder, retake: retakeTicketOrder };

/**
 * Tickets on payments' events (issue 25): inside the transaction of each change, what a ticket order's passes
 * and places do when it is paid, released or refunded. Handed to buildApp (issue 36), not registered.
 */
export const ticketEventHandlers: readonly SyncSubscriber[] = [
  inTransaction('payment.settled', 'tickets.grant', async (tx, e) => {
    if (e.kind === 'tickets') await grantTicketOrder(tx, { id: e.orderId });
  }),
  inTransaction('order.released', 'tickets.release', async (tx, e) => {
    if (e.kind === 'tickets') await releaseTicketOrder(tx, { id: e.orderId, type: ORDER_TYPE.TICKETS });
  }),
  inTransaction('refund.requested', 'tickets.refundRequested', (tx, e) => ticketsRefundRequested(tx, e.itemIds)),
  inTransaction('refund.succeeded', 'tickets.refunded', async (tx, e) => ticketsRefunded(tx, await refundItemIds(tx, e.refundId))),
  inTransaction('refund.undone', 'tickets.refundUndone', (tx, e) => ticketsRefundUndone(tx, e.itemIds)),
];
