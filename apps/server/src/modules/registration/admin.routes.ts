import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  assignCodesBody,
  assignCodesResponse,
  codeResource,
  dbId,
  generateCodesResponse,
  generateCodesBody,
  leaderResource,
  okResponse,
  playerResource,
  reviewDecisionBody,
  reviewListQuery,
  reviewListResponse,
  teamResource,
  teamReviewHasReason,
  withdrawalDecisionBody,
  withdrawalDecisionResponse,
  withdrawalListQuery,
  withdrawalListResponse,
} from '@rp/shared';
import { leaders, redeemCodes, teamMembers, teams, withdrawals } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok, page } from '../../lib/envelope';
import { requirePermission } from '../../plugins/auth';
import { assignCodes, codeResourceHooks, decideWithdrawal, generateCodes, listWithdrawals } from './codes.service';
import { decideReview } from './members.service';
import { presentReview } from './present';
import { giveBackSizes } from './sizes';
import { assertAllInScope, assertInScope, scopeFor, scopeWhere } from '../../lib/scope';

/** Registration administration: resources, review, withdrawals, codes (all under /api/admin). */
export const adminRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['admin'];
  const staff = requirePermission('registrations.manage');

  await app.register(
    resourceRoutes(teamResource, teams, {
      // team review (spec 4.3): any state to any other (the spec names no transitions); a reason stays only
      // with suspended or failed, so a team moved on never shows its coach an old reason
      validate: (data) => {
        const reason = typeof data.reviewReason === 'string' ? data.reviewReason.trim() : null;
        return { reviewReason: teamReviewHasReason(Number(data.reviewStatus)) && reason ? reason : null };
      },
    }),
  );
  await app.register(
    resourceRoutes(playerResource, teamMembers, {
      // a player deleted by staff gives their clothes size back to stock
      afterWrite: async ({ db, before, after }) => {
        if (before && !after) await giveBackSizes(db, [{ clothesId: (before.clothesId as number | null) ?? null }]);
      },
    }),
  );
  await app.register(resourceRoutes(leaderResource, leaders));
  await app.register(resourceRoutes(codeResource, redeemCodes, codeResourceHooks));

  // Players waiting for review (status 7), of one activity or of all, oldest first.
  app.get('/api/admin/review', { schema: { tags, querystring: reviewListQuery, response: { 200: reviewListResponse } }, preHandler: staff }, async (req) => {
    const q = req.query;
    const w = and(
      q.activityId ? eq(teamMembers.activityId, q.activityId) : undefined,
      eq(teamMembers.payStatus, 7),
      scopeWhere(teamMembers.activityId, scopeFor(req, 'registrations.manage')),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(teamMembers)
        .where(w)
        .orderBy(teamMembers.updatedAt, teamMembers.id)
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(teamMembers).where(w),
    ]);
    return page(req, await presentReview(db, req.lang, rows), Number(total?.n ?? 0), q.page, q.size);
  });
  // staff limited to some activities decide only their players (the whole batch is refused otherwise)
  const playersInScope = async (req: { user?: { permissions: readonly string[] } | null }, memberIds: readonly number[]) => {
    const scope = scopeFor(req, 'registrations.manage');
    if (scope === null || !memberIds.length) return;
    const rows = await db
      .select({ id: teamMembers.id, a: teamMembers.activityId })
      .from(teamMembers)
      .where(inArray(teamMembers.id, [...memberIds]));
    const activityOf = new Map(rows.map((r) => [r.id, r.a]));
    assertAllInScope(
      scope,
      memberIds.map((id) => activityOf.get(id)),
    );
  };
  app.post('/api/admin/review/pass', { schema: { tags, body: reviewDecisionBody, response: { 200: okResponse } }, preHandler: staff }, async (req) => {
    await playersInScope(req, req.body.memberIds);
    await decideReview(deps, req.user!.id, req.body.memberIds, true);
    return ok(req, {}, 'reg.reviewPassed');
  });
  app.post('/api/admin/review/fail', { schema: { tags, body: reviewDecisionBody, response: { 200: okResponse } }, preHandler: staff }, async (req) => {
    await playersInScope(req, req.body.memberIds);
    await decideReview(deps, req.user!.id, req.body.memberIds, false, req.body.reason);
    return ok(req, {}, 'reg.reviewFailed');
  });

  app.get(
    '/api/admin/withdrawals',
    { schema: { tags, querystring: withdrawalListQuery, response: { 200: withdrawalListResponse } }, preHandler: staff },
    async (req) => {
      const { content, total } = await listWithdrawals(deps, req.query, scopeFor(req, 'registrations.manage'), req.lang);
      return page(req, content, total, req.query.page, req.query.size);
    },
  );
  const idParams = z.object({ id: dbId });
  const withdrawalInScope = async (req: { user?: { permissions: readonly string[] } | null }, id: number) => {
    const scope = scopeFor(req, 'registrations.manage');
    if (scope === null) return;
    const [r] = await db
      .select({ a: teamMembers.activityId })
      .from(withdrawals)
      .innerJoin(teamMembers, eq(teamMembers.id, withdrawals.memberId))
      .where(eq(withdrawals.id, id));
    assertInScope(scope, r?.a);
  };
  app.post(
    '/api/admin/withdrawals/:id/approve',
    { schema: { tags, params: idParams, response: { 200: withdrawalDecisionResponse } }, preHandler: staff },
    async (req) => {
      await withdrawalInScope(req, req.params.id);
      return ok(req, { data: await decideWithdrawal(deps, req.user!.id, req.params.id, true) }, 'reg.withdrawApproved');
    },
  );
  app.post(
    '/api/admin/withdrawals/:id/reject',
    { schema: { tags, params: idParams, body: withdrawalDecisionBody, response: { 200: withdrawalDecisionResponse } }, preHandler: staff },
    async (req) => {
      await withdrawalInScope(req, req.params.id);
      return ok(req, { data: await decideWithdrawal(deps, req.user!.id, req.params.id, false, new Date(), req.body?.reason) }, 'reg.withdrawRejected');
    },
  );

  app.post(
    '/api/admin/redeemCodes/generate',
    { schema: { tags, body: generateCodesBody, response: { 200: generateCodesResponse } }, preHandler: staff },
    async (req) => {
      assertInScope(scopeFor(req, 'registrations.manage'), req.body.activityId);
      return ok(req, { data: await generateCodes(deps, req.user!.id, req.body) }, 'ok.create');
    },
  );
  app.post(
    '/api/admin/redeemCodes/assign',
    { schema: { tags, body: assignCodesBody, response: { 200: assignCodesResponse } }, preHandler: staff },
    async (req) => {
      const scope = scopeFor(req, 'registrations.manage');
      if (scope !== null && req.body.codeIds.length) {
        const rows = await db.select({ id: redeemCodes.id, a: redeemCodes.activityId }).from(redeemCodes).where(inArray(redeemCodes.id, req.body.codeIds));
        const activityOf = new Map(rows.map((r) => [r.id, r.a]));
        // a code that does not exist is outside the scope too (nothing about another activity is told or done)
        assertAllInScope(
          scope,
          req.body.codeIds.map((id) => activityOf.get(id)),
        );
      }
      return ok(req, { data: { assigned: await assignCodes(deps, req.user!.id, req.body.codeIds, req.body.ownerUserId) } }, 'ok.update');
    },
  );
};
