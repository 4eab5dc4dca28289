import { useTranslation } from 'react-i18next';
import { isAppLang, DEFAULT_LANG, type AppLang } from './i18n';

/** The current app language; components re-render when it changes. */
export function useLang(): AppLang {
  const { i18n } = useTranslation();
  return isAppLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}
