import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { btn } from '../ui/buttons';
import s from './RouteError.module.css';

/** Shown when a route throws (e.g. a lazy chunk failed after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className={s.box}>
        <h1>{t('errors:notFound.title')}</h1>
        <Link className={btn.primary} to="/home">
          {t('common:actions.backHome')}
        </Link>
      </div>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className={s.box} role="alert">
      <h1>{t('common:boundary.title')}</h1>
      <p>{t('common:boundary.body')}</p>
      <div className={s.actions}>
        <button type="button" className={btn.primary} onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </button>
        <a className={btn.secondary} href="/home">
          {t('common:actions.backHome')}
        </a>
      </div>
    </div>
  );
}

export function BootFallback() {
  const { t } = useTranslation();
  return (
    <div className={s.boot} role="status">
      <span className={s.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('common:loading')}</span>
    </div>
  );
}
