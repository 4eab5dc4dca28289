import { useTranslation } from 'react-i18next';
import { notify, useToasts, type Toast } from './notify';
import styles from './Toaster.module.css';

/**
 * Renders notices. Both live regions are always in the DOM so screen readers announce additions:
 * errors assertively (role=alert), everything else politely (role=status).
 */
export function Toaster() {
  const toasts = useToasts();
  const errors = toasts.filter((t) => t.kind === 'error');
  const others = toasts.filter((t) => t.kind !== 'error');
  return (
    <div className={styles.stack}>
      <div role="alert" aria-live="assertive" className={styles.region}>
        {errors.map((t) => (
          <ToastView key={t.id} toast={t} />
        ))}
      </div>
      <div role="status" aria-live="polite" className={styles.region}>
        {others.map((t) => (
          <ToastView key={t.id} toast={t} />
        ))}
      </div>
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.toast} ${styles[toast.kind]}`}>
      <span className={styles.icon} aria-hidden="true" />
      <p className={styles.message}>{toast.message}</p>
      <button type="button" className={styles.close} onClick={() => notify.dismiss(toast.id)} aria-label={t('common:actions.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
