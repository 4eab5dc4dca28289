import s from './ui.module.css';

/**
 * A field's error message (WCAG 3.3.1) in a polite live region that is there before a message comes, so the
 * message is announced when it appears; the field points at `id` with aria-describedby and sets aria-invalid.
 */
export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  return (
    <div aria-live="polite" className={s.errorLive}>
      {error ? (
        <p id={id} className={s.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
