import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, news } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildNews } from '../../test/factories';
import { presentActivity, presentNews } from './present';

/**
 * Issue 39: the public lists select only the columns they return (not every article's body, every activity's
 * detailed introduction, in both languages): their answers stay what the whole rows made, in both languages.
 */
const t = useTestApp();
const get = (url: string, lang: 'zh' | 'en') => t().app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('public lists read the columns they return', () => {
  it('the news list answers what the whole rows made', async () => {
    const body = '<p>' + '长文'.repeat(2000) + '</p>';
    await buildNews(t().database.db, {
      titleZh: '新闻',
      titleEn: 'News',
      summaryZh: '摘要',
      summaryEn: '',
      contentZh: body,
      contentEn: body,
      cover: 'c/1.jpg',
    });
    await buildNews(t().database.db, { titleZh: '只有中文', titleEn: '', publishedAt: new Date('2026-01-01') });
    const rows = await t().database.db.select().from(news);
    for (const lang of ['zh', 'en'] as const) {
      const list = (await get('/api/lNews/web/list?page=0&size=10', lang)).json();
      const expected = [...rows].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()).map((n) => presentNews(lang, n));
      expect(list.content, lang).toEqual(expected);
    }
  });

  it('the activity list answers what the whole rows made; its award form keeps the detailed introduction', async () => {
    const a = await buildActivity(t().database.db, {
      nameZh: '北京站',
      nameEn: 'Beijing',
      detailZh: '<p>详情</p>',
      detailEn: '<p>Detail</p>',
      venueZh: '体育馆',
    });
    const [row] = await t().database.db.select().from(activities).where(eq(activities.id, a.id));
    for (const lang of ['zh', 'en'] as const) {
      const list = (await get('/api/lActivity/web/listV2?page=0&size=10', lang)).json();
      // presentActivity's "sign-up open" is worked out against the clock: both at nearly the same moment
      expect(list.content, lang).toEqual([presentActivity(lang, row!)]);
      expect(list.content[0], lang).not.toHaveProperty('detail');
      const one = (await get(`/api/lActivity/web/listV2?id=${a.id}&award=true`, lang)).json();
      expect(one.content[0].detail, lang).toBe(lang === 'zh' ? '<p>详情</p>' : '<p>Detail</p>');
    }
  });
});
