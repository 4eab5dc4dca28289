import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_ITEMS } from '../route-meta';
import { FooterCanvas } from './FooterCanvas';
import { Logo } from './Logo';
import s from './Footer.module.css';

/** Spec 2.3: contact lines and a canvas animation. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={s.footer}>
      <FooterCanvas className={s.canvas} />
      <div className={s.inner}>
        <section className={s.brand} aria-labelledby="footer-brand">
          <p id="footer-brand" className={s.brandName}>
            <Logo className={s.logo} />
            <span>{t('common:siteName')}</span>
          </p>
          <p className={s.muted}>{t('footer:about')}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={s.heading}>
            {t('footer:contactTitle')}
          </h2>
          <address className={s.contact}>
            <p>
              <span className={s.label}>{t('footer:addressLabel')}</span>
              {t('footer:address')}
            </p>
            <p>
              <span className={s.label}>{t('footer:phoneLabel')}</span>
              <a href={`tel:${t('footer:phoneHref')}`}>{t('footer:phone')}</a>
            </p>
            <p>
              <span className={s.label}>{t('footer:emailLabel')}</span>
              <a href={`mailto:${t('footer:email')}`}>{t('footer:email')}</a>
            </p>
            <p>
              <span className={s.label}>{t('footer:hoursLabel')}</span>
              {t('footer:hours')}
            </p>
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={s.heading}>
            {t('footer:linksTitle')}
          </h2>
          <ul className={s.links}>
            {NAV_ITEMS.filter((i) => i.key !== 'home').map((item) => (
              <li key={item.key}>
                <Link to={item.to}>{t(item.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={s.bottom}>
        <p>{t('footer:copyright', { year: new Date().getFullYear() })}</p>
        <p>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {t('footer:icp')}
            <span className="visually-hidden"> {t('common:a11y.opensInNewWindow')}</span>
          </a>
        </p>
      </div>
    </footer>
  );
}
