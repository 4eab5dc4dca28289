import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ShortStore } from './lib/short-store';
import crypto from 'node:crypto';
import { Pii } from './lib/pii';
import multipart from '@fastify/multipart';
import { UPLOAD_LIMITS } from '@rp/shared';
import { createStorage, type Storage } from './lib/storage';
import { TtlCache, type CachedBody } from './lib/ttl-cache';
import type { AppDeps } from './deps';
import { Metrics } from './lib/metrics';
import { fileRoutes } from './modules/uploads/index';
import { publicContentRoutes, galleryRoutes, adminContentRoutes, seoRoutes } from './modules/content/index';
import { registrationModule } from './modules/registration/index';
import { authPlugin } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerSpa } from './plugins/spa';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerRouteRules } from './plugins/route-rules';
import { registerRateLimits } from './plugins/rate-limit';
import { registerOpenApi } from './plugins/openapi';
import { clientErrorHandler, frameworkErrors, registerRequestGuard } from './plugins/request-guard';
import { registerProxyCheck } from './plugins/proxy-check';
import { createSms, authRoutes } from './modules/auth/index';
import type { SmsAdapter } from './lib/sms';
import { userRoutes } from './modules/users/index';
import { messageRoutes } from './modules/messages/index';
import { consultRoutes } from './modules/consult/index';
import { volunteerRoutes } from './modules/volunteers/index';
import { channelRoutes } from './modules/channels/index';
import { examRoutes } from './modules/exam/index';
import { adminRoutes, accessRoutes, dashboardRoutes, jobsRoutes } from './modules/admin/index';
import { healthRoutes } from './modules/health/index';
import {
  paymentsModule,
  createPaymentsRuntime,
  withdrawalRefunds,
  type OrderKinds,
  type PaymentsRuntime,
  type PaymentProvider,
  type Deliver,
} from './modules/payments/index';
import { ticketsModule, ticketEventHandlers, ticketOrderKind } from './modules/tickets/index';
import type { WithdrawalRefunds } from './modules/registration/index';
import { EventBus, type EventSubscribers } from './lib/events';
import { ORDER_TYPE } from '@rp/shared';
import { seasonModule } from './modules/season/index';
import { wechatRoutes } from './modules/wechat/index';
import { awardsRoutes, certificatesRoutes } from './modules/awards/index';
import { integrationsModule, webhookSubscriber } from './modules/integrations/index';
import { rightsRoutes } from './modules/rights/index';

/**
 * What modules hand each other where a lower one must call a higher one (issue 36): passed to buildApp,
 * never registered from a module — one missing is a compile error, not a silent null.
 */
export interface Collaborators {
  subscribers: EventSubscribers;
  orderKinds: OrderKinds;
  withdrawalRefunds: WithdrawalRefunds;
}
/** The app's own: tickets' order kind and payments' events, the webhooks' deliveries (in the transaction), payments' withdrawal refunds. */
export const appCollaborators = (): Collaborators => ({
  subscribers: { inTransaction: [...ticketEventHandlers, webhookSubscriber], afterCommit: [] },
  orderKinds: { [ORDER_TYPE.TICKETS]: ticketOrderKind },
  withdrawalRefunds,
});

export interface BuildOptions {
  config: Config;
  database: Database;
  store: ShortStore;
  sms?: SmsAdapter;
  storage?: Storage;
  /** 32-byte key for ID numbers (server.ts reads it from config) */
  piiKey?: Buffer;
  logger?: FastifyServerOptions['logger'];
  /** extra or replacing payment providers (tests: adapters pointed at a local fake gateway) */
  paymentProviders?: PaymentProvider[];
  /** how the sandbox gateway delivers its notifications (tests: app.inject) */
  paymentDeliver?: Deliver;
  /** serve the built web app (off in API tests) */
  serveWeb?: boolean;
  /** the modules' collaborators (appCollaborators() unless given) */
  collaborators?: Collaborators;
  /** registered after the modules, under the same rules (tests: a route that breaks a house rule) */
  extend?: (app: FastifyInstance) => Promise<void>;
}

/** proxy-addr's rule for a hop count: the n addresses nearest to the server are proxies */
const trustHops = (n: number) => (_addr: string, i: number) => i < n;

/** Builds the whole application without listening: plugins, modules, error handling, SPA. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // a hop count trusts that many proxies in front (proxy-addr's own rule for a number)
    trustProxy: typeof opts.config.TRUST_PROXY === 'number' ? trustHops(opts.config.TRUST_PROXY) : opts.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // one id per request in every log line, the error body and the X-Request-Id header; a proxy's own id is
    // kept when it looks like one (nginx: proxy_set_header X-Request-Id $request_id)
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    // a request that reaches an instance while it shuts down is served (with `Connection: close`), not
    // answered Fastify's own 503: nginx re-sends no POST it has sent once (server.ts, lib/connections.ts)
    return503OnClosing: false,
    // router and HTTP-parser failures (bad percent-encoding, 431, …) leave in the error contract too
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let ownStorage: Storage | undefined;
  const collaborators = opts.collaborators ?? appCollaborators();
  const piiKey = opts.piiKey ?? crypto.randomBytes(32);
  const deps: AppDeps = {
    config: opts.config,
    database: opts.database,
    store: opts.store,
    // SMS_PROVIDER=outbox|aliyun|tencent unless the caller brings its own (tests)
    sms: opts.sms ?? createSms(opts.config, opts.database.db, app.log),
    // STORAGE=local|s3 from config unless the caller brings its own (closed with the app when made here)
    storage: opts.storage ?? (ownStorage = await createStorage(opts.config)),
    galleryCache: new TtlCache<CachedBody>(5000),
    seeding: { active: false },
    pii: new Pii(piiKey),
    payments: undefined as unknown as PaymentsRuntime,
    metrics: new Metrics(),
    orderKinds: collaborators.orderKinds,
    withdrawalRefunds: collaborators.withdrawalRefunds,
    events: new EventBus(collaborators.subscribers),
    resourceExports: new Map(),
  };
  deps.payments = createPaymentsRuntime(opts.config, opts.database.db, piiKey, {
    deliver: opts.paymentDeliver,
    providers: opts.paymentProviders,
  });
  app.decorate('deps', deps);
  if (ownStorage) app.addHook('onClose', () => ownStorage!.close());

  registerSecurityHeaders(app);
  // every answer counted by route pattern (never a path with ids) and status
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    deps.metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    deps.metrics.latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });
  // before swagger and every route: auth before validation, response schemas, the route table
  registerRouteRules(app);
  // request ceilings from packages/shared/src/limits.ts, named by each route's config.limits
  await registerRateLimits(app, { store: deps.store, addressFactor: opts.config.AUTH_IP_LIMIT_FACTOR });
  registerRequestGuard(app);
  // production: what the proxies in front send against TRUST_PROXY and PUBLIC_BASE_URL, one warning each
  registerProxyCheck(app, opts.config);

  // the OpenAPI document (/api/openapi.json) and Swagger UI (/api/docs): plugins/openapi.ts
  await registerOpenApi(app, { config: opts.config });

  registerErrorHandling(app);
  await app.register(authPlugin);
  // after auth (keys are per account), before every route that writes
  registerIdempotency(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(wechatRoutes);
  await app.register(awardsRoutes);
  await app.register(userRoutes);
  await app.register(messageRoutes);
  await app.register(consultRoutes);
  await app.register(adminRoutes);
  await app.register(accessRoutes);
  await app.register(dashboardRoutes);
  await app.register(jobsRoutes);
  // the largest ceiling of any upload route; each route sets its own lower one
  await app.register(multipart, { limits: { fileSize: Math.max(...Object.values(UPLOAD_LIMITS)), files: 1, fields: 20 } });
  await app.register(fileRoutes);
  await app.register(publicContentRoutes);
  await app.register(galleryRoutes);
  await app.register(adminContentRoutes);
  await app.register(seoRoutes);
  await app.register(registrationModule);
  await app.register(paymentsModule);
  await app.register(ticketsModule);
  await app.register(seasonModule);
  await app.register(volunteerRoutes);
  await app.register(channelRoutes);
  await app.register(examRoutes);
  // templates take a background upload: after the multipart parser
  await app.register(certificatesRoutes);
  await app.register(integrationsModule);
  await app.register(rightsRoutes);
  if (opts.extend) await app.register(async (child) => opts.extend!(child));
  if (opts.serveWeb) await registerSpa(app, opts.config.webDist);
  return app;
}
