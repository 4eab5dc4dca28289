import type { PictureItem, PictureListData } from '../../lib/contract';

/** Spec 9: 100 pictures per request, loads throttled to one per 500 ms, 30 placeholders while loading. */
export const PICTURES_PER_REQUEST = 100;
export const LOAD_THROTTLE_MS = 500;
export const PLACEHOLDER_COUNT = 30;

/**
 * The pictures of one album tab, paged with the server's keyset cursor (never page numbers: pictures
 * added while someone scrolls do not shift later pages into duplicates or gaps).
 */
export interface FeedState {
  items: PictureItem[];
  /** from the server; null until the first page arrives */
  total: number | null;
  /** cursor of the next page (the previous page's nextCursor) */
  cursor: string | null;
  /** no further page */
  done: boolean;
  status: 'idle' | 'loading' | 'error';
  /** the request in flight; a response for another id is stale (the tab, sort or filter changed) */
  requestId: number;
}

export const emptyFeed: FeedState = { items: [], total: null, cursor: null, done: false, status: 'idle', requestId: 0 };

export type FeedAction =
  | { type: 'request'; photoId: number; requestId: number }
  | { type: 'success'; photoId: number; requestId: number; data: PictureListData }
  | { type: 'failure'; photoId: number; requestId: number }
  /** sort or filter changed: every tab starts over */
  | { type: 'resetAll' };

export type FeedsState = Readonly<Record<number, FeedState>>;

export function feedOf(feeds: FeedsState, photoId: number): FeedState {
  return feeds[photoId] ?? emptyFeed;
}

/** Whether another page may be requested now. */
export function canLoadMore(feed: FeedState): boolean {
  return feed.status !== 'loading' && !feed.done;
}

function apply(feed: FeedState, action: Exclude<FeedAction, { type: 'resetAll' }>): FeedState {
  switch (action.type) {
    case 'request':
      if (!canLoadMore(feed)) return feed;
      return { ...feed, status: 'loading', requestId: action.requestId };
    case 'success': {
      if (action.requestId !== feed.requestId || feed.status !== 'loading') return feed;
      // Defensive: never show a picture twice, even if the server's pages overlapped.
      const seen = new Set(feed.items.map((p) => p.id));
      const fresh = action.data.list.filter((p) => !seen.has(p.id));
      const items = fresh.length ? [...feed.items, ...fresh] : feed.items;
      const cursor = action.data.nextCursor;
      return {
        items,
        total: Math.max(action.data.totalCount, items.length),
        cursor,
        // An empty page ends the feed even if the server sent a cursor: no endless loop.
        done: cursor === null || action.data.list.length === 0,
        status: 'idle',
        requestId: feed.requestId,
      };
    }
    case 'failure':
      if (action.requestId !== feed.requestId || feed.status !== 'loading') return feed;
      return { ...feed, status: 'error' };
  }
}

export function feedsReducer(state: FeedsState, action: FeedAction): FeedsState {
  if (action.type === 'resetAll') return {};
  const before = feedOf(state, action.photoId);
  const after = apply(before, action);
  return after === before ? state : { ...state, [action.photoId]: after };
}

/**
 * The counts shown on an album tab: loaded of total. Without a filter the album's total stands in until
 * the first page; under a filter the tab's filtered total (asked for every tab as soon as the filter is
 * applied), and null while it is not known yet.
 */
export function tabCounts(feed: FeedState, albumTotal: number, filteredTotal?: number | null): { loaded: number; total: number } | null {
  if (filteredTotal === undefined) return { loaded: feed.items.length, total: feed.total ?? albumTotal };
  const total = feed.total ?? filteredTotal;
  return total === null ? null : { loaded: feed.items.length, total: Math.max(total, feed.items.length) };
}

/**
 * Leading-edge throttle with one trailing call: the first call runs at once, calls within `wait` ms
 * collapse into one more run when the window ends (so the last "near the bottom" is never lost).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const run = (args: A) => {
    last = now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const elapsed = now() - last;
    if (elapsed >= wait && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(
        () => {
          timer = undefined;
          if (pending) {
            const a = pending;
            pending = null;
            run(a);
          }
        },
        Math.max(0, wait - elapsed),
      );
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}

/** Filters of the picture list (only for albums with filterEnabled). */
export type FilterField = 'teamName' | 'memberName' | 'programName';
export const FILTER_FIELDS: readonly FilterField[] = ['teamName', 'memberName', 'programName'];

export interface ActiveFilter {
  field: FilterField;
  value: string;
}

/** Checks the filter form: a field must be picked and a value typed, else 'please pick a filter first'. */
export function parseFilter(field: string, value: string): ActiveFilter | null {
  const v = value.trim();
  if (!v || !(FILTER_FIELDS as readonly string[]).includes(field)) return null;
  return { field: field as FilterField, value: v.slice(0, 100) };
}

/** Alt text of a picture from its names (team, member, program), else its file name. */
export function pictureAlt(p: Pick<PictureItem, 'teamName' | 'memberName' | 'programName' | 'name'>): string {
  const parts = [p.teamName, p.memberName, p.programName].filter((x): x is string => !!x && x.trim() !== '');
  return parts.length ? parts.join(' · ') : p.name.replace(/\.[a-z0-9]{2,5}$/i, '');
}
