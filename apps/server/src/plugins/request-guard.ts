import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ERRORS, pickLang, translate, type ErrorCode, type Lang, type MessageKey } from '@rp/shared';
import { AppError } from '../lib/errors';
import { API_HEADERS } from './security-headers';
import { lingerAfterAnswer } from '../lib/connections';

/** Longest request target (path and query) we read; longer ones answer 414. Node itself stops at 16 KB of headers (431). */
export const MAX_URL_LENGTH = 8192;
/** Deepest nesting of a JSON body, query or path value: no form of ours nests past a handful. */
export const MAX_DEPTH = 32;

function body(lang: Lang, code: ErrorCode, requestId?: string): string {
  const def = ERRORS[code];
  const text = translate(lang, def.message);
  return JSON.stringify({ status: def.status, message: text, resultCode: 0, resultStr: text, code, ...(requestId ? { requestId } : {}) });
}

/**
 * Errors of the router, before any route runs (Fastify `frameworkErrors`): a path that is not valid
 * percent-encoding, or a path parameter past maxParamLength. They leave in the error contract.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLang(req.headers['accept-language']);
  const code: ErrorCode = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_URL';
  reply.headers(API_HEADERS).header('cache-control', 'no-store').header('x-request-id', String(req.id)).type('application/json; charset=utf-8');
  return reply.status(ERRORS[code].status).send(body(lang, code, String(req.id)));
}

/**
 * Errors of Node's HTTP parser (Fastify `clientErrorHandler`): headers or request line past 16 KB
 * (431), a malformed request (400), a request that took too long to arrive (408). Written to the
 * socket in the error contract (the language from the raw request when it got that far), then closed.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (err, socket) => {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const packet: unknown = (err as { rawPacket?: unknown }).rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.subarray(0, 16384).toString('latin1') : '';
  const lang = pickLang(/\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(raw)?.[1]);
  const text = body(lang, code);
  const status = ERRORS[code].status;
  if (socket.writable) {
    const head = [
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(text)}`,
      'cache-control: no-store',
      'connection: close',
    ];
    for (const [k, v] of Object.entries(API_HEADERS)) head.push(`${k}: ${v}`);
    socket.write(`${head.join('\r\n')}\r\n\r\n${text}`);
  }
  socket.destroy(err);
};

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Errors thrown while a body is read (content-type parsers, multipart) → a catalogue code, or null.
 * Busboy's errors carry no code, only their text (@fastify/busboy: lib/main.js, lib/types/multipart.js, deps/dicer).
 */
export function requestErrorCode(err: { code?: string; message?: string; statusCode?: number }): ErrorCode | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_PROTO_VIOLATION':
      return 'BAD_REQUEST';
    case 'FST_ERR_BAD_URL':
      return 'BAD_URL';
  }
  if (
    !err.code &&
    typeof err.message === 'string' &&
    /^(Multipart: |Boundary required|Unsupported Content-Type|Missing Content-Type|Unexpected end of (multipart data|form|file)|Malformed (part header|urlencoded form|content))|terminated early due to unexpected end of multipart data$/.test(
      err.message,
    )
  )
    return 'BAD_MULTIPART';
  return null;
}

type Node = { v: unknown; path: string; depth: number };

/** The first string with a NUL character (PostgreSQL text cannot hold one) or nesting past MAX_DEPTH, with its path. */
export function inspectInput(root: unknown, rootPath = ''): { path: string; key: MessageKey } | null {
  if (root === null || typeof root !== 'object')
    return typeof root === 'string' && root.includes('\u0000') ? { path: rootPath || '_', key: 'validation.nul' } : null;
  if (Buffer.isBuffer(root)) return null;
  const stack: Node[] = [{ v: root, path: rootPath, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { path: path || '_', key: 'validation.nul' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { path: path || '_', key: 'validation.tooDeep' };
    for (const [k, x] of Object.entries(v)) {
      const p = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return { path: p.replaceAll('\u0000', '\\0'), key: 'validation.nul' };
      stack.push({ v: x, path: p, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Guards every request before its route runs:
 * - onRequest: a request target past MAX_URL_LENGTH → 414;
 * - preValidation (after auth, before the schema): NUL in any text of body, query or path, and JSON
 *   nested past MAX_DEPTH → 400 naming the field. One pass here instead of a rule on every string field;
 * - onSend: an answer that leaves before its request's body has arrived (413 for an upload past its
 *   ceiling, a 401 before an upload is read) closes its connection, gracefully (lib/connections.ts).
 */
export function registerRequestGuard(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.length > MAX_URL_LENGTH) {
      req.lang = pickLang(req.headers['accept-language']); // the auth plugin, which sets it, has not run yet
      return done(new AppError('URI_TOO_LONG'));
    }
    done();
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const bad = inspectInput(req.params) ?? inspectInput(req.query) ?? inspectInput(req.body);
    if (bad) return done(new AppError('VALIDATION_FAILED', { fieldErrors: { [bad.path]: bad.key } }));
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    // `complete` is false only on a real socket whose request has not been read to its end (not in inject)
    if (req.raw.complete === false && !reply.raw.headersSent) {
      reply.header('connection', 'close');
      lingerAfterAnswer(req.raw);
    }
    done(null, payload);
  });
}
