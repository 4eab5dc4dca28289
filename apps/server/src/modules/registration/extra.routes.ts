import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  dbId,
  idListBody,
  idsOf,
  myRegistrationsResponse,
  okResponse,
  orgAddressListResponse,
  orgAddressResponse,
  playerCardResponse,
  PROMOTION_CODE_MAX,
  PROMOTION_CODE_MIN,
  teamCodeCheckResponse,
} from '@rp/shared';
import { activities, certificates, orgAddresses, teamMembers, teams } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { assertChildAccess, logPiiAccess, requirePurpose } from '../../lib/child-access';
import { requireAuth, requirePermission } from '../../plugins/auth';
import { assertInScope, scopeFor } from '../../lib/scope';
import { pick } from '../content/index';
import { bad, loadActivity } from './common';

const id = dbId;

/** The user center's registrations, addresses, the promotion team code check, staff view of an ID number. */
export const registrationExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps.database;
  const tags = ['registration'];

  // POST api/lTeam/my: the caller's activities with their teams and players by state
  app.post('/api/lTeam/my', { schema: { tags, response: { 200: myRegistrationsResponse } }, preHandler: requireAuth }, async (req) => {
    const uid = req.user!.id;
    const memberRows = await db
      .select({ activityId: teamMembers.activityId, payStatus: teamMembers.payStatus, n: sql<number>`count(*)::int` })
      .from(teamMembers)
      .where(eq(teamMembers.userId, uid))
      .groupBy(teamMembers.activityId, teamMembers.payStatus);
    const teamRows = await db
      .select({ activityId: teams.activityId, n: sql<number>`count(*)::int` })
      .from(teams)
      .where(eq(teams.userId, uid))
      .groupBy(teams.activityId);
    const ids = [...new Set([...memberRows.map((r) => r.activityId), ...teamRows.map((r) => r.activityId)])];
    const acts = ids.length ? await db.select().from(activities).where(inArray(activities.id, ids)) : [];
    const data = acts
      .sort((a, b) => b.id - a.id)
      .map((a) => {
        const byStatus: Record<string, number> = {};
        for (const r of memberRows.filter((x) => x.activityId === a.id)) byStatus[r.payStatus] = Number(r.n);
        return {
          activityId: a.id,
          activityName: pick(req.lang, a.nameZh, a.nameEn),
          beginTime: a.beginTime.toISOString(),
          reviewRequired: a.reviewRequired,
          teams: Number(teamRows.find((x) => x.activityId === a.id)?.n ?? 0),
          players: Object.values(byStatus).reduce((s, n) => s + n, 0),
          playersByPayStatus: byStatus,
        };
      });
    return ok(req, { data }, 'ok.query');
  });

  // Promotion team code check (spec 7.4): teamCode, activityId, sourceActivityId
  const promoQuery = z.object({ teamCode: z.string().trim().max(PROMOTION_CODE_MAX), activityId: id, sourceActivityId: id.optional() });
  // Team numbers are sequential: the check is rate-limited per account and per address, and names
  // only the caller's own team (anyone else learns whether the code exists, which is what the form needs).
  app.get(
    '/api/lTeam/web/checkTeamCode',
    {
      schema: { tags, querystring: promoQuery, response: { 200: teamCodeCheckResponse } },
      preHandler: requireAuth,
      config: { limits: ['teamCodeCheck', 'teamCodeCheckAddress'], failText: 'error.queryFailed' },
    },
    async (req) => {
      const a = await loadActivity(db, req.query.activityId);
      if (!a.promotionZone) throw new AppError('NOT_FOUND');
      if (!req.query.sourceActivityId) throw bad('reg.promoZoneFirst', 'sourceActivityId');
      if (req.query.teamCode.length < PROMOTION_CODE_MIN) throw bad('reg.promoCodeShort', 'teamCode');
      // the code is a team number of the source (promotion-zone) activity, or the promotion voucher issued there
      // with a promoting award (issue 13: team award code)
      const [src] = await db
        .select({ id: teams.id, name: teams.name, userId: teams.userId })
        .from(teams)
        .leftJoin(certificates, and(eq(certificates.teamId, teams.id), eq(certificates.status, 'valid')))
        .where(
          and(
            eq(teams.activityId, req.query.sourceActivityId),
            or(eq(teams.number, req.query.teamCode), eq(certificates.voucher, req.query.teamCode.toUpperCase())),
          ),
        )
        .limit(1);
      return ok(
        req,
        { data: src ? { teamName: src.userId === req.user!.id ? src.name : null, verify: 1 as const } : { teamName: null, verify: 2 as const } },
        'ok.query',
      );
    },
  );

  // Promotion-zone list: finished activities (spec 9: year 2024, status 4 — any year here)
  // is served by GET api/lActivity/web/listV2?status=4.

  // Organisation addresses (api/lOrgAddress/web): the caller's own
  const addrInput = z.object({
    name: z.string().trim().min(1, 'validation.required').max(100),
    address: z.string().trim().min(1, 'validation.required').max(300),
  });
  const present = (r: typeof orgAddresses.$inferSelect) => ({ id: r.id, name: r.name, address: r.address, status: r.status });
  app.get('/api/lOrgAddress/web/list', { schema: { tags, response: { 200: orgAddressListResponse } }, preHandler: requireAuth }, async (req) =>
    ok(
      req,
      {
        data: (
          await db
            .select()
            .from(orgAddresses)
            .where(and(eq(orgAddresses.userId, req.user!.id), eq(orgAddresses.status, 1)))
            .orderBy(orgAddresses.id)
        ).map(present),
      },
      'ok.query',
    ),
  );
  app.post(
    '/api/lOrgAddress/web/create',
    { schema: { tags, body: addrInput, response: { 200: orgAddressResponse } }, preHandler: requireAuth },
    async (req) => {
      const [r] = await db
        .insert(orgAddresses)
        .values({ userId: req.user!.id, ...req.body })
        .returning();
      return ok(req, { data: present(r!) }, 'ok.create');
    },
  );
  app.put(
    '/api/lOrgAddress/web/update',
    { schema: { tags, body: addrInput.extend({ id }), response: { 200: orgAddressResponse } }, preHandler: requireAuth },
    async (req) => {
      const [r] = await db
        .update(orgAddresses)
        .set({ name: req.body.name, address: req.body.address })
        .where(and(eq(orgAddresses.id, req.body.id), eq(orgAddresses.userId, req.user!.id)))
        .returning();
      if (!r) throw new AppError('NOT_FOUND');
      return ok(req, { data: present(r) }, 'ok.update');
    },
  );
  app.delete('/api/lOrgAddress/web/delete', { schema: { tags, body: idListBody, response: { 200: okResponse } }, preHandler: requireAuth }, async (req) => {
    const ids = idsOf(req.body);
    const gone = await db
      .delete(orgAddresses)
      .where(and(inArray(orgAddresses.id, ids), eq(orgAddresses.userId, req.user!.id)))
      .returning({ id: orgAddresses.id });
    if (gone.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    return ok(req, {}, 'ok.delete');
  });

  // Permitted staff may see an ID number whole, saying why; a child's (under 14) also needs privacy.childData (issue 37).
  // Every look is audited and logged in the access log (who, whose, when, why) that the yearly audit counts.
  app.get(
    '/api/admin/players/:id/card',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id }),
        querystring: z.object({ purpose: z.string().max(500).optional() }),
        response: { 200: playerCardResponse },
      },
      preHandler: requirePermission('registrations.manage'),
    },
    async (req) => {
      const [m] = await db.select().from(teamMembers).where(eq(teamMembers.id, req.params.id)).limit(1);
      if (!m) throw new AppError('NOT_FOUND');
      assertInScope(scopeFor(req, 'registrations.manage'), m.activityId);
      assertChildAccess(req.user!, m);
      const purpose = requirePurpose(req.query.purpose);
      if (m.anonymisedAt) throw new AppError('PLAYER_ANONYMISED');
      await audit(db, { userId: req.user!.id, resource: 'teamMembers', recordId: m.id, action: 'viewCard' });
      await logPiiAccess(db, { staffId: req.user!.id, kind: 'idNumber', teamMemberId: m.id, activityId: m.activityId, purpose });
      return ok(req, { data: { cardType: m.cardType, card: deps.pii.decrypt(m.cardEnc) } }, 'ok.query');
    },
  );
};
