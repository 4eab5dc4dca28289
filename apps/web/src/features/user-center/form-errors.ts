import type { FormInstance } from 'antd';
import { isApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';

/**
 * A failed save, shown once: messages for fields the form has go under those fields; the returned text
 * (for the form's alert) is what no field shows, or undefined when the fields say it all.
 */
export function showServerError<V extends object>(error: unknown, form: Pick<FormInstance<V>, 'setFields'>, fields: readonly (keyof V & string)[]): string | undefined {
  if (!isApiError(error)) return i18n.t('errors:client.serverBusy');
  const known = Object.entries(error.fieldErrors).filter(([name]) => (fields as readonly string[]).includes(name));
  form.setFields(known.map(([name, message]) => ({ name, errors: [message] })) as Parameters<FormInstance<V>['setFields']>[0]);
  const shown = known.map(([, message]) => message);
  if (shown.length && (shown.includes(error.message) || error.code === 'VALIDATION_FAILED')) return undefined;
  return error.message;
}
