import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { assignCodesBody, codeResource, generateCodesBody, leaderResource, okResponse, playerResource, reviewDecisionBody, teamResource } from '@rp/shared';
import { leaders, redeemCodes, teamMembers, teams, withdrawals } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok, page } from '../../lib/envelope';
import { requirePermission } from '../../plugins/auth';
import { assignCodes, decideWithdrawal, generateCodes } from './codes.service';
import { decideReview } from './members.service';
import { presentMembers } from './present';

const anyData = z.object({ resultCode: z.literal(1), resultStr: z.string(), data: z.any() });

/** Registration administration: resources, review, withdrawals, codes (all under /api/admin). */
export const adminRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['admin'];
  const staff = requirePermission('registrations.manage');

  await app.register(resourceRoutes(teamResource, teams));
  await app.register(resourceRoutes(playerResource, teamMembers));
  await app.register(resourceRoutes(leaderResource, leaders));
  await app.register(resourceRoutes(codeResource, redeemCodes));

  const reviewQuery = z.object({ activityId: z.coerce.number().int().positive(), page: z.coerce.number().int().min(0).default(0), size: z.coerce.number().int().min(1).max(500).default(30) });
  app.get('/api/admin/review', { schema: { tags, querystring: reviewQuery }, preHandler: staff }, async (req) => {
    const q = req.query;
    const w = and(eq(teamMembers.activityId, q.activityId), eq(teamMembers.payStatus, 7));
    const [rows, [total]] = await Promise.all([
      db.select().from(teamMembers).where(w).orderBy(teamMembers.updatedAt).limit(q.size).offset(q.page * q.size),
      db.select({ n: count() }).from(teamMembers).where(w),
    ]);
    return page(req, await presentMembers(db, req.lang, rows), Number(total?.n ?? 0), q.page, q.size);
  });
  app.post('/api/admin/review/pass', { schema: { tags, body: reviewDecisionBody, response: { 200: okResponse } }, preHandler: staff }, async (req) => {
    await decideReview(deps, req.user!.id, req.body.memberIds, true);
    return ok(req, {}, 'reg.reviewPassed');
  });
  app.post('/api/admin/review/fail', { schema: { tags, body: reviewDecisionBody, response: { 200: okResponse } }, preHandler: staff }, async (req) => {
    await decideReview(deps, req.user!.id, req.body.memberIds, false, req.body.reason);
    return ok(req, {}, 'reg.reviewFailed');
  });

  const wq = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending'), page: z.coerce.number().int().min(0).default(0), size: z.coerce.number().int().min(1).max(500).default(30) });
  app.get('/api/admin/withdrawals', { schema: { tags, querystring: wq }, preHandler: staff }, async (req) => {
    const q = req.query;
    const w = eq(withdrawals.status, q.status);
    const [rows, [total]] = await Promise.all([
      db.select({ w: withdrawals, name: teamMembers.name, code: teamMembers.code, activityId: teamMembers.activityId }).from(withdrawals).innerJoin(teamMembers, eq(teamMembers.id, withdrawals.memberId)).where(w).orderBy(desc(withdrawals.id)).limit(q.size).offset(q.page * q.size),
      db.select({ n: count() }).from(withdrawals).where(w),
    ]);
    const content = rows.map((r) => ({ ...r.w, memberName: r.name, code: r.code, activityId: r.activityId, createdAt: r.w.createdAt.toISOString(), decidedAt: r.w.decidedAt?.toISOString() ?? null }));
    return page(req, content, Number(total?.n ?? 0), q.page, q.size);
  });
  const idParams = z.object({ id: z.coerce.number().int().positive() });
  app.post('/api/admin/withdrawals/:id/approve', { schema: { tags, params: idParams, response: { 200: anyData } }, preHandler: staff }, async (req) =>
    ok(req, { data: await decideWithdrawal(deps, req.user!.id, req.params.id, true) }, 'reg.withdrawApproved'),
  );
  app.post('/api/admin/withdrawals/:id/reject', { schema: { tags, params: idParams, response: { 200: anyData } }, preHandler: staff }, async (req) =>
    ok(req, { data: await decideWithdrawal(deps, req.user!.id, req.params.id, false) }, 'ok.update'),
  );

  app.post('/api/admin/redeemCodes/generate', { schema: { tags, body: generateCodesBody, response: { 200: anyData } }, preHandler: staff }, async (req) =>
    ok(req, { data: await generateCodes(deps, req.user!.id, req.body) }, 'ok.create'),
  );
  app.post('/api/admin/redeemCodes/assign', { schema: { tags, body: assignCodesBody, response: { 200: anyData } }, preHandler: staff }, async (req) =>
    ok(req, { data: { assigned: await assignCodes(deps, req.user!.id, req.body.codeIds, req.body.ownerUserId) } }, 'ok.update'),
  );
};
