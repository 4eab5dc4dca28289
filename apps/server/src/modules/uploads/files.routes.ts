import type { FastifyPluginAsync } from 'fastify';
import { like } from 'drizzle-orm';
import { uploads } from '../../db/schema/index';
import { isValidKey } from '../../lib/storage';
import { AppError } from '../../lib/errors';
import { openOr404, sendObject } from './serve';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf' };

/**
 * Public stored files (content images, thumbnails, display copies, documents) under /files/public/….
 * Keys are random, so they are immutable and cached for a year. Anything that is not an image or a PDF
 * is sent as an attachment; nothing is ever served as HTML or SVG.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!key.startsWith('public/') || !isValidKey(key)) throw new AppError('NOT_FOUND');
    const file = await openOr404(app.deps.storage, key);
    const ext = key.split('.').pop()!;
    const type = TYPES[ext];
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
    if (type) reply.type(type);
    else reply.type('application/octet-stream').header('content-disposition', 'attachment');
    return sendObject(reply, file);
  });

  // Spec 7.1: account avatars by file name. New avatars live at public/avatars/<name>; those stored before
  // under public/avatars/<yyyy>/<mm>/<name> are found through their upload row.
  const AVATAR_NAME = /^[a-f0-9]{24}\.(jpg|png)$/;
  app.get('/avatar/:name', { schema: { hide: true } }, async (req, reply) => {
    const name = (req.params as { name: string }).name;
    if (!AVATAR_NAME.test(name)) throw new AppError('NOT_FOUND');
    let file = await app.deps.storage.open(`public/avatars/${name}`);
    if (!file) {
      const [row] = await app.deps.database.db
        .select({ key: uploads.key })
        .from(uploads)
        .where(like(uploads.key, `public/avatars/%/${name}`))
        .limit(1);
      if (row) file = await app.deps.storage.open(row.key);
    }
    if (!file) throw new AppError('NOT_FOUND');
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
    reply.type(name.endsWith('.png') ? 'image/png' : 'image/jpeg');
    return sendObject(reply, file);
  });
};
