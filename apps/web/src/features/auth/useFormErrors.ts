import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { splitServerError } from '../../lib/form-errors';

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

  /**
   * Server failure, shown once: field messages under their fields (aliases map names; focus moves to the
   * first), and the alert region only for what no field shows (one failed action, one error on screen).
   */
  const applyServerError = useCallback(
    (error: unknown, aliases: Partial<Record<string, K>> = {}, merge = false) => {
      const { fields, banner } = splitServerError(error, undefined, aliases);
      setFormError(banner);
      if (!isApiError(error)) return; // no answer: the fields keep what they show
      const next = fields as Partial<Record<K, string>>;
      setFieldErrors((prev) => (merge ? { ...prev, ...next } : next));
      if (Object.keys(next).length) focusFirstInvalid();
    },
    [focusFirstInvalid],
  );

  const clearField = useCallback((field: K) => {
    setFieldErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  /** One field checked on its own (e.g. the phone before sending a code): shows its error; true when it passed. */
  const checkField = useCallback(
    (field: K, key: string | undefined) => {
      if (key) {
        setFieldErrors((prev) => ({ ...prev, [field]: t(key) }));
        focusFirstInvalid();
      }
      return !key;
    },
    [t, focusFirstInvalid],
  );

  /** The props that tie a text field to its value and its error (typing clears the error). */
  const bind = (field: K, value: string, set: (value: string) => void) => ({
    name: field,
    value,
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      clearField(field);
    },
    error: fieldErrors[field],
  });

  return { formRef, focusFirstInvalid, fieldErrors, setFieldErrors, formError, setFormError, applyChecks, applyServerError, clearField, checkField, bind };
}
