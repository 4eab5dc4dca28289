import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  aboutResource,
  activityResource,
  policyResource,
  consoleResource,
  dictionaryResource,
  newsResource,
  officialFileResource,
  partnerResource,
  photoResource,
  pictureResource,
  programResource,
  UPLOAD_LIMITS,
  albumPictureResponse,
  dbId,
  storedUploadResponse,
} from '@rp/shared';
import {
  aboutSections,
  activities,
  consoles,
  dictDetails,
  news,
  officialFiles,
  partners,
  photos,
  pictures,
  policyVersions,
  programs,
} from '../../db/schema/index';
import { nextPolicyVersion } from './policy.routes';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { cleanOriginal, isImageType, processImage, sniff, checkExtension } from '../../lib/images';
import { newKey } from '../../lib/storage';
import { requirePermission } from '../../plugins/auth';
import { findUpload, readLimited, storeContentUpload } from '../uploads/index';

type Row = Record<string, unknown>;
const urlOf = (k: unknown) => (typeof k === 'string' && k ? `/files/${k}` : null);

function withImageUrls(names: string[]) {
  return (row: Row) => {
    const out = { ...row };
    for (const n of names) out[`${n}Url`] = urlOf(row[n]);
    return out;
  };
}

const endNotBeforeStart = (start: string, end: string) => (data: Row) => {
  const s = data[start] as Date | null | undefined;
  const e = data[end] as Date | null | undefined;
  if (s && e && e < s) throw new AppError('VALIDATION_FAILED', { fieldErrors: { [end]: 'validation.endBeforeStart' } });
};

/** The content resources of the admin area, each from its one definition (+ small hooks). */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const clearGallery = async () => deps.galleryCache.clear();
  const knownUpload = async (key: unknown, field: string) => {
    if (typeof key === 'string' && key && !(await findUpload(deps, key)))
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: 'upload.missing' } });
  };

  await app.register(resourceRoutes(newsResource, news, { present: withImageUrls(['cover']), validate: (d) => knownUpload(d.cover, 'cover') }));
  await app.register(
    resourceRoutes(activityResource, activities, {
      present: withImageUrls(['poster']),
      validate: async (d) => {
        endNotBeforeStart('beginTime', 'finishTime')(d);
        endNotBeforeStart('signUpBegin', 'signUpEnd')(d);
        await knownUpload(d.poster, 'poster');
      },
    }),
  );
  await app.register(
    resourceRoutes(programResource, programs, {
      present: withImageUrls(['cover']),
      validate: async (d) => {
        if (typeof d.minAge === 'number' && typeof d.maxAge === 'number' && d.maxAge < d.minAge)
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { maxAge: 'validation.tooSmall' } });
        await knownUpload(d.cover, 'cover');
      },
    }),
  );
  await app.register(
    resourceRoutes(officialFileResource, officialFiles, {
      validate: async (d) => {
        if (typeof d.fileKey === 'string' && d.fileKey) {
          const up = await findUpload(deps, d.fileKey);
          if (!up) throw new AppError('VALIDATION_FAILED', { fieldErrors: { fileKey: 'upload.missing' } });
          // name, size and type come from the stored upload, never from the form
          return { fileName: up.fileName, fileSize: up.size, mime: up.mime };
        }
      },
    }),
  );
  await app.register(resourceRoutes(partnerResource, partners, { present: withImageUrls(['logo']), validate: (d) => knownUpload(d.logo, 'logo') }));
  await app.register(resourceRoutes(aboutResource, aboutSections));
  // a saved policy is a new version (numbered here), in force from its date or from now; rows are never edited
  await app.register(
    resourceRoutes(policyResource, policyVersions, {
      validate: async (d, { db }) => ({ version: await nextPolicyVersion(db, d.kind as 'privacy' | 'children'), effectiveAt: d.effectiveAt ?? new Date() }),
    }),
  );
  await app.register(resourceRoutes(dictionaryResource, dictDetails));
  await app.register(resourceRoutes(consoleResource, consoles, { present: withImageUrls(['logo', 'cover']), afterWrite: clearGallery }));
  await app.register(resourceRoutes(photoResource, photos, { afterWrite: clearGallery }));
  await app.register(
    resourceRoutes(pictureResource, pictures, {
      present: withImageUrls(['thumbKey']),
      afterWrite: async ({ db, before, after }) => {
        if (before && !after) {
          await db
            .update(photos)
            .set({ pictureCount: sql`greatest(${photos.pictureCount} - 1, 0)` })
            .where(eq(photos.id, before.photoId as number));
          for (const k of ['originalKey', 'displayKey', 'thumbKey']) await deps.storage.remove(before[k] as string).catch(() => undefined);
        }
        deps.galleryCache.clear();
      },
    }),
  );

  // Uploads for image and file fields of the forms: checked by content, images re-encoded.
  const uploadQuery = z.object({ kind: z.enum(['image', 'file']).default('image') });
  app.post(
    '/api/admin/uploads',
    { schema: { tags: ['admin'], querystring: uploadQuery, response: { 200: storedUploadResponse } }, preHandler: requirePermission('content.edit') },
    async (req) => {
      const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.contentFile + 1, files: 1 } });
      if (!file) throw new AppError('UPLOAD_MISSING');
      const max = req.query.kind === 'image' ? UPLOAD_LIMITS.contentImage : UPLOAD_LIMITS.contentFile;
      const data = await readLimited(file, max);
      const stored = await storeContentUpload(deps, data, file.filename, req.query.kind, req.user!.id);
      return ok(req, { data: stored }, 'ok.create');
    },
  );

  // Bulk picture upload: one file per request; the admin screen sends many with bounded concurrency.
  const pictureParams = z.object({ id: dbId });
  app.post(
    '/api/admin/photos/:id/pictures',
    { schema: { tags: ['admin'], params: pictureParams, response: { 200: albumPictureResponse } }, preHandler: requirePermission('content.edit') },
    async (req) => {
      const [album] = await deps.database.db
        .select({ id: photos.id, watermark: consoles.watermark })
        .from(photos)
        .innerJoin(consoles, eq(consoles.id, photos.consoleId))
        .where(eq(photos.id, req.params.id))
        .limit(1);
      if (!album) throw new AppError('ALBUM_NOT_FOUND');
      const fields: Record<string, string> = {};
      let data: Buffer | null = null;
      let fileName = '';
      for await (const part of req.parts({ limits: { fileSize: UPLOAD_LIMITS.galleryPicture + 1, files: 1, fields: 10, fieldSize: 1000 } })) {
        if (part.type === 'file') {
          data = await readLimited(part, UPLOAD_LIMITS.galleryPicture);
          fileName = part.filename;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value
            .replace(/[\u0000-\u001f]/g, ' ')
            .trim()
            .slice(0, 100);
        }
      }
      if (!data) throw new AppError('UPLOAD_MISSING');
      const type = sniff(data);
      if (!isImageType(type)) throw new AppError('UPLOAD_NOT_IMAGE');
      const ext = checkExtension(type, fileName);
      const img = await processImage(data, { watermark: album.watermark || undefined });
      const originalKey = newKey('originals', ext === 'jpeg' ? 'jpg' : ext);
      const displayKey = newKey('public/pictures', 'jpg');
      const thumbKey = newKey('public/thumbs', 'webp');
      // the downloadable original keeps orientation and capture time, never the place (GPS, XMP, IPTC)
      const original = await cleanOriginal(data, type);
      await Promise.all([
        deps.storage.put(originalKey, original),
        deps.storage.put(displayKey, img.display, 'image/jpeg'),
        deps.storage.put(thumbKey, img.thumb, 'image/webp'),
      ]);
      const row = await deps.database.db.transaction(async (tx) => {
        const [p] = await tx
          .insert(pictures)
          .values({
            photoId: album.id,
            name: fileName.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200),
            originalKey,
            displayKey,
            thumbKey,
            width: img.width,
            height: img.height,
            bytes: original.length,
            teamName: fields.teamName || null,
            memberName: fields.memberName || null,
            programName: fields.programName || null,
          })
          .returning();
        await tx
          .update(photos)
          .set({ pictureCount: sql`${photos.pictureCount} + 1` })
          .where(eq(photos.id, album.id));
        return p!;
      });
      deps.galleryCache.clear();
      return ok(req, { data: { id: row.id, name: row.name, width: row.width, height: row.height, thumbUrl: `/files/${row.thumbKey}` } }, 'ok.create');
    },
  );
};
