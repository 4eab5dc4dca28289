import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../features/status-pages/StatusPage';
import { btn } from '../ui/buttons';
import s from './RouteError.module.css';

/** Shown when a route throws (e.g. a lazy chunk failed after a deploy, or a content loader's 404). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // An unknown or malformed id of a content page (loaders throw a 404): the full 404 page.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
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
