import { ERRORS, isErrorCode, type ErrorCode, type MessageKey } from '@rp/shared';

export type { ErrorCode };

export interface AppErrorOptions {
  /** A more precise text than the catalogue's default for this code (same code, same status). */
  message?: MessageKey;
  /** Puts the message on this field too (the common "one field is wrong" case). */
  field?: string;
  fieldErrors?: Record<string, MessageKey>;
  params?: Record<string, string | number>;
  /** seconds until the refused request may be tried again: the Retry-After header of a 429 */
  retryAfter?: number;
}

/**
 * The one error type of the server. The code comes from the shared catalogue (packages/shared/src/
 * errors.ts), which gives its HTTP status and default message:
 *   new AppError('TEAM_FULL')
 *   new AppError('REGISTRATION_CLOSED', block)                       // a more precise message
 *   new AppError('CAPTCHA_INVALID', { field: 'code' })                // the message on a field too
 *   new AppError('UPLOAD_TOO_LARGE', { params: { max: '3 MB' } })
 */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly i18nKey: MessageKey;
  readonly fieldErrors?: Record<string, MessageKey>;
  readonly params?: Record<string, string | number>;
  readonly retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions | MessageKey = {},
  ) {
    super(code);
    if (!isErrorCode(code)) throw new Error(`Unknown error code ${String(code)}: add it to packages/shared/src/errors.ts`);
    const def = ERRORS[code];
    const o: AppErrorOptions = typeof options === 'string' ? { message: options } : options;
    this.httpStatus = def.status;
    this.i18nKey = o.message ?? def.message;
    const fieldErrors = o.field ? { [o.field]: this.i18nKey, ...o.fieldErrors } : o.fieldErrors;
    if (fieldErrors) this.fieldErrors = fieldErrors;
    if (o.params) this.params = o.params;
    if (o.retryAfter !== undefined) this.retryAfter = Math.max(1, Math.ceil(o.retryAfter));
  }
}

export const errors = {
  validation: (fieldErrors?: Record<string, MessageKey>, message?: MessageKey) => new AppError('VALIDATION_FAILED', { fieldErrors, message }),
  unauthorized: () => new AppError('UNAUTHORIZED'),
  sessionExpired: () => new AppError('SESSION_EXPIRED'),
  forbidden: () => new AppError('FORBIDDEN'),
  notFound: () => new AppError('NOT_FOUND'),
  conflict: (code: ErrorCode, message?: MessageKey, fieldErrors?: Record<string, MessageKey>) => new AppError(code, { message, fieldErrors }),
  /** 429 with Retry-After: in `retryAfter` seconds, or at the moment the full window ends */
  rateLimited: (message: MessageKey | undefined, retryAfter: number | Date) =>
    new AppError('RATE_LIMITED', { message, retryAfter: typeof retryAfter === 'number' ? retryAfter : (retryAfter.getTime() - Date.now()) / 1000 }),
};
