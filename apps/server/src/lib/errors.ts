import type { MessageKey } from '@rp/shared';

/** The one error type of the server: a stable code, an HTTP status, a localised text key. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    readonly i18nKey: MessageKey,
    readonly fieldErrors?: Record<string, MessageKey>,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}

export const errors = {
  validation: (fieldErrors?: Record<string, MessageKey>, key: MessageKey = 'error.validation') =>
    new AppError('VALIDATION_FAILED', 400, key, fieldErrors),
  unauthorized: () => new AppError('UNAUTHORIZED', 401, 'error.unauthorized'),
  sessionExpired: () => new AppError('SESSION_EXPIRED', 401, 'error.sessionExpired'),
  forbidden: () => new AppError('FORBIDDEN', 403, 'error.forbidden'),
  notFound: () => new AppError('NOT_FOUND', 404, 'error.notFound'),
  conflict: (code: string, key: MessageKey, fieldErrors?: Record<string, MessageKey>) =>
    new AppError(code, 409, key, fieldErrors),
  rateLimited: (key: MessageKey = 'error.rateLimited') => new AppError('RATE_LIMITED', 429, key),
};
