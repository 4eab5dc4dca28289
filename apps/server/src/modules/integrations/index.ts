import type { FastifyPluginAsync } from 'fastify';
import { integrationsRoutes } from './integrations.routes';
import { registerTokenScopes } from './token-scopes';

export { webhookQueue, deliverWebhooks, signedRequest, webhookSubscriber } from './webhook-jobs';
export { TOKEN_SCOPES } from './token-scopes';

/**
 * Admin → Integrations (issue 25): webhook endpoints (the in-transaction subscriber that writes each
 * event's deliveries and their jobs, and the signed delivery job), partner API tokens (scopes the auth plugin enforces), the outbox's admin.
 */
export const integrationsModule: FastifyPluginAsync = async (app) => {
  registerTokenScopes();
  await app.register(integrationsRoutes);
};
