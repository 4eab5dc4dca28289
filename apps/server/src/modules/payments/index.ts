import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes } from './orders.routes';
import { notifyRoutes } from './notify.routes';
import { adminPaymentRoutes } from './admin.routes';
import type { WithdrawalRefunds } from '../registration/index';
import { refundForWithdrawal } from './refunds.service';
import { executeRefund } from './settle';

// the public entry (issue 25): what other modules and the composition root use
export { newOrderNo, ownOrder, type OrderRow } from './common';
export { type OrderKind, type OrderKinds } from './order-kinds';
export { createOrder } from './orders.service';
export { presentOrder } from './present';
export { embedNotoSans } from './invoice-pdf';
export { reconcileTimer } from './jobs';
export { createPaymentsRuntime, type PaymentsRuntime } from './runtime';
export { type PaymentProvider } from './providers/types';
export { type Deliver } from './providers/sandbox';

/** Payments on registration's extension point (handed to buildApp): an approved withdrawal's refund (recorded in its transaction, sent after). */
export const withdrawalRefunds: WithdrawalRefunds = {
  record: (tx, r) => refundForWithdrawal(tx, r.memberId, r.perMille, r.staffId, r.now),
  execute: executeRefund,
};

/** The money path (issue 10): orders, payments through four providers, refunds, invoices. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
  // its own content-type parsers (raw bytes for signatures) stay inside this plugin
  await app.register(notifyRoutes);
  await app.register(adminPaymentRoutes);
};
