import type { FastifyRequest } from 'fastify';
import { translate, type MessageKey } from '@rp/shared';

/** Success body of design §3: resultCode 1, a localised resultStr, and the payload. */
export function ok<T extends object>(req: FastifyRequest, payload: T, key: MessageKey = 'ok') {
  return { resultCode: 1 as const, resultStr: translate(req.lang, key), ...payload };
}

export function page<T>(req: FastifyRequest, content: T[], totalElements: number, pageNo: number, size: number) {
  return ok(req, { content, totalElements, totalPages: Math.ceil(totalElements / size), number: pageNo, size }, 'ok.query');
}
