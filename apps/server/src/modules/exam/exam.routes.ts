import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examCheckTokenBody, examCheckTokenResponse, examTempTokenQuery, examTempTokenResponse, findAirCodesBody, findAirCodesResponse } from '@rp/shared';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { findAirCodes, issueTempToken, redeemTempToken } from './exam.service';

/**
 * The learning platform launch (spec 2.3, 6, 7.5, 7.6): the member's temp token, the learning site's
 * redemption of it (server to server, the token is the credential), and the member's own codes.
 * Tokens travel in query strings and bodies only; the error handler logs route patterns, never values.
 */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['exam'];

  app.get(
    '/api/lTeamMember/web/tempToken',
    { schema: { tags, querystring: examTempTokenQuery, response: { 200: examTempTokenResponse } }, preHandler: requireAuth, config: { limits: ['examToken'] } },
    async (req) => ok(req, { data: await issueTempToken(deps, req.user!.id, req.query.activityNo) }, 'ok.query'),
  );

  app.post(
    '/api/lTeamMember/sUrl/checkTempToken',
    {
      schema: { tags, body: examCheckTokenBody, response: { 200: examCheckTokenResponse } },
      config: { limits: ['examTokenCheck'] },
    },
    async (req) => ok(req, { data: await redeemTempToken(deps, req.body.tempToken) }, 'ok.query'),
  );

  app.post(
    '/api/lTeamMember/sUrl/findAirCodes',
    { schema: { tags, body: findAirCodesBody, response: { 200: findAirCodesResponse } }, preHandler: requireAuth, config: { limits: ['examCodes'] } },
    async (req) => ok(req, { data: JSON.stringify(await findAirCodes(db, req.user!.id, req.body.activityNo)) }, 'ok.query'),
  );
};
