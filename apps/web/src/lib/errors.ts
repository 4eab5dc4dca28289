import type { ERRORS, ErrorCode } from '@rp/shared';

/**
 * Error codes as the web sees them: the server's catalogue (packages/shared/src/errors.ts; the server
 * sends no other code) plus the client's own for failures without an answer. Type-only import: the
 * catalogue itself stays off the public pages' first load.
 */
export type ClientErrorCode = 'TIMEOUT' | 'NETWORK' | 'ABORTED' | 'HTTP_ERROR';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * The codes the web words itself (the server's localised message is shown for every other code, and for
 * these too when it sent one). errors.test.ts checks each key exists in zh and en.
 */
export const ERROR_TEXT = {
  TIMEOUT: 'errors:client.timeout',
  NETWORK: 'errors:client.serverBusy',
  ABORTED: 'errors:client.aborted',
  HTTP_ERROR: 'errors:client.serverBusy',
  INTERNAL: 'errors:client.serverBusy',
  DB_UNAVAILABLE: 'errors:client.serverBusy',
  UNAUTHORIZED: 'errors:client.sessionExpired',
  SESSION_EXPIRED: 'errors:client.sessionExpired',
  FORBIDDEN: 'errors:client.forbidden',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

export type WordedCode = keyof typeof ERROR_TEXT;

/** The catalogue's codes of one HTTP status (compile time only). */
export type CodeWithStatus<S extends number> = { [C in ErrorCode]: (typeof ERRORS)[C]['status'] extends S ? C : never }[ErrorCode];

/** Every "no such thing" of the catalogue (errors.test.ts keeps the list complete). */
export const NOT_FOUND_CODES = [
  'NOT_FOUND',
  'ALBUM_NOT_FOUND',
  'ACTIVITY_NOT_FOUND',
  'NO_PENDING_WITHDRAWAL',
  'NO_CODE',
  'NO_QUALIFYING_CODE',
  'ORDER_NOT_FOUND',
  'INVOICE_NOT_ISSUED',
  'TICKET_NOT_FOUND',
  'PASS_UNKNOWN',
  'CONSULT_NOT_FOUND',
  'VOLUNTEER_NOT_FOUND',
  'CHANNEL_NOT_FOUND',
  'REBATE_NOT_FOUND',
  'EXAM_NOT_AVAILABLE',
  'WECHAT_NOT_BOUND',
  'AWARD_NOT_FOUND',
  'TEAM_NOT_FOUND',
  'CERT_NOT_FOUND',
  'JUDGE_USER_NOT_FOUND',
  'EXPORT_NOT_FOUND',
  'CERT_VOID',
  'CERT_LOOKUP_MISS',
  'POLICY_NOT_FOUND',
  'CONSENT_LINK_INVALID',
] as const satisfies readonly CodeWithStatus<404>[];
