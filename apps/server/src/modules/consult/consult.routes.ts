import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastBody,
  broadcastResponse,
  chatBody,
  chatLineResponse,
  chatListQuery,
  chatListResponse,
  consultEtag,
  faqResource,
  inboxQuery,
  inboxResponse,
  okResponse,
  replyBody,
  threadParams,
  threadResponse,
  translate,
  type MessageKey,
} from '@rp/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { consultThreads, faqs, users } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { assertInScope, scopeFor } from '../../lib/scope';
import type { FastifyRequest } from 'fastify';
import { requireAuth, requirePermission } from '../../plugins/auth';
import { answer, ask, broadcast, inbox, lastLineId, linesOf, threadFor } from './consult.service';

export const consultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['messages'];
  const member = async (id: number) => {
    const [u] = await db.select({ id: users.id, nickName: users.nickName }).from(users).where(eq(users.id, id));
    return u!;
  };

  // a member's question (spec 7.8 chat; spec 5: ≤ 200 characters, login needed)
  app.post(
    '/api/lMessage/web/chat',
    { schema: { tags, body: chatBody, response: { 200: chatLineResponse } }, preHandler: requireAuth, config: { limits: ['consult'] } },
    async (req) => {
      const line = await ask(db, await member(req.user!.id), req.body, req.lang);
      return ok(req, { data: line }, 'consult.sent');
    },
  );

  // the conversation: lines after `after`; the same question asked with If-None-Match answers 304 while nothing is new
  app.get(
    '/api/lMessage/web/chat/list',
    {
      schema: { tags, querystring: chatListQuery, response: { 200: chatListResponse, 304: z.void().describe('nothing new since the ETag') } },
      preHandler: requireAuth,
    },
    async (req, reply) => {
      const lastId = await lastLineId(db, req.user!.id);
      // the widget's poll carries the last line it has as a weak ETag; nothing new → 304 without a body
      const etag = consultEtag(lastId);
      void reply.header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const content = lastId > req.query.after ? await linesOf(db, await member(req.user!.id), req.query.after, req.lang, req.query) : [];
      return ok(req, { content, lastId }, 'ok.query');
    },
  );

  // staff answer one member (spec 7.8 reply: title, content, receiver id, status, type)
  const answering = { preHandler: requirePermission('consult.answer') };
  // staff limited to some activities (issue 24) answer the members whose conversation is about one of them
  const threadInScope = async (req: FastifyRequest, userId: number) => {
    const scope = scopeFor(req, 'consult.answer');
    if (scope === null) return;
    const [t] = await db.select({ a: consultThreads.activityId }).from(consultThreads).where(eq(consultThreads.userId, userId));
    assertInScope(scope, t?.a ?? null);
  };
  app.post('/api/lMessage/web/reply', { schema: { tags, body: replyBody, response: { 200: okResponse } }, ...answering }, async (req) => {
    await threadInScope(req, req.body.receiverId);
    await answer(db, req.user!.id, req.body.receiverId, req.body.content);
    return ok(req, {}, 'consult.replied');
  });
  app.get('/api/admin/consult/threads', { schema: { tags: ['admin'], querystring: inboxQuery, response: { 200: inboxResponse } }, ...answering }, async (req) =>
    ok(req, await inbox(db, req.query, req.lang, scopeFor(req, 'consult.answer')), 'ok.query'),
  );
  app.get(
    '/api/admin/consult/threads/:userId',
    { schema: { tags: ['admin'], params: threadParams, response: { 200: threadResponse } }, ...answering },
    async (req) => {
      await threadInScope(req, req.params.userId);
      return ok(req, await threadFor(db, req.params.userId, req.lang), 'ok.query');
    },
  );

  // the FAQ the widget shows (10 per page): question and answer both needed, in both languages
  await app.register(
    resourceRoutes(faqResource, faqs, {
      validate: (data) => {
        const missing = ['questionZh', 'questionEn', 'answerZh', 'answerEn'].filter((k) => typeof data[k] !== 'string' || !(data[k] as string).trim());
        if (missing.length)
          throw new AppError('VALIDATION_FAILED', {
            fieldErrors: Object.fromEntries(missing.map((k) => [k, 'consult.faqBoth' as MessageKey])),
            message: 'consult.faqBoth',
          });
      },
    }),
  );

  // system messages to everyone, an activity's registrants or a role
  app.post(
    '/api/admin/messages/broadcast',
    { schema: { tags: ['admin'], body: broadcastBody, response: { 200: broadcastResponse } }, preHandler: requirePermission('messages.send') },
    async (req) => {
      // staff limited to some activities write to the registrants of one of them, never to everyone or a role
      const scope = scopeFor(req, 'messages.send');
      if (scope !== null) {
        if (req.body.audience !== 'activity') throw new AppError('OUT_OF_SCOPE');
        assertInScope(scope, req.body.activityId);
      }
      const sent = await broadcast(db, req.user!.id, req.body, { zh: translate('zh', 'consult.staff'), en: translate('en', 'consult.staff') });
      return { ...ok(req, { data: { sent } }), resultStr: translate(req.lang, 'broadcast.sent', { count: sent }) };
    },
  );
};
