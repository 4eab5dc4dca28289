import type { FastifyPluginAsync } from 'fastify';
import { seasonAdminRoutes } from './admin.routes';
import { seasonRoutes } from './season.routes';

/** The organisers' remaining resources (issue 14): materials, feedback, live streams, sign logs, players' change requests, cloud settings. */
export const seasonModule: FastifyPluginAsync = async (app) => {
  await app.register(seasonRoutes);
  await app.register(seasonAdminRoutes);
};
