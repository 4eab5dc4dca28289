import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { isRegisterQuery, isRegisterResponse, updateUserBody, userResponse } from '@rp/shared';
import { users } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { loadUser } from '../../lib/session';
import { AVATAR_MAX_BYTES, ownAvatar, storeAvatar } from './avatar.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['users'];

  app.get('/api/users/web/info', { schema: { tags, response: { 200: userResponse } }, preHandler: requireAuth }, async (req) => {
    const { status: _s, ...u } = req.user!;
    return ok(req, { user: u, data: u }, 'ok.query');
  });

  app.put('/api/users/web/update', { schema: { tags, body: updateUserBody, response: { 200: userResponse } }, preHandler: requireAuth }, async (req) => {
    const patch: Partial<typeof users.$inferInsert> = {};
    if (req.body.nickName !== undefined) patch.nickName = req.body.nickName;
    if (req.body.avatar !== undefined) {
      // an avatar is uploaded (POST …/avatar); by hand it can only be removed or set back to an own upload
      const own = req.body.avatar === null ? null : await ownAvatar(app.deps, req.user!.id, req.body.avatar);
      if (req.body.avatar !== null && !own) throw new AppError('AVATAR_NOT_OWN', { field: 'avatar' });
      patch.avatar = own;
    }
    const [row] = Object.keys(patch).length
      ? await db.update(users).set(patch).where(eq(users.id, req.user!.id)).returning()
      : await db.select().from(users).where(eq(users.id, req.user!.id));
    const { status: _s, scopes: _sc, ...u } = await loadUser(db, row!);
    return ok(req, { user: u, data: u }, 'ok.update');
  });

  // The account's avatar: the picture itself as the body (image/jpeg or image/png, ≤ 5 MB), checked by
  // content and stored as a 256 px square. A raw body keeps this route free of multipart parsing.
  app.addContentTypeParser(['image/jpeg', 'image/png'], { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) => done(null, body));
  app.post(
    '/api/users/web/avatar',
    {
      schema: { tags, consumes: ['image/jpeg', 'image/png'], response: { 200: userResponse } },
      bodyLimit: AVATAR_MAX_BYTES,
      preHandler: requireAuth,
      config: { limits: ['avatar'] },
    },
    async (req) => {
      const data = req.body;
      if (!Buffer.isBuffer(data) || data.length === 0) throw new AppError('UPLOAD_MISSING');
      const declared = req.headers['content-type']?.split(';')[0]?.trim() === 'image/png' ? 'avatar.png' : 'avatar.jpg';
      const row = await storeAvatar(app.deps, req.user!.id, data, declared);
      const { status: _s, scopes: _sc, ...u } = await loadUser(db, row);
      return ok(req, { user: u, data: u }, 'ok.update');
    },
  );

  app.get(
    '/api/users/web/isRegister',
    { schema: { tags, querystring: isRegisterQuery, response: { 200: isRegisterResponse } }, config: { limits: ['phoneCheck'] } },
    async (req) => {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, req.query.phone)).limit(1);
      return ok(req, { data: Boolean(row) }, 'ok.query');
    },
  );
};
