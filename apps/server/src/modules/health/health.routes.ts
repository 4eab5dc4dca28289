import { mpMode } from '../wechat/index';
import { wechatMode } from '../wechat/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import { and, count, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, orders } from '../../db/schema/index';
import { errorResponse, publicConfigResponse } from '@rp/shared';
import { ok } from '../../lib/envelope';
import { send } from '../../plugins/errors';

const database = z.object({
  kind: z.string(),
  up: z.boolean(),
  /** PostgreSQL pool: connections open, idle, requests waiting for one */
  pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).optional(),
});

/** The short-lived state (captcha, SMS codes, rate limits): Redis with its own ping, or the database itself. */
const cache = z.object({ kind: z.enum(['redis', 'database']), up: z.boolean() });
/** Where uploads live (local disk or an S3-compatible store), and whether it takes files now. */
const storage = z.object({ kind: z.string(), up: z.boolean() });

const health = z.object({
  resultCode: z.literal(1),
  resultStr: z.string(),
  status: z.literal('ok'),
  database,
  cache,
  storage,
  /** demo galleries are still being prepared after first boot */
  seeding: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Readiness: 200 when the database answers a trivial query within 2 s and the object store takes files
   * (S3: HeadBucket within 2 s; local: the upload folder takes a write), else 503 DB_UNAVAILABLE or
   * STORAGE_UNAVAILABLE in the error contract with every service's state. Always answers (each ping has
   * its own time limit).
   */
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: health, 503: errorResponse.extend({ database, cache, storage }) } } },
    async (req, reply) => {
      const db = app.deps.database;
      const [up, cacheUp, storageUp] = await Promise.all([
        db.ping(),
        app.deps.store.ping ? app.deps.store.ping() : Promise.resolve(true),
        app.deps.storage.ping(),
      ]);
      const cacheState = { kind: app.deps.store.ping ? ('redis' as const) : ('database' as const), up: app.deps.store.ping ? cacheUp : up };
      const state = { kind: db.kind, up, ...(db.pool ? { pool: db.pool() } : {}) };
      const storageState = { kind: app.deps.storage.kind, up: storageUp };
      reply.header('cache-control', 'no-store');
      if (!up || !storageUp) {
        const extra = { database: state, cache: cacheState, storage: storageState };
        return send(reply, req.lang, up ? 'STORAGE_UNAVAILABLE' : 'DB_UNAVAILABLE', { extra });
      }
      // Redis down does not take the instance out of the balancer (every instance shares it): the requests that
      // need it answer 503 CACHE_UNAVAILABLE, and this page says so
      return ok(req, { status: 'ok' as const, database: state, cache: cacheState, storage: storageState, seeding: app.deps.seeding.active });
    },
  );

  /** Liveness: the process is up and its event loop answers; never touches the database. */
  app.get('/api/health/live', { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  /**
   * Prometheus text: requests and latencies by route and status, payment notifications by provider and
   * outcome, SMS sent or failed, the database pool (open, idle, waiting) and the background queues. With
   * METRICS_TOKEN it needs that bearer token; without one it answers only outside production.
   */
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const { config, metrics, database } = app.deps;
    const token = config.METRICS_TOKEN;
    const given = req.headers.authorization?.replace(/^Bearer\s+/, '') ?? '';
    const allowed = token ? given.length === token.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token)) : config.NODE_ENV !== 'production';
    if (!allowed) return send(reply, req.lang, token ? 'UNAUTHORIZED' : 'NOT_FOUND', token ? {} : { message: 'error.routeNotFound' });
    const gauges: Parameters<typeof metrics.render>[0] = {};
    const pool = database.pool?.();
    if (pool)
      gauges.db_pool_connections = [
        'Database pool connections: total, idle, and requests waiting for one',
        [
          [{ state: 'total' }, pool.total],
          [{ state: 'idle' }, pool.idle],
          [{ state: 'waiting' }, pool.waiting],
        ],
      ];
    try {
      const [due] = await database.db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.state, 'pending'), lte(jobs.runAt, new Date())));
      const [unpaid] = await database.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.status, 'unpaid'), lte(orders.expiresAt, new Date())));
      gauges.job_queue_length = [
        'Background work waiting: jobs due on the one job queue, unpaid orders due to expire',
        [
          [{ queue: 'jobs' }, Number(due?.n ?? 0)],
          [{ queue: 'order_expiry' }, Number(unpaid?.n ?? 0)],
        ],
      ];
    } catch {
      // the database is away: the counters still answer (its state is on /api/health)
    }
    gauges.up = ['1 while this instance answers', [[{ database: database.kind }, 1]]];
    return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render(gauges));
  });

  app.get('/api/config/public', { schema: { tags: ['system'], response: { 200: publicConfigResponse } } }, async (req) =>
    ok(req, {
      data: {
        examUrl: app.deps.config.EXAM_URL,
        captchaEnabled: app.deps.config.CAPTCHA_ENABLED,
        wechatLogin: wechatMode(app.deps.config),
        wechatMp: mpMode(app.deps.config),
        // the footer's legal lines (issue 37): from the configuration only, null when not set (the line is not shown)
        legal: {
          icpNumber: app.deps.config.ICP_NUMBER ?? null,
          publicSecurityFiling: app.deps.config.PUBLIC_SECURITY_FILING ?? null,
          operatorName: app.deps.config.OPERATOR_NAME ?? null,
          piContact: app.deps.config.PI_PROTECTION_CONTACT ?? null,
        },
      },
    }),
  );
};
