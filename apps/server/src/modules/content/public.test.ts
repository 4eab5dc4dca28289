import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildActivity, buildNews, buildProgram } from '../../test/factories';

const t = useTestApp();
const get = (url: string, lang = 'zh') => t().app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('public content', () => {
  it('lists shown activities newest id first, with programs and plans in the award form', async () => {
    const a = await buildActivity(t().database.db, { nameZh: '北京站', nameEn: 'Beijing' });
    const b = await buildActivity(t().database.db, { nameZh: '上海站', nameEn: '' });
    await buildActivity(t().database.db, { nameZh: '隐藏', show: false });
    await buildProgram(t().database.db, a.id, { nameZh: '相扑', nameEn: 'Sumo', maxMembers: 3 });
    const list = (await get('/api/lActivity/web/listV2?page=0&size=10', 'en')).json();
    expect(list.totalElements).toBe(2);
    expect(list.content.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(list.content[0].name).toBe('上海站'); // English empty: falls back to Chinese
    expect(list.content[1]).toMatchObject({ name: 'Beijing', signUpOpen: true });
    const one = (await get(`/api/lActivity/web/listV2?id=${a.id}&award=true`, 'en')).json();
    expect(one.content[0].programs).toEqual([expect.objectContaining({ name: 'Sumo', maxMembers: 3 })]);
    expect(one.content[0]).toHaveProperty('plans');
  });

  it('filters activities by year and status', async () => {
    await buildActivity(t().database.db, { year: 2024, status: 4 });
    await buildActivity(t().database.db, { year: 2024, status: 1 });
    await buildActivity(t().database.db, { year: 2025, status: 4 });
    const r = (await get('/api/lActivity/web/listV2?page=0&size=1000&year=2024&status=4&award=false')).json();
    expect(r.totalElements).toBe(1);
  });

  it('pages news newest first; a draft or future item is not public; unknown ids are 404', async () => {
    const old = await buildNews(t().database.db, { titleZh: '旧闻', titleEn: '', publishedAt: new Date('2026-01-01') });
    const mid = await buildNews(t().database.db, { titleZh: '中间', titleEn: 'Middle', publishedAt: new Date('2026-02-01') });
    const recent = await buildNews(t().database.db, { titleZh: '新闻', titleEn: 'Latest', publishedAt: new Date('2026-03-01') });
    const draft = await buildNews(t().database.db, { titleZh: '草稿', status: 0 });
    await buildNews(t().database.db, { titleZh: '未来', publishedAt: new Date(Date.now() + 86_400_000) });
    const list = (await get('/api/lNews/web/list?page=0&size=2')).json();
    expect(list.totalElements).toBe(3);
    expect(list.content.map((n: { title: string }) => n.title)).toEqual(['新闻', '中间']);
    const d = (await get(`/api/lNews/web/detail?id=${mid.id}`, 'en')).json().data;
    expect(d).toMatchObject({ title: 'Middle', prev: { id: old.id, title: '旧闻' }, next: { id: recent.id, title: 'Latest' } });
    expect((await get(`/api/lNews/web/detail?id=${draft.id}`)).statusCode).toBe(404);
    expect((await get('/api/lNews/web/detail?id=99999')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await get('/api/lNews/web/detail?id=abc')).statusCode).toBe(400);
  });

  it('serves programs with their activity, and 404 for an unknown program', async () => {
    const a = await buildActivity(t().database.db, { nameZh: '北京站' });
    const p = await buildProgram(t().database.db, a.id, { nameZh: '女子消防', gender: 'F', minAge: 8, maxAge: 18 });
    const list = (await get(`/api/lProgram/web/list?activityId=${a.id}&size=50`)).json();
    expect(list.content[0]).toMatchObject({ name: '女子消防', activityName: '北京站', gender: 'F', minAge: 8 });
    // spec 3 / 7.3: a program carries `maximum` (the team size) by the spec's name
    expect(list.content[0].maximum).toBe(p.maxMembers);
    expect((await get(`/api/lProgram/web/detail?id=${p.id}`)).json().data.files).toEqual([]);
    expect((await get('/api/lProgram/web/detail?id=424242')).statusCode).toBe(404);
  });

  it("files rule documents under their activity's year, named in the reader's language", async () => {
    const { officialFiles } = await import('../../db/schema/index');
    const db = t().database.db;
    const past = await buildActivity(db, { nameZh: '上海站', nameEn: 'Shanghai', year: 2025 });
    const { newKey } = await import('../../lib/storage');
    const key = newKey('public/files', 'pdf');
    await t().app.deps.storage.put(key, Buffer.from('%PDF-1.4 test'));
    // a file whose own year (2026) disagrees with its activity's (2025), and a general file
    await db.insert(officialFiles).values([
      { activityId: past.id, year: 2026, titleZh: '总则', titleEn: 'General rules', fileKey: key, fileName: 'General rules.pdf', fileSize: 13 },
      { activityId: null, year: 2026, titleZh: '守则', titleEn: 'Code of conduct', fileKey: key, fileName: 'conduct.PDF', fileSize: 13 },
    ]);
    const zh = (await get('/api/lOfficialFile/web/list')).json().content;
    expect(zh.map((f: { title: string; activityYear: number | null; fileName: string }) => [f.title, f.activityYear, f.fileName])).toEqual([
      ['守则', null, '守则.pdf'],
      ['总则', 2025, '总则.pdf'],
    ]);
    const en = (await get('/api/lOfficialFile/web/list', 'en')).json().content;
    expect(en[1]).toMatchObject({ title: 'General rules', fileName: 'General rules.pdf', activityName: 'Shanghai', activityYear: 2025 });
    // the year filter follows the same rule
    expect((await get('/api/lOfficialFile/web/list?year=2025')).json().content.map((f: { title: string }) => f.title)).toEqual(['总则']);
    // the download is named like the page that offered it, whatever the browser's language
    const dl = await get(zh[1].url, 'en');
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('总则.pdf')}`);
    expect((await get(`/api/lOfficialFile/web/download/${zh[1].id}?lang=xx`)).statusCode).toBe(400);

    // the activity's file-download switch off: its files leave the list, the program page and the download
    const { activities } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    const prog = await buildProgram(db, past.id);
    expect((await get(`/api/lProgram/web/detail?id=${prog.id}`)).json().data.files).toHaveLength(1);
    await db.update(activities).set({ fileDownloadEnabled: false }).where(eq(activities.id, past.id));
    expect((await get('/api/lOfficialFile/web/list')).json().content.map((f: { title: string }) => f.title)).toEqual(['守则']);
    expect((await get(`/api/lProgram/web/detail?id=${prog.id}`)).json().data.files).toEqual([]);
    expect((await get(zh[1].url)).statusCode).toBe(404);
    expect((await get(zh[0].url)).statusCode).toBe(200);
  });

  it('publishes robots.txt and a sitemap of the public pages', async () => {
    const n = await buildNews(t().database.db);
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
    const sm = await get('/sitemap.xml');
    expect(sm.headers['content-type']).toContain('xml');
    expect(sm.body).toContain('/home</loc>');
    expect(sm.body).toContain(`/newsDetail?id=${n.id}</loc>`);
    // each information page in both languages, each naming the other (issue 23)
    expect(sm.body).toContain(`/en/newsDetail?id=${n.id}</loc>`);
    expect(sm.body).toMatch(/<loc>http:\/\/[^<]+\/en\/about<\/loc><xhtml:link rel="alternate" hreflang="zh-CN" href="http:\/\/[^"]+\/about"\/>/);
    expect(sm.body).toContain('hreflang="x-default"');
    // one address per page (issue 34): the aliases /pictures and /file are left to their main pages
    expect(sm.body).toContain('/pasted</loc>');
    expect(sm.body).toContain('/en/rules</loc>');
    // the privacy policy and the children's rules (issue 37)
    expect(sm.body).toContain('/privacy</loc>');
    expect(sm.body).toContain('/en/childPrivacy</loc>');
    for (const alias of ['/pictures</loc>', '/file</loc>']) expect(sm.body).not.toContain(alias);
    // purchase pages stay out, and robots keeps crawlers out of them
    expect(sm.body).not.toContain('/activityOrder');
    expect(robots.body).toContain('Disallow: /activityOrder');
  });
});

describe('materials and plans', () => {
  it('lists clothes sizes (materials of type 1) and plans of an activity', async () => {
    const { materials, plans } = await import('../../db/schema/index');
    const a = await buildActivity(t().database.db);
    await t()
      .database.db.insert(materials)
      .values([
        { activityId: a.id, nameZh: 'M 码', nameEn: 'M', type: 1, sort: 2 },
        { activityId: a.id, nameZh: 'S 码', nameEn: 'S', type: 1, sort: 1 },
        { activityId: a.id, nameZh: '背包', nameEn: 'Backpack', type: 2 },
      ]);
    await t().database.db.insert(plans).values({ activityId: a.id, nameZh: '标准', nameEn: 'Standard', priceFen: 98000 });
    expect((await get(`/api/lMaterials/web/list?activityId=${a.id}&type=1`, 'en')).json().content.map((m: { name: string }) => m.name)).toEqual(['S', 'M']);
    expect((await get(`/api/lPlan/web/list?activityId=${a.id}&size=100`)).json().content).toEqual([expect.objectContaining({ name: '标准', priceFen: 98000 })]);
  });
});
