import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  awardListQuery,
  awardListResponse,
  awardResource,
  certIdParam,
  certificateListResponse,
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
  teamCertQuery,
  verifyQuery,
  verifyResponse,
  dbId,
  translate,
} from '@rp/shared';
import { awards } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { AppError, errors } from '../../lib/errors';
import { requireAuth, requirePermission } from '../../plugins/auth';
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
  teamCertificates,
  verify,
  certificateFace,
  isValidCode,
  judgeActivities,
  myCertificates,
} from './awards.service';
import { certificateFileName, certificatePng } from './certificate-png';
import { TtlCache } from '../../lib/ttl-cache';

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
  const perIp = (name: string, max: number) => async (req: FastifyRequest) => {
    if ((await deps.store.incr(`ip:${name}:${req.ip}`, 60)) > max * deps.config.AUTH_IP_LIMIT_FACTOR) throw errors.rateLimited();
  };

  // the award list: both names needed (certificates print the reader's language)
  await app.register(
    resourceRoutes(awardResource, awards, {
      validate: (data) => {
        const missing = ['nameZh', 'nameEn'].filter((k) => typeof data[k] !== 'string' || !(data[k] as string).trim());
        if (missing.length) throw errors.validation(Object.fromEntries(missing.map((k) => [k, 'validation.required' as const])));
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
    if (!published && !req.user?.permissions.includes('awards.manage')) return ok(req, { data: { published: false, rows: [] } }, 'ok.query');
    return ok(req, { data: { published, rows: await ranking(db, req.query.activityId, req.query.programId) } }, 'ok.query');
  });
  app.post('/api/admin/results/publish', { schema: { tags, body: publishBody, response: { 200: okResponse } }, ...staff }, async (req) => {
    await publish(db, req.user!.id, req.body.activityId, req.body.programId);
    return ok(req, {}, 'award.published');
  });

  // ——— judges (staff) ———
  app.get('/api/admin/judges', { schema: { tags, querystring: judgeListQuery, response: { 200: judgeListResponse } }, ...staff }, async (req) =>
    ok(req, { data: await listJudges(db, req.query.activityId) }, 'ok.query'),
  );
  app.post('/api/admin/judges', { schema: { tags, body: judgeBody, response: { 200: judgeResponse } }, ...staff }, async (req) =>
    ok(req, { data: await addJudge(db, req.body) }, 'ok.create'),
  );
  app.delete('/api/admin/judges/:id', { schema: { tags, params: z.object({ id: dbId }), response: { 200: okResponse } }, ...staff }, async (req) => {
    await removeJudge(db, req.params.id);
    return ok(req, {}, 'ok.delete');
  });

  // ——— granting and reissuing (staff) ———
  app.post('/api/admin/awards/grant', { schema: { tags, body: grantBody, response: { 200: grantResponse } }, ...staff }, async (req) => {
    const data = await grant(deps, req.user!.id, req.body, req.lang);
    return { ...ok(req, { data }), resultStr: translate(req.lang, 'award.granted', { count: data.length }) };
  });
  app.post('/api/admin/certificates/:id/reissue', { schema: { tags, params: certIdParam, response: { 200: certificateResponse } }, ...staff }, async (req) =>
    ok(req, { data: await reissue(db, req.user!.id, req.params.id, req.lang) }, 'award.reissued'),
  );

  // ——— the certificate picture (spec 2.7): by its unguessable code, like the verification page ———
  // rendered once, then served from memory for 10 minutes
  const pictures = new TtlCache<{ png: Buffer; name: string }>(10 * 60_000, 300);
  app.get('/api/lAward/cert/:certCode', { schema: { tags, params: verifyQuery }, preHandler: perIp('certpng', 120) }, async (req, reply) => {
    const code = req.params.certCode;
    let hit = pictures.get(code);
    // a cached picture is served only while its code is valid (a reissue on any instance voids it at once)
    if (hit && !(await isValidCode(db, code))) {
      pictures.delete(code);
      hit = undefined;
    }
    if (!hit) {
      const base = deps.config.PUBLIC_BASE_URL ?? new URL(`${req.protocol}://${req.host}`).origin;
      const found = await certificateFace(db, code, base);
      if (!found) throw new AppError('CERT_NOT_FOUND');
      hit = { png: await certificatePng(found.face), name: certificateFileName(found.fileName) };
      pictures.set(code, hit);
    }
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=600')
      .header('content-disposition', `attachment; filename="certificate-${code}.png"; filename*=UTF-8''${encodeURIComponent(hit.name)}`)
      .send(hit.png);
  });

  // ——— public and owners ———
  app.get('/api/lAward/web/list', { schema: { tags, querystring: awardListQuery, response: { 200: awardListResponse } } }, async (req) =>
    ok(req, { content: await awardList(db, req.query.activityId, req.lang) }, 'ok.query'),
  );
  app.get(
    '/api/lAward/verifyCertCode',
    { schema: { tags, querystring: verifyQuery, response: { 200: verifyResponse } }, preHandler: perIp('verify', 60) },
    async (req) => ok(req, { data: await verify(db, req.query.certCode, req.lang) }, 'ok.query'),
  );
  app.get('/api/lAward/web/mine', { schema: { tags, response: { 200: certificateListResponse } }, preHandler: requireAuth }, async (req) =>
    ok(req, { data: await myCertificates(db, req.user!.id, req.lang) }, 'ok.query'),
  );
  app.get(
    '/api/lTeam/team/findTeamCertCode',
    { schema: { tags, querystring: teamCertQuery, response: { 200: certificateListResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await teamCertificates(db, req.user!.id, req.query.teamId, req.lang) }, 'ok.query'),
  );
};
