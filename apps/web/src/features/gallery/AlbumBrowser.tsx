import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contentApi } from '../../lib/content-api';
import type { AlbumMeta, PictureListData } from '../../lib/contract';
import { useTabs } from '../../ui/Tabs';
import { EmptyState } from '../../ui/PageHead';
import { btn } from '../../ui/buttons';
import {
  canLoadMore,
  feedOf,
  feedsReducer,
  LOAD_THROTTLE_MS,
  parseFilter,
  pictureAlt,
  PICTURES_PER_REQUEST,
  PLACEHOLDER_COUNT,
  tabCounts,
  throttle,
  type ActiveFilter,
  type FeedsState,
} from './feed';
import { Lightbox } from './Lightbox';
import s from './gallery.module.css';

/** Tiles in the first rows at desktop width, loaded with the page rather than when scrolled to. */
const EAGER_TILES = 12;

type Sort = 'desc' | 'asc';

const FILTER_LABEL_KEYS = {
  teamName: 'content:gallery.filter.teamName',
  memberName: 'content:gallery.filter.memberName',
  programName: 'content:gallery.filter.programName',
} as const;

/** Starts the first tab's feed with the page the loader fetched (no second request on arrival). */
function initialFeeds(first: { photoId: number; data: PictureListData } | null): FeedsState {
  if (!first) return {};
  const requested = feedsReducer({}, { type: 'request', photoId: first.photoId, requestId: 1 });
  return feedsReducer(requested, { type: 'success', photoId: first.photoId, requestId: 1, data: first.data });
}

/**
 * Album tabs (loaded/total), sort, optional filter, the picture grid with infinite scroll (a sentinel
 * near the bottom, loads throttled to one per 500 ms, 100 per request by keyset cursor), a load-more
 * button, and the lightbox.
 */
export function AlbumBrowser({ album, first }: { album: AlbumMeta; first: { photoId: number; data: PictureListData } | null }) {
  const { t } = useTranslation();
  const albums = album.list;
  const [activeId, setActiveId] = useState<number>(albums[0]?.id ?? 0);
  const [sort, setSort] = useState<Sort>('desc');
  const [filter, setFilter] = useState<ActiveFilter | null>(null);
  const [filterField, setFilterField] = useState('');
  const [filterValue, setFilterValue] = useState('');
  const [filterError, setFilterError] = useState('');
  const [feeds, dispatch] = useReducer(feedsReducer, first, initialFeeds);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [advancePending, setAdvancePending] = useState(false);

  // Loads read the latest state through refs: the throttled trigger outlives renders.
  const latest = useRef({ feeds, activeId, sort, filter });
  latest.current = { feeds, activeId, sort, filter };
  const seq = useRef(1);
  const inFlight = useRef(new Map<number, number>());
  const tileRefs = useRef(new Map<number, HTMLButtonElement | null>());
  const sentinel = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(false);

  const load = useCallback((photoId: number) => {
    const { feeds: current, sort: sortStr, filter: f } = latest.current;
    const feed = feedOf(current, photoId);
    if (!photoId || !canLoadMore(feed) || inFlight.current.has(photoId)) return;
    const requestId = ++seq.current;
    inFlight.current.set(photoId, requestId);
    dispatch({ type: 'request', photoId, requestId });
    contentApi
      .pictures({ photoId, pageNum: PICTURES_PER_REQUEST, sortStr, cursor: feed.cursor ?? undefined, ...(f ? { [f.field]: f.value } : {}) })
      .then((data) => dispatch({ type: 'success', photoId, requestId, data }))
      .catch(() => dispatch({ type: 'failure', photoId, requestId }))
      .finally(() => {
        if (inFlight.current.get(photoId) === requestId) inFlight.current.delete(photoId);
      });
  }, []);

  const loadThrottled = useMemo(() => throttle(() => load(latest.current.activeId), LOAD_THROTTLE_MS), [load]);
  useEffect(() => () => loadThrottled.cancel(), [loadThrottled]);

  const feed = feedOf(feeds, activeId);

  // Under a filter every tab keeps its loaded/total: the filtered total of each album is asked for at
  // once (one picture per request; the server caches these pages), not only when the tab is opened.
  const [filteredTotals, setFilteredTotals] = useState<{ filter: ActiveFilter | null; totals: Record<number, number> }>({ filter: null, totals: {} });
  useEffect(() => {
    if (!filter) return;
    let live = true;
    setFilteredTotals({ filter, totals: {} });
    for (const a of albums) {
      contentApi
        .pictures({ photoId: a.id, pageNum: 1, sortStr: 'desc', [filter.field]: filter.value })
        .then((data) => live && setFilteredTotals((prev) => (prev.filter === filter ? { filter, totals: { ...prev.totals, [a.id]: data.totalCount } } : prev)))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [filter, albums]);

  // A tab without pictures yet (first visit, or after a sort/filter change) loads its first page.
  useEffect(() => {
    if (feed.status === 'idle' && feed.items.length === 0 && !feed.done) load(activeId);
  }, [feed, activeId, load]);

  // Infinite scroll: the sentinel under the grid comes within 800 px of the viewport.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        nearBottom.current = entries.some((e) => e.isIntersecting);
        if (nearBottom.current) loadThrottled();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [loadThrottled, activeId]);

  // Still near the bottom after a page arrived (short pages, tall screens): keep going.
  useEffect(() => {
    if (nearBottom.current && feed.status === 'idle' && !feed.done && feed.items.length > 0) loadThrottled();
  }, [feed.items.length, feed.status, feed.done, loadThrottled]);

  // The lightbox asked for the next picture beyond the loaded ones: step once it has arrived.
  useEffect(() => {
    if (!advancePending || lightbox === null) return;
    if (lightbox < feed.items.length - 1) {
      setLightbox(lightbox + 1);
      setAdvancePending(false);
    } else if (feed.done || feed.status === 'error') setAdvancePending(false);
  }, [advancePending, lightbox, feed.items.length, feed.done, feed.status]);

  const resetFeeds = () => {
    inFlight.current.clear();
    dispatch({ type: 'resetAll' });
    setLightbox(null);
  };

  const onSort = (next: Sort) => {
    if (next === sort) return;
    setSort(next);
    latest.current.sort = next;
    resetFeeds();
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseFilter(filterField, filterValue);
    if (!parsed) {
      setFilterError(t('content:gallery.filter.pickFirst'));
      return;
    }
    setFilterError('');
    setFilter(parsed);
    latest.current.filter = parsed;
    resetFeeds();
  };

  const onResetFilter = () => {
    setFilterField('');
    setFilterValue('');
    setFilterError('');
    if (filter) {
      setFilter(null);
      latest.current.filter = null;
      resetFeeds();
    }
  };

  const closeLightbox = () => {
    const index = lightbox;
    setLightbox(null);
    setAdvancePending(false);
    const picture = index !== null ? feed.items[index] : undefined;
    if (picture) requestAnimationFrame(() => tileRefs.current.get(picture.id)?.focus());
  };

  const next = () => {
    if (lightbox === null) return;
    if (lightbox < feed.items.length - 1) {
      setLightbox(lightbox + 1);
      // Fetch ahead when the viewer nears the end of what is loaded.
      if (lightbox + 5 >= feed.items.length && !feed.done) load(activeId);
    } else if (!feed.done) {
      setAdvancePending(true);
      load(activeId);
    }
  };

  const tabItems = albums.map((a) => {
    const counts = tabCounts(
      feedOf(feeds, a.id),
      a.total,
      filter ? (filteredTotals.filter === filter ? (filteredTotals.totals[a.id] ?? null) : null) : undefined,
    );
    if (!counts) return { key: String(a.id), label: t('content:gallery.tabCounting', { name: a.name }) };
    return { key: String(a.id), label: t('content:gallery.tab', { name: a.name, loaded: counts.loaded, total: counts.total }) };
  });
  const { tabList, panelProps } = useTabs(
    tabItems,
    String(activeId),
    (key) => {
      setActiveId(Number(key));
      latest.current.activeId = Number(key);
      setLightbox(null);
    },
    t('content:gallery.albums'),
  );

  if (albums.length === 0) return <EmptyState title={t('content:gallery.noAlbums')} body={t('content:common.emptyBody')} />;

  const total = feed.total ?? (filter ? 0 : (albums.find((a) => a.id === activeId)?.total ?? 0));
  const loading = feed.status === 'loading';

  return (
    <div className={s.browser}>
      <div className={s.tabsScroller}>{tabList}</div>

      <div className={s.toolbar}>
        <label className={s.sortField}>
          <span>{t('content:gallery.sort.label')}</span>
          <select value={sort} onChange={(e) => onSort(e.target.value as Sort)} className={s.select}>
            <option value="desc">{t('content:gallery.sort.desc')}</option>
            <option value="asc">{t('content:gallery.sort.asc')}</option>
          </select>
        </label>
        {album.photo.filterEnabled ? (
          <form role="search" aria-label={t('content:gallery.filter.label')} className={s.filter} onSubmit={onSearch} noValidate>
            <label className="visually-hidden" htmlFor="gallery-filter-field">
              {t('content:gallery.filter.field')}
            </label>
            <select id="gallery-filter-field" className={s.select} value={filterField} onChange={(e) => setFilterField(e.target.value)}>
              <option value="">{t('content:gallery.filter.choose')}</option>
              {(Object.keys(FILTER_LABEL_KEYS) as (keyof typeof FILTER_LABEL_KEYS)[]).map((k) => (
                <option key={k} value={k}>
                  {t(FILTER_LABEL_KEYS[k])}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor="gallery-filter-value">
              {t('content:gallery.filter.value')}
            </label>
            <input
              id="gallery-filter-value"
              className={s.input}
              type="search"
              maxLength={100}
              value={filterValue}
              placeholder={t('content:gallery.filter.placeholder')}
              onChange={(e) => setFilterValue(e.target.value)}
              aria-describedby={filterError ? 'gallery-filter-error' : undefined}
            />
            <button type="submit" className={btn.primary}>
              {t('content:gallery.filter.search')}
            </button>
            <button type="button" className={btn.secondary} onClick={onResetFilter}>
              {t('content:gallery.filter.reset')}
            </button>
            <p id="gallery-filter-error" role="alert" className={s.filterError}>
              {filterError}
            </p>
          </form>
        ) : null}
      </div>
      {filter ? (
        <p className={s.activeFilter}>{t('content:gallery.filter.active', { field: t(FILTER_LABEL_KEYS[filter.field]), value: filter.value })}</p>
      ) : null}

      {albums.map((a) => (
        <div key={a.id} {...panelProps(String(a.id))} className={s.panel}>
          {a.id !== activeId ? null : (
            <>
              {feed.items.length === 0 && !loading && feed.status !== 'error' && feed.done ? (
                <EmptyState title={filter ? t('content:gallery.noMatch') : t('content:gallery.noPhotos')} />
              ) : (
                <ul className={s.grid} aria-label={t('content:gallery.gridLabel', { name: a.name })} aria-busy={loading || undefined}>
                  {feed.items.map((p, i) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        className={s.tile}
                        ref={(el) => {
                          tileRefs.current.set(p.id, el);
                        }}
                        onClick={() => setLightbox(i)}
                      >
                        <img
                          src={p.thumbUrl}
                          alt={pictureAlt(p)}
                          width={p.width}
                          height={p.height}
                          // the first rows are on screen when the page arrives (its largest paint): not lazy
                          loading={i < EAGER_TILES ? 'eager' : 'lazy'}
                          decoding="async"
                        />
                      </button>
                    </li>
                  ))}
                  {loading ? Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => <li key={`ph-${i}`} className={s.placeholder} aria-hidden="true" />) : null}
                </ul>
              )}
              <div ref={sentinel} className={s.sentinel} aria-hidden="true" />
              <div className={s.more}>
                <p role="status" className={s.count}>
                  {loading
                    ? t('content:gallery.loading')
                    : t('content:gallery.loadedOf', { loaded: feed.items.length, count: Math.max(total, feed.items.length) })}
                </p>
                {feed.status === 'error' ? (
                  <p className={s.loadError} role="alert">
                    {t('content:gallery.loadFailed')}
                  </p>
                ) : null}
                {!feed.done && !loading ? (
                  <button type="button" className={btn.secondary} onClick={() => load(activeId)}>
                    {feed.status === 'error' ? t('content:gallery.retry') : t('content:gallery.loadMore')}
                  </button>
                ) : null}
                {feed.done && feed.items.length > 0 ? <p className={s.allLoaded}>{t('content:gallery.allLoaded')}</p> : null}
              </div>
            </>
          )}
        </div>
      ))}

      {lightbox !== null && feed.items[lightbox] ? (
        <Lightbox
          items={feed.items}
          index={lightbox}
          total={total}
          hasMore={!feed.done}
          loadingMore={loading}
          onPrev={() => setLightbox((i) => (i !== null && i > 0 ? i - 1 : i))}
          onNext={next}
          onClose={closeLightbox}
        />
      ) : null}
    </div>
  );
}
