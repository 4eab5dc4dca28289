import { Alert, Button, Empty, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { historyQuery, type HistoryItem } from './api';
import { errorText } from './common';
import s from './registration.module.css';

/**
 * "Copy from earlier players" (issue 24): the account's players of other activities (spec 7.5 findHistory),
 * ID numbers masked. Choosing one hands it to the form, which saves with fromMemberId.
 */
export function EarlierPlayersDialog({
  activityId,
  open,
  onClose,
  onPick,
}: {
  activityId: number;
  open: boolean;
  onClose: () => void;
  onPick: (h: HistoryItem) => void;
}) {
  const { t } = useTranslation();
  const history = useQuery({ ...historyQuery(activityId), enabled: open });
  let body;
  if (history.isPending) body = <Spin />;
  else if (history.isError) body = <Alert type="error" title={errorText(history.error, '')} />;
  else if (!history.data.length) body = <Empty description={t('registration:history.empty')} />;
  else
    body = (
      <ul className={s.history} aria-label={t('registration:history.title')}>
        {history.data.map((h) => (
          <li key={h.id} className={s.historyItem}>
            {h.headImg ? (
              <img src={h.headImg} alt={t('registration:avatar.alt', { name: h.name })} width={45} height={63} className={s.historyImg} />
            ) : (
              <div className={s.historyImg} role="img" aria-label={t('registration:avatar.none')} />
            )}
            <div className={s.historyText}>
              <strong>{h.name}</strong>
              <span>{h.card}</span>
              <span className={s.muted}>{t('registration:history.from', { activity: h.activity.name })}</span>
            </div>
            <Button disabled={h.inActivity} onClick={() => onPick(h)} aria-label={h.inActivity ? undefined : t('registration:history.useOf', { name: h.name })}>
              {h.inActivity ? t('registration:history.already') : t('registration:history.use')}
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <Modal open={open} title={t('registration:history.title')} footer={null} onCancel={onClose} width={600}>
      <p className={s.muted}>{t('registration:history.intro')}</p>
      {body}
    </Modal>
  );
}
