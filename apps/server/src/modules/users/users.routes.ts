import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { isRegisterQuery, isRegisterResponse, updateUserBody, userResponse } from '@rp/shared';
import { users } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { errors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { toUser } from '../auth/session.service';

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
    if (req.body.avatar !== undefined) patch.avatar = req.body.avatar;
    const [row] = Object.keys(patch).length
      ? await db.update(users).set(patch).where(eq(users.id, req.user!.id)).returning()
      : await db.select().from(users).where(eq(users.id, req.user!.id));
    const { status: _s, ...u } = toUser(row!);
    return ok(req, { user: u, data: u }, 'ok.update');
  });

  app.get('/api/users/web/isRegister', { schema: { tags, querystring: isRegisterQuery, response: { 200: isRegisterResponse } } }, async (req) => {
    if ((await app.deps.store.incr(`ip:isRegister:${req.ip}`, 60)) > 30) throw errors.rateLimited();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, req.query.phone)).limit(1);
    return ok(req, { data: Boolean(row) }, 'ok.query');
  });
};
