import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import {
  ACCOUNT_STATUS,
  API_TOKEN_FAILURES,
  canResource,
  isBuiltInRole,
  pickLang,
  type Lang,
  type Permission,
  type ResourceAction,
  type ResourceDef,
} from '@rp/shared';
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors';
import { addressKey } from '../lib/address-key';
import { audit } from '../lib/audit';
import { activityScope } from '../lib/scope';
import { apiTokens, staffRoles, users } from '../db/schema/index';
import { findSession, toUser, type RoleGrant, type SessionUser } from '../lib/session';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: SessionUser | null;
    sessionId: number | null;
    /** true when a bearer token was sent but matched no live session */
    staleToken: boolean;
    /** a partner system's API token (issue 25), when the request carries one; `user` is then its stand-in */
    apiToken: ApiTokenUse | null;
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
  app.decorateRequest('apiToken', null);
  // Callback style with a synchronous fast path: most requests (visitors, assets) carry no token.
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLang(req.headers['accept-language']);
    const token = bearerToken(req);
    if (!token) return done();
    if (isApiToken(token)) {
      authenticateApiToken(app.deps, req, token).then(() => done(), done);
      return;
    }
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
  if (!req.user) throw req.staleToken ? new AppError('SESSION_EXPIRED') : new AppError('UNAUTHORIZED');
}, 'member');

export function requirePermission(permission: Permission): preHandlerHookHandler {
  return mark(async (req) => {
    if (!req.user) throw req.staleToken ? new AppError('SESSION_EXPIRED') : new AppError('UNAUTHORIZED');
    if (!req.user.permissions.includes(permission)) throw new AppError('FORBIDDEN');
  }, permission);
}

/**
 * A generic resource's route: the definition's coarse permission (read for view/export, write for the
 * others) or the fine `<resource>.<action>` a built role grants. The route table records the coarse one.
 */
export function requireResource(def: Pick<ResourceDef, 'name' | 'read' | 'write'>, action: ResourceAction): preHandlerHookHandler {
  return mark(
    async (req) => {
      if (!req.user) throw req.staleToken ? new AppError('SESSION_EXPIRED') : new AppError('UNAUTHORIZED');
      if (!canResource(req.user.permissions, def, action)) throw new AppError('FORBIDDEN');
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
/** 'METHOD url' of the routes that need no session (a token there is read only to open a scope's extras) */
const publicOperations = new Set<string>();
const operationKeys = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`);

export function hoistAuth(route: RouteOptions): RouteAuth {
  const pre = asList(route.preHandler as HookList) as AuthHook[];
  const checks = pre.filter((h) => typeof h === 'function' && h[AUTH]);
  if (!checks.length) {
    for (const k of operationKeys(route)) publicOperations.add(k);
    return 'public';
  }
  route.preHandler = pre.filter((h) => !checks.includes(h)) as RouteOptions['preHandler'];
  route.onRequest = [...checks, ...asList(route.onRequest as HookList)] as RouteOptions['onRequest'];
  const needs = checks.map((h) => h[AUTH]!);
  route.schema = { ...route.schema, security: [{ bearer: [] }] };
  return needs.find((n) => n !== 'member') ?? 'member';
}

// ── Partner API tokens (issue 25) ───────────────────────────────────────────────────────────────
//
// A token (`rpk_` + 43 characters) works only on the operations its scopes list; every request reads its
// row, so a revoked or expired token is refused at once on every instance. The scopes and their operations
// are registered by the integrations module (defineTokenScope): the kernel knows no module.

export const API_TOKEN_PREFIX = 'rpk_';
/**
 * `rpk_` + 32 random bytes in base64url: 47 characters. Whatever starts with rpk_ (any case, any length but a
 * session token's 43) is read as an API token, so a mistyped one is told it is not a valid token, not that a
 * session ended.
 */
export const isApiToken = (token: string) => /^rpk_/i.test(token) && token.length !== 43;
/** what is stored of a token: its SHA-256 (hex) */
export const hashApiToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface ApiTokenUse {
  id: number;
  scopes: string[];
  /** null: every activity */
  activityIds: number[] | null;
}

export interface TokenScope {
  name: string;
  /** whether a token's activity list limits what this scope reads */
  activityLimited: boolean;
  /** what the token's stand-in user holds while it calls these operations */
  permissions: readonly Permission[];
  /** 'METHOD /route/pattern' as the router knows it (GET covers HEAD) */
  operations: readonly string[];
}

const tokenScopes = new Map<string, TokenScope>();

/** Registers a scope (the integrations module does, for every scope it offers); the same name again replaces it. */
export function defineTokenScope(scope: TokenScope): void {
  tokenScopes.set(scope.name, scope);
}

export function tokenScopeList(): TokenScope[] {
  return [...tokenScopes.values()];
}

/** the maker's stored roles (their codes, permissions and activity limits), read with the token in one query */
const makerGrants = sql<(RoleGrant & { code: string })[] | null>`(
  select json_agg(json_build_object('code', ${staffRoles.code}, 'permissions', ${staffRoles.permissions}, 'activityIds', ${staffRoles.activityIds}))
  from ${staffRoles} where ${staffRoles.code} = any(${users.roles}))`;

/**
 * What the token's stand-in holds for this operation (permission → the activities it reaches, null = every
 * activity): the intersection of the scopes that open it and its maker's CURRENT permissions and data scope
 * (read on every request), narrowed to the token's activities where a scope is activity-limited. A scope
 * whose permissions the maker no longer holds opens nothing; null when none is left (refused).
 */
function standInScopes(granted: readonly TokenScope[], tokenActivities: number[] | null, maker: SessionUser): Record<string, number[] | null> | null {
  const out: Record<string, number[] | null> = {};
  let usable = false;
  for (const s of granted) {
    if (!s.permissions.every((p) => maker.permissions.includes(p))) continue;
    usable = true;
    for (const p of s.permissions) {
      const makerReach = activityScope(maker, p);
      const tokenReach = s.activityLimited ? tokenActivities : null;
      const reach = makerReach === null ? tokenReach : tokenReach === null ? [...makerReach] : tokenReach.filter((id) => makerReach.includes(id));
      // two scopes opening the same permission: the union of their reaches
      const before = out[p];
      out[p] = before === undefined ? reach : before === null || reach === null ? null : [...new Set([...before, ...reach])];
    }
  }
  return usable ? out : null;
}

async function authenticateApiToken(deps: FastifyInstance['deps'], req: FastifyRequest, token: string): Promise<void> {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const route = req.routeOptions.url;
  const op = `${method} ${route}`;
  // a public operation answers a partner as it answers anyone; a token there only opens its scope's extras
  // (e.g. certificates.verify: the verification's own limit counted per token, not per address)
  const isPublic = !!route && publicOperations.has(op);
  const db = deps.database.db;
  // one indexed query: the token, its maker's account as it is now, and the maker's stored roles' grants
  const [found] = await db
    .select({ row: apiTokens, maker: users, grants: makerGrants })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.hash, hashApiToken(token)))
    .limit(1);
  const row = found?.row;
  const now = new Date();
  if (!row || row.revokedAt || row.expiresAt <= now) {
    if (isPublic) return;
    // only failures are counted, and only they are refused past the limit: a valid token is never locked
    // out by someone else's guesses (or an old system still calling with a revoked token) from its address
    const failKey = `ip:apitoken:${addressKey(req.ip)}`;
    // (API_TOKEN_FAILURES per address and minute, then 429: a guessing client stops reaching the database)
    const failures = await deps.store.incrWindow(failKey, API_TOKEN_FAILURES.windowS);
    if (failures.count > API_TOKEN_FAILURES.max) throw new AppError('RATE_LIMITED', { retryAfter: failures.endsAt });
    throw new AppError('UNAUTHORIZED', 'integrations.tokenInvalid');
  }
  // a token never outlives its maker's account: disabled or deleted (created_by set null) → refused
  const maker = found.maker;
  if (!maker || maker.status !== ACCOUNT_STATUS.ACTIVE) {
    if (isPublic) return;
    throw new AppError('UNAUTHORIZED', 'integrations.tokenMakerInactive');
  }
  const granted = row.scopes.map((n) => tokenScopes.get(n)).filter((s): s is TokenScope => !!s && s.operations.includes(op));
  if (!route || !granted.length) {
    if (isPublic) return;
    throw new AppError('FORBIDDEN', 'integrations.tokenNotAllowed');
  }
  const scopes = standInScopes(
    granted,
    row.activityIds,
    toUser(
      maker,
      (found.grants ?? []).filter((g) => !isBuiltInRole(g.code)),
    ),
  );
  if (!scopes) {
    if (isPublic) return;
    throw new AppError('FORBIDDEN', 'integrations.tokenMakerLacks');
  }
  const permissions = Object.keys(scopes);
  req.apiToken = { id: row.id, scopes: row.scopes, activityIds: row.activityIds };
  if (!isPublic)
    req.user = {
      id: 0,
      username: `${API_TOKEN_PREFIX}${row.prefix}`,
      nickName: row.name,
      avatar: null,
      phone: null,
      roles: [],
      permissions,
      isStaff: false,
      status: ACCOUNT_STATUS.ACTIVE,
      scopes: Object.fromEntries(Object.entries(scopes).filter((e): e is [string, number[]] => e[1] !== null)),
    } as SessionUser;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  // audited on use: one entry per token and operation a minute at most (a partner polling every few seconds
  // would otherwise write thousands a day), naming the token and the operation — never ids or query values
  if ((await deps.store.incr(`apitoken:audit:${row.id}:${op}`, 60)) === 1)
    await audit(db, { userId: null, resource: 'apiTokens', recordId: row.id, action: 'use', after: { token: row.name, operation: op } });
}
