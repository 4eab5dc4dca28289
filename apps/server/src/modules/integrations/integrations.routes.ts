import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenBody,
  apiTokenCreatedResponse,
  apiTokenListResponse,
  apiTokenResponse,
  apiTokenScopesResponse,
  integrationEventsResponse,
  integrationsIdParams,
  integrationsOkResponse,
  integrationsPageQuery,
  outboxListResponse,
  outboxQuery,
  webhookBody,
  webhookCreatedResponse,
  webhookDeliveriesResponse,
  webhookListResponse,
  webhookResendResponse,
  webhookResponse,
  webhookSecretResponse,
  webhookUpdateBody,
} from '@rp/shared';
import { audit } from '../../lib/audit';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { EVENT_NAMES } from '../../lib/events';
import { listOutbox, retryOutbox } from '../../lib/outbox';
import { requirePermission } from '../../plugins/auth';
import { describeOutbox } from './outbox-subjects';
import { TOKEN_SCOPES } from './token-scopes';
import { createToken, listTokens, revokeToken } from './tokens.service';
import { resendDelivery } from './webhook-jobs';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, rotateSecret, updateEndpoint } from './webhooks.service';

/** Admin → Integrations (issue 25): webhooks, partner API tokens, the outbox. All under integrations.manage. */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const tags = ['admin', 'integrations'];
  const preHandler = requirePermission('integrations.manage');
  const params = integrationsIdParams;

  app.get('/api/admin/integrations/events', { schema: { tags, response: { 200: integrationEventsResponse } }, preHandler }, async (req) =>
    ok(req, { events: EVENT_NAMES.map((name) => ({ name })) }, 'ok.query'),
  );

  // ── webhooks ──
  app.get('/api/admin/webhooks', { schema: { tags, response: { 200: webhookListResponse } }, preHandler }, async (req) =>
    ok(req, { content: await listEndpoints(db) }, 'ok.query'),
  );
  app.post('/api/admin/webhooks', { schema: { tags, body: webhookBody, response: { 200: webhookCreatedResponse } }, preHandler }, async (req) =>
    ok(req, await createEndpoint(deps, req.user!.id, req.body), 'ok.create'),
  );
  app.put('/api/admin/webhooks/:id', { schema: { tags, params, body: webhookUpdateBody, response: { 200: webhookResponse } }, preHandler }, async (req) =>
    ok(req, await updateEndpoint(deps, req.user!.id, req.params.id, req.body), 'ok.update'),
  );
  app.post('/api/admin/webhooks/:id/rotate-secret', { schema: { tags, params, response: { 200: webhookSecretResponse } }, preHandler }, async (req) =>
    ok(req, { secret: await rotateSecret(deps, req.user!.id, req.params.id) }, 'integrations.secretRotated'),
  );
  app.delete('/api/admin/webhooks/:id', { schema: { tags, params, response: { 200: integrationsOkResponse } }, preHandler }, async (req) => {
    await deleteEndpoint(db, req.user!.id, req.params.id);
    return ok(req, { ok: true as const }, 'ok.delete');
  });
  app.get(
    '/api/admin/webhooks/:id/deliveries',
    { schema: { tags, params, querystring: integrationsPageQuery, response: { 200: webhookDeliveriesResponse } }, preHandler },
    async (req) => ok(req, await listDeliveries(db, req.params.id, req.query.pageNo, req.query.pageSize), 'ok.query'),
  );
  app.post('/api/admin/webhooks/deliveries/:id/resend', { schema: { tags, params, response: { 200: webhookResendResponse } }, preHandler }, async (req) => {
    const r = await resendDelivery(deps, req.user!.id, req.params.id);
    if (!r) throw new AppError('NOT_FOUND');
    return ok(req, { ok: true as const, ...r }, r.succeeded ? 'integrations.resent' : 'integrations.resentRefused');
  });

  // ── API tokens ──
  app.get('/api/admin/api-tokens', { schema: { tags, response: { 200: apiTokenListResponse } }, preHandler }, async (req) =>
    ok(req, { content: await listTokens(db) }, 'ok.query'),
  );
  app.get('/api/admin/api-tokens/scopes', { schema: { tags, response: { 200: apiTokenScopesResponse } }, preHandler }, async (req) =>
    ok(req, { scopes: TOKEN_SCOPES.map((s) => ({ name: s.name, activityLimited: s.activityLimited, operations: [...s.operations] })) }, 'ok.query'),
  );
  app.post('/api/admin/api-tokens', { schema: { tags, body: apiTokenBody, response: { 200: apiTokenCreatedResponse } }, preHandler }, async (req) =>
    ok(req, await createToken(db, req.user!, req.body), 'ok.create'),
  );
  app.post('/api/admin/api-tokens/:id/revoke', { schema: { tags, params, response: { 200: apiTokenResponse } }, preHandler }, async (req) =>
    ok(req, await revokeToken(db, req.user!.id, req.params.id), 'integrations.tokenRevoked'),
  );

  // ── the outbox (lib/outbox.ts delivers it) ──
  app.get('/api/admin/outbox', { schema: { tags, querystring: outboxQuery, response: { 200: outboxListResponse } }, preHandler }, async (req) => {
    const list = await listOutbox(db, req.query);
    return ok(req, { total: list.total, content: await describeOutbox(db, list.content) }, 'ok.query');
  });
  app.post('/api/admin/outbox/:id/retry', { schema: { tags, params, response: { 200: integrationsOkResponse } }, preHandler }, async (req) => {
    if (!(await retryOutbox(db, req.params.id))) throw new AppError('NOT_FOUND');
    await audit(db, { userId: req.user!.id, resource: 'outbox', recordId: req.params.id, action: 'retry' });
    return ok(req, { ok: true as const }, 'integrations.retried');
  });
};
