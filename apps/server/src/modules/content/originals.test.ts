import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoles, pictures } from '../../db/schema/index';
import { readKeptTags } from '../../lib/photo-metadata';
import { useTestApp } from '../../test/context';
import { buildAlbum, buildUser, loginAs } from '../../test/factories';
import { multipart } from '../../test/images';
import { hasGpsPointer, phonePhoto, tiffOf } from '../../test/photos';

const t = useTestApp();

/** Uploads a phone photo (GPS, XMP, orientation 6) to a new album and returns the public list item. */
async function uploadPhonePhoto(format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const editor = await buildUser(t().database.db, { roles: ['editor'] });
  const h = await loginAs(t().app, editor.phone, editor.password);
  const { photo, console: c } = await buildAlbum(t().database.db, 0);
  const data = await phonePhoto(format, 300, 200);
  const m = multipart([{ name: 'file', filename: `phone.${format === 'jpeg' ? 'jpg' : format}`, data }]);
  const r = await t().app.inject({ method: 'POST', url: `/api/admin/photos/${photo.id}/pictures`, headers: { ...h, ...m.headers }, payload: m.payload });
  expect(r.statusCode).toBe(200);
  const list = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/pictureListNoToken', payload: { photoId: photo.id } });
  const item = JSON.parse(list.json().data).list[0] as { id: number; originalUrl: string };
  return { item, data, consoleId: c.id };
}

describe('album originals (issue 9, finding 7)', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('a %s original is downloaded without its location, with orientation and capture time', async (format) => {
    const { item, data } = await uploadPhonePhoto(format);
    const dl = await t().app.inject({ method: 'GET', url: item.originalUrl });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('attachment');
    const file = dl.rawPayload;
    const meta = await sharp(file).metadata();
    expect(hasGpsPointer(tiffOf(meta.exif))).toBe(false);
    expect(file.includes('WGS-84')).toBe(false);
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBe(6);
    expect(readKeptTags(tiffOf(meta.exif)).dateTimeOriginal).toBe('2025:05:10 08:59:58');
    // the pixels are the uploaded ones (no re-encoding of the original)
    const [a, b] = await Promise.all([sharp(data).raw().toBuffer(), sharp(file).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('serves originals by an unguessable token only: the sequential-id route is gone', async () => {
    const { item, consoleId } = await uploadPhonePhoto();
    expect(item.originalUrl).toMatch(/^\/api\/pictures\/original\/[a-f0-9]{32}$/);
    const [row] = await t().database.db.select().from(pictures).where(eq(pictures.id, item.id));
    expect(item.originalUrl.endsWith(row!.originalToken)).toBe(true);
    const byId = await t().app.inject({ method: 'GET', url: `/api/pictures/${item.id}/original` });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toMatchObject({ resultCode: 0 });
    expect((await t().app.inject({ method: 'GET', url: `/api/pictures/original/${'0'.repeat(32)}` })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'GET', url: '/api/pictures/original/..%2f..%2fetc' })).statusCode).toBe(400);
    // a hidden gallery's originals are not served
    await t().database.db.update(consoles).set({ status: 0 }).where(eq(consoles.id, consoleId));
    expect((await t().app.inject({ method: 'GET', url: item.originalUrl })).statusCode).toBe(404);
  });

  it('every picture gets its own token, also rows written without one (seeds, the migration of old rows)', async () => {
    const { photo } = await buildAlbum(t().database.db, 50);
    const rows = await t().database.db.select({ token: pictures.originalToken }).from(pictures).where(eq(pictures.photoId, photo.id));
    expect(new Set(rows.map((r) => r.token)).size).toBe(50);
    for (const r of rows) expect(r.token).toMatch(/^[a-f0-9]{32}$/);
  });
});
