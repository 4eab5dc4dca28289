import type { FastifyPluginAsync } from 'fastify';
import { ticketRoutes } from './tickets.routes';
import { registerTicketEvents } from './hooks';

export { registerTicketEvents };
export { startTicketJobs } from './waitlist.service';

/** Audience and workshop tickets, sessions, pass codes and check-in (issue 11), on the money path. */
export const ticketsModule: FastifyPluginAsync = async (app) => {
  // the order kind and payments' events: before any route can place an order
  registerTicketEvents();
  await app.register(ticketRoutes);
};
