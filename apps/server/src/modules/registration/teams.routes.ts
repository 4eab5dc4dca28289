import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import {
  batchCreateBody,
  batchCreateTeamBody,
  bindOrgBody,
  idsOf,
  okResponse,
  orgCheckQuery,
  orgCheckResponse,
  teamFindQuery,
  teamIdsBody,
  teamInput,
  teamListResponse,
  teamResponse,
  teamsResponse,
  teamUpdate,
} from '@rp/shared';
import { teams } from '../../db/schema/index';
import { ok, page } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { presentTeams } from './present';
import { containsPattern } from '../../lib/like';
import { bindOrg, checkOrg, createTeam, createTeamWithPlayers, createTeams, deleteTeams, updateTeam } from './teams.service';

/** Teams (spec 7.4), each call on the caller's own teams only. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['registration'];
  const pre = { preHandler: requireAuth };
  const present = async (lang: 'zh' | 'en', rows: (typeof teams.$inferSelect)[]) => presentTeams(db, lang, rows);

  app.get(
    '/api/lTeam/web/find',
    { schema: { tags, querystring: teamFindQuery, response: { 200: teamListResponse } }, ...pre, config: { failText: 'error.queryFailed' } },
    async (req) => {
      const q = req.query;
      const where: SQL[] = [eq(teams.userId, req.user!.id), eq(teams.activityId, q.activityId)];
      if (q.id !== undefined) where.push(eq(teams.id, q.id));
      if (q.status !== undefined) where.push(eq(teams.status, q.status));
      if (q.name) where.push(ilike(teams.name, containsPattern(q.name)));
      const w = and(...where);
      if (q.payStatus === undefined) {
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(teams)
            .where(w)
            .orderBy(desc(teams.id))
            .limit(q.size)
            .offset(q.page * q.size),
          db.select({ n: count() }).from(teams).where(w),
        ]);
        return page(req, await present(req.lang, rows), Number(total?.n ?? 0), q.page, q.size);
      }
      // payStatus is derived from the members (3 = all registered): filter after presenting
      const all = (await present(req.lang, await db.select().from(teams).where(w).orderBy(desc(teams.id)))).filter((t) => t.payStatus === q.payStatus);
      return page(req, all.slice(q.page * q.size, q.page * q.size + q.size), all.length, q.page, q.size);
    },
  );

  app.post(
    '/api/lTeam/web/create',
    { schema: { tags, body: teamInput, response: { 200: teamResponse } }, ...pre, config: { failText: 'error.createFailed' } },
    async (req) => {
      const { activityId, ...f } = req.body;
      const t = await createTeam(deps, req.user!.id, activityId, f);
      return ok(req, { data: (await present(req.lang, [t]))[0]! }, 'ok.create');
    },
  );

  app.put('/api/lTeam/web/update', { schema: { tags, body: teamUpdate, response: { 200: teamResponse } }, ...pre }, async (req) => {
    const { activityId, id, ...f } = req.body;
    const t = await updateTeam(deps, req.user!.id, id, activityId, f);
    return ok(req, { data: (await present(req.lang, [t]))[0]! }, 'ok.update');
  });

  app.delete('/api/lTeam/web/delete', { schema: { tags, body: teamIdsBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await deleteTeams(deps, req.user!.id, idsOf(req.body));
    return ok(req, {}, 'ok.delete');
  });

  app.post(
    '/api/lTeam/web/batchCreate',
    { schema: { tags, body: batchCreateBody, response: { 200: teamResponse } }, ...pre, config: { failText: 'error.createFailed' } },
    async (req) => {
      const r = await createTeamWithPlayers(deps, req.user!.id, req.body.activityId, req.body.team, req.body.members);
      const [t] = await db.select().from(teams).where(eq(teams.id, r.team.id));
      return ok(req, { data: (await present(req.lang, [t!]))[0]! }, 'ok.create');
    },
  );

  app.post(
    '/api/lTeam/web/batchCreateTeam',
    { schema: { tags, body: batchCreateTeamBody, response: { 200: teamsResponse } }, ...pre, config: { failText: 'error.createFailed' } },
    async (req) => {
      const list = await createTeams(deps, req.user!.id, req.body.activityId, req.body.teams);
      return ok(req, { data: await present(req.lang, list) }, 'ok.create');
    },
  );

  app.post('/api/lTeam/web/batchBindOrg', { schema: { tags, body: bindOrgBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await bindOrg(deps, req.user!.id, req.body);
    return ok(req, {}, 'ok.update');
  });

  app.get(
    '/api/lOrg/web/check',
    { schema: { tags, querystring: orgCheckQuery, response: { 200: orgCheckResponse } }, ...pre, config: { failText: 'error.queryFailed' } },
    async (req) => {
      return ok(req, { data: await checkOrg(db, req.query.orgCode) }, 'ok.query');
    },
  );
};
