import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { btn } from '../../ui/buttons';
import type { ExamActivity } from './api';
import s from './exam.module.css';

export type ExamDialogState = { kind: 'choose'; activities: ExamActivity[] } | { kind: 'blocked'; url: string };

/**
 * The launcher's small modal: which activity the exam is for, or (when the browser blocked the new
 * window) a link to the learning site. A native <dialog> (the page behind is inert, Esc closes it) in a
 * React root of its own on the body (launcher.tsx), so the header's hover menu never sees its events.
 */
export function ExamDialog({ state, onChoose, onClose }: { state: ExamDialogState; onChoose: (activityNo: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('a[href], button')?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, [state.kind]);

  // a click on the backdrop (the dialog element itself, outside its box) closes it
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === ref.current) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby={titleId}
      onClick={onClick}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="exam-dialog"
    >
      <div className={s.box}>
        <h2 id={titleId} className={s.title}>
          {state.kind === 'choose' ? t('exam:chooseTitle') : t('exam:blockedTitle')}
        </h2>
        {state.kind === 'choose' ? (
          <>
            <p className={s.hint}>{t('exam:chooseHint')}</p>
            <ul className={s.list}>
              {state.activities.map((a) => (
                <li key={a.activityId}>
                  <button type="button" className={s.choice} onClick={() => onChoose(a.activityId)}>
                    <span className={s.name}>{a.activityName}</span>
                    <span className={s.date}>{t('exam:begins', { date: formatDate(a.beginTime, lang) })}</span>
                    <span className="visually-hidden"> {t('common:a11y.opensInNewWindow')}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <p className={s.hint}>{t('exam:blockedHint')}</p>
            <a href={state.url} target="_blank" rel="noopener noreferrer" className={`${btn.primary} ${btn.block}`} onClick={onClose}>
              {t('exam:openLink')}
              <span className="visually-hidden"> {t('common:a11y.opensInNewWindow')}</span>
            </a>
          </>
        )}
        <div className={s.actions}>
          <button type="button" className={btn.secondary} onClick={onClose}>
            {t('exam:cancel')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
