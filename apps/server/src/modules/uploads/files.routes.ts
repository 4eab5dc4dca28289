import type { FastifyPluginAsync } from 'fastify';
import { isValidKey } from '../../lib/storage';
import { errors } from '../../lib/errors';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf' };

/**
 * Public stored files (content images, thumbnails, display copies, documents) under /files/public/….
 * Keys are random, so they are immutable and cached for a year. Anything that is not an image or a PDF
 * is sent as an attachment; nothing is ever served as HTML or SVG.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!key.startsWith('public/') || !isValidKey(key) || !(await app.deps.storage.exists(key))) throw errors.notFound();
    const ext = key.split('.').pop()!;
    const type = TYPES[ext];
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
    if (type) reply.type(type);
    else reply.type('application/octet-stream').header('content-disposition', 'attachment');
    return reply.send(app.deps.storage.stream(key));
  });
};
