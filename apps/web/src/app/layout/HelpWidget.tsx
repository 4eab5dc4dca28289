import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWideScreen } from './useWideScreen';
import s from './HelpWidget.module.css';

// The panel (FAQ, chat later) loads on first open; the button alone ships with the page.
const HelpPanel = lazy(() => import('./HelpPanel'));

export const HELP_MIN_WIDTH = 1200;

/** Floating help: FAQ, consultation (later issue) and the official-account QR code. */
export function HelpWidget() {
  const { t } = useTranslation();
  const wide = useWideScreen(HELP_MIN_WIDTH);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  if (!wide) return null;

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className={s.root}>
      {open ? (
        <Suspense fallback={null}>
          <HelpPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className={s.fab}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('help:openLabel')}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
          <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.4" strokeLinecap="round" />
          <circle cx="12" cy="14.6" r=".6" fill="currentColor" />
        </svg>
        <span>{t('help:open')}</span>
      </button>
    </div>
  );
}
