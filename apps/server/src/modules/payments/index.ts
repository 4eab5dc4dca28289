import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes } from './orders.routes';
import { notifyRoutes } from './notify.routes';
import { adminPaymentRoutes } from './admin.routes';

/** The money path (issue 10): orders, payments through four providers, refunds, invoices. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
  // its own content-type parsers (raw bytes for signatures) stay inside this plugin
  await app.register(notifyRoutes);
  await app.register(adminPaymentRoutes);
};
