import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { faqListResponse, messageItem, messageListQuery, okResponse, pageQuery, pageResponse, readMessageBody, unreadCountResponse } from '@rp/shared';
import { faqs, messages } from '../../db/schema/index';
import { ok, page } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';

/** Bilingual text: the visitor's language, falling back to the other when empty. */
export function pick(lang: 'zh' | 'en', zh: string, en: string): string {
  return lang === 'en' ? en || zh : zh || en;
}

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['messages'];

  app.get('/api/lMessage/web/count', { schema: { tags, response: { 200: unreadCountResponse } }, preHandler: requireAuth }, async (req) => {
    const [r] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, req.user!.id), isNull(messages.readAt)));
    return ok(req, { data: Number(r?.n ?? 0) }, 'ok.query');
  });

  app.get(
    '/api/lMessage/web/list',
    { schema: { tags, querystring: messageListQuery, response: { 200: pageResponse(messageItem) } }, preHandler: requireAuth },
    async (req) => {
      const { page: p, size, type } = req.query;
      const where = and(eq(messages.receiverId, req.user!.id), type === undefined ? undefined : eq(messages.type, type));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(where)
          .orderBy(desc(messages.id))
          .limit(size)
          .offset(p * size),
        db.select({ n: count() }).from(messages).where(where),
      ]);
      const content = rows.map((m) => ({
        id: m.id,
        type: m.type,
        title: pick(req.lang, m.titleZh, m.titleEn),
        content: pick(req.lang, m.contentZh, m.contentEn),
        read: m.readAt !== null,
        createdAt: m.createdAt.toISOString(),
        publish: { nickName: pick(req.lang, m.publisherZh, m.publisherEn) },
      }));
      return page(req, content, Number(total?.n ?? 0), p, size);
    },
  );

  app.post('/api/lMessage/web/read', { schema: { tags, body: readMessageBody, response: { 200: okResponse } }, preHandler: requireAuth }, async (req) => {
    const updated = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.id, req.body.id), eq(messages.receiverId, req.user!.id)))
      .returning({ id: messages.id });
    // Someone else's message looks the same as a missing one.
    if (!updated.length) throw new AppError('NOT_FOUND');
    return ok(req, {}, 'ok.update');
  });

  app.get('/api/lMessage/web/faq', { schema: { tags, querystring: pageQuery, response: { 200: faqListResponse } } }, async (req) => {
    const { page: p, size } = req.query;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(faqs)
        .orderBy(asc(faqs.sort), asc(faqs.id))
        .limit(size)
        .offset(p * size),
      db.select({ n: count() }).from(faqs),
    ]);
    const content = rows.map((f) => ({ id: f.id, question: pick(req.lang, f.questionZh, f.questionEn), answer: pick(req.lang, f.answerZh, f.answerEn) }));
    return ok(req, { content, totalElements: Number(total?.n ?? 0) }, 'ok.query');
  });
};
