import { describe, expect, it } from 'vitest';
import { teams } from './db/schema/index';
import { useTestApp } from './test/context';
import { buildAlbum, buildNews, buildProgram, buildRegistrationActivity, buildUser, loginAs } from './test/factories';
import { makeImage, multipart } from './test/images';

const t = useTestApp();

/**
 * The cases of issue 9 finding 5 that answered 500, one by one (fuzz.pg.test.ts walks every operation
 * on PostgreSQL; these run in every tier). Each must be a 4xx in the error contract.
 */
describe('hostile input gets a clear 4xx', () => {
  const contract = (status: number, code: string) =>
    expect.objectContaining({ status, code, resultCode: 0, message: expect.any(String), resultStr: expect.any(String) });

  it('ids and integer filters past int4, fractions and numbers as text are 400, public endpoints too', async () => {
    await buildNews(t().database.db);
    for (const url of [
      '/api/lNews/web/detail?id=99999999999',
      '/api/lNews/web/detail?id=1.5',
      '/api/lNews/web/detail?id=2147483648',
      '/api/lActivity/web/listV2?status=2147483648',
      '/api/lProgram/web/list?activityId=99999999999',
      '/api/lOfficialFile/web/list?year=99999999999',
      '/api/lMaterials/web/list?activityId=1&type=1e400',
      '/api/lOfficialFile/web/download/99999999999',
    ]) {
      const res = await t().app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: contract(400, 'VALIDATION_FAILED') });
    }
    const gallery = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/photoListNoToken', payload: { consoleId: 2147483648 } });
    expect(gallery.statusCode).toBe(400);
    expect(gallery.json().fieldErrors).toHaveProperty('consoleId');
  });

  it('NUL in any text is 400 naming the field, before the database sees it (unauthenticated login too)', async () => {
    const login = await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: '\u0000', password: 'x', code: '', uuid: '' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(contract(400, 'VALIDATION_FAILED'));
    expect(login.json().fieldErrors).toEqual({ username: expect.any(String) });
    const en = await t().app.inject({ method: 'GET', url: '/api/dictDetail?dictName=a%00b', headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(400);
    expect(en.json().fieldErrors).toEqual({ dictName: 'Must not contain a NUL character (\\0)' });
    const admin = await buildUser(t().database.db, { roles: ['admin'] });
    const h = await loginAs(t().app, admin.username, admin.password);
    const nested = await t().app.inject({ method: 'POST', url: '/api/admin/news', headers: h, payload: { titleZh: 'ok', summaryZh: 'a\u0000b' } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fieldErrors).toHaveProperty('summaryZh');
  });

  it('deeply nested JSON is 400, also on the cached public picture list', async () => {
    const { photo } = await buildAlbum(t().database.db, 1);
    const deep = '{"photoId":' + photo.id + ',"x":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/lGlobalMessage/pictureListNoToken',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual([expect.stringMatching(/^x\.0\.0/)]);
    const ok = await t().app.inject({ method: 'POST', url: '/api/lGlobalMessage/pictureListNoToken', payload: { photoId: photo.id } });
    expect(ok.statusCode).toBe(200);
  });

  it('multipart without a boundary, cut off or garbage is 400; a wrong media type 415', async () => {
    const u = await buildUser(t().database.db);
    const h = await loginAs(t().app, u.phone, u.password);
    const cases: [string, string, number, string][] = [
      ['multipart/form-data', '--x\r\n\r\n', 400, 'BAD_MULTIPART'],
      ['multipart/form-data; boundary=zz', 'garbage', 400, 'BAD_MULTIPART'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK', 400, 'BAD_MULTIPART'],
      ['application/json', '{}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const url of ['/api/lRedeemCode/web/parseCodes', '/api/lCloudConfig/oss/upload']) {
      for (const [type, payload, status, code] of cases) {
        const res = await t().app.inject({ method: 'POST', url, headers: { ...h, 'content-type': type }, payload });
        expect({ url, type, payload, status: res.statusCode, body: res.json() }).toEqual({ url, type, payload, status, body: contract(status, code) });
      }
    }
  });

  it('admin resources: null for a NOT NULL field is 400 (texts become empty), "1.5" in an int filter 400, an unknown reference 400 on its field', async () => {
    const db = t().database.db;
    const admin = await buildUser(db, { roles: ['admin'] });
    const h = await loginAs(t().app, admin.username, admin.password);
    const bad = await t().app.inject({
      method: 'POST',
      url: '/api/admin/activities',
      headers: h,
      payload: { nameZh: '赛事', year: 2026, beginTime: '2026-06-01T00:00:00Z', finishTime: '2026-06-02T00:00:00Z', status: null, show: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['show', 'status']);
    const news = await t().app.inject({ method: 'POST', url: '/api/admin/news', headers: h, payload: { titleZh: '新闻', titleEn: null, summaryZh: null } });
    expect(news.statusCode).toBe(200);
    expect(news.json().data).toMatchObject({ titleEn: '', summaryZh: '' });
    const put = await t().app.inject({ method: 'PUT', url: `/api/admin/news/${news.json().data.id}`, headers: h, payload: { status: null } });
    expect(put.statusCode).toBe(400);
    for (const url of ['/api/admin/programs?activityId=1.5', '/api/admin/programs?activityId=99999999999', '/api/admin/news?status=1e400']) {
      const res = await t().app.inject({ method: 'GET', url, headers: h });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
    const photo = await t().app.inject({ method: 'POST', url: '/api/admin/photos', headers: h, payload: { consoleId: 999999, nameZh: '相册' } });
    expect(photo.statusCode).toBe(400);
    expect(photo.json()).toEqual(contract(400, 'UNKNOWN_REFERENCE'));
    expect(photo.json().fieldErrors).toEqual({ consoleId: expect.any(String) });
    const program = await t().app.inject({
      method: 'POST',
      url: '/api/admin/programs',
      headers: h,
      payload: { activityId: 2147483647, nameZh: '赛项', maxMembers: 3 },
    });
    expect(program.statusCode).toBe(400);
    expect(program.json().fieldErrors).toHaveProperty('activityId');
    const { activity } = await buildRegistrationActivity(db);
    const codes = await t().app.inject({
      method: 'POST',
      url: '/api/admin/redeemCodes/generate',
      headers: h,
      payload: { activityId: activity.id, type: 0, count: 1, ownerUserId: 999999 },
    });
    expect(codes.statusCode).toBeGreaterThanOrEqual(400);
    expect(codes.statusCode).toBeLessThan(500);
    const img = multipart([{ name: 'file', filename: 'a.jpg', data: await makeImage('jpeg') }]);
    const album = await t().app.inject({
      method: 'POST',
      url: '/api/admin/photos/99999999999/pictures',
      headers: { ...h, ...img.headers },
      payload: img.payload,
    });
    expect(album.statusCode).toBe(400);
  });
});

describe('promotion team codes cannot be used to list other families’ teams', () => {
  it('names only the caller’s own team and is rate-limited per account', async () => {
    const db = t().database.db;
    const owner = await buildUser(db);
    const other = await buildUser(db);
    const { activity: source, sumo } = await buildRegistrationActivity(db, { promotionZone: true, status: 4 });
    const { activity: next } = await buildRegistrationActivity(db, { promotionZone: true });
    await buildProgram(db, next.id);
    await db.insert(teams).values({ activityId: source.id, userId: owner.id, programId: sumo.id, name: 'Falcons of Class 3', number: `${source.id}-0001` });
    const q = (code: string) => `/api/lTeam/web/checkTeamCode?activityId=${next.id}&sourceActivityId=${source.id}&teamCode=${code}`;
    const oh = await loginAs(t().app, owner.phone, owner.password);
    const xh = await loginAs(t().app, other.phone, other.password);
    const mine = await t().app.inject({ method: 'GET', url: q(`${source.id}-0001`), headers: oh });
    expect(mine.json().data).toEqual({ teamName: 'Falcons of Class 3', verify: 1 });
    const theirs = await t().app.inject({ method: 'GET', url: q(`${source.id}-0001`), headers: xh });
    expect(theirs.json().data).toEqual({ teamName: null, verify: 1 });
    expect(theirs.headers['cache-control']).toBe('no-store');
    const statuses: number[] = [];
    for (let i = 2; i <= 25; i++)
      statuses.push((await t().app.inject({ method: 'GET', url: q(`${source.id}-${String(i).padStart(4, '0')}`), headers: xh })).statusCode);
    expect(statuses.slice(0, 19).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(19).every((s) => s === 429)).toBe(true);
    // the owner has a counter of their own
    expect((await t().app.inject({ method: 'GET', url: q(`${source.id}-0001`), headers: oh })).statusCode).toBe(200);
  });
});
