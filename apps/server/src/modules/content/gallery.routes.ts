import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { consoleListBody, consoleListResponse, photoListBody, photoListResponse, pictureListBody, pictureListResponse, type PictureListData } from '@rp/shared';
import { consoles, photos, pictures } from '../../db/schema/index';
import { ok, page } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { gzipSync } from 'node:zlib';
import { fileUrl, pick } from './present';
import { containsPattern } from '../../lib/like';
import type { CachedBody } from '../../lib/ttl-cache';
import { z } from 'zod';
import { openOr404, sendObject } from '../uploads/index';
import { cleanStoredOriginals } from './originals.service';

/** Cursor = last row's (takenAt, id); the next page starts strictly after it. */
export function encodeCursor(takenAt: Date, id: number): string {
  return Buffer.from(`${takenAt.getTime()}:${id}`).toString('base64url');
}
export function decodeCursor(c: string): { t: Date; id: number } | null {
  const m = /^(\d{1,15}):(\d{1,10})$/.exec(Buffer.from(c, 'base64url').toString());
  return m ? { t: new Date(Number(m[1])), id: Number(m[2]) } : null;
}

const albumNotFound = () => new AppError('ALBUM_NOT_FOUND');

/**
 * The public gallery (spec 2.8, 7.8). Picture pages use keyset paging over (taken_at, id), so page 1,000
 * of a 100,000-picture album costs what page 1 costs. Serialized pages are cached for a few seconds
 * (a gallery under a rush is read far more than written); admin writes clear the cache of this process.
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['gallery'];
  const cache = app.deps.galleryCache;

  app.post('/api/lCloudConfig/consoleListNoToken', { schema: { tags, body: consoleListBody, response: { 200: consoleListResponse } } }, async (req) => {
    const q = req.body;
    const w = and(eq(consoles.status, 1), q.year ? eq(consoles.year, q.year) : undefined);
    const counts = db
      .select({ consoleId: photos.consoleId, n: sql<number>`sum(${photos.pictureCount})`.as('n') })
      .from(photos)
      .where(eq(photos.status, 1))
      .groupBy(photos.consoleId)
      .as('counts');
    const [rows, [total]] = await Promise.all([
      db
        .select({ c: consoles, n: counts.n })
        .from(consoles)
        .leftJoin(counts, eq(counts.consoleId, consoles.id))
        .where(w)
        .orderBy(desc(consoles.year), asc(consoles.sort), desc(consoles.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(consoles).where(w),
    ]);
    const content = rows.map(({ c, n }) => ({
      id: c.id,
      name: pick(req.lang, c.nameZh, c.nameEn),
      description: pick(req.lang, c.descriptionZh, c.descriptionEn),
      logoUrl: fileUrl(c.logo),
      coverUrl: fileUrl(c.cover),
      year: c.year,
      filterEnabled: c.filterEnabled,
      pictureCount: Number(n ?? 0),
    }));
    return page(req, content, Number(total?.n ?? 0), q.page, q.size);
  });

  app.post('/api/lGlobalMessage/photoListNoToken', { schema: { tags, body: photoListBody, response: { 200: photoListResponse } } }, async (req) => {
    const [c] = await db
      .select()
      .from(consoles)
      .where(and(eq(consoles.id, req.body.consoleId), eq(consoles.status, 1)))
      .limit(1);
    if (!c) throw albumNotFound();
    const albums = await db
      .select()
      .from(photos)
      .where(and(eq(photos.consoleId, c.id), eq(photos.status, 1)))
      .orderBy(asc(photos.sort), asc(photos.id));
    const list = albums.map((p) => ({
      id: p.id,
      name: pick(req.lang, p.nameZh, p.nameEn),
      description: pick(req.lang, p.descriptionZh, p.descriptionEn),
      total: p.pictureCount,
    }));
    return ok(
      req,
      {
        data: {
          photo: {
            id: c.id,
            name: pick(req.lang, c.nameZh, c.nameEn),
            description: pick(req.lang, c.descriptionZh, c.descriptionEn),
            logoUrl: fileUrl(c.logo),
            coverUrl: fileUrl(c.cover),
            year: c.year,
            status: c.status,
            filterEnabled: c.filterEnabled,
            pictureCount: list.reduce((s, a) => s + a.total, 0),
          },
          list,
          config: { thumbnail: 'webp 480w', watermark: c.watermark !== '' },
        },
      },
      'ok.query',
    );
  });

  const sendCached = (req: FastifyRequest, reply: FastifyReply, entry: CachedBody): FastifyReply => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send((gzip ? entry.gz : entry.raw) as never);
  };
  const cacheKey = new WeakMap<FastifyRequest, string>();

  app.post(
    '/api/lGlobalMessage/pictureListNoToken',
    {
      schema: { tags, body: pictureListBody, response: { 200: pictureListResponse } },
      // A page seen in the last seconds is answered before validation: only validated requests were stored
      // under their raw body, so an identical raw body is known good.
      preValidation: (req, reply, done) => {
        const key = `${req.lang}:${JSON.stringify(req.body)}`;
        cacheKey.set(req as FastifyRequest, key);
        const hit = cache.get(key);
        if (hit) {
          void sendCached(req as FastifyRequest, reply as FastifyReply, hit);
          return;
        }
        done();
      },
    },
    async (req, reply) => {
      const q = req.body;
      const key = cacheKey.get(req as FastifyRequest)!;
      const [album] = await db
        .select({ id: photos.id, total: photos.pictureCount, filterEnabled: consoles.filterEnabled })
        .from(photos)
        .innerJoin(consoles, eq(consoles.id, photos.consoleId))
        .where(and(eq(photos.id, q.photoId), eq(photos.status, 1), eq(consoles.status, 1)))
        .limit(1);
      if (!album) throw new AppError('ALBUM_NOT_FOUND', { message: 'error.albumItemNotFound' }); // spec 8.2 'cannot find the album item'
      const filters: SQL[] = [];
      if (q.teamName || q.memberName || q.programName) {
        if (!album.filterEnabled) throw new AppError('VALIDATION_FAILED', { message: 'error.validation' });
        if (q.teamName) filters.push(ilike(pictures.teamName, containsPattern(q.teamName)));
        if (q.memberName) filters.push(ilike(pictures.memberName, containsPattern(q.memberName)));
        if (q.programName) filters.push(ilike(pictures.programName, containsPattern(q.programName)));
      }
      const base = and(eq(pictures.photoId, album.id), ...filters);
      const asc_ = q.sortStr === 'asc';
      let where = base;
      let offset = 0;
      if (q.cursor) {
        const c = decodeCursor(q.cursor);
        if (!c) throw new AppError('VALIDATION_FAILED', { fieldErrors: { cursor: 'validation.invalid' } });
        const after = asc_
          ? or(gt(pictures.takenAt, c.t), and(eq(pictures.takenAt, c.t), gt(pictures.id, c.id)))
          : or(lt(pictures.takenAt, c.t), and(eq(pictures.takenAt, c.t), lt(pictures.id, c.id)));
        where = and(base, after);
      } else {
        offset = q.pageIndex * q.pageNum; // compatibility form of the spec; the web app uses the cursor
      }
      const order = asc_ ? [asc(pictures.takenAt), asc(pictures.id)] : [desc(pictures.takenAt), desc(pictures.id)];
      const rows = await db
        .select()
        .from(pictures)
        .where(where)
        .orderBy(...order)
        .limit(q.pageNum)
        .offset(offset);
      const totalCount = filters.length ? Number((await db.select({ n: count() }).from(pictures).where(base))[0]?.n ?? 0) : album.total;
      const last = rows[rows.length - 1];
      const data: PictureListData = {
        list: rows.map((p) => ({
          id: p.id,
          name: p.name,
          picUrl: `/files/${p.displayKey}`,
          thumbUrl: `/files/${p.thumbKey}`,
          originalUrl: `/api/pictures/original/${p.originalToken}`,
          width: p.width,
          height: p.height,
          teamName: p.teamName,
          memberName: p.memberName,
          programName: p.programName,
          takenAt: p.takenAt.toISOString(),
        })),
        totalCount,
        nextCursor: last && rows.length === q.pageNum ? encodeCursor(last.takenAt, last.id) : null,
      };
      const raw = Buffer.from(JSON.stringify(ok(req, { data: JSON.stringify(data) }, 'ok.query')));
      // compressed once, served many times (browsers always accept gzip)
      const entry = { raw, gz: gzipSync(raw, { level: 6 }) };
      cache.set(key, entry);
      return sendCached(req as FastifyRequest, reply as FastifyReply, entry);
    },
  );

  // Originals (location stripped at upload) by their unguessable token: ids are sequential, so
  // /api/pictures/<id>/original does not exist and nobody can walk every original of every album.
  // Originals from before the stripping are served once cleaned (in the background, from start).
  app.addHook('onReady', () => {
    void cleanStoredOriginals(app.deps, app.log).catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'cleaning album originals stopped'));
  });
  const originalParams = z.object({ key: z.string().regex(/^[a-f0-9]{32}$/) });
  app.get('/api/pictures/original/:key', { schema: { tags, params: originalParams } }, async (req, reply) => {
    const [p] = await db
      .select({ key: pictures.originalKey, name: pictures.name, id: pictures.id })
      .from(pictures)
      .innerJoin(photos, eq(photos.id, pictures.photoId))
      .innerJoin(consoles, eq(consoles.id, photos.consoleId))
      .where(and(eq(pictures.originalToken, req.params.key), eq(pictures.originalClean, true), eq(photos.status, 1), eq(consoles.status, 1)))
      .limit(1);
    if (!p) throw new AppError('NOT_FOUND');
    const file = await openOr404(app.deps.storage, p.key);
    const ext = p.key.split('.').pop();
    const name = `${p.name || `picture-${p.id}`}`.replace(/\.[a-z0-9]+$/i, '') + `.${ext}`;
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="picture-${p.id}.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    return sendObject(reply, file);
  });
};
