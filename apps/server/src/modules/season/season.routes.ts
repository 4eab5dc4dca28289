import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  feedbackBody,
  liveListQuery,
  liveListResponse,
  memberAuditBody,
  memberAuditListQuery,
  memberAuditListResponse,
  memberAuditResponse,
  okResponse,
  signLogBody,
  signLogResponse,
} from '@rp/shared';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { addFeedback, addMemberAudit, liveList, myMemberAudits, recordSignature } from './season.service';

/** Issue 14's member endpoints (spec 7.3 / 7.7): message to the organisers, live streams, sign log, players' change requests. */
export const seasonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['season'];

  // a message to the organisers from the about page (spec 5: login needed); 5 per 10 minutes per person
  app.post(
    '/api/lAbout/web/add',
    { schema: { tags, body: feedbackBody, response: { 200: okResponse } }, preHandler: requireAuth, config: { limits: ['feedback'] } },
    async (req) => {
      await addFeedback(db, req.user!.id, req.body);
      return ok(req, {}, 'season.feedbackSent');
    },
  );

  app.get('/api/lLive/web/list', { schema: { tags, querystring: liveListQuery, response: { 200: liveListResponse } } }, async (req) =>
    ok(req, { content: await liveList(db, req.query.activityId, req.lang) }, 'ok.query'),
  );

  app.post(
    '/api/lSignLog/web/pdfSignTime',
    { schema: { tags, body: signLogBody, response: { 200: signLogResponse } }, preHandler: requireAuth, config: { limits: ['signature'] } },
    async (req) => {
      return ok(req, { data: await recordSignature(db, req.user!.id, req.ip, req.body) }, 'season.signed');
    },
  );

  app.get(
    '/api/lTeamMemberAudit/web/list',
    { schema: { tags, querystring: memberAuditListQuery, response: { 200: memberAuditListResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { content: await myMemberAudits(db, req.user!.id, req.query) }, 'ok.query'),
  );
  app.post(
    '/api/lTeamMemberAudit/web/add',
    {
      schema: { tags, body: memberAuditBody, response: { 200: memberAuditResponse } },
      preHandler: requireAuth,
      config: { limits: ['memberAudit'], failText: 'error.applyFailed' },
    },
    async (req) => {
      return ok(req, { data: await addMemberAudit(db, req.user!.id, req.body) }, 'season.auditAdded');
    },
  );
};
