import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentDeclareBody, consentDecideBody, consentLinkQuery, consentLinkResponse, consentRequestBody, consentStateResponse, okResponse } from '@rp/shared';
import { addressKey } from '../../lib/address-key';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { decideConsentLink, declareConsent, requestConsent, viewConsentLink } from './consent.service';

/**
 * Guardians' consent (issue 37): the account holder's declaration and the coach's SMS request (owner only),
 * and the guardian's link page (public: the link's token is the key).
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['registration'];
  /** per account (SMS requests cost money and reach other people) and per address (the public link) */
  const perUser = (name: string, max: number, windowS: number) => async (req: FastifyRequest) => {
    if ((await deps.store.incr(`u:${name}:${req.user!.id}`, windowS)) > max) throw new AppError('RATE_LIMITED');
  };
  const perIp = (name: string, max: number) => async (req: FastifyRequest) => {
    if ((await deps.store.incr(`ip:${name}:${addressKey(req.ip)}`, 60)) > max * deps.config.AUTH_IP_LIMIT_FACTOR) throw new AppError('RATE_LIMITED');
  };

  app.post(
    '/api/lTeamMember/web/consent/declare',
    { schema: { tags, body: consentDeclareBody, response: { 200: consentStateResponse } }, preHandler: [requireAuth, perUser('consentDeclare', 60, 60)] },
    async (req) => {
      const consent = await declareConsent(deps, req.user!.id, req.body, req.ip);
      return ok(req, { data: { memberId: req.body.memberId, consent } }, 'consent.declared');
    },
  );

  app.post(
    '/api/lTeamMember/web/consent/request',
    { schema: { tags, body: consentRequestBody, response: { 200: consentStateResponse } }, preHandler: [requireAuth, perUser('consentSms', 30, 3600)] },
    async (req) => {
      const consent = await requestConsent(deps, req.user!.id, req.body, req.lang);
      return ok(req, { data: { memberId: req.body.memberId, consent } }, 'consent.requested');
    },
  );

  app.get(
    '/api/guardianConsent',
    { schema: { tags, querystring: consentLinkQuery, response: { 200: consentLinkResponse } }, preHandler: perIp('consentLink', 60) },
    async (req) => ok(req, { data: await viewConsentLink(deps, req.query.token, req.lang) }, 'ok.query'),
  );

  app.post(
    '/api/guardianConsent/decide',
    { schema: { tags, body: consentDecideBody, response: { 200: okResponse } }, preHandler: perIp('consentLink', 60) },
    async (req) => {
      const status = await decideConsentLink(deps, req.body, req.ip);
      return ok(req, {}, `consent.${status}`);
    },
  );
};
