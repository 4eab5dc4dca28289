import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isMessageKey, translate, type Lang, type MessageKey } from '@rp/shared';
import { AppError } from '../lib/errors';

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

export function send(reply: FastifyReply, lang: Lang, status: number, code: string, key: MessageKey, extra?: object, params?: Record<string, string | number>) {
  const text = translate(lang, key, params);
  return reply.status(status).send({ status, message: text, resultCode: 0, resultStr: text, code, ...extra });
}

/** The one error handler: every failure leaves as design §3's error body; 5xx never carry internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh';
    if (err instanceof AppError) {
      const fieldErrors = err.fieldErrors
        ? Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, translate(lang, v, err.params)]))
        : undefined;
      return send(reply, lang, err.httpStatus, err.code, err.i18nKey, fieldErrors ? { fieldErrors } : undefined, err.params);
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
      return send(reply, lang, 400, 'VALIDATION_FAILED', 'error.validation', { fieldErrors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return send(reply, lang, 500, 'INTERNAL', 'error.internal');
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return send(reply, lang, 413, 'TOO_LARGE', 'error.tooLarge');
    if (status === 429) return send(reply, lang, 429, 'RATE_LIMITED', 'error.rateLimited');
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, bad query string and the like.
      return send(reply, lang, status, err.code?.startsWith('FST_') ? 'BAD_REQUEST' : (err.code ?? 'BAD_REQUEST'), 'error.badJson');
    }
    if (isDbDown(err)) {
      req.log.error({ err }, 'database unavailable');
      return send(reply, lang, 503, 'DB_UNAVAILABLE', 'error.dbUnavailable');
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, lang, 500, 'INTERNAL', 'error.internal');
  });

  app.setNotFoundHandler((req, reply) => sendNotFound(req, reply));
}

function isDbDown(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '');
}

export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, req.lang ?? 'zh', 404, 'NOT_FOUND', 'error.routeNotFound');
}
