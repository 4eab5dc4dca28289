import type { LoaderFunctionArgs } from 'react-router';
import { contentApi, notFound, orNull } from '../../lib/content-api';
import type { ActivityItem, LiveItem, Page } from '../../lib/contract';
import { formatDateRange, htmlToText, parseId, parsePage } from '../../lib/format';
import { currentLang } from '../../lib/i18n';
import type { RouteMeta } from '../../lib/page-meta';
import { activityEvent } from '../../lib/structured-data';

export const ACTIVITY_PAGE_SIZE = 12;
/** The Asian finals (spec 9: special activity 568) shown on /registration. */
export const ASIAN_FINALS_ID = 568;

export interface ActivityListData {
  page: number;
  list: Page<ActivityItem>;
}

/** /activity?page=n: shown activities, newest first (the server sorts by id descending). */
export async function activityListLoader({ request }: LoaderFunctionArgs): Promise<ActivityListData> {
  const page = parsePage(new URL(request.url).searchParams.get('page'));
  const list = await contentApi.activities({ page: page - 1, size: ACTIVITY_PAGE_SIZE }, { signal: request.signal });
  // a page past the end is no page (search engines hear 404, not an empty list at its own address)
  if (page > 1 && page > list.totalPages) notFound();
  return { page, list };
}

export interface ActivityDetailData {
  activity: ActivityItem;
  /** its live streams; a failed lookup shows none */
  lives: LiveItem[];
}

/** /activityOrder?id=: the activity with its programs and plans (listV2 id + award=true). */
export async function activityDetailLoader({ request }: LoaderFunctionArgs): Promise<ActivityDetailData> {
  const id = parseId(new URL(request.url).searchParams.get('id'));
  if (id === null) notFound();
  const [activity, lives] = await Promise.all([contentApi.activity(id, { signal: request.signal }), orNull(contentApi.lives(id, { signal: request.signal }))]);
  if (!activity) notFound();
  return { activity, lives: lives ?? [] };
}

/** The dates and the place first, then the introduction: what a share card or a search result must say. */
function activityDescription(activity: ActivityItem): string | undefined {
  const when = [formatDateRange(activity.beginTime, activity.finishTime, currentLang()), activity.venue].filter(Boolean).join(' · ');
  return [when, htmlToText(activity.intro)].filter(Boolean).join(' — ') || undefined;
}

export function activityDetailMeta(data: unknown): RouteMeta | undefined {
  const { activity } = data as ActivityDetailData;
  return { title: activity.name, description: activityDescription(activity), image: activity.posterUrl ?? undefined };
}

/** /activity: each activity on the page as an Event for search engines. */
export function activityListMeta(data: unknown): RouteMeta | undefined {
  const { list } = data as ActivityListData;
  return { jsonLd: (site) => list.content.map((a) => activityEvent(a, site, `/activityOrder?id=${a.id}`)) };
}

/** /registration: the finals' page is described by the activity and carries it as an Event. */
export function registrationMeta(data: unknown): RouteMeta | undefined {
  const { activity } = data as RegistrationData;
  if (!activity) return undefined;
  return {
    description: activityDescription(activity),
    image: activity.posterUrl ?? undefined,
    jsonLd: (site) => [activityEvent(activity, site, '/registration')],
  };
}

export interface RegistrationData {
  activity: ActivityItem | null;
}

/** /registration: the Asian finals; a missing activity is a friendly empty state, not an error. */
export async function registrationLoader({ request }: LoaderFunctionArgs): Promise<RegistrationData> {
  return { activity: await contentApi.activity(ASIAN_FINALS_ID, { signal: request.signal }) };
}
