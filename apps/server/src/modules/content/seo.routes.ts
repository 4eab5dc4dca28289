import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, lte } from 'drizzle-orm';
import { activities, consoles, news, programs } from '../../db/schema/index';
import { publicBase } from '../../lib/public-base';

// The information pages (issue 23); purchase pages (/activityOrder), the portal and the admin are left out, and
// so are the aliases /pictures and /file (issue 34: their canonical address is /pasted and /rules).
const STATIC = ['/home', '/news', '/pasted', '/program', '/activity', '/registration', '/rules', '/partner', '/about', '/privacy', '/childPrivacy'];

/** English lives under /en (apps/web/src/lib/lang-path.ts); Chinese at the plain path. */
const EN_PREFIX = '/en';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Both languages of a page, each listing the other (and x-default) as alternates. */
function urlPair(base: string, path: string, lastmod?: string): string[] {
  const zh = base + path;
  const en = base + EN_PREFIX + path;
  const alternates = [
    `<xhtml:link rel="alternate" hreflang="zh-CN" href="${xmlEscape(zh)}"/>`,
    `<xhtml:link rel="alternate" hreflang="en" href="${xmlEscape(en)}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(zh)}"/>`,
  ].join('');
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return [zh, en].map((loc) => `<url><loc>${xmlEscape(loc)}</loc>${mod}${alternates}</url>`);
}

/** robots.txt and sitemap.xml for the public pages (absolute URLs from PUBLIC_BASE_URL, never the request's Host). */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const origin = () => publicBase(app.deps.config).replace(/\/+$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /userCenter',
        'Disallow: /msg',
        'Disallow: /activityOrder',
        // `$` ends the path: /registration (an information page) stays crawlable
        'Disallow: /login$',
        'Disallow: /regist$',
        'Disallow: /api/',
        'Disallow: /auth/',
        `Sitemap: ${origin()}/sitemap.xml`,
        '',
      ].join('\n'),
    ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const [n, p, c] = await Promise.all([
      db
        .select({ id: news.id, at: news.publishedAt })
        .from(news)
        .where(and(eq(news.status, 1), lte(news.publishedAt, new Date())))
        .orderBy(desc(news.publishedAt))
        .limit(5000),
      db.select({ id: programs.id }).from(programs).innerJoin(activities, eq(activities.id, programs.activityId)).where(eq(activities.show, true)),
      db.select({ id: consoles.id }).from(consoles).where(eq(consoles.status, 1)),
    ]);
    const base = origin();
    const urls = [
      ...STATIC.flatMap((s) => urlPair(base, s)),
      ...n.flatMap((x) => urlPair(base, `/newsDetail?id=${x.id}`, x.at.toISOString().slice(0, 10))),
      ...p.flatMap((x) => urlPair(base, `/programInfo?id=${x.id}`)),
      ...c.flatMap((x) => urlPair(base, `/picturesDetail?consoleId=${x.id}`)),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
};
