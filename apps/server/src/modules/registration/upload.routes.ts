import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { isChild, isMainlandPhone, ossUploadResponse, UPLOAD_LIMITS } from '@rp/shared';
import { leaders, teamMembers, uploads, volunteers } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { checkExtension, processImage, sniff } from '../../lib/images';
import { isValidKey, newKey } from '../../lib/storage';
import { activityScope } from '../../lib/scope';
import { assertChildAccess, logPiiAccess } from '../../lib/child-access';
import { requireAuth } from '../../plugins/auth';
import { findSession } from '../../lib/session';
import { readLimited, tooLarge } from '../uploads/index';
import { openOr404, sendObject } from '../uploads/index';

/**
 * POST api/lCloudConfig/oss/upload (spec 7.2): avatars (JPG/PNG ≤ 5 MB, name first) and teacher
 * attachments (jpeg/png/doc/docx ≤ 3 MB, valid phone first), checked by content. Children's photos are
 * private: served only to their uploader and staff, never from the public file route.
 */
export const registrationUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/api/lCloudConfig/oss/upload',
    { schema: { tags: ['registration'], response: { 200: ossUploadResponse } }, preHandler: requireAuth, config: { limits: ['upload'] } },
    async (req) => {
      const fields: Record<string, string> = {};
      let data: Buffer | null = null;
      let fileName = '';
      for await (const part of req.parts({ limits: { fileSize: UPLOAD_LIMITS.playerPhoto + 1, files: 1, fields: 10, fieldSize: 500 } })) {
        if (part.type === 'file') {
          data = await readLimited(part, UPLOAD_LIMITS.playerPhoto);
          fileName = part.filename;
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      if (!data) throw new AppError('UPLOAD_MISSING');
      const kind = fields.kind === 'attachment' ? 'attachment' : 'avatar';
      // batch avatars (spec 5): each picture at most 500 KB
      if (fields.kind === 'batchAvatar' && data.length > UPLOAD_LIMITS.batchAvatar) throw tooLarge(UPLOAD_LIMITS.batchAvatar);
      const type = sniff(data);
      let stored: Buffer = data;
      let ext: string;
      let width: number | null = null;
      let height: number | null = null;
      if (kind === 'avatar') {
        if (!fields.phone?.trim()) throw new AppError('AVATAR_NEEDS_NAME');
        if (type !== 'jpeg' && type !== 'png') throw new AppError('UPLOAD_NOT_IMAGE', 'reg.avatarType');
        checkExtension(type, fileName);
        const img = await processImage(data);
        stored = img.display;
        width = img.width;
        height = img.height;
        ext = 'jpg';
      } else {
        if (!isMainlandPhone(fields.phone?.trim() ?? '')) throw new AppError('ATTACHMENT_NEEDS_PHONE');
        if (data.length > UPLOAD_LIMITS.attachment) throw tooLarge(UPLOAD_LIMITS.attachment);
        if (type !== 'jpeg' && type !== 'png' && type !== 'zip-office' && type !== 'ole-office') throw new AppError('UPLOAD_BAD_TYPE', 'reg.attachmentType');
        ext = checkExtension(type, fileName);
        if (type === 'zip-office' && ext !== 'docx') throw new AppError('UPLOAD_BAD_TYPE', 'reg.attachmentType');
        if (type === 'ole-office' && ext !== 'doc') throw new AppError('UPLOAD_BAD_TYPE', 'reg.attachmentType');
        if (type === 'jpeg' || type === 'png') {
          const img = await processImage(data);
          stored = img.display;
          ext = 'jpg';
        }
      }
      const key = newKey(kind === 'avatar' ? 'private/avatars' : 'private/attachments', ext);
      await deps.storage.put(key, stored, ext === 'jpg' ? 'image/jpeg' : 'application/octet-stream');
      await deps.database.db.insert(uploads).values({
        key,
        fileName: fileName.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200),
        size: stored.length,
        mime: ext === 'jpg' ? 'image/jpeg' : 'application/octet-stream',
        width,
        height,
        userId: req.user!.id,
      });
      return ok(req, { data: `/api/files/${key}`, url: `/api/files/${key}` }, 'reg.uploadOk');
    },
  );

  // Private files: the bearer header or the session cookie (images in <img> send cookies, not headers).
  app.get('/api/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!key.startsWith('private/') || !isValidKey(key)) throw new AppError('NOT_FOUND');
    let user = req.user;
    if (!user) {
      const token = /(?:^|;\s*)token=([A-Za-z0-9_-]{16,200})/.exec(req.headers.cookie ?? '')?.[1];
      if (token) user = (await findSession(deps.database.db, decodeURIComponent(token)))?.user ?? null;
    }
    if (!user) throw new AppError('UNAUTHORIZED');
    const [u] = await deps.database.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
    // Children's photos and teachers' papers: their uploader, and staff who handle registrations (not content editors);
    // a volunteer's resume also to the staff who review volunteers
    // staff limited to some activities (issue 24) see the photos and papers of those activities' players and teachers
    const registrationStaffMay = async () => {
      const scope = activityScope(user, 'registrations.manage');
      if (scope === null) return true;
      if (!scope.length) return false;
      const url = `/api/files/${key}`;
      const { db } = deps.database;
      const [p] = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.headImg, url), inArray(teamMembers.activityId, [...scope])))
        .limit(1);
      if (p) return true;
      const [l] = await db
        .select({ id: leaders.id })
        .from(leaders)
        .where(and(eq(leaders.photoUrl, url), inArray(leaders.activityId, [...scope])))
        .limit(1);
      return !!l;
    };
    const staffMay = async () =>
      (user.permissions.includes('registrations.manage') && (await registrationStaffMay())) ||
      (user.permissions.includes('volunteers.manage') &&
        (
          await deps.database.db
            .select({ id: volunteers.id })
            .from(volunteers)
            .where(eq(volunteers.resume, `/api/files/${key}`))
            .limit(1)
        ).length > 0);
    if (!u || (u.userId !== user.id && !(await staffMay()))) throw new AppError('NOT_FOUND');
    // a child's photo seen by staff (issue 37): its own permission, and logged (who, whose, when, why)
    if (u.userId !== user.id) {
      const players = await deps.database.db
        .select({ id: teamMembers.id, activityId: teamMembers.activityId, birth: teamMembers.birth })
        .from(teamMembers)
        .where(eq(teamMembers.headImg, `/api/files/${key}`))
        .limit(20);
      const child = players.find((p) => isChild(p.birth));
      if (child) {
        assertChildAccess(user, child);
        const purpose = (req.query as { purpose?: unknown }).purpose;
        await logPiiAccess(deps.database.db, {
          staffId: user.id,
          kind: 'photo',
          teamMemberId: child.id,
          activityId: child.activityId,
          purpose: typeof purpose === 'string' && purpose.trim() ? purpose.trim().slice(0, 200) : 'registration review',
        });
      }
    }
    const file = await openOr404(deps.storage, key);
    reply.header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff');
    if (u.mime === 'image/jpeg') reply.type('image/jpeg');
    else reply.type('application/octet-stream').header('content-disposition', `attachment; filename="attachment-${key.split('/').pop()}"`);
    return sendObject(reply, file);
  });
};
