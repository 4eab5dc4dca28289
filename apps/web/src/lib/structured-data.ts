import type { ActivityItem, NewsDetail } from '@rp/shared';
import type { SiteContext } from './page-meta';

/**
 * schema.org objects for search engines (issue 23), from the same data the pages show.
 * Times: the server sends ISO instants; schema.org takes them as they are.
 */
export function absoluteUrl(site: Pick<SiteContext, 'base'>, src: string | null | undefined): string | undefined {
  if (!src) return undefined;
  if (/^https?:\/\//i.test(src)) return src;
  return src.startsWith('/') ? site.base + src : undefined;
}

function organizer(site: SiteContext): Record<string, unknown> {
  return { '@type': 'Organization', name: site.siteName, url: site.url('/home') };
}

/** Yuan with two decimals, as schema.org's price wants it ("1280.00"). */
export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** An activity as an Event; its offers (the lowest plan price, in yuan) only while sign-up is open. */
export function activityEvent(activity: ActivityItem, site: SiteContext, path: string): Record<string, unknown> {
  const url = site.url(path);
  const event: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: activity.name,
    startDate: activity.beginTime,
    endDate: activity.finishTime,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: activity.venue || site.siteName, address: activity.venue || site.siteName },
    organizer: organizer(site),
    url,
  };
  const image = absoluteUrl(site, activity.posterUrl);
  if (image) event.image = [image];
  const prices = (activity.plans ?? []).map((p) => p.priceFen).filter((p) => p >= 0);
  if (activity.signUpOpen) {
    const offer: Record<string, unknown> = {
      '@type': 'Offer',
      priceCurrency: 'CNY',
      price: yuan(prices.length ? Math.min(...prices) : 0),
      availability: 'https://schema.org/InStock',
      url: site.url(`/activityOrder?id=${activity.id}`),
    };
    if (activity.signUpBegin) offer.validFrom = activity.signUpBegin;
    if (prices.length) event.offers = offer;
  }
  return event;
}

export function newsArticle(news: NewsDetail, site: SiteContext, description: string): Record<string, unknown> {
  const article: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: news.title.slice(0, 110),
    description,
    datePublished: news.publishedAt,
    inLanguage: site.lang === 'zh' ? 'zh-CN' : 'en',
    mainEntityOfPage: site.url(`/newsDetail?id=${news.id}`),
    author: organizer(site),
    publisher: organizer(site),
  };
  article.image = [absoluteUrl(site, news.coverUrl) ?? site.defaultImage];
  return article;
}
