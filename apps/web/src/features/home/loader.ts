import type { LoaderFunctionArgs } from 'react-router';
import type { SiteStats } from '@rp/shared';
import { api } from '../../lib/api-client';
import { contentApi, orNull } from '../../lib/content-api';
import { formatYear } from '../../lib/format';
import type { ActivityItem, ConsoleItem, NewsItem, PartnerItem } from '../../lib/contract';
import { loadPublicConfig, type PublicConfig } from '../../lib/public-config';

export interface HomeData {
  config: PublicConfig | null;
  /** the current season: the newest year among shown activities */
  season: number;
  /** activities whose sign-up is open now */
  openActivities: ActivityItem[];
  news: NewsItem[];
  highlights: ConsoleItem[];
  partners: PartnerItem[];
  /** counts from the database (cached by the server for a minute); null when they could not be loaded */
  stats: SiteStats | null;
}

/**
 * Public data of the home page, loaded by the route (so server-side rendering can reuse it later).
 * Every block is optional: a failing call leaves its block out (or shows its empty state), never the page.
 */
export async function homeLoader({ request }: LoaderFunctionArgs): Promise<HomeData> {
  const o = { signal: request.signal };
  const [config, activities, news, highlights, partners, stats] = await Promise.all([
    loadPublicConfig(),
    orNull(contentApi.activities({ page: 0, size: 30 }, o)),
    orNull(contentApi.newsList(0, 3, o)),
    orNull(contentApi.consoles({ size: 4 }, o)),
    orNull(contentApi.partners(undefined, o)),
    orNull(api.get<{ data: SiteStats }>('/api/lSite/web/stats', { silent: true, noRedirect: true, signal: request.signal })),
  ]);
  const all = activities?.content ?? [];
  return {
    config,
    season: all.reduce((y, a) => Math.max(y, a.year), 0) || Number(formatYear()),
    openActivities: all.filter((a) => a.signUpOpen).slice(0, 3),
    news: news?.content ?? [],
    highlights: highlights?.content ?? [],
    partners: partners?.content ?? [],
    stats: stats?.data ?? null,
  };
}
