import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { accountOption, accountSearchQuery, pageQuery, pageResponse, smsOutboxItem } from '@rp/shared';
import { smsOutbox } from '../../db/schema/index';
import { ok, page as pageOf } from '../../lib/envelope';
import { requirePermission } from '../../plugins/auth';
import { searchAccounts } from './accounts.service';

/** Administration endpoints: everything under /api/admin is behind a staff permission. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin'];

  app.get(
    '/api/admin/smsOutbox',
    { schema: { tags, querystring: pageQuery, response: { 200: pageResponse(smsOutboxItem) } }, preHandler: requirePermission('sms.outbox.read') },
    async (req) => {
      const { page: p, size } = req.query;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(smsOutbox)
          .orderBy(desc(smsOutbox.id))
          .limit(size)
          .offset(p * size),
        db.select({ n: count() }).from(smsOutbox),
      ]);
      const content = rows.map((r) => ({
        id: r.id,
        phone: r.phone,
        purpose: r.purpose,
        content: r.content,
        provider: r.provider,
        status: r.status,
        providerMessageId: r.providerMessageId,
        providerCode: r.providerCode,
        createdAt: r.createdAt.toISOString(),
      }));
      return pageOf(req, content, Number(total?.n ?? 0), p, size);
    },
  );

  const envelope = { resultCode: z.literal(1), resultStr: z.string() };

  app.get(
    '/api/admin/accounts',
    {
      schema: { tags, querystring: accountSearchQuery, response: { 200: z.object({ ...envelope, content: z.array(accountOption) }) } },
      preHandler: requirePermission('registrations.manage'),
    },
    async (req) => ok(req, { content: await searchAccounts(db, req.query.q, req.query.size) }, 'ok.query'),
  );
};
