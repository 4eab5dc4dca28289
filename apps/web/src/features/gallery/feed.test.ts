import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PictureItem, PictureListData } from '../../lib/contract';
import { canLoadMore, emptyFeed, feedOf, feedsReducer, parseFilter, pictureAlt, tabCounts, throttle, type FeedsState } from './feed';

const pic = (id: number, extra: Partial<PictureItem> = {}): PictureItem => ({
  id,
  name: `IMG_${id}.jpg`,
  picUrl: `/p/${id}.jpg`,
  thumbUrl: `/t/${id}.webp`,
  originalUrl: `/api/pictures/original/${String(id).padStart(32, '0')}`,
  width: 1600,
  height: 1067,
  teamName: null,
  memberName: null,
  programName: null,
  takenAt: '2025-05-10T09:00:00.000Z',
  ...extra,
});
const page = (ids: number[], totalCount: number, nextCursor: string | null): PictureListData => ({ list: ids.map((i) => pic(i)), totalCount, nextCursor });

describe('feedsReducer (keyset paging per album tab)', () => {
  it('requests, appends pages in order and follows nextCursor until it is null', () => {
    let s: FeedsState = {};
    s = feedsReducer(s, { type: 'request', photoId: 7, requestId: 1 });
    expect(feedOf(s, 7).status).toBe('loading');
    expect(canLoadMore(feedOf(s, 7))).toBe(false);
    s = feedsReducer(s, { type: 'success', photoId: 7, requestId: 1, data: page([5, 4], 4, 'c1') });
    expect(feedOf(s, 7)).toMatchObject({ status: 'idle', cursor: 'c1', done: false, total: 4 });
    expect(feedOf(s, 7).items.map((p) => p.id)).toEqual([5, 4]);
    s = feedsReducer(s, { type: 'request', photoId: 7, requestId: 2 });
    s = feedsReducer(s, { type: 'success', photoId: 7, requestId: 2, data: page([3, 2], 4, null) });
    expect(feedOf(s, 7).items.map((p) => p.id)).toEqual([5, 4, 3, 2]);
    expect(feedOf(s, 7).done).toBe(true);
    expect(canLoadMore(feedOf(s, 7))).toBe(false);
  });

  it('ignores a second request while one is in flight', () => {
    let s = feedsReducer({}, { type: 'request', photoId: 1, requestId: 1 });
    const again = feedsReducer(s, { type: 'request', photoId: 1, requestId: 2 });
    expect(again).toBe(s);
    s = feedsReducer(s, { type: 'success', photoId: 1, requestId: 2, data: page([1], 1, null) });
    expect(feedOf(s, 1).items).toEqual([]); // the response of the ignored request is stale
  });

  it('drops stale responses after a reset (sort or filter changed)', () => {
    let s = feedsReducer({}, { type: 'request', photoId: 1, requestId: 1 });
    s = feedsReducer(s, { type: 'resetAll' });
    expect(s).toEqual({});
    s = feedsReducer(s, { type: 'success', photoId: 1, requestId: 1, data: page([9], 1, null) });
    expect(feedOf(s, 1)).toEqual(emptyFeed);
  });

  it('keeps tabs apart', () => {
    let s = feedsReducer({}, { type: 'request', photoId: 1, requestId: 1 });
    s = feedsReducer(s, { type: 'request', photoId: 2, requestId: 2 });
    s = feedsReducer(s, { type: 'success', photoId: 2, requestId: 2, data: page([20], 1, null) });
    expect(feedOf(s, 1).status).toBe('loading');
    expect(feedOf(s, 2).items.map((p) => p.id)).toEqual([20]);
  });

  it('never shows a picture twice and stops on an empty page', () => {
    let s = feedsReducer({}, { type: 'request', photoId: 1, requestId: 1 });
    s = feedsReducer(s, { type: 'success', photoId: 1, requestId: 1, data: page([3, 2], 5, 'a') });
    s = feedsReducer(s, { type: 'request', photoId: 1, requestId: 2 });
    s = feedsReducer(s, { type: 'success', photoId: 1, requestId: 2, data: page([2, 1], 5, 'b') });
    expect(feedOf(s, 1).items.map((p) => p.id)).toEqual([3, 2, 1]);
    s = feedsReducer(s, { type: 'request', photoId: 1, requestId: 3 });
    s = feedsReducer(s, { type: 'success', photoId: 1, requestId: 3, data: page([], 5, 'c') });
    expect(feedOf(s, 1).done).toBe(true);
  });

  it('marks a failure so the user can retry, and retrying continues from the same cursor', () => {
    let s = feedsReducer({}, { type: 'request', photoId: 1, requestId: 1 });
    s = feedsReducer(s, { type: 'success', photoId: 1, requestId: 1, data: page([2], 2, 'x') });
    s = feedsReducer(s, { type: 'request', photoId: 1, requestId: 2 });
    s = feedsReducer(s, { type: 'failure', photoId: 1, requestId: 2 });
    expect(feedOf(s, 1)).toMatchObject({ status: 'error', cursor: 'x' });
    expect(canLoadMore(feedOf(s, 1))).toBe(true);
  });

  it('tab counts show loaded of total, the album total before the first page', () => {
    expect(tabCounts(emptyFeed, 24)).toEqual({ loaded: 0, total: 24 });
    expect(tabCounts({ ...emptyFeed, items: [pic(1)], total: 5 }, 24)).toEqual({ loaded: 1, total: 5 });
  });

  it('keeps loaded/total on every tab under a filter: the filtered total, before and after the tab is opened', () => {
    // a tab not opened yet: 0 of its filtered total (not the album's 24, not the bare name)
    expect(tabCounts(emptyFeed, 24, 7)).toEqual({ loaded: 0, total: 7 });
    // opened: what is loaded of what matched
    expect(tabCounts({ ...emptyFeed, items: [pic(1), pic(2)], total: 7 }, 24, 7)).toEqual({ loaded: 2, total: 7 });
    // no match at all is a count too
    expect(tabCounts(emptyFeed, 24, 0)).toEqual({ loaded: 0, total: 0 });
    // still being counted
    expect(tabCounts(emptyFeed, 24, null)).toBeNull();
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, collapses calls within the window into one trailing run', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const th = throttle(fn, 500);
    th(1);
    th(2);
    th(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
    th(4);
    expect(fn.mock.calls.at(-1)).toEqual([4]);
  });

  it('cancel drops the trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const th = throttle(fn, 500);
    th();
    th();
    th.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('filters and alt texts', () => {
  it('needs a field and a value', () => {
    expect(parseFilter('', 'Falcons')).toBeNull();
    expect(parseFilter('teamName', '   ')).toBeNull();
    expect(parseFilter('evil', 'x')).toBeNull();
    expect(parseFilter('teamName', ' Falcons ')).toEqual({ field: 'teamName', value: 'Falcons' });
  });

  it('builds alt texts from the names', () => {
    expect(pictureAlt(pic(1, { teamName: 'Falcons', memberName: 'Ann', programName: 'Sumo' }))).toBe('Falcons · Ann · Sumo');
    expect(pictureAlt(pic(1))).toBe('IMG_1');
  });
});
