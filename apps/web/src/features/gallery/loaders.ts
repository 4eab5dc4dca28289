import type { LoaderFunctionArgs } from 'react-router';
import { contentApi, orNull } from '../../lib/content-api';
import { isApiError, isNotFound } from '../../lib/api-client';
import type { AlbumMeta, ConsoleItem, DictItem, PictureListData } from '../../lib/contract';
import { parseId } from '../../lib/format';
import type { RouteMeta } from '../../lib/page-meta';
import { PICTURES_PER_REQUEST } from './feed';

/** Years of past highlights come from this dictionary (spec 7.3). */
export const HIGHLIGHT_YEARS_DICT = 'highlights_status';

export interface HighlightsData {
  years: DictItem[];
  year: number | null;
  galleries: ConsoleItem[];
}

function parseYear(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{4}$/.test(raw)) return null;
  return Number(raw);
}

/** /pasted and /pictures (?year=): the years, then the galleries of the chosen year (first by default). */
export async function highlightsLoader({ request }: LoaderFunctionArgs): Promise<HighlightsData> {
  const o = { signal: request.signal };
  const years = (await orNull(contentApi.dict(HIGHLIGHT_YEARS_DICT, o)))?.content ?? [];
  const asked = parseYear(new URL(request.url).searchParams.get('year'));
  const year = asked ?? parseYear(years[0]?.value) ?? null;
  const galleries = await contentApi.consoles({ year: year ?? undefined }, o);
  return { years, year, galleries: galleries.content };
}

export type GalleryData =
  { kind: 'missing' } | { kind: 'notFound' } | { kind: 'ok'; album: AlbumMeta; first: { photoId: number; data: PictureListData } | null };

/**
 * /picturesDetail?consoleId=: the album header and tabs, plus the first page of the first tab (newest
 * first) so the grid renders with the page. A missing parameter and an unknown album are states of the
 * page (spec 2.8 and 8.2 texts), not errors.
 */
export async function galleryLoader({ request }: LoaderFunctionArgs): Promise<GalleryData> {
  const raw = new URL(request.url).searchParams.get('consoleId');
  if (raw === null || raw.trim() === '') return { kind: 'missing' };
  const id = parseId(raw.trim());
  if (id === null) return { kind: 'notFound' };
  let album: AlbumMeta;
  try {
    album = await contentApi.album(id, { signal: request.signal });
  } catch (e) {
    if (isNotFound(e) || isApiError(e, 'VALIDATION_FAILED', 'BAD_REQUEST')) return { kind: 'notFound' };
    throw e;
  }
  const firstAlbum = album.list[0];
  const data = firstAlbum
    ? await orNull(contentApi.pictures({ photoId: firstAlbum.id, pageNum: PICTURES_PER_REQUEST, sortStr: 'desc' }, { signal: request.signal }))
    : null;
  return { kind: 'ok', album, first: firstAlbum && data ? { photoId: firstAlbum.id, data } : null };
}

export function galleryMeta(data: unknown): RouteMeta | undefined {
  const d = data as GalleryData;
  if (d.kind !== 'ok') return undefined;
  return { title: d.album.photo.name, description: d.album.photo.description || undefined, image: d.album.photo.coverUrl ?? undefined };
}
