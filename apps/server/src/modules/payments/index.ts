import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes } from './orders.routes';
import { notifyRoutes } from './notify.routes';
import { adminPaymentRoutes } from './admin.routes';
import { registerWithdrawalRefunds } from '../registration/withdrawal-refunds';
import { refundForWithdrawal } from './refunds.service';
import { executeRefund } from './settle';

/** Payments on registration's extension point: an approved withdrawal's refund (recorded in its transaction, sent after). */
export function registerPaymentEvents(): void {
  registerWithdrawalRefunds({
    record: (tx, r) => refundForWithdrawal(tx, r.memberId, r.perMille, r.staffId, r.now),
    execute: executeRefund,
  });
}

/** The money path (issue 10): orders, payments through four providers, refunds, invoices. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  registerPaymentEvents();
  await app.register(orderRoutes);
  // its own content-type parsers (raw bytes for signatures) stay inside this plugin
  await app.register(notifyRoutes);
  await app.register(adminPaymentRoutes);
};
