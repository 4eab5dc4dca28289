import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  GATE_TOKEN_HEADER,
  checkinResponse,
  gateAdmissionsQuery,
  gateAdmissionsResponse,
  gateDeviceCreateBody,
  gateDeviceCreateResponse,
  gateDeviceIdParams,
  gateMeResponse,
  gateOverviewQuery,
  gateOverviewResponse,
  gatePassesQuery,
  gatePassesResponse,
  gateScanBody,
  gateSyncBody,
  gateSyncResponse,
  okResponse,
} from '@rp/shared';
import { eventSessions } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { assertInScope, scopeFor } from '../../lib/scope';
import { requirePermission } from '../../plugins/auth';
import { admissionsSince, createDevice, deviceMe, deviceOf, deviceSession, gateOverview, passPage, revokeDevice, syncBatch } from './gate.service';
import { scan } from './tickets.service';

/**
 * The offline gate (issue 38). Staff routes (bearer, checkin.scan, within the person's activities): make a device
 * session for one session's gate, revoke one, the doors' figures. Device routes (/api/gate/*): the device's own
 * token in X-Gate-Token, limited to its one session; 401 GATE_DEVICE_REVOKED / GATE_DEVICE_EXPIRED tell it to wipe.
 * A device token is 256 random bits stored hashed: not guessable, so the device routes count no failures.
 */
export const gateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const tags = ['gate'];
  const staff = { preHandler: requirePermission('checkin.scan') };
  const inScope = async (req: FastifyRequest, sessionId: number | undefined) => {
    const [s] = sessionId ? await db.select({ a: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, sessionId)) : [];
    if (!s) throw new AppError('NOT_FOUND');
    assertInScope(scopeFor(req, 'checkin.scan'), s.a);
  };
  const token = (req: FastifyRequest) => {
    const h = req.headers[GATE_TOKEN_HEADER];
    return typeof h === 'string' ? h : undefined;
  };

  app.post('/api/admin/gate/devices', { schema: { tags, body: gateDeviceCreateBody, response: { 200: gateDeviceCreateResponse } }, ...staff }, async (req) => {
    await inScope(req, req.body.sessionId);
    return ok(req, { data: await createDevice(deps, req.user!.id, req.body, req.lang) }, 'ok');
  });
  app.post('/api/admin/gate/devices/:id/revoke', { schema: { tags, params: gateDeviceIdParams, response: { 200: okResponse } }, ...staff }, async (req) => {
    await inScope(req, await deviceSession(deps, req.params.id));
    await revokeDevice(deps, req.params.id);
    return ok(req, {}, 'ok');
  });
  app.get('/api/admin/gate/overview', { schema: { tags, querystring: gateOverviewQuery, response: { 200: gateOverviewResponse } }, ...staff }, async (req) => {
    await inScope(req, req.query.sessionId);
    return ok(req, { data: await gateOverview(deps, req.query.sessionId, req.lang) }, 'ok.query');
  });

  app.get('/api/gate/me', { schema: { tags, response: { 200: gateMeResponse } } }, async (req) => {
    const d = await deviceOf(deps, token(req));
    return ok(req, { data: await deviceMe(deps, d, req.lang) }, 'ok.query');
  });
  app.get('/api/gate/passes', { schema: { tags, querystring: gatePassesQuery, response: { 200: gatePassesResponse } } }, async (req) => {
    const d = await deviceOf(deps, token(req));
    return ok(req, { data: await passPage(deps, d, req.query.after, req.query.size) }, 'ok.query');
  });
  // online: the server decides as at /api/admin/checkin, at this device's gate and session
  app.post('/api/gate/scan', { schema: { tags, body: gateScanBody, response: { 200: checkinResponse } } }, async (req) => {
    const d = await deviceOf(deps, token(req));
    const [s] = await db.select({ a: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, d.sessionId));
    const r = await scan(deps, d.staffId!, { code: req.body.code, gate: d.gate, sessionId: d.sessionId }, req.lang, s ? [s.a] : []);
    return ok(req, { data: r }, 'ok.checkedIn');
  });
  app.post('/api/gate/sync', { schema: { tags, body: gateSyncBody, response: { 200: gateSyncResponse } } }, async (req) => {
    const d = await deviceOf(deps, token(req), req.body.pending);
    return ok(req, { data: await syncBatch(deps, d, req.body, req.lang) }, 'ok');
  });
  app.get('/api/gate/admissions', { schema: { tags, querystring: gateAdmissionsQuery, response: { 200: gateAdmissionsResponse } } }, async (req) => {
    const d = await deviceOf(deps, token(req));
    return ok(req, { data: await admissionsSince(deps, d, req.query.since) }, 'ok.query');
  });
  // signing out ends the device session here; the device wipes its passes
  app.post('/api/gate/signout', { schema: { tags, response: { 200: okResponse } } }, async (req) => {
    const d = await deviceOf(deps, token(req));
    await revokeDevice(deps, d.id);
    return ok(req, {}, 'ok');
  });
};
