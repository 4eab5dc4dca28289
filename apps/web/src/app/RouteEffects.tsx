import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveMeta } from './route-meta';
import { langOfPath } from '../lib/lang-path';
import { shareInWechat } from '../lib/wechat-share';

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
  const pageTitle = meta.title ?? (meta.titleKey ? t(meta.titleKey) : undefined);
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
  // browser they follow the page shown, and inside WeChat the JS-SDK's share cards take them.
  const image = meta.image;
  useEffect(() => {
    const site = t('common:siteName');
    const card = shareCard(pageTitle ?? site, description, image, `${location.pathname}${location.search}`);
    void shareInWechat(card);
  }, [pageTitle, description, image, location.pathname, location.search, t]);

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

/** Sets the Open Graph and canonical tags of the page shown; returns its share card. */
function shareCard(title: string, description: string, image: string | undefined, path: string) {
  const head = document.head;
  const canonical = head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  // the site's own address comes from the server's tags (PUBLIC_BASE_URL), never guessed from a header
  const base = canonical ? new URL(canonical.href).origin : window.location.origin;
  const url = base + path;
  const set = (property: string, content: string) => {
    let tag = head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
    if (!tag) {
      tag = document.createElement('meta');
      tag.setAttribute('property', property);
      head.appendChild(tag);
    }
    tag.content = content;
  };
  const picture = image ? (/^https?:\/\//i.test(image) ? image : base + image) : `${base}/share-card.png`;
  set('og:title', title);
  set('og:description', description);
  set('og:image', picture);
  set('og:url', url);
  // only information pages have a canonical address and alternates; other pages drop the stale ones
  if (!langOfPath(path.split('?')[0]!)) {
    for (const el of head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')) el.remove();
  } else if (canonical) canonical.href = url;
  return { title, desc: description, link: url, imgUrl: picture };
}
