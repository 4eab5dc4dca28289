import { ERRORS, isErrorCode, type ErrorCode, type MessageKey } from '@rp/shared';

export type { ErrorCode };

export interface AppErrorOptions {
  /** A more precise text than the catalogue's default for this code (same code, same status). */
  message?: MessageKey;
  /** Puts the message on this field too (the common "one field is wrong" case). */
  field?: string;
  fieldErrors?: Record<string, MessageKey>;
  params?: Record<string, string | number>;
  /** when the refused request may be tried again, in seconds or as the moment: the Retry-After header of a 429 */
  retryAfter?: number | Date;
  /** numbers the client needs to act on the refusal, sent as fields of the body (CONFIRM_REQUIRED's confirmSize) */
  extra?: Record<string, number>;
}

/**
 * The one error type of the server and the one way to throw one (issue 36: no helpers beside it). The code
 * comes from the shared catalogue (packages/shared/src/errors.ts), which gives its HTTP status and default message:
 *   new AppError('TEAM_FULL')
 *   new AppError('REGISTRATION_CLOSED', block)                       // a more precise message
 *   new AppError('CAPTCHA_INVALID', { field: 'code' })                // the message on a field too
 *   new AppError('UPLOAD_TOO_LARGE', { params: { max: '3 MB' } })
 *   new AppError('RATE_LIMITED', { retryAfter: endsAt })              // 429 with Retry-After (seconds or a Date)
 */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly i18nKey: MessageKey;
  readonly fieldErrors?: Record<string, MessageKey>;
  readonly params?: Record<string, string | number>;
  readonly retryAfter?: number;
  readonly extra?: Record<string, number>;

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
    if (o.extra) this.extra = o.extra;
    if (o.retryAfter !== undefined) {
      const seconds = typeof o.retryAfter === 'number' ? o.retryAfter : (o.retryAfter.getTime() - Date.now()) / 1000;
      this.retryAfter = Math.max(1, Math.ceil(seconds));
    }
  }
}
