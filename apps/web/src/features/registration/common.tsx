import { Modal } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** The server's text (spec: show server messages as they come), or the generic busy text. */
export function errorText(e: unknown, fallback: string): string {
  return isApiError(e) && e.message ? e.message : fallback;
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
            notify.info(t('registration:notice.cancelled'));
            resolve(false);
          },
        });
      }),
    [modal, t],
  );
  return [confirm, holder];
}

export const PAY_COLORS = { red: 'error', green: 'success', default: 'default' } as const;
