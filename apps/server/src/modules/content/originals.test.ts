import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoles, pictures } from '../../db/schema/index';
import { readKeptTags } from '../../lib/photo-metadata';
import { useTestApp } from '../../test/context';
import { buildAlbum, buildUser, loginAs } from '../../test/factories';
import { multipart } from '../../test/images';
import { newKey } from '../../lib/storage';
import { cleanStoredOriginals } from './originals.service';
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

  it('originals stored before the stripping are not served until the one-off step cleans them', async () => {
    const db = t().database.db;
    const { photo } = await buildAlbum(db, 0);
    const storage = t().app.deps.storage;
    const located = await phonePhoto('jpeg', 200, 100);
    const key = newKey('originals', 'jpg');
    await storage.put(key, located);
    const missing = newKey('originals', 'jpg');
    const junk = newKey('originals', 'jpg');
    await storage.put(junk, Buffer.from('not an image at all'));
    // rows as migration 0004 leaves them: original_clean = false
    const old = {
      photoId: photo.id,
      displayKey: 'public/pictures/2026/06/000000000000000000000001.jpg',
      thumbKey: 'public/thumbs/2026/06/000000000000000000000001.webp',
      width: 200,
      height: 100,
      originalClean: false,
    };
    const [a, gone, bad] = await db
      .insert(pictures)
      .values([
        { ...old, name: 'old.jpg', originalKey: key, bytes: located.length },
        { ...old, name: 'gone.jpg', originalKey: missing },
        { ...old, name: 'junk.jpg', originalKey: junk },
      ])
      .returning();
    const url = `/api/pictures/original/${a!.originalToken}`;
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(404); // never served with its location

    expect(await cleanStoredOriginals(t().app.deps)).toEqual({ cleaned: 1, failed: 1 });
    const dl = await t().app.inject({ method: 'GET', url });
    expect(dl.statusCode).toBe(200);
    const meta = await sharp(dl.rawPayload).metadata();
    expect(hasGpsPointer(tiffOf(meta.exif))).toBe(false);
    expect(meta.orientation).toBe(6);
    const rows = await db.select().from(pictures).where(eq(pictures.photoId, photo.id));
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(a!.id)).toMatchObject({ originalClean: true, bytes: dl.rawPayload.length });
    expect(by.get(gone!.id)!.originalClean).toBe(true); // nothing stored, nothing to leak
    expect(by.get(bad!.id)!.originalClean).toBe(false); // unreadable: stays unserved
    // a second run does nothing more
    expect(await cleanStoredOriginals(t().app.deps)).toEqual({ cleaned: 0, failed: 1 });
  });
});
