import type { FastifyPluginAsync } from 'fastify';
import { ticketRoutes } from './tickets.routes';
import { gateRoutes } from './gate.routes';

export { ticketEventHandlers, ticketOrderKind } from './hooks';
export { offerExpiryTimer } from './waitlist.service';

/** Audience and workshop tickets, sessions, pass codes and check-in (issue 11), on the money path. */
export const ticketsModule: FastifyPluginAsync = async (app) => {
  await app.register(ticketRoutes);
  await app.register(gateRoutes);
};
