import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { historyBody, historyPageResponse, historyQuery, historyResponse, memberHeadOneBody, memberHeadOneResponse } from '@rp/shared';
import { teamMembers } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { ok, page } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { assertOwnPrivateFile } from '../uploads/index';
import { loadOpenActivity, ownMember } from './common';
import { earlierPlayers } from './history.service';

/**
 * A returning coach (spec 7.5, issue 24): the account's earlier players to copy into an activity (copying is
 * POST …/web/create with fromMemberId: the number is taken on the server) and one player's photo.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['registration'];
  const pre = { preHandler: requireAuth };

  app.get('/api/lTeamMember/web/findHistory', { schema: { tags, querystring: historyQuery, response: { 200: historyResponse } }, ...pre }, async (req) =>
    ok(req, { content: await earlierPlayers(db, req.lang, req.user!.id, req.query.activityId, req.query.name) }, 'ok.query'),
  );

  app.post('/api/lTeamMember/web/findHistoryV2', { schema: { tags, body: historyBody, response: { 200: historyPageResponse } }, ...pre }, async (req) => {
    const { activityId, name, page: pageNo, size } = req.body;
    const all = await earlierPlayers(db, req.lang, req.user!.id, activityId, name);
    return page(req, all.slice(pageNo * size, pageNo * size + size), all.length, pageNo, size);
  });

  app.post(
    '/api/lTeamMember/sUrl/updateMemberHead',
    { schema: { tags, body: memberHeadOneBody, response: { 200: memberHeadOneResponse } }, ...pre },
    async (req) => {
      const uid = req.user!.id;
      const { memberId, headImg } = req.body;
      const m = await ownMember(db, uid, memberId);
      await loadOpenActivity(db, m.activityId);
      // a file this account uploaded into the avatars folder (an earlier player's photo is one too)
      await assertOwnPrivateFile(db, uid, headImg, { field: 'headImg', folders: ['avatars'], current: m.headImg });
      await db.transaction(async (tx) => {
        await tx.update(teamMembers).set({ headImg, updatedAt: new Date() }).where(eq(teamMembers.id, m.id));
        await audit(tx, {
          userId: uid,
          resource: 'teamMembers',
          recordId: m.id,
          action: 'updateMemberHead',
          before: { headImg: m.headImg },
          after: { headImg },
        });
      });
      return ok(req, { data: { memberId: m.id, headImg } }, 'ok.update');
    },
  );
};
