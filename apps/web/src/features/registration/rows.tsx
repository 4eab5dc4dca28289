import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { WriteButton } from './lock';
import s from './registration.module.css';

/** Removes one row of a several-row form (shown while there is more than one). */
export function RemoveRow({ count, onRemove }: { count: number; onRemove: () => void }) {
  const { t } = useTranslation();
  if (count < 2) return null;
  return (
    <Button danger size="small" onClick={onRemove}>
      {t('registration:actions.removeRow')}
    </Button>
  );
}

/** The foot of a several-row form (many teams, one team with its players): add a row, send them all. */
export function RowsFoot({ onAdd, onSubmit, busy }: { onAdd: () => void; onSubmit: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={s.toolbar} style={{ marginTop: 12 }}>
      <Button onClick={onAdd}>{t('registration:actions.addRow')}</Button>
      <WriteButton type="primary" loading={busy} onClick={onSubmit}>
        {t('registration:actions.submit')}
      </WriteButton>
    </div>
  );
}
