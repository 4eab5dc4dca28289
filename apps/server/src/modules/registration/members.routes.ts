import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NAME_SEARCH_MIN,
  assignTeamBody,
  changeProgramBody,
  contentIdQuery,
  idsOf,
  memberDetailResponse,
  memberIdsBody,
  memberInput,
  memberListQuery,
  memberListResponse,
  memberUpdate,
  okResponse,
  submitBody,
  useCodeBody,
  withdrawBody,
} from '@rp/shared';
import { teamMembers } from '../../db/schema/index';
import { ok, page } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { bad, ownMember } from './common';
import { redeem, requestWithdrawal } from './codes.service';
import { assignTeam, changeProgram, deleteMembers, moveOut, saveMember, submitForReview } from './members.service';
import { listedMemberJson, presentMembers, presentShown, selectShown } from './present';
import { wildcardPattern } from '../../lib/like';
import { fastSerializerCompiler } from '../../lib/fast-serializer';

/** Players (spec 7.5). Every call works only on the caller's own players. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['registration'];
  const pre = { preHandler: requireAuth };
  const one = async (req: { lang: 'zh' | 'en' }, row: typeof teamMembers.$inferSelect, whole = true) =>
    (await presentMembers(db, req.lang, [row], { pii: deps.pii, whole }))[0]!;

  /**
   * The list's statement for one set of filters (which are present, not their values), its SQL built once:
   * drizzle's query building was a fifth of the list's CPU in bench:rush. One statement: the page, what each
   * player shows (team, program, plan, clothes, consent) and the total. Unnamed like the session lookup
   * (lib/session.ts): nothing is prepared on the server.
   */
  type ListFilters = { payStatus: boolean; teamId: boolean; hasTeam?: number; name: boolean };
  const listQueries = new Map<string, ReturnType<typeof buildListQuery>>();
  const buildListQuery = (f: ListFilters) => {
    const where: SQL[] = [eq(teamMembers.userId, sql.placeholder('userId')), eq(teamMembers.activityId, sql.placeholder('activityId'))];
    if (f.payStatus) where.push(eq(teamMembers.payStatus, sql.placeholder('payStatus')));
    if (f.teamId) where.push(eq(teamMembers.teamId, sql.placeholder('teamId')));
    if (f.hasTeam === 1) where.push(isNotNull(teamMembers.teamId));
    if (f.hasTeam === 0) where.push(isNull(teamMembers.teamId));
    if (f.name) where.push(ilike(teamMembers.name, sql.placeholder('name')));
    return selectShown(db, { m: listedMemberJson, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .where(and(...where))
      .orderBy(desc(teamMembers.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(undefined as unknown as string);
  };

  app.get(
    '/api/lTeamMember/web/list',
    // the busiest read of a registration rush: its answer built with the schema's type, serialised without zod (lib/fast-serializer.ts)
    { schema: { tags, querystring: memberListQuery, response: { 200: memberListResponse } }, serializerCompiler: fastSerializerCompiler, ...pre },
    async (req) => {
      const q = req.query;
      // spec 5: at least two characters; % stands for unknown characters (and _ is literal)
      if (q.name && q.name.replace(/%/g, '').length < NAME_SEARCH_MIN) throw bad('reg.nameSearchShort', 'name');
      const f: ListFilters = { payStatus: q.payStatus !== undefined, teamId: q.teamId !== undefined, hasTeam: q.hasTeam, name: !!q.name };
      const shape = `${+f.payStatus}${+f.teamId}${f.hasTeam ?? '-'}${+f.name}`;
      let query = listQueries.get(shape);
      if (!query) listQueries.set(shape, (query = buildListQuery(f)));
      const values = {
        userId: req.user!.id,
        activityId: q.activityId,
        payStatus: q.payStatus,
        teamId: q.teamId,
        name: q.name ? wildcardPattern(q.name) : undefined,
        limit: q.size,
        offset: q.page * q.size,
      };
      const rows = await query.execute(values);
      // a page past the end has no row to carry the total
      const total = rows.length ? rows[0]!.total : q.page > 0 ? await countMembers(req.user!.id, q) : 0;
      return page(req, presentShown(req.lang, rows), Number(total), q.page, q.size);
    },
  );
  /** the total of a page past the end (no row carries it): the same filters, built as the list's were */
  const countMembers = async (userId: number, q: z.infer<typeof memberListQuery>) => {
    const where: SQL[] = [eq(teamMembers.userId, userId), eq(teamMembers.activityId, q.activityId)];
    if (q.payStatus !== undefined) where.push(eq(teamMembers.payStatus, q.payStatus));
    if (q.teamId !== undefined) where.push(eq(teamMembers.teamId, q.teamId));
    if (q.hasTeam === 1) where.push(isNotNull(teamMembers.teamId));
    if (q.hasTeam === 0) where.push(isNull(teamMembers.teamId));
    if (q.name) where.push(ilike(teamMembers.name, wildcardPattern(q.name)));
    return (
      (
        await db
          .select({ n: count() })
          .from(teamMembers)
          .where(and(...where))
      )[0]?.n ?? 0
    );
  };

  app.get('/api/lTeamMember/web/detail', { schema: { tags, querystring: contentIdQuery, response: { 200: memberDetailResponse } }, ...pre }, async (req) => {
    const m = await ownMember(db, req.user!.id, req.query.id);
    return ok(req, { data: await one(req, m) }, 'ok.query');
  });

  app.post(
    '/api/lTeamMember/web/create',
    { schema: { tags, body: memberInput, response: { 200: memberDetailResponse } }, ...pre, config: { failText: 'error.createFailed' } },
    async (req) => {
      const row = await saveMember(deps, req.user!.id, req.body);
      // a copy of an earlier player (issue 24) answers masked: the number was never typed in this browser
      return ok(req, { data: await one(req, row, !req.body.fromMemberId) }, req.body.code ? 'reg.redeemOk' : 'ok.create');
    },
  );

  app.put('/api/lTeamMember/web/update', { schema: { tags, body: memberUpdate, response: { 200: memberDetailResponse } }, ...pre }, async (req) => {
    const { id, ...input } = req.body;
    const row = await saveMember(deps, req.user!.id, input, id);
    return ok(req, { data: await one(req, row) }, 'ok.update');
  });

  app.delete('/api/lTeamMember/web/delete', { schema: { tags, body: memberIdsBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await deleteMembers(deps, req.user!.id, idsOf(req.body));
    return ok(req, {}, 'ok.delete');
  });

  app.delete('/api/lTeamMember/web/moveOut', { schema: { tags, body: memberIdsBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await moveOut(deps, req.user!.id, idsOf(req.body));
    return ok(req, {}, 'ok.update');
  });

  app.post('/api/lTeamMember/web/submit', { schema: { tags, body: submitBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await submitForReview(
      deps,
      req.user!.id,
      req.body.map((x) => x.memberId),
    );
    return ok(req, {}, 'reg.submitted');
  });

  app.put('/api/lTeamMember/web/assignTeam', { schema: { tags, body: assignTeamBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await assignTeam(deps, req.user!.id, req.body);
    return ok(req, {}, 'ok.update');
  });

  app.put('/api/lTeamMember/web/batchUpdateProgram', { schema: { tags, body: changeProgramBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await changeProgram(deps, req.user!.id, req.body);
    return ok(req, {}, 'ok.update');
  });

  const useCode = async (req: { user: { id: number } | null; body: z.infer<typeof useCodeBody>; lang: 'zh' | 'en' }) => {
    const row = await redeem(deps, req.user!.id, req.body.id, req.body.activityId, req.body.code);
    return ok(req as never, { data: await one(req, row) }, 'reg.redeemOk');
  };
  app.put(
    '/api/lTeamMember/web/useCode',
    { schema: { tags, body: useCodeBody, response: { 200: memberDetailResponse } }, ...pre, config: { limits: ['redeem'] } },
    async (req) => useCode(req),
  );
  app.put(
    '/api/lTeamMember/web/useCodeV2',
    { schema: { tags, body: useCodeBody, response: { 200: memberDetailResponse } }, ...pre, config: { limits: ['redeem'] } },
    async (req) => useCode(req),
  );

  app.post('/api/lTeamMember/web/withdraw', { schema: { tags, body: withdrawBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    await requestWithdrawal(deps, req.user!.id, req.body.teamMember.id, req.body.type, req.body.name);
    return ok(req, {}, 'reg.withdrawOk');
  });
};
