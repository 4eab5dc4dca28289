import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  awardListQuery,
  awardListResponse,
  awardResource,
  certIdParam,
  certificateResponse,
  grantBody,
  grantResponse,
  judgeBody,
  judgeListQuery,
  judgeListResponse,
  judgeResponse,
  judgingQuery,
  judgingResponse,
  judgeActivitiesResponse,
  okResponse,
  publishBody,
  rankingQuery,
  rankingResponse,
  scoreBody,
  scoreResponse,
  verifyQuery,
  verifyResponse,
  dbId,
  translate,
} from '@rp/shared';
import { awards, certificates, judges } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requirePermission } from '../../plugins/auth';
import { assertInScope, scopeFor } from '../../lib/scope';
import {
  addJudge,
  awardList,
  enterScore,
  grant,
  isPublished,
  judging,
  listJudges,
  publish,
  ranking,
  reissue,
  removeJudge,
  verify,
  judgeActivities,
} from './awards.service';

/**
 * Awards, scores, judges and certificates (issue 13): thin routes over awards.service. Judges score on
 * their own page (permission scores.enter); staff (awards.manage) keep judges, awards, grants and results;
 * anyone may verify a certCode (rate-limited per address).
 */
export const awardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['awards'];
  const staff = { preHandler: requirePermission('awards.manage') };
  // staff limited to some activities (issue 24) judge, publish and grant in their activities only
  const inScope = (req: FastifyRequest, activityId: number | null | undefined) => assertInScope(scopeFor(req, 'awards.manage'), activityId);
  const rowInScope = async (req: FastifyRequest, table: typeof awards | typeof judges | typeof certificates, id: number) => {
    if (scopeFor(req, 'awards.manage') === null) return;
    const [r] = await db.select({ a: table.activityId }).from(table).where(eq(table.id, id));
    inScope(req, r?.a);
  };

  // the award list: both names needed (certificates print the reader's language)
  await app.register(
    resourceRoutes(awardResource, awards, {
      validate: (data) => {
        const missing = ['nameZh', 'nameEn'].filter((k) => typeof data[k] !== 'string' || !(data[k] as string).trim());
        if (missing.length)
          throw new AppError('VALIDATION_FAILED', { fieldErrors: Object.fromEntries(missing.map((k) => [k, 'validation.required' as const])) });
      },
    }),
  );

  // ——— judges score ———
  app.post(
    '/api/lTeam/team/score',
    { schema: { tags, body: scoreBody, response: { 200: scoreResponse } }, preHandler: requirePermission('scores.enter') },
    async (req) => ok(req, { data: await enterScore(db, req.user!.id, req.body) }, 'award.scored'),
  );
  app.get(
    '/api/lTeam/team/judging',
    { schema: { tags, querystring: judgingQuery, response: { 200: judgingResponse } }, preHandler: requirePermission('scores.enter') },
    async (req) => ok(req, { data: await judging(db, req.user!.id, req.query.activityId, req.lang) }, 'ok.query'),
  );

  app.get(
    '/api/lTeam/team/judgeActivities',
    { schema: { tags, response: { 200: judgeActivitiesResponse } }, preHandler: requirePermission('scores.enter') },
    async (req) => ok(req, { data: await judgeActivities(db, req.user!.id, req.lang) }, 'ok.query'),
  );

  // ——— rankings: public once published, staff always ———
  app.get('/api/lAward/web/ranking', { schema: { tags, querystring: rankingQuery, response: { 200: rankingResponse } } }, async (req) => {
    const published = await isPublished(db, req.query.activityId, req.query.programId);
    const staffSees = !!req.user?.permissions.includes('awards.manage') && (scopeFor(req, 'awards.manage')?.includes(req.query.activityId) ?? true);
    if (!published && !staffSees) return ok(req, { data: { published: false, rows: [] } }, 'ok.query');
    return ok(req, { data: { published, rows: await ranking(db, req.query.activityId, req.query.programId) } }, 'ok.query');
  });
  app.post('/api/admin/results/publish', { schema: { tags, body: publishBody, response: { 200: okResponse } }, ...staff }, async (req) => {
    inScope(req, req.body.activityId);
    await publish(db, req.user!.id, req.body.activityId, req.body.programId);
    return ok(req, {}, 'award.published');
  });

  // ——— judges (staff) ———
  app.get('/api/admin/judges', { schema: { tags, querystring: judgeListQuery, response: { 200: judgeListResponse } }, ...staff }, async (req) => {
    inScope(req, req.query.activityId);
    return ok(req, { data: await listJudges(db, req.query.activityId) }, 'ok.query');
  });
  app.post('/api/admin/judges', { schema: { tags, body: judgeBody, response: { 200: judgeResponse } }, ...staff }, async (req) => {
    inScope(req, req.body.activityId);
    return ok(req, { data: await addJudge(db, req.body) }, 'ok.create');
  });
  app.delete('/api/admin/judges/:id', { schema: { tags, params: z.object({ id: dbId }), response: { 200: okResponse } }, ...staff }, async (req) => {
    await rowInScope(req, judges, req.params.id);
    await removeJudge(db, req.params.id);
    return ok(req, {}, 'ok.delete');
  });

  // ——— granting and reissuing (staff) ———
  app.post('/api/admin/awards/grant', { schema: { tags, body: grantBody, response: { 200: grantResponse } }, ...staff }, async (req) => {
    await rowInScope(req, awards, req.body.awardId);
    const data = await grant(deps, req.user!.id, req.body, req.lang);
    return { ...ok(req, { data }), resultStr: translate(req.lang, 'award.granted', { count: data.length }) };
  });
  app.post('/api/admin/certificates/:id/reissue', { schema: { tags, params: certIdParam, response: { 200: certificateResponse } }, ...staff }, async (req) => {
    await rowInScope(req, certificates, req.params.id);
    return ok(req, { data: await reissue(deps, req.user!.id, req.params.id, req.lang) }, 'award.reissued');
  });

  // ——— public and owners ———
  app.get('/api/lAward/web/list', { schema: { tags, querystring: awardListQuery, response: { 200: awardListResponse } } }, async (req) =>
    ok(req, { content: await awardList(db, req.query.activityId, req.lang) }, 'ok.query'),
  );
  app.get(
    '/api/lAward/verifyCertCode',
    { schema: { tags, querystring: verifyQuery, response: { 200: verifyResponse } }, config: { limits: ['certVerify'] } },
    async (req) => ok(req, { data: await verify(db, req.query.certCode, req.lang) }, 'ok.query'),
  );
};
