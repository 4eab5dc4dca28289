import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardQuery, dashboardStats } from '@rp/shared';
import { ok } from '../../lib/envelope';
import { activityScope } from '../../lib/scope';
import { requirePermission } from '../../plugins/auth';
import { currentSeason, dashboardStats as loadDashboard } from './dashboard.service';

/** GET /api/admin/dashboard: the season's counts and chart series, limited to the person's data scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        querystring: dashboardQuery,
        response: { 200: z.object({ resultCode: z.literal(1), resultStr: z.string(), data: dashboardStats }) },
      },
      preHandler: requirePermission('admin.access'),
    },
    async (req) => {
      const user = req.user!;
      const data = await loadDashboard(
        db,
        user.permissions,
        req.query.year ?? currentSeason(),
        activityScope(user, 'admin.access'),
        req.query.activityId ?? null,
      );
      return ok(req, { data }, 'ok.query');
    },
  );
};
