import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './FieldError';
import s from './ui.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: string;
  /** Shown under the field, linked with aria-describedby. */
  error?: string;
  hint?: string;
  /** Rendered next to the input (e.g. a "get code" button or captcha picture). */
  addon?: ReactNode;
}

/** Label + input + hint + error, wired for screen readers (aria-invalid, aria-describedby, a polite live region). */
export function TextField({ label, error, hint, addon, required, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
        {/* The asterisk is visual only: aria-required tells screen readers. */}
        {required ? (
          <span className={s.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className={s.control}>
        <input
          id={id}
          className={`${s.input} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...input}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
