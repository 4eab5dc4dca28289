import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { auditLog, news, photos, pictures } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildAlbum, buildUser, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';

const t = useTestApp();

async function as(role: 'admin' | 'editor' | 'member') {
  const u = await buildUser(t().database.db, { roles: [role] });
  return { ...(await loginAs(t().app, u.phone, u.password)), userId: u.id };
}
const newsBody = {
  titleZh: '开幕',
  titleEn: 'Opening',
  contentZh: '<p>你好</p>',
  contentEn: '<p>Hello</p>',
  status: 1,
  publishedAt: '2026-01-02T03:04:05.000Z',
};

describe('admin resource mechanism (news as the example)', () => {
  it('lets a content editor create, read, update and delete, auditing every change', async () => {
    const { authorization, userId } = await as('editor');
    const h = { authorization };
    const created = await t().app.inject({ method: 'POST', url: '/api/admin/news', headers: h, payload: newsBody });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ titleZh: '开幕', titleEn: 'Opening', publishedAt: '2026-01-02T03:04:05.000Z' });
    const upd = await t().app.inject({ method: 'PUT', url: `/api/admin/news/${id}`, headers: h, payload: { titleEn: 'Grand opening' } });
    expect(upd.json().data.titleEn).toBe('Grand opening');
    expect((await t().app.inject({ method: 'GET', url: `/api/admin/news/${id}`, headers: h })).json().data.titleZh).toBe('开幕');
    expect((await t().app.inject({ method: 'DELETE', url: `/api/admin/news/${id}`, headers: h })).statusCode).toBe(200);
    expect((await t().app.inject({ method: 'GET', url: `/api/admin/news/${id}`, headers: h })).statusCode).toBe(404);

    const log = await t().database.db.select().from(auditLog).where(eq(auditLog.resource, 'news')).orderBy(auditLog.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((l) => l.userId === userId)).toBe(true);
    expect(JSON.parse(log[1]!.before!).titleEn).toBe('Opening');
    expect(JSON.parse(log[1]!.after!).titleEn).toBe('Grand opening');
  });

  it('refuses visitors (401) and members (403), and changes nothing', async () => {
    const member = await as('member');
    for (const [headers, status] of [
      [{}, 401],
      [{ authorization: member.authorization }, 403],
    ] as const) {
      expect((await t().app.inject({ method: 'POST', url: '/api/admin/news', headers, payload: newsBody })).statusCode).toBe(status);
      expect((await t().app.inject({ method: 'GET', url: '/api/admin/news', headers })).statusCode).toBe(status);
      expect((await t().app.inject({ method: 'GET', url: '/api/admin/activities/export', headers })).statusCode).toBe(status);
    }
    expect(await t().database.db.select().from(news)).toHaveLength(0);
  });

  it('lets an editor edit content but not users', async () => {
    const editor = await as('editor');
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: editor.authorization } })).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/partners', headers: { authorization: editor.authorization } })).statusCode).toBe(200);
  });

  it('validates by the definition: required, lengths, unknown and read-only fields, options', async () => {
    const h = { authorization: (await as('admin')).authorization, 'accept-language': 'en' };
    const r = await t().app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: h,
      payload: { titleZh: '', titleEn: 'x'.repeat(201), status: 7, id: 5, evil: 1 },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().fieldErrors).toMatchObject({ titleZh: 'This field is required', titleEn: 'Too long', status: 'Choose one of the options' });
    const unknownFields = await t().app.inject({ method: 'POST', url: '/api/admin/news', headers: h, payload: { ...newsBody, id: 5, evil: 1 } });
    expect(unknownFields.json().fieldErrors).toMatchObject({ id: 'Field not allowed', evil: 'Field not allowed' });
    expect(await t().database.db.select().from(news)).toHaveLength(0);
    const clear = await t().app.inject({ method: 'POST', url: '/api/admin/news', headers: h, payload: newsBody });
    const cleared = await t().app.inject({ method: 'PUT', url: `/api/admin/news/${clear.json().data.id}`, headers: h, payload: { titleZh: null } });
    expect(cleared.statusCode).toBe(400);
  });

  it('refuses an activity that ends before it begins', async () => {
    const h = { authorization: (await as('admin')).authorization };
    const r = await t().app.inject({
      method: 'POST',
      url: '/api/admin/activities',
      headers: h,
      payload: { nameZh: '赛', year: 2026, beginTime: '2026-05-02T00:00:00Z', finishTime: '2026-05-01T00:00:00Z' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().fieldErrors.finishTime).toBe('结束时间不能早于开始时间');
  });

  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src="https://x.test/a.png" onerror="alert(1)">', '<img src="https://x.test/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p onclick="steal()" style="color:red">t</p>', '<p>t</p>'],
    ['<iframe src="https://evil.test"></iframe><p>after</p>', '<p>after</p>'],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
  ])('strips script and event handlers from rich text: %s', async (hostile, expected) => {
    const h = { authorization: (await as('editor')).authorization };
    const r = await t().app.inject({ method: 'POST', url: '/api/admin/news', headers: h, payload: { ...newsBody, contentZh: hostile } });
    expect(r.statusCode).toBe(200);
    const [row] = await t().database.db.select().from(news).where(eq(news.id, r.json().data.id));
    expect(row!.contentZh).toBe(expected);
  });

  it('filters, sorts and pages the list; an undeclared sort is refused', async () => {
    const h = { authorization: (await as('admin')).authorization };
    for (let i = 0; i < 5; i++)
      await t().app.inject({
        method: 'POST',
        url: '/api/admin/news',
        headers: h,
        payload: { ...newsBody, titleEn: i % 2 ? `Odd ${i}` : `Even ${i}`, publishedAt: `2026-01-0${i + 1}T00:00:00Z` },
      });
    const odd = await t().app.inject({ method: 'GET', url: '/api/admin/news?title=odd&sort=publishedAt,asc', headers: h });
    expect(odd.json().content.map((n: { titleEn: string }) => n.titleEn)).toEqual(['Odd 1', 'Odd 3']);
    const paged = await t().app.inject({ method: 'GET', url: '/api/admin/news?page=1&size=2', headers: h });
    expect(paged.json()).toMatchObject({ totalElements: 5, totalPages: 3, number: 1 });
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/news?sort=contentZh,asc', headers: h })).statusCode).toBe(400);
  });

  it('exports the filtered list as an Excel file', async () => {
    const h = { authorization: (await as('admin')).authorization };
    await buildActivity(t().database.db, { nameZh: '北京站', year: 2026 });
    await buildActivity(t().database.db, { nameZh: '上海站', year: 2025 });
    const res = await t().app.inject({ method: 'GET', url: '/api/admin/activities/export?year=2026', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    const header = (ws.getRow(1).values as string[]).filter(Boolean);
    // the screen's column title (issue 24), the name in the exporter's language
    expect(header).toContain('活动名称');
    expect(ws.getRow(2).getCell(header.indexOf('活动名称') + 1).value).toBe('北京站');
  });

  it('deletes a picture and keeps the album count right', async () => {
    const h = { authorization: (await as('editor')).authorization };
    const { photo } = await buildAlbum(t().database.db, 3);
    const [p] = await t().database.db.select().from(pictures).where(eq(pictures.photoId, photo.id)).limit(1);
    expect((await t().app.inject({ method: 'DELETE', url: `/api/admin/pictures/${p!.id}`, headers: h })).statusCode).toBe(200);
    const [after] = await t().database.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(after!.pictureCount).toBe(2);
    expect((await t().app.inject({ method: 'POST', url: '/api/admin/pictures', headers: h, payload: { photoId: photo.id } })).statusCode).toBe(404);
  });
});

describe('albums (galleries)', () => {
  it('filters the admin list by activity', async () => {
    const h = { authorization: (await as('editor')).authorization };
    const db = t().database.db;
    const [a, b] = [await buildActivity(db), await buildActivity(db)];
    const { console: ofA } = await buildAlbum(db, 0, { activityId: a.id });
    await buildAlbum(db, 0, { activityId: b.id });
    await buildAlbum(db, 0);
    const list = (q: string) => t().app.inject({ method: 'GET', url: `/api/admin/consoles${q}`, headers: h });
    expect((await list('')).json().content).toHaveLength(3);
    const byA = await list(`?activityId=${a.id}`);
    expect(byA.statusCode).toBe(200);
    expect(byA.json().content.map((c: { id: number; activityId: number }) => [c.id, c.activityId])).toEqual([[ofA.id, a.id]]);
    expect((await list(`?activityId=${a.id + b.id + 1}`)).json().content).toEqual([]);
    expect((await list('?activityId=abc')).statusCode).toBe(400);
  });
});

describe('uploads', () => {
  it('stores a real image re-encoded, with its size, and serves it', async () => {
    const h = { authorization: (await as('editor')).authorization };
    const m = multipart([{ name: 'file', filename: 'logo.png', data: await makeImage('png', 120, 80), contentType: 'image/png' }]);
    const r = await t().app.inject({ method: 'POST', url: '/api/admin/uploads?kind=image', headers: { ...h, ...m.headers }, payload: m.payload });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ width: 120, height: 80, mime: 'image/jpeg' });
    const file = await t().app.inject({ method: 'GET', url: r.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['a text file called .jpg', 'evil.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 400, 'UPLOAD_NOT_IMAGE'],
    ['an SVG', 'x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 400, 'UPLOAD_NOT_IMAGE'],
    ['a PNG that says it is a GIF', 'x.gif', null, 400, 'UPLOAD_TYPE_MISMATCH'],
    ['a truncated JPEG', 'broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 400, 'UPLOAD_BROKEN'],
  ])('rejects %s and stores nothing', async (_n, filename, data, status, code) => {
    const h = { authorization: (await as('editor')).authorization };
    const body = data ?? (await makeImage('png'));
    const m = multipart([{ name: 'file', filename, data: body, contentType: 'image/jpeg' }]);
    const r = await t().app.inject({ method: 'POST', url: '/api/admin/uploads?kind=image', headers: { ...h, ...m.headers }, payload: m.payload });
    expect(r.statusCode).toBe(status);
    expect(r.json().code).toBe(code);
    const { uploads } = await import('../../db/schema/index');
    expect(await t().database.db.select().from(uploads)).toHaveLength(0);
  });

  it('rejects a file over the limit with 413', async () => {
    const h = { authorization: (await as('editor')).authorization };
    const big = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(21 * 1024 * 1024)]);
    const m = multipart([{ name: 'file', filename: 'big.jpg', data: big }]);
    const r = await t().app.inject({ method: 'POST', url: '/api/admin/uploads?kind=image', headers: { ...h, ...m.headers }, payload: m.payload });
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toContain('20 MB');
  });

  it('bulk-uploads pictures: original kept for download, WebP thumbnail, watermark, count updated', async () => {
    const h = { authorization: (await as('editor')).authorization };
    const { photo, console: c } = await buildAlbum(t().database.db, 0, { watermark: 'IYRC 2026' });
    const original = await makeImage('jpeg', 800, 600);
    const m = multipart([
      { name: 'teamName', value: '雄鹰队' },
      { name: 'file', filename: 'team.jpg', data: original },
    ]);
    const r = await t().app.inject({ method: 'POST', url: `/api/admin/photos/${photo.id}/pictures`, headers: { ...h, ...m.headers }, payload: m.payload });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ width: 800, height: 600 });
    const list = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/pictureListNoToken', payload: { photoId: photo.id } });
    const item = JSON.parse(list.json().data).list[0];
    expect(item.teamName).toBe('雄鹰队');
    const thumb = await t().app.inject({ method: 'GET', url: item.thumbUrl });
    expect(thumb.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const display = await t().app.inject({ method: 'GET', url: item.picUrl });
    expect(display.rawPayload.equals(original)).toBe(false); // re-encoded (and watermarked)
    const dl = await t().app.inject({ method: 'GET', url: item.originalUrl });
    expect(dl.headers['content-disposition']).toContain('attachment');
    expect(dl.rawPayload.equals(original)).toBe(true); // untouched original
    const header = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/photoListNoToken', payload: { consoleId: c.id } });
    expect(header.json().data.list[0].total).toBe(1);
  });
});
