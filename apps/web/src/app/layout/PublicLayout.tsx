import { useEffect, useRef } from 'react';
import { Outlet, useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { Header } from './Header';
import { HelpWidget } from './HelpWidget';
import s from './PublicLayout.module.css';

/** The public shell: skip link, header, main, footer and the help widget (all without antd). */
export function PublicLayout() {
  const { t, i18n } = useTranslation();
  useRefetchOnLanguageChange(i18n);
  return (
    <div className={s.shell}>
      <a href="#main" className={s.skip}>
        {t('common:skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={s.main}>
        <Outlet />
      </main>
      <Footer />
      <HelpWidget />
    </div>
  );
}

/**
 * Content comes from the server in the visitor's language (Accept-Language), so a language switch
 * re-runs the loaders of the pages on screen: the texts from the server change with the labels.
 */
function useRefetchOnLanguageChange(i18n: { on: (e: 'languageChanged', f: () => void) => void; off: (e: 'languageChanged', f: () => void) => void }) {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  useEffect(() => {
    ref.current = revalidator;
  });
  useEffect(() => {
    const onChange = () => void ref.current.revalidate();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
}
