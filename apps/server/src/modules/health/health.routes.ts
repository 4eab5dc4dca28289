import { wechatMode } from '../wechat/wechat.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, publicConfigResponse } from '@rp/shared';
import { ok } from '../../lib/envelope';
import { send } from '../../plugins/errors';

const database = z.object({
  kind: z.string(),
  up: z.boolean(),
  /** PostgreSQL pool: connections open, idle, requests waiting for one */
  pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).optional(),
});

const health = z.object({
  resultCode: z.literal(1),
  resultStr: z.string(),
  status: z.literal('ok'),
  database,
  /** demo galleries are still being prepared after first boot */
  seeding: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Readiness: 200 when the database answers a trivial query within 2 s, else 503 DB_UNAVAILABLE in the
   * error contract with the database's state. Always answers (the ping has its own time limit).
   */
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: health, 503: errorResponse.extend({ database }) } } }, async (req, reply) => {
    const db = app.deps.database;
    const up = await db.ping();
    const state = { kind: db.kind, up, ...(db.pool ? { pool: db.pool() } : {}) };
    reply.header('cache-control', 'no-store');
    if (!up) {
      return send(reply, req.lang, 'DB_UNAVAILABLE', { extra: { database: state } });
    }
    return ok(req, { status: 'ok' as const, database: state, seeding: app.deps.seeding.active });
  });

  /** Liveness: the process is up and its event loop answers; never touches the database. */
  app.get('/api/health/live', { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get('/api/config/public', { schema: { tags: ['system'], response: { 200: publicConfigResponse } } }, async (req) =>
    ok(req, { data: { examUrl: app.deps.config.EXAM_URL, captchaEnabled: app.deps.config.CAPTCHA_ENABLED, wechatLogin: wechatMode(app.deps.config) } }),
  );
};
