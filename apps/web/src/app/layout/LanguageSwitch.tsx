import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { langOfPath, localizePath } from '../../lib/lang-path';
import { Dropdown, dropdownButtonClass, dropdownClass, menuItemClass } from '../../ui/Dropdown';
import { useHydrated } from '../../lib/hydrated';
import { currentLang, htmlLang, LANGS, setLanguage, type AppLang } from '../../lib/i18n';
import s from './Header.module.css';

const LANG_LABEL_KEYS: Record<AppLang, string> = { zh: 'common:lang.zh', en: 'common:lang.en' };
// The button shows a short name (the header is tight in English); the menu and the label say it in full.
const LANG_SHORT_KEYS: Record<AppLang, string> = { zh: 'common:lang.shortZh', en: 'common:lang.shortEn' };

/**
 * Chinese / English switch. The choice is kept in localStorage.lang (spec 1). On an information page it
 * moves to the same page's address in the other language (issue 23); elsewhere the page switches in place.
 * A server-rendered page, until it has hydrated, has a plain link to its address in the other language instead
 * (issue 39: it works without JavaScript, and for crawlers it is the page's other language).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const lang = currentLang();
  const name = t(LANG_LABEL_KEYS[lang]);
  const short = t(LANG_SHORT_KEYS[lang]);
  if (!hydrated && langOfPath(location.pathname)) {
    const other: AppLang = lang === 'zh' ? 'en' : 'zh';
    const otherShort = t(LANG_SHORT_KEYS[other]);
    return (
      <div className={dropdownClass}>
        <a
          // the address only (the server never sees a #hash: the first render draws what it drew)
          href={localizePath(location.pathname + location.search, other)}
          hrefLang={htmlLang(other)}
          className={`${dropdownButtonClass} ${s.toolButton} ${s.langLink}`}
          // starts with what it shows (the language code, then "switch to" in the other language): speech users say what they see (WCAG 2.5.3)
          aria-label={t('common:lang.switchTo', { short: otherShort, name: t(LANG_LABEL_KEYS[other]) })}
        >
          <GlobeIcon />
          <span lang={htmlLang(other)}>{otherShort}</span>
        </a>
      </div>
    );
  }
  return (
    <Dropdown
      openOnHover
      // starts with what the button shows ("EN – Language: English"): speech users say what they see (WCAG 2.5.3)
      ariaLabel={t('common:lang.current', { short, name })}
      label={
        <>
          <GlobeIcon />
          <span lang={htmlLang(lang)}>{short}</span>
        </>
      }
      buttonClassName={s.toolButton}
    >
      {(close) =>
        LANGS.map((code) => (
          <li key={code}>
            <button
              type="button"
              className={menuItemClass}
              lang={htmlLang(code)}
              aria-current={code === lang ? 'true' : undefined}
              onClick={() => {
                if (langOfPath(location.pathname)) void navigate(localizePath(location.pathname + location.search + location.hash, code));
                else void setLanguage(code);
                close(true);
              }}
            >
              {t(LANG_LABEL_KEYS[code])}
            </button>
          </li>
        ))
      }
    </Dropdown>
  );
}

function GlobeIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}
