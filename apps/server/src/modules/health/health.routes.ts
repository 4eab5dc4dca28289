import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, publicConfigResponse, translate } from '@rp/shared';
import { ok } from '../../lib/envelope';

const health = z.object({
  resultCode: z.literal(1),
  resultStr: z.string(),
  status: z.literal('ok'),
  database: z.object({ kind: z.string(), up: z.boolean() }),
  /** demo galleries are still being prepared after first boot */
  seeding: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: health, 503: errorResponse } } }, async (req, reply) => {
    const up = await app.deps.database.ping();
    if (!up) {
      const text = translate(req.lang, 'error.dbUnavailable');
      return reply.status(503).send({ status: 503, message: text, resultCode: 0 as const, resultStr: text, code: 'DB_UNAVAILABLE' });
    }
    return ok(req, { status: 'ok' as const, database: { kind: app.deps.database.kind, up }, seeding: app.deps.seeding.active });
  });

  app.get('/api/config/public', { schema: { tags: ['system'], response: { 200: publicConfigResponse } } }, async (req) =>
    ok(req, { data: { examUrl: app.deps.config.EXAM_URL, captchaEnabled: app.deps.config.CAPTCHA_ENABLED } }),
  );
};
