import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';

/**
 * Field errors (client i18n keys or server texts) plus one form-level message, with focus moved to
 * the first invalid field after a failed submit.
 */
export function useFormErrors<K extends string>() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<K, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const focusFirstInvalid = useCallback(() => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }, []);

  /** Client checks: values are i18n keys. Returns true when everything passed. */
  const applyChecks = useCallback(
    (checks: Partial<Record<K, string | undefined>>) => {
      const next: Partial<Record<K, string>> = {};
      for (const [field, key] of Object.entries(checks) as [K, string | undefined][]) if (key) next[field] = t(key);
      setFieldErrors(next);
      const ok = Object.keys(next).length === 0;
      if (!ok) {
        setFormError(t('auth:errorSummary'));
        focusFirstInvalid();
      } else setFormError(null);
      return ok;
    },
    [t, focusFirstInvalid],
  );

  /** Server failure: its message in the alert region, its fieldErrors under the fields (aliases map names). */
  const applyServerError = useCallback(
    (error: unknown, aliases: Partial<Record<string, K>> = {}) => {
      if (!isApiError(error)) {
        setFormError(t('errors:client.serverBusy'));
        return;
      }
      const next: Partial<Record<K, string>> = {};
      for (const [field, message] of Object.entries(error.fieldErrors)) next[(aliases[field] ?? field) as K] = message;
      setFieldErrors(next);
      setFormError(error.message);
      if (Object.keys(next).length) focusFirstInvalid();
    },
    [t, focusFirstInvalid],
  );

  const clearField = useCallback((field: K) => {
    setFieldErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  return { formRef, focusFirstInvalid, fieldErrors, setFieldErrors, formError, setFormError, applyChecks, applyServerError, clearField };
}
