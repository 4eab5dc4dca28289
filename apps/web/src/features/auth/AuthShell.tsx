import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYear } from '../../lib/format';
import s from './auth.module.css';

/** Two-column frame of the login and register pages (brand panel hidden on small screens). */
export function AuthShell({
  titleId,
  title,
  intro,
  children,
  footer,
}: {
  titleId: string;
  title: string;
  intro: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={s.page}>
      <div className={s.frame}>
        <aside className={s.brandPanel} aria-hidden="true">
          <p className={s.brandEyebrow}>{t('auth:brand.eyebrow', { year: formatYear() })}</p>
          <p className={s.brandTitle}>{t('common:siteName')}</p>
          <p className={s.brandText}>{t('footer:about')}</p>
        </aside>
        <section className={s.card} aria-labelledby={titleId}>
          <h1 id={titleId} className={s.title}>
            {title}
          </h1>
          <p className={s.intro}>{intro}</p>
          {children}
          {footer ? <div className={s.cardFooter}>{footer}</div> : null}
        </section>
      </div>
    </div>
  );
}
