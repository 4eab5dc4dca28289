import { isApiError } from './api-client';
import { ERROR_TEXT } from './errors';
import { activeI18n } from './i18n';

export interface ServerFormError {
  /** field name → the server's message, for the fields the form has */
  fields: Record<string, string>;
  /** what no field shows (null when the fields say it all) */
  banner: string | null;
}

/**
 * A failed save, shown once: the server's field messages go under the fields the form has (names renamed
 * by `alias`), and the banner carries only what no field shows. Anything but an ApiError is "server busy".
 */
export function splitServerError(
  error: unknown,
  hasField: (name: string) => boolean = () => true,
  alias: Partial<Record<string, string>> = {},
): ServerFormError {
  if (!isApiError(error)) return { fields: {}, banner: activeI18n().t(ERROR_TEXT.HTTP_ERROR) };
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fieldErrors)) {
    const field = alias[name] ?? name;
    if (hasField(field)) fields[field] = message;
  }
  const shown = Object.values(fields);
  const banner = shown.length && (shown.includes(error.message) || error.code === 'VALIDATION_FAILED') ? null : error.message;
  return { fields, banner };
}

/** The fields part in antd's Form.setFields shape. */
export function antdFieldErrors(fields: Record<string, string>): { name: string; errors: string[] }[] {
  return Object.entries(fields).map(([name, message]) => ({ name, errors: [message] }));
}
