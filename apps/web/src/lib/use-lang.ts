import { useContext } from 'react';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isAppLang, DEFAULT_LANG, type AppLang } from './i18n';

/**
 * The i18next instance of a render on the server (no window): the one its I18nextProvider hands down. A
 * server render's language never changes while it runs, so nothing needs to subscribe to it; useTranslation
 * (options, namespaces, a wrapper of the instance, a fixed t) in every link of a page was a twelfth of its
 * rendering time (issue 39 profile).
 */
function useRenderI18n(): { i18n: I18n } {
  return { i18n: useContext(I18nContext)?.i18n ?? getI18n() };
}
/** in the browser (and jsdom) useTranslation: components re-render when the language changes */
const useI18n: () => { i18n: I18n } = typeof window === 'undefined' ? useRenderI18n : useTranslation;

/** The current app language; components re-render when it changes. */
export function useLang(): AppLang {
  const { i18n } = useI18n();
  return isAppLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}
