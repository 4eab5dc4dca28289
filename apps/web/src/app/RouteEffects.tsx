import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageTitleOf, resolveMeta } from './route-meta';

/**
 * Spec 2.1/2.2 effects of every navigation: the document title `<route title> - <site name>` (also
 * on a language switch; content pages may name themselves from their loader data, e.g. an article's
 * title) and the meta description, scroll to the top, and focus moved to <main> when the page changes
 * so screen-reader users start reading the new page.
 */
export function RouteEffects() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const location = useLocation();

  const meta = resolveMeta(matches, new URLSearchParams(location.search));
  const pageTitle = pageTitleOf(meta, t);
  const description = meta.description ?? (meta.descriptionKey ? t(meta.descriptionKey) : t('routes:descriptions.default'));

  useEffect(() => {
    const site = t('common:siteName');
    document.title = pageTitle ? `${pageTitle} - ${site}` : site;
  }, [pageTitle, t, i18n.language]);

  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [description]);

  // The share tags (issue 23): the server wrote them for the page it rendered; after a navigation in the
  // browser they follow the page shown, and inside WeChat the JS-SDK's share cards take them. Their code
  // loads only then (the first-load budget).
  const image = meta.image;
  const wechat = typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
  const firstPage = useRef(true);
  useEffect(() => {
    const first = firstPage.current;
    firstPage.current = false;
    if (first && !wechat) return;
    const site = t('common:siteName');
    const path = `${location.pathname}${location.search}`;
    void import('../lib/share-tags').then((m) => m.updateShareTags({ title: pageTitle ?? site, description, image, path, wechat }));
  }, [pageTitle, description, image, location.pathname, location.search, t, wechat]);

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
