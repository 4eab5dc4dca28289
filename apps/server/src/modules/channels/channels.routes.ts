import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveChannelBody,
  channelApplicationResource,
  channelApplicationsResponse,
  channelApplyBody,
  channelApplyResponse,
  channelResource,
  channelSelfResponse,
  okResponse,
  rebateDecisionBody,
  rebateIdParam,
  rebateResource,
  rebateWithdrawalResource,
  rebateWithdrawBody,
  rebateWithdrawResponse,
  rejectBody,
} from '@rp/shared';
import { orgApplications, orgs, rebates, rebateWithdrawals } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok } from '../../lib/envelope';
import { requireAuth, requirePermission } from '../../plugins/auth';
import { applyChannel, approveApplication, channelSelf, decideWithdrawal, myApplications, rejectApplication, withdraw } from './channels.service';

/** Channel partners and rebates (issue 12; spec 7.6 lOrgRobotex/web/apply|list|listBySelf). */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  const tags = ['channels'];

  app.post(
    '/api/lOrgRobotex/web/apply',
    {
      schema: { tags, body: channelApplyBody, response: { 200: channelApplyResponse } },
      preHandler: requireAuth,
      config: { limits: ['channelApply'], failText: 'error.applyFailed' },
    },
    async (req) => {
      await applyChannel(db, req.user!.id, req.body);
      const [mine] = await myApplications(db, req.user!.id);
      return ok(req, { data: mine! }, 'channel.applied');
    },
  );
  app.get('/api/lOrgRobotex/web/list', { schema: { tags, response: { 200: channelApplicationsResponse } }, preHandler: requireAuth }, async (req) =>
    ok(req, { content: await myApplications(db, req.user!.id) }, 'ok.query'),
  );
  app.get('/api/lOrgRobotex/web/listBySelf', { schema: { tags, response: { 200: channelSelfResponse } }, preHandler: requireAuth }, async (req) =>
    ok(req, { content: await channelSelf(db, req.user!.id, req.lang) }, 'ok.query'),
  );
  app.post(
    '/api/lOrgRobotex/web/withdraw',
    { schema: { tags, body: rebateWithdrawBody, response: { 200: rebateWithdrawResponse } }, preHandler: requireAuth, config: { limits: ['rebateWithdraw'] } },
    async (req) => {
      return ok(req, { data: await withdraw(db, req.user!.id, req.body) }, 'rebate.applied');
    },
  );

  // staff: review applications, record withdrawals; channels, rebates and withdrawals as resources
  const staff = { preHandler: requirePermission('channels.manage') };
  const admin = ['admin'];
  app.post(
    '/api/admin/channels/applications/:id/approve',
    { schema: { tags: admin, params: rebateIdParam, body: approveChannelBody, response: { 200: okResponse } }, ...staff },
    async (req) => {
      await approveApplication(db, req.user!.id, req.params.id, req.body.rebatePerMille);
      return ok(req, {}, 'ok.update');
    },
  );
  app.post(
    '/api/admin/channels/applications/:id/reject',
    { schema: { tags: admin, params: rebateIdParam, body: rejectBody, response: { 200: okResponse } }, ...staff },
    async (req) => {
      await rejectApplication(db, req.user!.id, req.params.id, req.body.reason);
      return ok(req, {}, 'ok.update');
    },
  );
  for (const outcome of ['completed', 'abnormal'] as const)
    app.post(
      `/api/admin/channels/withdrawals/:id/${outcome === 'completed' ? 'complete' : 'abnormal'}`,
      { schema: { tags: admin, params: rebateIdParam, body: rebateDecisionBody, response: { 200: okResponse } }, ...staff },
      async (req) => {
        await decideWithdrawal(db, req.user!.id, req.params.id, outcome, req.body.note);
        return ok(req, {}, 'ok.update');
      },
    );
  await app.register(resourceRoutes(channelApplicationResource, orgApplications));
  await app.register(resourceRoutes(channelResource, orgs));
  await app.register(resourceRoutes(rebateResource, rebates));
  await app.register(resourceRoutes(rebateWithdrawalResource, rebateWithdrawals));
};
