import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { adminUserItem, pageQuery, pageResponse, smsOutboxItem } from '@rp/shared';
import { smsOutbox, users } from '../../db/schema/index';
import { page } from '../../lib/envelope';
import { requirePermission } from '../../plugins/auth';

/** Administration endpoints: everything under /api/admin is behind a staff permission. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin'];

  app.get('/api/admin/smsOutbox', { schema: { tags, querystring: pageQuery, response: { 200: pageResponse(smsOutboxItem) } }, preHandler: requirePermission('sms.outbox.read') }, async (req) => {
    const { page: p, size } = req.query;
    const [rows, [total]] = await Promise.all([
      db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(size).offset(p * size),
      db.select({ n: count() }).from(smsOutbox),
    ]);
    const content = rows.map((r) => ({ id: r.id, phone: r.phone, purpose: r.purpose, content: r.content, createdAt: r.createdAt.toISOString() }));
    return page(req, content, Number(total?.n ?? 0), p, size);
  });

  app.get('/api/admin/users', { schema: { tags, querystring: pageQuery, response: { 200: pageResponse(adminUserItem) } }, preHandler: requirePermission('users.manage') }, async (req) => {
    const { page: p, size } = req.query;
    const [rows, [total]] = await Promise.all([
      db.select().from(users).orderBy(desc(users.id)).limit(size).offset(p * size),
      db.select({ n: count() }).from(users),
    ]);
    const content = rows.map((u) => ({
      id: u.id,
      username: u.username,
      nickName: u.nickName,
      phone: u.phone,
      roles: u.roles,
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    }));
    return page(req, content, Number(total?.n ?? 0), p, size);
  });
};
