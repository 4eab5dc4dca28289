import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentDeclareBody, consentDecideBody, consentLinkQuery, consentLinkResponse, consentRequestBody, consentStateResponse, okResponse } from '@rp/shared';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { decideConsentLink, declareConsent, requestConsent, viewConsentLink } from './consent.service';

/**
 * Guardians' consent (issue 37): the account holder's declaration and the coach's SMS request (owner only),
 * and the guardian's link page (public: the link's token is the key).
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['registration'];

  app.post(
    '/api/lTeamMember/web/consent/declare',
    { schema: { tags, body: consentDeclareBody, response: { 200: consentStateResponse } }, preHandler: requireAuth, config: { limits: ['consentDeclare'] } },
    async (req) => {
      const consent = await declareConsent(deps, req.user!.id, req.body, req.ip);
      return ok(req, { data: { memberId: req.body.memberId, consent } }, 'consent.declared');
    },
  );

  app.post(
    '/api/lTeamMember/web/consent/request',
    { schema: { tags, body: consentRequestBody, response: { 200: consentStateResponse } }, preHandler: requireAuth, config: { limits: ['consentSms'] } },
    async (req) => {
      const consent = await requestConsent(deps, req.user!.id, req.body, req.lang);
      return ok(req, { data: { memberId: req.body.memberId, consent } }, 'consent.requested');
    },
  );

  app.get(
    '/api/guardianConsent',
    { schema: { tags, querystring: consentLinkQuery, response: { 200: consentLinkResponse } }, config: { limits: ['consentLink'] } },
    async (req) => ok(req, { data: await viewConsentLink(deps, req.query.token, req.lang) }, 'ok.query'),
  );

  app.post(
    '/api/guardianConsent/decide',
    { schema: { tags, body: consentDecideBody, response: { 200: okResponse } }, config: { limits: ['consentLink'] } },
    async (req) => {
      const status = await decideConsentLink(deps, req.body, req.ip);
      return ok(req, {}, `consent.${status}`);
    },
  );
};
