import { ORDER_TYPE, type Lang, type VisitorInput } from '@rp/shared';
import type { AppDeps, Tx } from '../../deps';
import { publish } from '../../lib/events';
import type { OrderRow } from './common';

/**
 * Order kinds owned by modules above payments (issue 25): payments defines this extension point and the
 * owner registers into it from its index (tickets: `registerOrderKind(ORDER_TYPE.TICKETS, …)`), so the
 * money path never imports the modules that sell through it. What such a kind does when an order is paid,
 * released or refunded it learns from payments' events (payment.settled, order.released,
 * refund.requested, refund.succeeded, refund.undone), in the same transaction.
 */
export interface OrderKind {
  /** Places the order (places held, lines written) inside the caller's transaction. */
  create(
    deps: AppDeps,
    tx: Tx,
    userId: number,
    body: { activityId: number; ticketId?: number; visitors?: VisitorInput[]; payerPhone?: string },
    lang: Lang,
    expiresAt: Date,
    now: Date,
  ): Promise<OrderRow>;
  /** A payment after expiry: takes what the order held again, when it is still free. */
  retake(tx: Tx, o: OrderRow): Promise<boolean>;
}

const kinds = new Map<number, OrderKind>();

export function registerOrderKind(type: number, kind: OrderKind): void {
  kinds.set(type, kind);
}

export function orderKind(type: number): OrderKind {
  const kind = kinds.get(type);
  if (!kind) throw new Error(`order type ${type}: no module registered it`);
  return kind;
}

/** The event payloads' name of an order type. */
export const orderKindName = (type: number) => (type === ORDER_TYPE.TICKETS ? 'tickets' : type === ORDER_TYPE.CODES ? 'codes' : 'fee');

/** payment.settled for an order that has just become paid (inside its transaction). */
export async function publishSettled(tx: Tx, o: OrderRow, paidAt: Date) {
  await publish(tx, 'payment.settled', {
    orderId: o.id,
    orderNo: o.orderNo,
    kind: orderKindName(o.type),
    activityId: o.activityId ?? null,
    userId: o.userId,
    amountFen: o.amountFen,
    paidAt: paidAt.toISOString(),
  });
}
