import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { hoistAuth, type RouteAuth } from './auth';
import type { RateLimitName } from '@rp/shared';

/** One row per route of the app (HEAD twins left out): what it needs from its caller. */
export interface RouteInfo {
  method: string;
  url: string;
  auth: RouteAuth;
  /** its request ceilings (config.limits; packages/shared/src/limits.ts) */
  limits: readonly RateLimitName[];
  /** the text of its unexpected failure (config.failText, plugins/errors.ts), when it names one */
  failText?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route with its auth requirement, filled while routes are registered (permission table test) */
    routeTable: RouteInfo[];
  }
}

/**
 * Routes that send files, streams or documents rather than JSON: the only routes allowed without a
 * response schema. A new file route is added here on purpose, never by forgetting its schema.
 */
export const RAW_ROUTES: readonly (string | RegExp)[] = [
  'GET /files/*', // public stored files
  'GET /metrics', // Prometheus text for operators (token)
  'GET /api/files/*', // private uploads (owner and staff)
  'GET /avatar/:name', // avatars by file name (spec 7.1)
  'GET /api/pictures/original/:key', // album originals by unguessable key (attachment)
  'GET /api/lOfficialFile/web/download/:id', // rules files (attachment)
  'GET /api/lTeamMember/web/importTemplate', // .xlsx
  'GET /api/lTeamMember/web/export', // .xlsx
  /^GET \/api\/admin\/\w+\/export$/, // .xlsx of an admin list (generated resources)
  'GET /api/lInvoice/web/download/:id', // invoice PDF (owner)
  'GET /api/admin/invoices/download/:id', // invoice PDF (staff)
  /^POST \/api\/lOrder\/(wx|ali|sandbox)\/(refund\/)?notify$/, // gateways' notifications, answered in each gateway's protocol
  /^(GET|POST) \/api\/lOrder\/sandbox\/pay\/:token$/, // the sandbox gateway's hosted page (HTML, a redirect)
  /^(GET|POST) \/api\/wechat-fake\//, // the WeChat login simulation: HTML pages, redirects, WeChat's own JSON
  'GET /api/lAward/cert/:certCode', // a certificate as a PNG (by its unguessable code)
  'POST /api/admin/awardTemplates/preview', // a template drawn with sample data (PNG, staff)
  'GET /api/admin/certificates/export/:jobId/file', // an activity's certificates as a zip (staff)
  'GET /api/admin/export-jobs/:jobId/file', // a resource export job's workbook (its starter)
  'GET /api/privacy/archive', // a member's personal information as a zip (issue 37)
  'GET /api/admin/privacy/audit/:year/file', // the yearly compliance audit as PDF or .xlsx
  'GET /api/openapi.json', // the generated OpenAPI document itself
  /^GET \/api\/docs(\/|$)/, // Swagger UI
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /*', // the web app (history fallback) and its static files
];

function isRaw(key: string): boolean {
  return RAW_ROUTES.some((r) => (typeof r === 'string' ? r === key : r.test(key)));
}

/** The success responses a route declares (200, 201, '2xx', …). */
function successSchemas(route: RouteOptions): unknown[] {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  return Object.entries(response)
    .filter(([code]) => /^2/.test(code) || code === 'default')
    .map(([, s]) => s);
}

type ZodLike = { _zod?: { def?: Record<string, unknown> & { type?: string } } };

/** Path of the first `z.any()` / `z.unknown()` inside a zod schema, or null. */
export function findAny(schema: unknown, path = '', seen = new Set<unknown>()): string | null {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def || seen.has(schema)) return null;
  seen.add(schema);
  if (def.type === 'any' || def.type === 'unknown') return path || '(root)';
  const children: [string, unknown][] = [];
  if (def.type === 'object') for (const [k, v] of Object.entries((def.shape ?? {}) as Record<string, unknown>)) children.push([`${path}.${k}`, v]);
  if (def.type === 'object' && def.catchall) children.push([`${path}.*`, def.catchall]);
  if (def.type === 'array') children.push([`${path}[]`, def.element]);
  if (def.type === 'union') for (const o of (def.options ?? []) as unknown[]) children.push([path, o]);
  if (def.type === 'record') children.push([`${path}.*`, def.valueType]);
  if (def.type === 'tuple') for (const [i, o] of ((def.items ?? []) as unknown[]).entries()) children.push([`${path}[${i}]`, o]);
  if (def.type === 'intersection') children.push([path, def.left], [path, def.right]);
  if (def.type === 'pipe') children.push([path, def.out]);
  if (def.type === 'lazy' && typeof def.getter === 'function') children.push([path, (def.getter as () => unknown)()]);
  for (const k of ['innerType']) if (def[k]) children.push([path, def[k]]);
  for (const [p, c] of children) {
    const found = findAny(c, p, seen);
    if (found) return found;
  }
  return null;
}

/**
 * House rules checked while the app is built (issue 9), so a route that breaks them stops the start:
 * - auth checks run before parsing and validation (hoistAuth), protected operations are marked in OpenAPI;
 * - every JSON route declares its success response schema (the serializer then strips undeclared keys,
 *   so no column leaks), except the file/stream routes of RAW_ROUTES;
 * - no response declares `z.any()` / `z.unknown()`.
 * Must be registered before any route (and before @fastify/swagger, which reads the marks).
 */
export function registerRouteRules(app: FastifyInstance) {
  const table: RouteInfo[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const auth = hoistAuth(route);
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD') continue; // Fastify's twin of a GET (same schema)
      const key = `${method} ${route.url}`;
      const success = successSchemas(route);
      // files of the built web app, one route each, registered by @fastify/static (config.rootPath)
      const staticFile = typeof (route.config as { rootPath?: unknown } | undefined)?.rootPath === 'string';
      if (!success.length && !isRaw(key) && !staticFile) {
        throw new Error(
          `Route ${key} declares no response schema: add schema.response[200] (or list it in RAW_ROUTES of plugins/route-rules.ts if it sends a file or stream)`,
        );
      }
      for (const s of success) {
        const at = findAny(s as z.ZodType);
        if (at) throw new Error(`Route ${key} declares z.any()/z.unknown() in its response at ${at}: declare the real shape`);
      }
      table.push({ method, url: route.url, auth, limits: route.config?.limits ?? [], failText: route.config?.failText });
    }
  });
}
