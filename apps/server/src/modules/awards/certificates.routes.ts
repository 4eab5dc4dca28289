import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  awardCodeQuery,
  awardCodeResponse,
  backgroundResponse,
  certDetailQuery,
  certDetailResponse,
  certificateAdminQuery,
  certificateAdminResponse,
  certificateListResponse,
  exportBody,
  exportJobParam,
  exportStatusResponse,
  grantResponse,
  leaderBindBody,
  leaderFindQuery,
  pictureProxyBody,
  pictureProxyResponse,
  placeholderQuery,
  teamCertQuery,
  templateBody,
  templateQuery,
  templateResponse,
  teamNumbersResponse,
  TEAM_NUMBER_RE,
  translate,
  UPLOAD_LIMITS,
  verifyQuery,
} from '@rp/shared';
import { ok } from '../../lib/envelope';
import { publicBase } from '../../lib/public-base';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { requireAuth, requirePermission } from '../../plugins/auth';
import { assertInScope, scopeFor } from '../../lib/scope';
import { awards } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { readLimited, storeContentUpload } from '../uploads/index';
import { cellText, readFirstSheet } from '../../lib/spreadsheet';
import { grant } from './awards.service';
import {
  activityCertificates,
  certificateDetail,
  leaderCertificates,
  pictureBase64,
  placeholderCertificates,
  teamVouchers,
  myCertificates,
  teamCertificates,
} from './certificates.service';
import { readJob, startExport } from './export.service';
import { certificateStamp, getTemplate, previewPng, renderCertificate, saveTemplate } from './templates.service';

/**
 * Certificates (issue 13, spec 2.7, 7.4, 7.6, 7.7): the picture by certCode (built-in design or the activity's
 * template), templates, leader awards, the lookups of coaches and families, the picture proxy, and the staff's
 * list of certificates issued with a batch download. Thin routes over certificates/templates/export services.
 */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['awards'];
  const staff = { preHandler: requirePermission('awards.manage') };
  const baseOf = (_req?: FastifyRequest) => publicBase(deps.config); // never the request's Host

  // ——— the certificate picture (spec 2.7): by its unguessable code, like the verification page ———
  // rendered once, then served from memory while its code is valid and its design unchanged (checked on every
  // request with one indexed query, so a reissue or a template saved on another instance shows at once)
  const pictures = new TtlCache<{ png: Buffer; name: string; stamp: string }>(10 * 60_000, 300);
  app.get('/api/lAward/cert/:certCode', { schema: { tags, params: verifyQuery }, config: { limits: ['certPicture'] } }, async (req, reply) => {
    const code = req.params.certCode;
    const stamp = await certificateStamp(db, code);
    let hit = pictures.get(code);
    if (hit && hit.stamp !== stamp) {
      pictures.delete(code);
      hit = undefined;
    }
    if (!hit) {
      const made = await renderCertificate(deps, code, baseOf(req));
      hit = { ...made, stamp: stamp ?? '' };
      pictures.set(code, hit);
    }
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=600')
      .header('content-disposition', `attachment; filename="certificate-${code}.png"; filename*=UTF-8''${encodeURIComponent(hit.name)}`)
      .send(hit.png);
  });

  // ——— templates (spec 7.7: by activityId and type) ———
  app.get('/api/lAward/template', { schema: { tags, querystring: templateQuery, response: { 200: templateResponse } } }, async (req) =>
    ok(req, { data: await getTemplate(db, req.query.activityId, req.query.type) }, 'ok.query'),
  );
  app.put('/api/admin/awardTemplates', { schema: { tags, body: templateBody, response: { 200: templateResponse } }, ...staff }, async (req) => {
    assertInScope(scopeFor(req, 'awards.manage'), req.body.activityId);
    const data = await saveTemplate(deps, req.body, req.lang, req.user!.id);
    return ok(req, { data }, 'award.templateSaved');
  });
  app.post('/api/admin/awardTemplates/background', { schema: { tags, response: { 200: backgroundResponse } }, ...staff }, async (req) => {
    const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.contentImage + 1, files: 1 } });
    if (!file) throw new AppError('UPLOAD_MISSING');
    const stored = await storeContentUpload(deps, await readLimited(file, UPLOAD_LIMITS.contentImage), file.filename, 'image', req.user!.id);
    return ok(req, { data: { key: stored.key, url: stored.url, width: stored.width ?? 0, height: stored.height ?? 0 } }, 'ok.create');
  });
  app.post('/api/admin/awardTemplates/preview', { schema: { tags, body: templateBody }, ...staff }, async (req, reply) => {
    assertInScope(scopeFor(req, 'awards.manage'), req.body.activityId);
    const png = await previewPng(deps, req.body, baseOf(req));
    return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(png);
  });

  // ——— leader awards (spec 7.6) ———
  app.post('/api/lLeaderAward/web/bind', { schema: { tags, body: leaderBindBody, response: { 200: grantResponse } }, ...staff }, async (req) => {
    if (scopeFor(req, 'awards.manage') !== null) {
      const [a] = await db.select({ a: awards.activityId }).from(awards).where(eq(awards.id, req.body.awardId));
      assertInScope(scopeFor(req, 'awards.manage'), a?.a);
    }
    const data = await grant(
      deps,
      req.user!.id,
      { awardId: req.body.awardId, leaderIds: req.body.leaderIds, teamIds: [], teamNumbers: [], memberIds: [], volunteerIds: [] },
      req.lang,
    );
    return { ...ok(req, { data }), resultStr: translate(req.lang, 'award.granted', { count: data.length }) };
  });
  app.get(
    '/api/lLeaderAward/web/find',
    { schema: { tags, querystring: leaderFindQuery, response: { 200: certificateListResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await leaderCertificates(db, req.user!.id, req.query.activityId, req.lang) }, 'ok.query'),
  );
  app.get(
    '/api/lLeaderAward/queryCertDetail',
    { schema: { tags, querystring: certDetailQuery, response: { 200: certDetailResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await certificateDetail(db, req.user!.id, req.query.certCode, req.lang) }, 'ok.query'),
  );

  // ——— the member's certificates: all of the account's (user center), a team's (spec 7.4 findTeamCertCode) ———
  app.get('/api/lAward/web/mine', { schema: { tags, response: { 200: certificateListResponse } }, preHandler: requireAuth }, async (req) =>
    ok(req, { data: await myCertificates(db, req.user!.id, req.lang) }, 'ok.query'),
  );
  app.get(
    '/api/lTeam/team/findTeamCertCode',
    { schema: { tags, querystring: teamCertQuery, response: { 200: certificateListResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await teamCertificates(db, req.user!.id, req.query.teamId, req.lang) }, 'ok.query'),
  );

  // ——— lookups (spec 7.4) ———
  // a family without the team's account: the team number and the name of one of its players or its coach
  app.get(
    '/api/lTeam/team/findByTeamCodeAndPLaceHolder',
    { schema: { tags, querystring: placeholderQuery, response: { 200: certificateListResponse } }, config: { limits: ['certLookup'] } },
    async (req) => ok(req, { data: await placeholderCertificates(db, req.query.teamCode, req.query.placeHolder, req.lang) }, 'ok.query'),
  );
  app.get(
    '/api/lTeam/team/awardCode',
    { schema: { tags, querystring: awardCodeQuery, response: { 200: awardCodeResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await teamVouchers(db, req.user!.id, req.query.activityId, req.lang) }, 'ok.query'),
  );

  // ——— the picture proxy (spec 7.7): this site's public pictures only, resized, as base64 ———
  app.post(
    '/api/lAward/picture',
    { schema: { tags, body: pictureProxyBody, response: { 200: pictureProxyResponse } }, preHandler: requireAuth, config: { limits: ['pictureProxy'] } },
    async (req) => ok(req, { data: await pictureBase64(deps, req.body, baseOf(req)) }, 'ok.query'),
  );

  // ——— staff: the team numbers of a spreadsheet (any cell shaped like one, in sheet order), to grant an award to ———
  app.post('/api/admin/awards/teamNumbers', { schema: { tags, response: { 200: teamNumbersResponse } }, ...staff }, async (req) => {
    const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.importSheet + 1, files: 1 } });
    if (!file) throw new AppError('UPLOAD_MISSING');
    const sheet = await readFirstSheet(await readLimited(file, UPLOAD_LIMITS.importSheet), { maxRows: 1000 });
    const numbers = new Set<string>();
    for (const r of sheet.rows) for (const c of r.cells) if (c !== undefined && TEAM_NUMBER_RE.test(cellText(c).trim())) numbers.add(cellText(c).trim());
    return ok(req, { data: { numbers: [...numbers] } }, 'ok.query');
  });

  // ——— staff: certificates issued and the batch download ———
  app.get(
    '/api/admin/certificates',
    { schema: { tags, querystring: certificateAdminQuery, response: { 200: certificateAdminResponse } }, ...staff },
    async (req) => {
      assertInScope(scopeFor(req, 'awards.manage'), req.query.activityId);
      return ok(req, { data: await activityCertificates(db, req.query, req.lang) }, 'ok.query');
    },
  );
  app.post('/api/admin/certificates/export', { schema: { tags, body: exportBody, response: { 200: exportStatusResponse } }, ...staff }, async (req) => {
    assertInScope(scopeFor(req, 'awards.manage'), req.body.activityId);
    const job = await startExport(deps, req.user!.id, req.body.activityId, baseOf(req), req.log);
    return {
      ...ok(req, { data: { jobId: job.jobId, total: job.total, done: 0, ready: false, failed: false } }),
      resultStr: translate(req.lang, 'award.exportStarted', { count: job.total }),
    };
  });
  app.get(
    '/api/admin/certificates/export/:jobId',
    { schema: { tags, params: exportJobParam, response: { 200: exportStatusResponse } }, ...staff },
    async (req) => {
      const job = await readJob(deps, req.params.jobId, req.user!.id);
      return ok(req, { data: { jobId: job.jobId, total: job.total, done: job.done, ready: job.ready, failed: job.failed } }, 'ok.query');
    },
  );
  app.get('/api/admin/certificates/export/:jobId/file', { schema: { tags, params: exportJobParam }, ...staff }, async (req, reply) => {
    const job = await readJob(deps, req.params.jobId, req.user!.id);
    const stored = job.ready && job.key ? await deps.storage.open(job.key) : null;
    if (!stored) throw new AppError('EXPORT_NOT_FOUND');
    reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${job.fileName}"`).header('cache-control', 'no-store');
    if (stored.size !== null) reply.header('content-length', stored.size);
    return reply.send(stored.body);
  });
};
