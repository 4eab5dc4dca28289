import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONSENT_BATCH_GAP_MS,
  dbId,
  importRefusedResponse,
  importResponse,
  memberHeadResponse,
  parseCodesResponse,
  translate,
  UPLOAD_LIMITS,
} from '@rp/shared';
import { teamMembers, uploads } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { send } from '../../plugins/errors';
import { readLimited } from '../uploads/index';
import { loadActivity, loadOpenActivity } from './common';
import { sendConsentLinksThrottled } from './consent.service';
import { exportPlayers, importPlayers, importTemplate, parseCodeSheet, readSheet } from './import.service';

const id = dbId;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Batch tools for schools (issue 5): spreadsheet import/export, batch avatars, code sheets. */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['registration'];

  app.get(
    '/api/lTeamMember/web/importTemplate',
    {
      // public (programs are public too): the page links to it, so the browser downloads it from the click itself
      schema: { tags, querystring: z.object({ activityId: id, lang: z.enum(['zh', 'en']).optional() }) },
      config: { limits: ['importTemplate'] },
    },
    async (req, reply) => {
      const lang = req.query.lang ?? req.lang;
      const buf = await importTemplate(deps, req.query.activityId, lang);
      const name = lang === 'en' ? 'players-template.xlsx' : 'xuanshou-moban.xlsx';
      return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${name}"`).send(buf);
    },
  );

  const importQuery = z.object({ activityId: id, mode: z.enum(['preview', 'commit']).default('preview'), atomic: z.enum(['0', '1']).default('1') });
  app.post(
    '/api/lTeamMember/web/import',
    { schema: { tags, querystring: importQuery, response: { 200: importResponse, 400: importRefusedResponse } }, preHandler: requireAuth },
    async (req, reply) => {
      await loadActivity(db, req.query.activityId);
      const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.importSheet + 1, files: 1 } });
      if (!file) throw new AppError('UPLOAD_MISSING');
      const data = await readLimited(file, UPLOAD_LIMITS.importSheet);
      const parsed = await readSheet(data, req.lang);
      const { links, ...result } = await importPlayers(deps, req.user!.id, req.query.activityId, parsed, {
        lang: req.lang,
        commit: req.query.mode === 'commit',
        atomic: req.query.atomic === '1',
      });
      // the guardians' consent links go out after the answer, one every CONSENT_BATCH_GAP_MS (issue 37)
      if (links.length)
        void sendConsentLinksThrottled(deps, links, CONSENT_BATCH_GAP_MS, (e) =>
          app.log.warn({ code: e instanceof AppError ? e.code : 'ERROR' }, 'a guardian consent link of an import was not sent'),
        );
      if (result.blocked) {
        return send(reply, req.lang, 'IMPORT_HAS_ERRORS', { extra: { data: result } });
      }
      return ok(req, { data: result }, result.written ? 'import.done' : 'ok.query');
    },
  );

  app.get('/api/lTeamMember/web/export', { schema: { tags, querystring: z.object({ activityId: id }) }, preHandler: requireAuth }, async (req, reply) => {
    await loadActivity(db, req.query.activityId);
    const buf = await exportPlayers(deps, req.user!.id, req.query.activityId, req.lang);
    return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="players-${req.query.activityId}.xlsx"`).send(buf);
  });

  // Batch avatars (spec 7.5): each file was uploaded through oss/upload; this binds them to players.
  const headBody = z.object({
    activityId: id,
    memberPhotoVoList: z
      .array(z.object({ memberId: id, headImg: z.string().trim().max(300) }))
      .min(1, 'validation.required')
      .max(9999),
  });
  app.post(
    '/api/lTeamMember/web/updateMemberHead',
    { schema: { tags, body: headBody, response: { 200: memberHeadResponse } }, preHandler: requireAuth },
    async (req) => {
      const uid = req.user!.id;
      const list = req.body.memberPhotoVoList;
      const mine = new Map(
        (
          await db
            .select({ id: teamMembers.id, activityId: teamMembers.activityId })
            .from(teamMembers)
            .where(
              and(
                eq(teamMembers.userId, uid),
                inArray(
                  teamMembers.id,
                  list.map((x) => x.memberId),
                ),
              ),
            )
        ).map((m) => [m.id, m]),
      );
      if (list.some((x) => mine.get(x.memberId)?.activityId !== req.body.activityId)) throw new AppError('NOT_FOUND');
      await loadOpenActivity(db, req.body.activityId);
      const keys = list.map((x) => x.headImg.replace(/^\/api\/files\//, ''));
      const owned = new Set(
        (
          await db
            .select({ key: uploads.key })
            .from(uploads)
            .where(and(eq(uploads.userId, uid), inArray(uploads.key, keys)))
        ).map((u) => u.key),
      );
      const results: { memberId: number; ok: boolean; message: string }[] = [];
      await db.transaction(async (tx) => {
        for (const [i, x] of list.entries()) {
          const key = keys[i]!;
          if (!key.startsWith('private/avatars/') || !owned.has(key)) {
            results.push({ memberId: x.memberId, ok: false, message: translate(req.lang, 'import.avatarNotYours') });
            continue;
          }
          await tx
            .update(teamMembers)
            .set({ headImg: `/api/files/${key}`, updatedAt: new Date() })
            .where(eq(teamMembers.id, x.memberId));
          results.push({ memberId: x.memberId, ok: true, message: translate(req.lang, 'reg.uploadOk') });
        }
        await audit(tx, {
          userId: uid,
          resource: 'teamMembers',
          recordId: null,
          action: 'updateMemberHead',
          after: { count: results.filter((r) => r.ok).length },
        });
      });
      return ok(req, { data: results }, 'ok.update');
    },
  );

  app.post('/api/lRedeemCode/web/parseCodes', { schema: { tags, response: { 200: parseCodesResponse } }, preHandler: requireAuth }, async (req) => {
    const file = await req.file({ limits: { fileSize: UPLOAD_LIMITS.codeSheet + 1, files: 1 } });
    if (!file) throw new AppError('UPLOAD_MISSING');
    const data = await readLimited(file, UPLOAD_LIMITS.codeSheet);
    return ok(req, { data: await parseCodeSheet(data) }, 'ok.query');
  });
};
