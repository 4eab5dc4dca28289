import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessResources,
  adminUserItem,
  adminUserQuery,
  adminUserUpdate,
  auditItem,
  auditQuery,
  dataResponse,
  dbId,
  exportJobParam,
  exportStatusResponse,
  loginItem,
  okResponse,
  pageQuery,
  pageResponse,
  roleBody,
  roleListResponse,
  roleResponse,
} from '@rp/shared';
import { departments, posts } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok, page as pageOf } from '../../lib/envelope';
import { readExportJob } from '../../lib/crud/export-job';
import { AppError } from '../../lib/errors';
import { requirePermission } from '../../plugins/auth';
import { auditDisplay } from '../../lib/crud/display';
import { createRole, deleteRole, listAudit, listLogins, listRoles, listUsers, presentUser, updateRole, updateUser } from './access.service';

/**
 * Access control (issue 14): roles built from permissions with a data scope, staff accounts' roles,
 * departments and posts; the audit trail and each account's login history.
 */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin'];
  const idParams = z.object({ id: dbId });
  const manage = requirePermission('roles.manage');

  app.get('/api/admin/roles', { schema: { tags, response: { 200: roleListResponse } }, preHandler: manage }, async (req) =>
    ok(req, { content: await listRoles(db) }, 'ok.query'),
  );
  app.post('/api/admin/roles', { schema: { tags, body: roleBody, response: { 200: roleResponse } }, preHandler: manage }, async (req) =>
    ok(req, { data: await createRole(db, req.user!.id, req.body) }, 'ok.create'),
  );
  app.put('/api/admin/roles/:id', { schema: { tags, params: idParams, body: roleBody, response: { 200: roleResponse } }, preHandler: manage }, async (req) =>
    ok(req, { data: await updateRole(db, req.user!.id, req.params.id, req.body) }, 'ok.update'),
  );
  app.delete('/api/admin/roles/:id', { schema: { tags, params: idParams, response: { 200: okResponse } }, preHandler: manage }, async (req) => {
    await deleteRole(db, req.user!.id, req.params.id);
    return ok(req, {}, 'ok.delete');
  });

  app.get(
    '/api/admin/users',
    { schema: { tags, querystring: adminUserQuery, response: { 200: pageResponse(adminUserItem) } }, preHandler: requirePermission('users.manage') },
    async (req) => {
      const { page: p, size, ...filter } = req.query;
      const { rows, total } = await listUsers(db, filter, p, size);
      return pageOf(req, rows.map(presentUser), total, p, size);
    },
  );
  app.put(
    '/api/admin/users/:id',
    { schema: { tags, params: idParams, body: adminUserUpdate, response: { 200: dataResponse(adminUserItem) } }, preHandler: manage },
    async (req) => ok(req, { data: presentUser(await updateUser(db, req.user!.id, req.params.id, req.body)) }, 'ok.update'),
  );
  app.get(
    '/api/admin/users/:id/logins',
    { schema: { tags, params: idParams, querystring: pageQuery, response: { 200: pageResponse(loginItem) } }, preHandler: requirePermission('audit.read') },
    async (req) => {
      const { page: p, size } = req.query;
      const { rows, total } = await listLogins(db, req.params.id, p, size);
      return pageOf(req, rows, total, p, size);
    },
  );

  app.get(
    '/api/admin/audit',
    { schema: { tags, querystring: auditQuery, response: { 200: pageResponse(auditItem) } }, preHandler: requirePermission('audit.read') },
    async (req) => {
      const { page: p, size, ...filter } = req.query;
      const { rows, total } = await listAudit(db, filter, p, size);
      // names, labels and values as people read them, in the reader's language (issue 24)
      return pageOf(req, await auditDisplay(db, req.lang, rows), total, p, size);
    },
  );

  // the progress and the file of a resource export job (POST /api/admin/<resource>/export-jobs): its starter only
  const staff = requirePermission('admin.access');
  app.get(
    '/api/admin/export-jobs/:jobId',
    { schema: { tags, params: exportJobParam, response: { 200: exportStatusResponse } }, preHandler: staff },
    async (req) => {
      const job = await readExportJob(app.deps, req.params.jobId, req.user!.id);
      return ok(req, { data: { jobId: job.jobId, total: job.total, done: job.done, ready: job.ready, failed: job.failed } }, 'ok.query');
    },
  );
  app.get('/api/admin/export-jobs/:jobId/file', { schema: { tags, params: exportJobParam }, preHandler: staff }, async (req, reply) => {
    const job = await readExportJob(app.deps, req.params.jobId, req.user!.id);
    const stored = job.ready && job.key ? await app.deps.storage.open(job.key) : null;
    if (!stored) throw new AppError('EXPORT_NOT_FOUND');
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${job.fileName}"`)
      .header('cache-control', 'no-store');
    if (stored.size !== null) reply.header('content-length', stored.size);
    return reply.send(stored.body);
  });

  const [departmentResource, postResource] = accessResources;
  await app.register(resourceRoutes(departmentResource, departments));
  await app.register(resourceRoutes(postResource, posts));
};
