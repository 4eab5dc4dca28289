import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERRORS, isErrorCode, isMessageKey, translate, type ErrorCode, type Lang, type MessageKey } from '@rp/shared';
import { AppError } from '../lib/errors';
import { classifyDbError, dbLogFields, safeErrorLog } from '../lib/db-errors';
import { requestErrorCode } from './request-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The text of this route's unexpected failure (500 INTERNAL) instead of "server busy": spec 8.2's
     * 'creation failed', 'query failed', 'apply failed' for the routes that create, look up or apply.
     */
    failText?: MessageKey;
  }
}

interface Issue {
  code?: string;
  message?: string;
}

/** Localised message for one zod issue: our key when the schema named one, else by issue kind. */
function issueMessage(lang: Lang, issue: Issue): string {
  if (issue.message && isMessageKey(issue.message)) return translate(lang, issue.message);
  const byCode: Record<string, MessageKey> = {
    invalid_type: 'validation.invalidType',
    too_big: 'validation.tooLong',
    too_small: 'validation.tooShort',
    unrecognized_keys: 'validation.unknownField',
  };
  return translate(lang, byCode[issue.code ?? ''] ?? 'validation.invalid');
}

export interface SendOptions {
  /** a more precise text than the catalogue's default for this code */
  message?: MessageKey;
  params?: Record<string, string | number>;
  /** another 4xx status of the HTTP layer passed on as it came (BAD_REQUEST for a 406, …) */
  status?: number;
  /** more fields of the body (fieldErrors, an import's per-row data, the health check's database state) */
  extra?: object;
}

/** The contract's error body for a catalogue code (packages/shared/src/errors.ts gives status and text). */
export function send(reply: FastifyReply, lang: Lang, code: ErrorCode, o: SendOptions = {}) {
  const status = o.status ?? ERRORS[code].status;
  const text = translate(lang, o.message ?? ERRORS[code].message, o.params);
  return reply.status(status).send({ status, message: text, resultCode: 0 as const, resultStr: text, code, requestId: String(reply.request.id), ...o.extra });
}

/** The one error handler: every failure leaves as design §3's error body; 5xx never carry internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh';
    if (err instanceof AppError) {
      // the object store's failures are logged here, once per request (Redis's once per outage, by its store)
      if (err.code === 'STORAGE_UNAVAILABLE') req.log.warn({ route: routeOf(req), ...(err as { storage?: object }).storage }, 'object store unavailable');
      const fieldErrors = err.fieldErrors
        ? Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, translate(lang, v, err.params)]))
        : undefined;
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      const extra = fieldErrors || err.extra ? { ...err.extra, ...(fieldErrors ? { fieldErrors } : {}) } : undefined;
      return send(reply, lang, err.code, { message: err.i18nKey, params: err.params, extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      for (const v of err.validation) {
        const issue: Issue = { code: v.keyword, message: v.message };
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        if (v.keyword === 'unrecognized_keys') {
          for (const k of (v.params as { keys?: string[] }).keys ?? []) fieldErrors[field === '_' ? k : `${field}.${k}`] = issueMessage(lang, issue);
        } else if (v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '')) {
          fieldErrors[field] ??= translate(lang, 'validation.required');
        } else {
          fieldErrors[field] ??= issueMessage(lang, issue);
        }
      }
      return send(reply, lang, 'VALIDATION_FAILED', { extra: { fieldErrors } });
    }
    if (isResponseSerializationError(err)) {
      const issues = ((err as { cause?: { issues?: { path?: PropertyKey[]; code?: string }[] } }).cause?.issues ?? []).slice(0, 10);
      req.log.error(
        { route: routeOf(req), issues: issues.map((i) => ({ path: (i.path ?? []).map(String).join('.'), code: i.code })) },
        'response did not match its schema',
      );
      return send(reply, lang, 'INTERNAL');
    }
    // Database errors first: drizzle wraps them (the SQLSTATE is on `cause`), and their messages quote
    // the query and its parameters, so only the SQLSTATE and constraint names are logged.
    const db = classifyDbError(err);
    if (db) {
      const fields = { route: routeOf(req), db: dbLogFields(err), status: db.status };
      if (db.status >= 500) req.log.error(fields, 'database unavailable');
      else req.log.info(fields, 'database refused the request');
      return send(reply, lang, db.code);
    }
    // body parsers and multipart (wrong media type, no boundary, cut-off form): plugins/request-guard.ts
    const request = requestErrorCode(err);
    if (request) return send(reply, lang, request);
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return send(reply, lang, 'TOO_LARGE');
    if (status === 429) return send(reply, lang, 'RATE_LIMITED');
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, bad query string and the like.
      // (only catalogue codes leave: a plugin's own code becomes BAD_REQUEST)
      return send(reply, lang, isErrorCode(err.code) ? err.code : 'BAD_REQUEST', { status });
    }
    req.log.error({ route: routeOf(req), ...safeErrorLog(err) }, 'unhandled error');
    return send(reply, lang, 'INTERNAL', { message: req.routeOptions?.config?.failText });
  });

  app.setNotFoundHandler((req, reply) => sendNotFound(req, reply));
}

/** The route pattern (`/api/x/:id`), never the URL with its query string. */
function routeOf(req: FastifyRequest): string {
  return `${req.method} ${req.routeOptions?.url ?? req.url.split('?')[0]}`;
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, req.lang ?? 'zh', 'NOT_FOUND', { message: 'error.routeNotFound' });
}
