import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerRequestInput,
  auditReportResponse,
  dbId,
  deleteAccountInput,
  deleteAccountResponse,
  privacyRequestInput,
  privacyRequestListResponse,
  privacyRequestResponse,
  retentionPreviewResponse,
} from '@rp/shared';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { activityScope } from '../../lib/scope';
import { requireAuth, requirePermission } from '../../plugins/auth';
import { deleteAccount } from './account.service';
import { archiveZip, collectArchive } from './archive.service';
import { auditReport, auditReportPdf, auditReportXlsx } from './report.service';
import { answerRequest, createRequest, listRequests } from './requests.service';
import { retentionPreview } from './retention';

const DELETE_WORDS = ['注销', 'delete'];
const yearParam = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/** People's rights (the member) and Admin → Privacy (requests, retention preview, the yearly audit). */
export const rightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['privacy'];

  // everything held about the caller and their players: one zip (data.json + a workbook in their language)
  app.get('/api/privacy/archive', { schema: { tags, summary: 'Download my personal information' }, preHandler: requireAuth }, async (req, reply) => {
    const archive = await collectArchive(deps, req.user!.id);
    const zip = await archiveZip(archive, req.lang);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    reply.type('application/zip').header('content-disposition', `attachment; filename="personal-information-${day}.zip"`).header('cache-control', 'no-store');
    return reply.send(zip);
  });

  app.post(
    '/api/privacy/deleteAccount',
    { schema: { tags, summary: 'Delete my account', body: deleteAccountInput, response: { 200: deleteAccountResponse } }, preHandler: requireAuth },
    async (req) => {
      if (!DELETE_WORDS.includes(req.body.confirm.toLowerCase())) throw new AppError('DELETE_NOT_CONFIRMED', { field: 'confirm' });
      const done = await deleteAccount(deps, req.user!.id);
      return ok(req, { data: done }, 'rights.accountDeleted');
    },
  );

  app.get(
    '/api/privacy/requests',
    { schema: { tags, summary: 'My privacy requests', response: { 200: privacyRequestListResponse } }, preHandler: requireAuth },
    async (req) => ok(req, { data: await listRequests(db, req.user!.id) }, 'ok.query'),
  );

  app.post(
    '/api/privacy/requests',
    {
      schema: { tags, summary: 'Ask staff to correct data or object', body: privacyRequestInput, response: { 200: privacyRequestListResponse } },
      preHandler: requireAuth,
    },
    async (req) => {
      await createRequest(db, req.user!.id, req.body);
      return ok(req, { data: await listRequests(db, req.user!.id) }, 'rights.requestSent');
    },
  );

  // ── Admin → Privacy ────────────────────────────────────────────────────────────────────────
  const manage = requirePermission('privacy.manage');
  app.get(
    '/api/admin/privacy/requests',
    { schema: { tags, summary: 'Privacy requests queue', response: { 200: privacyRequestListResponse } }, preHandler: manage },
    async (req) => ok(req, { data: await listRequests(db, null) }, 'ok.query'),
  );

  app.post(
    '/api/admin/privacy/requests/:id/answer',
    {
      schema: {
        tags,
        summary: 'Answer a privacy request',
        params: z.object({ id: dbId }),
        body: answerRequestInput,
        response: { 200: privacyRequestResponse },
      },
      preHandler: manage,
    },
    async (req) => {
      await answerRequest(db, req.user!.id, req.params.id, req.body);
      const row = (await listRequests(db, null)).find((r) => r.id === req.params.id)!;
      return ok(req, { data: row }, 'rights.requestAnswered');
    },
  );

  app.get(
    '/api/admin/privacy/retention',
    { schema: { tags, summary: 'Retention preview', response: { 200: retentionPreviewResponse } }, preHandler: manage },
    async (req) => {
      const rows = await retentionPreview(deps, activityScope(req.user!, 'privacy.manage'));
      const data = rows.map((r) => ({
        id: r.id,
        name: (req.lang === 'en' && r.nameEn) || r.nameZh,
        finishTime: r.finishTime.toISOString(),
        retentionDays: r.retentionDays,
        dueAt: r.dueAt.toISOString(),
        ended: r.ended,
        anonymisedAt: r.anonymisedAt?.toISOString() ?? null,
        players: r.players,
        withIdNumber: r.withIdNumber,
        photos: r.photos,
        guardians: r.guardians,
        teachers: r.teachers,
        volunteers: r.volunteers,
      }));
      return ok(req, { data }, 'ok.query');
    },
  );

  app.get(
    '/api/admin/privacy/audit/:year',
    { schema: { tags, summary: 'Yearly compliance audit', params: yearParam, response: { 200: auditReportResponse } }, preHandler: manage },
    async (req) => ok(req, { data: await auditReport(deps, req.params.year) }, 'ok.query'),
  );

  app.get(
    '/api/admin/privacy/audit/:year/file',
    {
      schema: { tags, summary: 'Yearly compliance audit as PDF or spreadsheet', params: yearParam, querystring: z.object({ format: z.enum(['pdf', 'xlsx']) }) },
      preHandler: manage,
    },
    async (req, reply) => {
      const report = await auditReport(deps, req.params.year);
      const name = `compliance-audit-${req.params.year}-${req.lang}`;
      if (req.query.format === 'pdf') {
        const pdf = await auditReportPdf(report, req.lang);
        reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`);
        return reply.send(Buffer.from(pdf));
      }
      const xlsx = await auditReportXlsx(report, req.lang);
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${name}.xlsx"`);
      return reply.send(xlsx);
    },
  );
};
