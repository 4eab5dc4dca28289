import { describe, expect, it } from 'vitest';
import type { PictureListData } from '@rp/shared';
import { useTestApp } from '../../test/context';
import { buildAlbum } from '../../test/factories';

const t = useTestApp();

async function pictures(body: object, lang = 'zh') {
  const res = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/pictureListNoToken', headers: { 'accept-language': lang }, payload: body });
  return { res, data: res.statusCode === 200 ? (JSON.parse(res.json().data) as PictureListData) : null };
}

describe('gallery', () => {
  it('shows the album header, tabs with totals, in the visitor language', async () => {
    const { console: c } = await buildAlbum(t().database.db, 3, { descriptionZh: '描述', descriptionEn: '' });
    const en = await t().app.inject({
      method: 'POST',
      url: '/api/lGlobalMessage/photoListNoToken',
      headers: { 'accept-language': 'en' },
      payload: { consoleId: c.id },
    });
    expect(en.statusCode).toBe(200);
    const d = en.json().data;
    expect(d.photo).toMatchObject({ id: c.id, name: 'Highlights', description: '描述', pictureCount: 3 });
    expect(d.list).toEqual([expect.objectContaining({ name: 'Day one', total: 3 })]);
  });

  it("answers 'album not found' (404) for an unknown or hidden album and 400 for a missing parameter", async () => {
    const unknown = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/photoListNoToken', payload: { consoleId: 999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ALBUM_NOT_FOUND', message: '相册不存在' });
    const { console: hidden } = await buildAlbum(t().database.db, 1, { status: 0 });
    expect((await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/photoListNoToken', payload: { consoleId: hidden.id } })).statusCode).toBe(404);
    const missing = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/photoListNoToken', payload: {} });
    expect(missing.statusCode).toBe(400);
    const bad = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/photoListNoToken', payload: { consoleId: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect((await pictures({ photoId: 12345 })).res.statusCode).toBe(404);
  });

  it('pages by keyset: every picture exactly once, in order, both directions, ties broken by id', async () => {
    const { photo } = await buildAlbum(t().database.db, 250);
    for (const sortStr of ['desc', 'asc'] as const) {
      const seen: number[] = [];
      let cursor: string | undefined;
      let pagesRead = 0;
      do {
        const { data } = await pictures({ photoId: photo.id, pageNum: 100, sortStr, ...(cursor ? { cursor } : {}) });
        expect(data!.totalCount).toBe(250);
        seen.push(...data!.list.map((p) => p.id));
        cursor = data!.nextCursor ?? undefined;
        pagesRead++;
      } while (cursor && pagesRead < 10);
      expect(seen).toHaveLength(250);
      expect(new Set(seen).size).toBe(250);
      const sorted = [...seen].sort((a, b) => (sortStr === 'asc' ? a - b : b - a));
      expect(seen).toEqual(sorted);
    }
  });

  it('returns data as JSON text with list and totalCount, and sizes for a stable grid', async () => {
    const { photo } = await buildAlbum(t().database.db, 5);
    const { res, data } = await pictures({ photoId: photo.id, pageIndex: 0, pageNum: 2, sortStr: 'asc' });
    expect(typeof res.json().data).toBe('string');
    expect(data!.list).toHaveLength(2);
    expect(data!.list[0]).toMatchObject({ width: 1200, height: 800, originalUrl: expect.stringMatching(/^\/api\/pictures\/original\/[a-f0-9]{32}$/) });
    expect(data!.list[0]!.thumbUrl).toMatch(/\.webp$/);
    // the spec's offset form still works
    const second = await pictures({ photoId: photo.id, pageIndex: 1, pageNum: 2, sortStr: 'asc' });
    expect(second.data!.list[0]!.id).toBe(data!.list[1]!.id + 1);
  });

  it('filters by team, member or program only where the album enables it', async () => {
    const off = await buildAlbum(t().database.db, 10);
    expect((await pictures({ photoId: off.photo.id, teamName: 'Falcons' })).res.statusCode).toBe(400);
    const on = await buildAlbum(t().database.db, 10, { filterEnabled: true });
    const { data } = await pictures({ photoId: on.photo.id, teamName: 'falc' });
    expect(data!.totalCount).toBe(5);
    expect(data!.list.every((p) => p.teamName === 'Falcons')).toBe(true);
    const both = await pictures({ photoId: on.photo.id, teamName: '雄鹰', programName: 'Sumo' });
    expect(both.data!.list.every((p) => p.teamName === '雄鹰队' && p.programName === 'Sumo')).toBe(true);
    // a % in the filter is a literal character, not a wildcard
    expect((await pictures({ photoId: on.photo.id, teamName: '%' })).data!.totalCount).toBe(0);
  });

  it('refuses a forged cursor', async () => {
    const { photo } = await buildAlbum(t().database.db, 3);
    expect((await pictures({ photoId: photo.id, cursor: 'not-a-cursor' })).res.statusCode).toBe(400);
  });

  it('lists galleries for the past highlights page with their picture counts', async () => {
    await buildAlbum(t().database.db, 4, { year: 2025 });
    await buildAlbum(t().database.db, 2, { year: 2026 });
    const res = await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/consoleListNoToken', payload: { year: 2025 } });
    expect(res.json().content).toEqual([expect.objectContaining({ year: 2025, pictureCount: 4 })]);
  });

  it('answers a repeated page from the short cache, gzip when accepted, and never caches a bad request', async () => {
    const { photo } = await buildAlbum(t().database.db, 5);
    const first = await pictures({ photoId: photo.id, pageNum: 2 });
    const again = await pictures({ photoId: photo.id, pageNum: 2 });
    expect(again.res.body).toBe(first.res.body);
    const gz = await t().app.inject({
      method: 'POST',
      url: '/api/lGlobalMessage/pictureListNoToken',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { photoId: photo.id, pageNum: 2 },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.res.body);
    for (let i = 0; i < 2; i++) expect((await pictures({ photoId: photo.id, pageNum: 500 })).res.statusCode).toBe(400);
    // another language is another cache entry
    const en = await pictures({ photoId: photo.id, pageNum: 2 }, 'en');
    expect(en.res.json().resultStr).toBe('Query succeeded');
  });
});
