import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  aboutListResponse,
  activityListQuery,
  activityListResponse,
  contentIdQuery,
  dictListResponse,
  dictQuery,
  newsDetailResponse,
  newsListQuery,
  newsListResponse,
  officialFileListResponse,
  officialFileQuery,
  partnerListResponse,
  partnerQuery,
  programDetailResponse,
  programListQuery,
  programListResponse,
  pageResponse,
  planItem,
  dbId,
  dbInt,
} from '@rp/shared';
import { aboutSections, activities, dictDetails, materials, news, officialFiles, partners, plans, programs } from '../../db/schema/index';
import { z } from 'zod';
import { ok, page } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { activityListColumns, fileUrl, pick, newsListColumns, presentActivity, presentNews, presentProgram } from './present';
import { siteRoutes } from './site.routes';
import { policyRoutes } from './policy.routes';
import { openOr404, sendObject } from '../uploads/index';

/** A file's title in the reader's language with the stored file's extension (a safe file name). */
export function downloadName(title: string, stored: string | null, id: number): string {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(stored ?? '')?.[1]?.toLowerCase();
  const base =
    title
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
      .trim()
      .slice(0, 120) || `file-${id}`;
  return ext ? `${base}.${ext}` : base;
}

/** Public reads (spec 7.3): no token needed; hidden and draft rows never leave. */
export const publicContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['content'];
  await app.register(siteRoutes);
  await app.register(policyRoutes);

  app.get('/api/lActivity/web/listV2', { schema: { tags, querystring: activityListQuery, response: { 200: activityListResponse } } }, async (req) => {
    const q = req.query;
    const isStaff = req.user?.isStaff ?? false;
    const where: SQL[] = [];
    // Visitors only ever see shown activities; staff may opt out with show=0.
    if (!(isStaff && q.show === 0)) where.push(eq(activities.show, true));
    if (q.id !== undefined) where.push(eq(activities.id, q.id));
    if (q.year !== undefined) where.push(eq(activities.year, q.year));
    if (q.status !== undefined) where.push(eq(activities.status, q.status));
    const w = and(...where);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          ...activityListColumns,
          // the detailed introduction with the award form only (below): a list does not read it
          detailZh: q.award ? activities.detailZh : sql<string>`''`,
          detailEn: q.award ? activities.detailEn : sql<string>`''`,
        })
        .from(activities)
        .where(w)
        .orderBy(desc(activities.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(activities).where(w),
    ]);
    let content = rows.map((a) => presentActivity(req.lang, a));
    if (q.award && rows.length) {
      const ids = rows.map((r) => r.id);
      const [progs, pls] = await Promise.all([
        db.select().from(programs).where(inArray(programs.activityId, ids)).orderBy(asc(programs.sort), asc(programs.id)),
        db.select().from(plans).where(inArray(plans.activityId, ids)).orderBy(asc(plans.id)),
      ]);
      content = content.map((a, i) => ({
        ...a,
        // the detailed introduction (issue 14) comes with the one-activity form only: lists stay small
        detail: pick(req.lang, rows[i]!.detailZh, rows[i]!.detailEn),
        programs: progs.filter((p) => p.activityId === a.id).map((p) => presentProgram(req.lang, p, { zh: rows[i]!.nameZh, en: rows[i]!.nameEn })),
        plans: pls.filter((p) => p.activityId === a.id).map((p) => ({ id: p.id, name: pick(req.lang, p.nameZh, p.nameEn), priceFen: p.priceFen })),
      }));
    }
    return page(req, content, Number(total?.n ?? 0), q.page, q.size);
  });

  app.get('/api/lProgram/web/list', { schema: { tags, querystring: programListQuery, response: { 200: programListResponse } } }, async (req) => {
    const q = req.query;
    const w = and(eq(activities.show, true), q.activityId ? eq(programs.activityId, q.activityId) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({ p: programs, zh: activities.nameZh, en: activities.nameEn })
        .from(programs)
        .innerJoin(activities, eq(activities.id, programs.activityId))
        .where(w)
        .orderBy(desc(programs.activityId), asc(programs.sort), asc(programs.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(programs).innerJoin(activities, eq(activities.id, programs.activityId)).where(w),
    ]);
    return page(
      req,
      rows.map((r) => presentProgram(req.lang, r.p, { zh: r.zh, en: r.en })),
      Number(total?.n ?? 0),
      q.page,
      q.size,
    );
  });

  // Materials (type 1 = clothes sizes) and plans of an activity (spec 7.3)
  const materialQuery = z.object({ activityId: dbId, type: dbInt.optional(), size: z.coerce.number().int().min(1).max(500).default(100) });
  const materialItem = z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), size: z.string().nullable(), remaining: z.number().int() });
  app.get('/api/lMaterials/web/list', { schema: { tags, querystring: materialQuery, response: { 200: pageResponse(materialItem) } } }, async (req) => {
    const q = req.query;
    const rows = await db
      .select()
      .from(materials)
      .where(and(eq(materials.activityId, q.activityId), q.type === undefined ? undefined : eq(materials.type, q.type)))
      .orderBy(asc(materials.sort), asc(materials.id))
      .limit(q.size);
    const content = rows.map((m) => ({ id: m.id, name: pick(req.lang, m.nameZh, m.nameEn), type: m.type, size: m.size, remaining: m.remaining }));
    return page(req, content, content.length, 0, q.size);
  });
  const planQuery = z.object({ activityId: dbId, size: z.coerce.number().int().min(1).max(500).default(100) });
  app.get('/api/lPlan/web/list', { schema: { tags, querystring: planQuery, response: { 200: pageResponse(planItem) } } }, async (req) => {
    const rows = await db.select().from(plans).where(eq(plans.activityId, req.query.activityId)).orderBy(asc(plans.id)).limit(req.query.size);
    const content = rows.map((p) => ({ id: p.id, name: pick(req.lang, p.nameZh, p.nameEn), priceFen: p.priceFen }));
    return page(req, content, content.length, 0, req.query.size);
  });

  app.get('/api/lProgram/web/detail', { schema: { tags, querystring: contentIdQuery, response: { 200: programDetailResponse } } }, async (req) => {
    const [r] = await db
      .select({ p: programs, zh: activities.nameZh, en: activities.nameEn })
      .from(programs)
      .innerJoin(activities, eq(activities.id, programs.activityId))
      .where(and(eq(programs.id, req.query.id), eq(activities.show, true)))
      .limit(1);
    if (!r) throw new AppError('NOT_FOUND');
    const [act] = await db
      .select({ year: activities.year, downloads: activities.fileDownloadEnabled })
      .from(activities)
      .where(eq(activities.id, r.p.activityId))
      .limit(1);
    // the activity's file-download switch (spec 3) hides its rules files
    const files = act?.downloads
      ? await db
          .select()
          .from(officialFiles)
          .where(and(eq(officialFiles.activityId, r.p.activityId), eq(officialFiles.status, 1)))
          .orderBy(asc(officialFiles.sort), desc(officialFiles.id))
      : [];
    const activity = { name: pick(req.lang, r.zh, r.en), year: act?.year ?? null };
    return ok(
      req,
      { data: { ...presentProgram(req.lang, r.p, { zh: r.zh, en: r.en }), files: files.map((f) => presentFile(req.lang, f, activity)) } },
      'ok.query',
    );
  });

  function presentFile(lang: 'zh' | 'en', f: typeof officialFiles.$inferSelect, activity: { name: string; year: number | null } | null) {
    const title = pick(lang, f.titleZh, f.titleEn);
    return {
      id: f.id,
      title,
      year: f.year,
      activityId: f.activityId,
      activityName: activity?.name ?? null,
      activityYear: activity?.year ?? null,
      fileName: downloadName(title, f.fileName, f.id),
      fileSize: f.fileSize,
      downloads: f.downloads,
      // the language rides along so the saved file is named like the page that offered it
      url: `/api/lOfficialFile/web/download/${f.id}?lang=${lang}`,
    };
  }

  // A file's own year unless it belongs to an activity: then it is filed under the activity's year.
  const fileYear = sql<number>`coalesce(${activities.year}, ${officialFiles.year})`;
  // A file of an activity whose file-download switch is off is neither listed nor downloadable.
  const downloadable = or(isNull(officialFiles.activityId), eq(activities.fileDownloadEnabled, true));
  const downloadableById = sql`(${officialFiles.activityId} is null or exists (select 1 from ${activities} where ${activities.id} = ${officialFiles.activityId} and ${activities.fileDownloadEnabled}))`;

  app.get('/api/lOfficialFile/web/list', { schema: { tags, querystring: officialFileQuery, response: { 200: officialFileListResponse } } }, async (req) => {
    const q = req.query;
    const w = and(
      eq(officialFiles.status, 1),
      downloadable,
      q.year ? eq(fileYear, q.year) : undefined,
      q.activityId ? eq(officialFiles.activityId, q.activityId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ f: officialFiles, zh: activities.nameZh, en: activities.nameEn, year: activities.year })
        .from(officialFiles)
        .leftJoin(activities, eq(activities.id, officialFiles.activityId))
        .where(w)
        .orderBy(desc(fileYear), asc(officialFiles.sort), desc(officialFiles.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(officialFiles).leftJoin(activities, eq(activities.id, officialFiles.activityId)).where(w),
    ]);
    return page(
      req,
      rows.map((r) => presentFile(req.lang, r.f, r.zh === null ? null : { name: pick(req.lang, r.zh, r.en), year: r.year })),
      Number(total?.n ?? 0),
      q.page,
      q.size,
    );
  });

  const downloadQuery = z.object({ lang: z.enum(['zh', 'en']).optional() });
  app.get('/api/lOfficialFile/web/download/:id', { schema: { tags, params: contentIdQuery, querystring: downloadQuery } }, async (req, reply) => {
    const [f] = await db
      .update(officialFiles)
      .set({ downloads: sql`${officialFiles.downloads} + 1` })
      .where(and(eq(officialFiles.id, req.params.id), eq(officialFiles.status, 1), downloadableById))
      .returning();
    if (!f?.fileKey) throw new AppError('NOT_FOUND');
    const file = await openOr404(app.deps.storage, f.fileKey);
    const lang = req.query.lang ?? req.lang;
    const name = downloadName(pick(lang, f.titleZh, f.titleEn), f.fileName, f.id);
    reply
      .header('content-type', f.mime ?? 'application/octet-stream')
      .header('content-disposition', `attachment; filename="file-${f.id}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff');
    return sendObject(reply, file);
  });

  app.get('/api/lPartner/web/list', { schema: { tags, querystring: partnerQuery, response: { 200: partnerListResponse } } }, async (req) => {
    const q = req.query;
    const w = and(eq(partners.status, 1), q.type ? eq(partners.type, q.type) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(partners)
        .where(w)
        .orderBy(asc(partners.sort), asc(partners.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(partners).where(w),
    ]);
    const content = rows.map((p) => ({
      id: p.id,
      name: pick(req.lang, p.nameZh, p.nameEn),
      description: pick(req.lang, p.descriptionZh, p.descriptionEn),
      logoUrl: fileUrl(p.logo),
      url: p.url,
      type: p.type,
    }));
    return page(req, content, Number(total?.n ?? 0), q.page, q.size);
  });

  app.get('/api/dictDetail', { schema: { tags, querystring: dictQuery, response: { 200: dictListResponse } } }, async (req) => {
    const q = req.query;
    const w = eq(dictDetails.dictName, q.dictName);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(dictDetails)
        .where(w)
        .orderBy(asc(dictDetails.sort), asc(dictDetails.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(dictDetails).where(w),
    ]);
    return page(
      req,
      rows.map((d) => ({ id: d.id, value: d.value, label: pick(req.lang, d.labelZh, d.labelEn) })),
      Number(total?.n ?? 0),
      q.page,
      q.size,
    );
  });

  const published = () => and(eq(news.status, 1), lte(news.publishedAt, new Date()));

  app.get('/api/lNews/web/list', { schema: { tags, querystring: newsListQuery, response: { 200: newsListResponse } } }, async (req) => {
    const q = req.query;
    const [rows, [total]] = await Promise.all([
      db
        .select(newsListColumns)
        .from(news)
        .where(published())
        .orderBy(desc(news.publishedAt), desc(news.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(news).where(published()),
    ]);
    return page(
      req,
      rows.map((n) => presentNews(req.lang, n)),
      Number(total?.n ?? 0),
      q.page,
      q.size,
    );
  });

  app.get('/api/lNews/web/detail', { schema: { tags, querystring: contentIdQuery, response: { 200: newsDetailResponse } } }, async (req) => {
    const [n] = await db
      .select()
      .from(news)
      .where(and(eq(news.id, req.query.id), published()))
      .limit(1);
    if (!n) throw new AppError('NOT_FOUND');
    const brief = { id: news.id, titleZh: news.titleZh, titleEn: news.titleEn };
    const [[newer], [older]] = await Promise.all([
      db
        .select(brief)
        .from(news)
        .where(and(published(), gt(news.publishedAt, n.publishedAt)))
        .orderBy(asc(news.publishedAt))
        .limit(1),
      db
        .select(brief)
        .from(news)
        .where(and(published(), lt(news.publishedAt, n.publishedAt)))
        .orderBy(desc(news.publishedAt))
        .limit(1),
    ]);
    const b = (x: typeof newer) => (x ? { id: x.id, title: pick(req.lang, x.titleZh, x.titleEn) } : null);
    return ok(req, { data: { ...presentNews(req.lang, n), content: pick(req.lang, n.contentZh, n.contentEn), prev: b(older), next: b(newer) } }, 'ok.query');
  });

  app.get('/api/lAbout/web/list', { schema: { tags, response: { 200: aboutListResponse } } }, async (req) => {
    const rows = await db.select().from(aboutSections).orderBy(asc(aboutSections.sort), asc(aboutSections.id));
    const content = rows.map((a) => ({ id: a.id, title: pick(req.lang, a.titleZh, a.titleEn), content: pick(req.lang, a.contentZh, a.contentEn) }));
    return ok(req, { content, totalElements: content.length }, 'ok.query');
  });
};
