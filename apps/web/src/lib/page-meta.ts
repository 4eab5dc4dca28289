/**
 * What a page tells the document head from its loader data (features export a `meta(data)` that the
 * router puts in the route's handle; app/RouteEffects applies it).
 */
export interface RouteMeta {
  /** Text (already in the visitor's language, e.g. from the server). */
  title?: string;
  /** Or a key, e.g. an admin resource's label. */
  titleKey?: string;
  description?: string;
  /** The share picture (issue 23): a cover or poster, relative to the site or absolute. */
  image?: string;
  /** `article` for news, `website` otherwise. */
  ogType?: 'article' | 'website';
  /** schema.org objects for search engines (Event, NewsArticle…), built with the site's absolute address. */
  jsonLd?: (site: SiteContext) => Record<string, unknown>[];
}

/** What structured data needs that a loader does not know. */
export interface SiteContext {
  /** PUBLIC_BASE_URL, without a trailing slash */
  base: string;
  lang: 'zh' | 'en';
  siteName: string;
  /** The site's share card (absolute): the picture when a page has none of its own. */
  defaultImage: string;
  /** The absolute address of a path of the site in the page's language. */
  url: (path: string) => string;
}
