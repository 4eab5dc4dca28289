import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/link';
import { FieldError } from './FieldError';
import s from './ui.module.css';

/** The two published policies (issue 37) and their pages. */
export const POLICY_PATHS = { privacy: '/privacy', children: '/childPrivacy' } as const;

/**
 * "I have read and agree to …" with the policy linked (opens in a new tab, the form keeps what was typed).
 * Never pre-ticked: the caller's state starts false. The error is tied to the box for screen readers.
 */
export function PolicyCheckbox({
  labelKey,
  checked,
  onChange,
  error,
  name,
}: {
  /** a `common:policy.*` key with a <link>…</link> around the policy's name (and <link2> for the children's rules) */
  labelKey: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  name: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const { t } = useTranslation();
  // the text's <link>…</link> (privacy policy) and <link2>…</link2> (children's rules) become links with their words
  // inside (Trans with a Link element rendered the words beside an empty link)
  const parts = t(labelKey)
    .split(/(<link2?>[^<]*<\/link2?>)/)
    .map((part, i) => {
      const m = /^<(link2?)>([^<]*)<\/link2?>$/.exec(part);
      if (!m) return part;
      return (
        <Link key={i} to={m[1] === 'link2' ? POLICY_PATHS.children : POLICY_PATHS.privacy} target="_blank" rel="noopener">
          {m[2]}
        </Link>
      );
    });
  return (
    <div className={s.field}>
      <label className={s.checkbox}>
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-required
        />
        <span>{parts}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
