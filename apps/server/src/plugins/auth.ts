import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import { canResource, pickLang, type Lang, type Permission, type ResourceAction, type ResourceDef } from '@rp/shared';
import { errors } from '../lib/errors';
import { findSession, type SessionUser } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: SessionUser | null;
    sessionId: number | null;
    /** true when a bearer token was sent but matched no live session */
    staleToken: boolean;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(h.trim());
  return m ? m[1]! : null;
}

/** Reads language and session on every request; routes opt in to requireAuth / requirePermission. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('staleToken', false);
  // Callback style with a synchronous fast path: most requests (visitors, assets) carry no token.
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLang(req.headers['accept-language']);
    const token = bearerToken(req);
    if (!token) return done();
    findSession(app.deps.database.db, token).then((found) => {
      if (found) {
        req.user = found.user;
        req.sessionId = found.sessionId;
      } else {
        req.staleToken = true;
      }
      done();
    }, done);
  });
});

/** What a route needs from its caller: nothing, a session, or a session with a permission. */
export type RouteAuth = 'public' | 'member' | Permission;

const AUTH = Symbol('route auth');
type AuthHook = preHandlerHookHandler & { [AUTH]?: Exclude<RouteAuth, 'public'> };

function mark(fn: preHandlerHookHandler, auth: Exclude<RouteAuth, 'public'>): AuthHook {
  return Object.assign(fn, { [AUTH]: auth });
}

/**
 * Routes declare `preHandler: requireAuth` or `requirePermission(p)` (alone or in a list); hoistAuth
 * (an onRoute hook) moves these checks to the route's onRequest, so they run before the body is read
 * and validated: a visitor gets 401, not 400 with the field names of a form they may not use.
 */
export const requireAuth: preHandlerHookHandler = mark(async (req) => {
  if (!req.user) throw req.staleToken ? errors.sessionExpired() : errors.unauthorized();
}, 'member');

export function requirePermission(permission: Permission): preHandlerHookHandler {
  return mark(async (req) => {
    if (!req.user) throw req.staleToken ? errors.sessionExpired() : errors.unauthorized();
    if (!req.user.permissions.includes(permission)) throw errors.forbidden();
  }, permission);
}

/**
 * A generic resource's route: the definition's coarse permission (read for view/export, write for the
 * others) or the fine `<resource>.<action>` a built role grants. The route table records the coarse one.
 */
export function requireResource(def: Pick<ResourceDef, 'name' | 'read' | 'write'>, action: ResourceAction): preHandlerHookHandler {
  return mark(
    async (req) => {
      if (!req.user) throw req.staleToken ? errors.sessionExpired() : errors.unauthorized();
      if (!canResource(req.user.permissions, def, action)) throw errors.forbidden();
    },
    action === 'view' || action === 'export' ? def.read : def.write,
  );
}

type HookList = RouteOptions['preHandler'] | RouteOptions['onRequest'];
const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/**
 * onRoute: moves the route's auth checks from preHandler to the front of its onRequest hooks (after the
 * session is read, before parsing and validation), marks the operation as needing the bearer token in
 * the OpenAPI document, and returns what the route needs (the strongest check it declares).
 */
export function hoistAuth(route: RouteOptions): RouteAuth {
  const pre = asList(route.preHandler as HookList) as AuthHook[];
  const checks = pre.filter((h) => typeof h === 'function' && h[AUTH]);
  if (!checks.length) return 'public';
  route.preHandler = pre.filter((h) => !checks.includes(h)) as RouteOptions['preHandler'];
  route.onRequest = [...checks, ...asList(route.onRequest as HookList)] as RouteOptions['onRequest'];
  const needs = checks.map((h) => h[AUTH]!);
  route.schema = { ...route.schema, security: [{ bearer: [] }] };
  return needs.find((n) => n !== 'member') ?? 'member';
}
