import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  atelierCreateBody,
  checkinBody,
  checkinResponse,
  checkinStatsQuery,
  checkinStatsResponse,
  myVisitorsResponse,
  orderResponse,
  passCodeBody,
  passCodeResponse,
  sessionListQuery,
  sessionListResponse,
  sessionTimeErrors,
  onlineCancelBody,
  onlineMineQuery,
  onlineMineResponse,
  onlineReserveBody,
  onlineReserveResponse,
  okResponse,
  waitlistJoinBody,
  waitlistLeaveBody,
  waitlistResponse,
  type MessageKey,
} from '@rp/shared';
import { and, eq } from 'drizzle-orm';
import { checkins, eventSessions, onlineReservations, tickets, visitors } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireAuth, requirePermission } from '../../plugins/auth';
import { assertInScope, scopeFor } from '../../lib/scope';
import { checkinResource, onlineSlotResource, sessionResource, ticketResource, visitorResource } from '@rp/shared';
import { createOrder } from '../payments/index';
import { presentOrder } from '../payments/index';
import { checkinStats, listSessions, myVisitors, passCodes, scan } from './tickets.service';
import { cancelOnline, myOnline, reserveOnline } from './online.service';
import { joinWaitlist, leaveWaitlist } from './waitlist.service';

/** Tickets, workshops, pass codes and check-in (issue 11): thin routes over tickets.service and the money path. */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const tags = ['tickets'];
  const auth = { preHandler: requireAuth };
  // the same count as the orders' (RATE_LIMITS.orderWrite)
  const limited = { preHandler: requireAuth, config: { limits: ['orderWrite'] as const } };

  // spec 7.3: the public lists (sessions with their tickets, places left, 4.3 states)
  app.get('/api/lTicket/web/list', { schema: { tags, querystring: sessionListQuery, response: { 200: sessionListResponse } } }, async (req) => {
    return ok(req, { content: await listSessions(deps, req.query.activityId, req.query.kind ?? 'audience', req.lang) }, 'ok.query');
  });
  app.get('/api/lAtelier/web/list', { schema: { tags, querystring: sessionListQuery, response: { 200: sessionListResponse } } }, async (req) => {
    return ok(req, { content: await listSessions(deps, req.query.activityId, 'workshop', req.lang) }, 'ok.query');
  });

  // spec 7.7: book a workshop (free ones at once, paid ones through the money path)
  app.post('/api/lAtelier/web/create', { schema: { tags, body: atelierCreateBody, response: { 200: orderResponse } }, ...limited }, async (req) => {
    const o = await createOrder(deps, req.user!.id, { ...req.body, type: 3 }, req.lang);
    return ok(req, { data: await presentOrder(db, o, req.lang) }, o.status === 'paid' ? 'ok.ticketBooked' : 'ok.orderCreated');
  });

  // spec 7.7: the pass codes of a paid order (its owner only)
  app.post('/api/lTicket/sUrl/getPassCode', { schema: { tags, body: passCodeBody, response: { 200: passCodeResponse } }, ...auth }, async (req) => {
    return ok(req, { data: await passCodes(deps, req.user!.id, req.body.orderNo, req.lang) }, 'ok.query');
  });
  app.get('/api/lTicket/web/mine', { schema: { tags, response: { 200: myVisitorsResponse } }, ...auth }, async (req) => {
    return ok(req, { content: await myVisitors(deps, req.user!.id, req.lang) }, 'ok.query');
  });

  // online match slots: one per team, before the entry time
  app.get('/api/lOnline/web/mine', { schema: { tags, querystring: onlineMineQuery, response: { 200: onlineMineResponse } }, ...auth }, async (req) => {
    return ok(req, { content: await myOnline(deps, req.user!.id, req.query.activityId, req.lang) }, 'ok.query');
  });
  app.post('/api/lOnline/web/reserve', { schema: { tags, body: onlineReserveBody, response: { 200: onlineReserveResponse } }, ...limited }, async (req) => {
    const r = await reserveOnline(deps, req.user!.id, req.body);
    const view = (await myOnline(deps, req.user!.id, req.body.activityId, req.lang)).find((x) => x.id === r.id)!;
    return ok(req, { data: view }, 'ok.ticketBooked');
  });
  app.post('/api/lOnline/web/cancel', { schema: { tags, body: onlineCancelBody, response: { 200: okResponse } }, ...limited }, async (req) => {
    await cancelOnline(deps, req.user!.id, req.body);
    return ok(req, {}, 'ok');
  });

  // waiting list of a sold-out session (beyond the spec)
  app.post('/api/lTicket/web/waitlist', { schema: { tags, body: waitlistJoinBody, response: { 200: waitlistResponse } }, ...limited }, async (req) => {
    const w = await joinWaitlist(deps, req.user!.id, req.body);
    return ok(
      req,
      { data: { id: w.id, sessionId: w.sessionId, quantity: w.quantity, status: w.status, offeredUntil: w.offeredUntil?.toISOString() ?? null } },
      'ticket.waitlistJoined',
    );
  });
  app.post('/api/lTicket/web/waitlist/leave', { schema: { tags, body: waitlistLeaveBody, response: { 200: okResponse } }, ...auth }, async (req) => {
    await leaveWaitlist(deps, req.user!.id, req.body.sessionId);
    return ok(req, {}, 'ok');
  });

  // check-in at the door (beyond the spec)
  const gate = { preHandler: requirePermission('checkin.scan') };
  // staff limited to some activities (issue 24) run the gate of one of their sessions: the session is required
  // then, and scan() refuses passes of any other session
  const sessionInScope = async (req: FastifyRequest, sessionId: number | undefined) => {
    const scope = scopeFor(req, 'checkin.scan');
    if (scope === null) return;
    if (!sessionId) throw new AppError('VALIDATION_FAILED', { fieldErrors: { sessionId: 'validation.required' } });
    const [s] = await db.select({ a: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, sessionId));
    assertInScope(scope, s?.a);
  };
  // Scans per staff account and minute (RATE_LIMITS.checkin). A busy gate admits about one person every 3 s (20 a minute);
  // 300 leaves room for ten gates on one account. Guessing a short code at that rate: 31^12 ≈ 7.9e17 codes; with even a
  // million valid passes, 300 × 60 × 24 = 432,000 tries a day hit one with probability ≈ 432,000 × 10^6 / 7.9e17 ≈ 5.5e-7.
  app.post(
    '/api/admin/checkin',
    { schema: { tags: ['admin'], body: checkinBody, response: { 200: checkinResponse } }, preHandler: gate.preHandler, config: { limits: ['checkin'] } },
    async (req) => {
      await sessionInScope(req, req.body.sessionId);
      const r = await scan(deps, req.user!.id, req.body, req.lang, scopeFor(req, 'checkin.scan'));
      return ok(req, { data: r }, 'ok.checkedIn');
    },
  );
  app.get(
    '/api/admin/checkin/stats',
    { schema: { tags: ['admin'], querystring: checkinStatsQuery, response: { 200: checkinStatsResponse } }, ...gate },
    async (req) => {
      await sessionInScope(req, req.query.sessionId);
      return ok(req, { data: await checkinStats(deps, req.query.sessionId) }, 'ok.query');
    },
  );

  // admin resources, with spec 5's session times
  const times = (data: Record<string, unknown>) => {
    const bad = sessionTimeErrors(data as never);
    if (Object.keys(bad).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: bad as Record<string, MessageKey> });
  };
  await app.register(resourceRoutes(sessionResource, eventSessions, { validate: (data) => times(data) }));
  await app.register(
    resourceRoutes(ticketResource, tickets, {
      validate: async (data, ctx) => {
        const [s] = await ctx.db
          .select({ id: eventSessions.id })
          .from(eventSessions)
          .where(and(eq(eventSessions.id, Number(data.sessionId)), eq(eventSessions.activityId, Number(data.activityId))));
        // a session of another activity is named as such, not as "choose one of the options" (issue 34)
        if (!s) throw new AppError('VALIDATION_FAILED', { fieldErrors: { sessionId: 'ticket.sessionOtherActivity' } });
        if (data.saleStart && data.saleEnd && new Date(data.saleEnd as string).getTime() <= new Date(data.saleStart as string).getTime())
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { saleEnd: 'ticket.endAfterStart' } });
      },
    }),
  );
  await app.register(resourceRoutes(visitorResource, visitors));
  await app.register(resourceRoutes(onlineSlotResource, onlineReservations));
  await app.register(resourceRoutes(checkinResource, checkins));
};
