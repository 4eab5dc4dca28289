import { useId } from 'react';
import { Trans } from 'react-i18next';
import { Link } from '../lib/link';
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
  const link = (to: string) => <Link to={to} target="_blank" rel="noopener" />;
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
        <span>
          <Trans i18nKey={labelKey} components={{ link: link(POLICY_PATHS.privacy), link2: link(POLICY_PATHS.children) }} />
        </span>
      </label>
      {error ? (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
