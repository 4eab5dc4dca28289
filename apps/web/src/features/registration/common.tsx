import { Modal } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import s from './registration.module.css';

let current: number | null = null;
let shownAt = 0;
function one(show: (message: string, duration?: number) => number) {
  return (message: string, duration?: number): number => {
    if (current !== null) notify.dismiss(current);
    current = show(message, duration);
    shownAt = Date.now();
    return current;
  };
}
/**
 * The registration screens' notices: one at a time (a new action's notice replaces the previous one
 * instead of stacking over the controls), cleared when the person moves to another screen.
 */
export const notice = {
  success: one(notify.success),
  error: one(notify.error),
  info: one(notify.info),
  warning: one(notify.warning),
  /** Leaving a screen: its notice goes, unless the action that raised it is what moved us (a save that navigates). */
  clear(): void {
    if (current === null || Date.now() - shownAt < 400) return;
    notify.dismiss(current);
    current = null;
  },
};

/** The server's text (spec: show server messages as they come), or the fallback. */
export { errorMessage as errorText } from '../../lib/api-client';

/** What a person confirmed: nothing yet, or the confirmation of a refusal that asked (with the team size it named). */
export interface Confirmed {
  /** the team size past the program's maximum the server asked about (CONFIRM_REQUIRED's confirmSize; spec 5) */
  size?: number;
}

/**
 * Whether a failed write asks for a confirmation: a first CONFIRM_REQUIRED, or one naming another team size
 * than the one confirmed (someone else moved players meanwhile); the answer to send is `{ size }`.
 */
export function asksConfirmation(e: unknown, confirmed?: Confirmed): Confirmed | null {
  if (!isApiError(e, 'CONFIRM_REQUIRED')) return null;
  const size = (e.body as { confirmSize?: unknown } | undefined)?.confirmSize;
  const asked: Confirmed = typeof size === 'number' ? { size } : {};
  if (!confirmed || (asked.size !== undefined && asked.size !== confirmed.size)) return asked;
  return null;
}

/** A failed write's notice: the server's text, or "server busy". */
export function useFailNotice(): (e: unknown) => void {
  const { t } = useTranslation();
  return useCallback((e: unknown) => void notice.error(errorMessage(e, t('registration:notice.serverBusy'))), [t]);
}

/** A confirmation as a promise; cancelling shows the info 'cancelled' (spec 8.2). */
export function useConfirm(): [(content: ReactNode, title?: string) => Promise<boolean>, ReactNode] {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    (content: ReactNode, title?: string) =>
      new Promise<boolean>((resolve) => {
        void modal.confirm({
          title: title ?? t('registration:confirm.title'),
          content,
          okText: t('registration:actions.confirm'),
          cancelText: t('registration:actions.cancel'),
          onOk: () => resolve(true),
          onCancel: () => {
            notice.info(t('registration:notice.cancelled'));
            resolve(false);
          },
        });
      }),
    [modal, t],
  );
  return [confirm, holder];
}

export const PAY_COLORS = { red: 'error', green: 'success', default: 'default' } as const;

/** One label + value of a read-only detail (issue 8: text, not pale disabled inputs); inside a <dl>. */
export function ReadItem({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <dt>{label}</dt>
      <dd>{empty ? <span className={s.empty}>{t('registration:readView.empty')}</span> : children}</dd>
    </div>
  );
}
