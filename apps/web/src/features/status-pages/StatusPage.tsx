import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import s from './StatusPage.module.css';

function Status({ code, title, body, showLogin }: { code: string; title: string; body: string; showLogin?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={s.wrap} aria-labelledby="status-title">
      <p className={s.code} aria-hidden="true">
        {code}
      </p>
      <h1 id="status-title" className={s.title}>
        {title}
      </h1>
      <p className={s.body}>{body}</p>
      <div className={s.actions}>
        <Link to="/home" className={btn.primary}>
          {t('common:actions.backHome')}
        </Link>
        {showLogin ? (
          <Link to="/login" className={btn.secondary}>
            {t('nav:login')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <Status code={t('errors:notFound.code')} title={t('errors:notFound.title')} body={t('errors:notFound.body')} />;
}

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return <Status code={t('errors:unauthorized.code')} title={t('errors:unauthorized.title')} body={t('errors:unauthorized.body')} showLogin={!user} />;
}
