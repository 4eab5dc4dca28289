import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveTitleKey, type RouteHandle } from './route-meta';

/**
 * Spec 2.1/2.2 effects of every navigation: the document title `<route title> - <site name>` (also
 * on a language switch), scroll to the top, and focus moved to <main> when the page changes so
 * screen-reader users start reading the new page.
 */
export function RouteEffects() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const location = useLocation();

  let titleKey: string | undefined;
  const search = new URLSearchParams(location.search);
  for (const m of matches) titleKey = resolveTitleKey(m.handle as RouteHandle | undefined, search) ?? titleKey;

  useEffect(() => {
    const site = t('common:siteName');
    document.title = titleKey ? `${t(titleKey)} - ${site}` : site;
  }, [titleKey, t, i18n.language]);

  const lastPath = useRef<string | null>(null);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (lastPath.current !== null && lastPath.current !== location.pathname) {
      document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    }
    lastPath.current = location.pathname;
  }, [location.key, location.pathname]);

  return null;
}
