import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchRedeemBody,
  batchRedeemResponse,
  checkCodeQuery,
  checkCodeResponse,
  myCodesQuery,
  myCodesResponse,
  pickCodeQuery,
  pickCodeResponse,
} from '@rp/shared';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { batchRedeem, checkCode, myCodes, pickCode } from './codes.service';

/** Redemption codes of the caller's account (spec 7.6, 8.2); code checks are rate-limited. */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['registration'];

  app.get(
    '/api/lRedeemCode/web/myCodes',
    { schema: { tags, querystring: myCodesQuery, response: { 200: myCodesResponse } }, preHandler: requireAuth },
    async (req) => {
      const codes = await myCodes(deps, req.user!.id, req.query.activityNo);
      return ok(req, { data: JSON.stringify(codes.map((c) => ({ codeName: c.codeName, type: c.type }))) }, 'ok.query');
    },
  );

  app.get(
    '/api/lRedeemCode/web/pickCode',
    { schema: { tags, querystring: pickCodeQuery, response: { 200: pickCodeResponse } }, preHandler: requireAuth, config: { limits: ['codePick'] } },
    async (req) => {
      return ok(req, { data: await pickCode(deps, req.user!.id, req.query.activityId, req.query.memberId) }, 'ok.query');
    },
  );

  app.get(
    '/api/lRedeemCode/web/checkCode',
    { schema: { tags, querystring: checkCodeQuery, response: { 200: checkCodeResponse } }, preHandler: requireAuth, config: { limits: ['codeCheck'] } },
    async (req) => {
      return ok(req, await checkCode(deps, req.user!.id, req.query.code, req.query.teamerId, req.lang), 'ok.query');
    },
  );

  // The team batch redeem of spec 7.4/7.6 (POST api/lRedeemCode/web/redeemCode; batchRedeem is the same call):
  // activityId and teams of {name, program, teamId, teamers: [{name, teamerId, emerPhone, codeName}]}. Each code
  // is taken like a single redeem (member locked, one conditional UPDATE); a result per member.
  for (const url of ['/api/lRedeemCode/web/redeemCode', '/api/lRedeemCode/web/batchRedeem']) {
    app.post(
      url,
      { schema: { tags, body: batchRedeemBody, response: { 200: batchRedeemResponse } }, preHandler: requireAuth, config: { limits: ['codeBatch'] } },
      async (req) => {
        const data = await batchRedeem(deps, req.user!.id, req.body.activityId, req.body.teams, req.lang);
        return ok(req, { data }, 'ok');
      },
    );
  }
};
