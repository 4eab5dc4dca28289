import { ORDER_TYPE, type Lang, type VisitorInput } from '@rp/shared';
import type { AppDeps, Tx } from '../../deps';
import { publish, type Events } from '../../lib/events';
import type { OrderRow } from './common';

/**
 * Order kinds owned by modules above payments (issue 25): payments defines this extension point, the owner
 * exports its kind from its index (tickets: `ticketOrderKind`) and the composition root hands the set to
 * `buildApp` (deps.orderKinds, issue 36: one missing is a compile error), so the money path never imports
 * the modules that sell through it. What such a kind does when an order is paid,
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

/** Every order type sold by a module above payments, with its kind (codes and fees are payments' own). */
export interface OrderKinds {
  [ORDER_TYPE.TICKETS]: OrderKind;
}

declare module '../../deps' {
  interface AppDeps {
    orderKinds: OrderKinds;
  }
}

/** The event payloads' name of an order type. */
export const orderKindName = (type: number) => (type === ORDER_TYPE.TICKETS ? 'tickets' : type === ORDER_TYPE.CODES ? 'codes' : 'fee');

/** payment.settled for an order that has just become paid (inside its transaction). */
export async function publishSettled(deps: Events, tx: Tx, o: OrderRow, paidAt: Date) {
  await publish(deps, tx, 'payment.settled', {
    orderId: o.id,
    orderNo: o.orderNo,
    kind: orderKindName(o.type),
    activityId: o.activityId ?? null,
    userId: o.userId,
    amountFen: o.amountFen,
    paidAt: paidAt.toISOString(),
  });
}
