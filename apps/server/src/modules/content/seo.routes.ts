import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, lte } from 'drizzle-orm';
import { activities, consoles, news, programs } from '../../db/schema/index';
import { publicBase } from '../../lib/public-base';

const STATIC = ['/home', '/news', '/pasted', '/pictures', '/program', '/activity', '/rules', '/partner', '/about', '/registration'];

/** robots.txt and sitemap.xml for the public pages (absolute URLs from PUBLIC_BASE_URL, never the request's Host). */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const origin = (_req?: unknown) => publicBase(app.deps.config);

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /admin',
          'Disallow: /userCenter',
          'Disallow: /api/',
          'Disallow: /auth/',
          `Sitemap: ${origin(req)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const [n, a, p, c] = await Promise.all([
      db
        .select({ id: news.id, at: news.publishedAt })
        .from(news)
        .where(and(eq(news.status, 1), lte(news.publishedAt, new Date())))
        .orderBy(desc(news.publishedAt))
        .limit(5000),
      db.select({ id: activities.id }).from(activities).where(eq(activities.show, true)),
      db.select({ id: programs.id }).from(programs).innerJoin(activities, eq(activities.id, programs.activityId)).where(eq(activities.show, true)),
      db.select({ id: consoles.id }).from(consoles).where(eq(consoles.status, 1)),
    ]);
    const base = origin(req);
    const urls = [
      ...STATIC.map((s) => `<url><loc>${base}${s}</loc></url>`),
      ...n.map((x) => `<url><loc>${base}/newsDetail?id=${x.id}</loc><lastmod>${x.at.toISOString().slice(0, 10)}</lastmod></url>`),
      ...a.map((x) => `<url><loc>${base}/activityOrder?id=${x.id}</loc></url>`),
      ...p.map((x) => `<url><loc>${base}/programInfo?id=${x.id}</loc></url>`),
      ...c.map((x) => `<url><loc>${base}/picturesDetail?consoleId=${x.id}</loc></url>`),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
  });
};
