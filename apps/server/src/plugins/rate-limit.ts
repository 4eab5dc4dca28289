import type { FastifyInstance, FastifyRequest, RouteOptions, onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { API_TOKEN_LIMIT_FACTOR, RATE_LIMITS, type RateLimitName } from '@rp/shared';
import type { ShortStore } from '../lib/short-store';
import { addressKey } from '../lib/address-key';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the request ceilings of this route, by name (packages/shared/src/limits.ts RATE_LIMITS) */
    limits?: readonly RateLimitName[];
  }
}

/**
 * @fastify/rate-limit's store over our shared store (database or Redis): one atomic increment whose window
 * starts at its first count, so every instance agrees. A store failure is not skipped: 503 CACHE_UNAVAILABLE.
 */
function storeOver(store: ShortStore) {
  return class ShortStoreCounter {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      store.incrWindow(key, Math.ceil(timeWindow / 1000)).then(
        ({ count, endsAt }) => cb(null, { current: count, ttl: Math.max(0, endsAt.getTime() - Date.now()) }),
        (e: Error) => cb(e),
      );
    }
    child() {
      return this;
    }
  };
}

type Check = (req: FastifyRequest) => Promise<void>;

/**
 * Request ceilings from one table (issue 36): a route names its ceilings in `config: { limits: [...] }`; they
 * are counted after the session is read and the auth checks passed (hoistAuth), before the body is read or
 * validated — refused and malformed requests count alike. Past a ceiling: 429 RATE_LIMITED with Retry-After.
 * Must be registered after registerRouteRules (its onRoute hook puts the auth checks first) and before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { store: ShortStore; addressFactor: number }) {
  await app.register(rateLimit, { global: false, store: storeOver(opts.store), skipOnError: false });
  const checks = new Map<RateLimitName, Check>();
  for (const [name, l] of Object.entries(RATE_LIMITS) as [RateLimitName, (typeof RATE_LIMITS)[RateLimitName]][]) {
    const limiter = app.createRateLimit({
      timeWindow: l.windowS * 1000,
      keyGenerator: (req) =>
        l.per === 'account' ? `rl:${name}:u${req.user?.id ?? 0}` : req.apiToken ? `rl:${name}:t${req.apiToken.id}` : `rl:${name}:${addressKey(req.ip)}`,
      max: (req) => (l.per === 'account' ? l.max : req.apiToken ? l.max * API_TOKEN_LIMIT_FACTOR : l.max * opts.addressFactor),
    });
    checks.set(name, async (req) => {
      const r = await limiter(req);
      if (!r.isAllowed && r.isExceeded) throw new AppError('RATE_LIMITED', { retryAfter: r.ttlInSeconds });
    });
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const names = route.config?.limits;
    if (!names?.length) return;
    const own = names.map((n) => {
      const check = checks.get(n);
      if (!check)
        throw new Error(`Route ${String(route.method)} ${route.url} names an unknown limit ${n}: add it to RATE_LIMITS in packages/shared/src/limits.ts`);
      return check;
    });
    const hook: onRequestHookHandler = async (req) => {
      for (const check of own) await check(req);
    };
    const before = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...before, hook] as RouteOptions['onRequest'];
  });
}
