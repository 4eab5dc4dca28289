import { Link } from '../../lib/link';
import { formatYear } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { NAV_ITEMS } from '../route-meta';
import { FooterCanvas } from './FooterCanvas';
import { Logo } from './Logo';
import { ContactList, useSiteContact } from '../../ui/contact';
import { usePublicConfig } from '../../lib/public-config';
import s from './Footer.module.css';

/** Spec 2.3: contact lines and a canvas animation. */
export function Footer() {
  const { t } = useTranslation();
  const contact = useSiteContact();
  const legal = usePublicConfig()?.legal;
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
        {/* contact details not set up (an empty dictionary) leave the column out rather than a bare heading */}
        <section aria-labelledby="footer-contact" hidden={contact !== null && !Object.values(contact).some(Boolean)}>
          <h2 id="footer-contact" className={s.heading}>
            {t('footer:contactTitle')}
          </h2>
          {/* One source for contact details (also on the about page): the site_contact dictionary. */}
          <address className={s.contact}>{contact ? <ContactList contact={contact} className={s.contactList} labelClassName={s.label} /> : null}</address>
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
        <p>{t('footer:copyright', { year: formatYear() })}</p>
        <p>
          <Link to="/privacy">{t('footer:privacy')}</Link> · <Link to="/childPrivacy">{t('footer:children')}</Link>
        </p>
        {/* issue 37: the legal lines come from the site's configuration only; a line not configured is not shown */}
        {legal?.operatorName ? <p>{t('footer:operator', { value: legal.operatorName })}</p> : null}
        {legal?.piContact ? <p>{t('footer:piContact', { value: legal.piContact })}</p> : null}
        {legal?.icpNumber ? (
          <p>
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
              {legal.icpNumber}
              <span className="visually-hidden"> {t('common:a11y.opensInNewWindow')}</span>
            </a>
          </p>
        ) : null}
        {legal?.publicSecurityFiling ? (
          <p>
            <a href="https://beian.mps.gov.cn/" target="_blank" rel="noopener noreferrer">
              {t('footer:publicSecurity', { value: legal.publicSecurityFiling })}
              <span className="visually-hidden"> {t('common:a11y.opensInNewWindow')}</span>
            </a>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
