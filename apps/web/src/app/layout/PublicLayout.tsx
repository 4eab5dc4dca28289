import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { Header } from './Header';
import { HelpWidget } from './HelpWidget';
import s from './PublicLayout.module.css';

/** The public shell: skip link, header, main, footer and the help widget (all without antd). */
export function PublicLayout() {
  const { t } = useTranslation();
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
