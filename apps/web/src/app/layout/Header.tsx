import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { NAV_ITEMS, type NavKey, type RouteHandle } from '../route-meta';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { keepFocusClearOf } from '../../lib/focus-clear';
import s from './Header.module.css';

// Only logged-in people see the account menu (and its exam launch): visitors' first load carries none of it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

/** Spec 2.3 top navigation. No antd: it is on every public page's first load. */
export function Header() {
  const { t } = useTranslation();
  const { user } = useSession();
  const matches = useMatches();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const burgerRef = useRef<HTMLButtonElement>(null);

  let active: NavKey | undefined;
  for (const m of matches) active = (m.handle as RouteHandle | undefined)?.nav ?? active;

  // The mobile menu closes after every navigation and with Esc.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => (headerRef.current ? keepFocusClearOf(headerRef.current) : undefined), []);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      // Focus would otherwise stay inside the panel that just disappeared.
      if (document.activeElement && document.getElementById(navId)?.contains(document.activeElement)) burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, navId]);

  return (
    <header className={s.header} ref={headerRef}>
      <div className={s.inner}>
        <Link to="/home" className={s.logo} aria-label={t('common:logoLabel')}>
          <Logo className={s.logoMark} />
          <span className={s.logoText} aria-hidden="true">
            {/* the space keeps the shown words apart in the text the name is checked against (WCAG 2.5.3) */}
            <strong>{t('common:siteShortName')}</strong> <span className={s.logoSub}>{t('common:siteName')}</span>
          </span>
        </Link>

        <button
          ref={burgerRef}
          type="button"
          className={s.burger}
          aria-expanded={menuOpen}
          aria-controls={navId}
          aria-label={menuOpen ? t('nav:closeMenu') : t('nav:openMenu')}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span className={s.burgerBars} aria-hidden="true" />
        </button>

        <div id={navId} className={`${s.panel} ${menuOpen ? s.panelOpen : ''}`}>
          <nav aria-label={t('nav:mainLabel')} className={s.nav}>
            <ul className={s.navList}>
              {NAV_ITEMS.map((item) => (
                <li key={item.key}>
                  <Link to={item.to} className={s.navLink} aria-current={active === item.key ? 'page' : undefined}>
                    {t(item.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={s.tools}>
            <LanguageSwitch />
            {user ? (
              <>
                <Link to="/userCenter?t=1" className={`${s.navLink} ${s.userCenterLink}`} aria-current={active === 'userCenter' ? 'page' : undefined}>
                  {t('nav:userCenter')}
                </Link>
                <Suspense fallback={null}>
                  <UserMenu user={user} />
                </Suspense>
              </>
            ) : (
              <>
                <Link to="/login" className={s.loginLink}>
                  {t('nav:login')}
                </Link>
                <Link to="/regist" className={s.registerLink}>
                  {t('nav:register')}
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
