import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myVolunteersResponse,
  volunteerApplyBody,
  volunteerApplyResponse,
  volunteerListQuery,
  volunteerListResponse,
  volunteerPositionResource,
  volunteerResource,
} from '@rp/shared';
import { volunteerPositions, volunteers } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { afterVolunteerChange, apply, mineOf, volunteerPage } from './volunteers.service';

/** Volunteers (issue 12): the page's data and the application (spec 7.3 lVolunteer/web/list), staff resources. */
export const volunteerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['volunteers'];

  app.get(
    '/api/lVolunteer/web/list',
    { schema: { tags, querystring: volunteerListQuery, response: { 200: volunteerListResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await volunteerPage(db, req.user!.id, req.query.activityId, req.lang) }, 'ok.query'),
  );
  app.post(
    '/api/lVolunteer/web/apply',
    {
      schema: { tags, body: volunteerApplyBody, response: { 200: volunteerApplyResponse } },
      preHandler: requireAuth,
      config: { limits: ['volunteer'], failText: 'error.applyFailed' },
    },
    async (req) => {
      return ok(req, { data: await apply(db, req.user!.id, req.body, req.lang) }, 'volunteer.applied');
    },
  );
  app.get('/api/lVolunteer/web/mine', { schema: { tags, response: { 200: myVolunteersResponse } }, preHandler: requireAuth }, async (req) =>
    ok(req, { content: await mineOf(db, req.user!.id, req.lang) }, 'ok.query'),
  );

  await app.register(resourceRoutes(volunteerPositionResource, volunteerPositions));
  await app.register(resourceRoutes(volunteerResource, volunteers, { afterWrite: ({ db: tx, before, after }) => afterVolunteerChange(tx, before, after) }));
};
