import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminIdParams,
  adminInvoiceListQuery,
  adminInvoiceListResponse,
  adminRefundListQuery,
  adminRefundListResponse,
  bankAccountResource,
  cancelPlayerBody,
  cancelPlayerResponse,
  confirmTransferBody,
  invoiceRejectBody,
  invoiceResponse,
  ledgerResource,
  orderResource,
  orderResponse,
  owedRefundsResponse,
  payeeAccountResponse,
  paymentResource,
  pendingOrdersResponse,
  planResource,
  reconcileResponse,
  refundDecisionBody,
  refundPayeeBody,
  refundResponse,
  refundTransferredBody,
  pageQuery,
} from '@rp/shared';
import { bankAccounts, invoices, ledger, orders, payments, plans, refunds, teamMembers } from '../../db/schema/index';
import { resourceRoutes } from '../../lib/crud/resource';
import { ok, page } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requirePermission } from '../../plugins/auth';
import { assertInScope, assertUnlimited, scopeFor, scopeWhere } from '../../lib/scope';
import { audit } from '../../lib/audit';
import { lockOrder } from './common';
import { invoiceableByOrder, presentInvoice, presentOrder, presentRefund, refundsOf, shownStatusWhere, withShownStatus } from './present';
import { staffCancelOrder } from './orders.service';
import { decideRefund, markRefundTransferred, recordRefundPayee, revealRefundPayee } from './refunds.service';
import { applyPaymentEvent } from './settle';
import { invoiceFile, issueInvoice, rejectInvoice } from './invoices.service';
import { owedBankRefunds, pendingOrders, reconcile } from './jobs';
import { cancelPlayer } from './cancel.service';

/** Staff's money screens: orders, payments, ledger, bank accounts (resources) + refunds, invoices, transfers, reconciliation. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const tags = ['admin'];
  const perm = { preHandler: requirePermission('payments.manage') };
  // staff limited to some activities (issue 24) act on their activities' orders only
  const scopeOfReq = (req: FastifyRequest) => scopeFor(req, 'payments.manage');
  const orderInScope = async (req: FastifyRequest, orderId: number) => {
    const scope = scopeOfReq(req);
    if (scope === null) return;
    const [o] = await db.select({ a: orders.activityId }).from(orders).where(eq(orders.id, orderId));
    assertInScope(scope, o?.a);
  };
  const refundInScope = async (req: FastifyRequest, refundId: number) => {
    const scope = scopeOfReq(req);
    if (scope === null) return;
    const [o] = await db.select({ a: orders.activityId }).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(eq(refunds.id, refundId));
    assertInScope(scope, o?.a);
  };
  const invoiceInScope = async (req: FastifyRequest, invoiceId: number) => {
    const scope = scopeOfReq(req);
    if (scope === null) return;
    const [o] = await db.select({ a: orders.activityId }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(eq(invoices.id, invoiceId));
    assertInScope(scope, o?.a);
  };

  /** Refund rows as staff's lists show them (Refunds, Reconciliation's money owed). */
  const adminRefunds = async (req: FastifyRequest, rows: { r: typeof refunds.$inferSelect; o: typeof orders.$inferSelect; channel: string }[]) => {
    const items = await refundsOf(
      db,
      rows.map((x) => x.o.id),
      req.lang,
    );
    return rows.map(({ r, o, channel }) => {
      const its = items.find((i) => i.row.id === r.id)?.items ?? [];
      return { ...presentRefund(r, o.orderNo, its, channel), userId: r.userId, activityId: o.activityId, channel, persons: Math.max(1, its.length) };
    });
  };
  const refundOut = async (req: FastifyRequest, id: number) => {
    const [r] = await db.select().from(refunds).where(eq(refunds.id, id));
    const [o] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, r!.orderId));
    const row = (await refundsOf(db, [r!.orderId], req.lang)).find((i) => i.row.id === r!.id);
    return presentRefund(r!, o!.orderNo, row?.items ?? [], row?.channel ?? null);
  };

  // the list, its filter and its export read an order's shown state, the one its detail shows (issue 34)
  await app.register(
    resourceRoutes(orderResource, orders, { presentRows: (rows, ctx) => withShownStatus(ctx.db, rows), filterWhere: { status: (v) => shownStatusWhere(v) } }),
  );
  await app.register(resourceRoutes(paymentResource, payments));
  await app.register(resourceRoutes(ledgerResource, ledger));
  await app.register(resourceRoutes(bankAccountResource, bankAccounts));
  await app.register(resourceRoutes(planResource, plans));

  app.get('/api/admin/orderDetail/:id', { schema: { tags, params: adminIdParams, response: { 200: orderResponse } }, ...perm }, async (req) => {
    const [o] = await db.select().from(orders).where(eq(orders.id, req.params.id));
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    assertInScope(scopeOfReq(req), o.activityId);
    return ok(req, { data: await presentOrder(db, o, req.lang) }, 'ok.query');
  });

  // a bank transfer arrived: settled exactly like a gateway's notification (amount checked, idempotent per bank serial)
  app.post(
    '/api/admin/orders/:id/confirmTransfer',
    { schema: { tags, params: adminIdParams, body: confirmTransferBody, response: { 200: orderResponse } }, ...perm },
    async (req) => {
      await orderInScope(req, req.params.id);
      const [p] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, req.params.id), eq(payments.channel, 'bank'), eq(payments.status, 'created')))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!p) throw new AppError('NOT_BANK_ORDER');
      // the confirmation's audit entry commits with the payment it records
      await applyPaymentEvent(
        deps,
        'bank',
        { type: 'payment', outTradeNo: p.outTradeNo, providerTradeNo: req.body.bankSerial, amountFen: req.body.amountFen, success: true },
        new Date(),
        req.user!.id,
      );
      const [o] = await db.select().from(orders).where(eq(orders.id, req.params.id));
      return ok(req, { data: await presentOrder(db, o!, req.lang) }, 'ok');
    },
  );

  app.post('/api/admin/orders/:id/cancel', { schema: { tags, params: adminIdParams, response: { 200: orderResponse } }, ...perm }, async (req) => {
    await orderInScope(req, req.params.id);
    await staffCancelOrder(deps, req.user!.id, req.params.id);
    const o = await db.transaction((tx) => lockOrder(tx, req.params.id));
    return ok(req, { data: await presentOrder(db, o, req.lang) }, 'ok.orderCancelled');
  });

  // spec 4.1 payStatus 6: staff cancel a player's registration (a paid fee goes back in full)
  app.post(
    '/api/admin/players/:id/cancel',
    {
      schema: { tags, params: adminIdParams, body: cancelPlayerBody, response: { 200: cancelPlayerResponse } },
      preHandler: requirePermission('registrations.manage'),
    },
    async (req) => {
      const scope = scopeFor(req, 'registrations.manage');
      if (scope !== null) {
        const [m] = await db.select({ a: teamMembers.activityId }).from(teamMembers).where(eq(teamMembers.id, req.params.id));
        assertInScope(scope, m?.a);
      }
      const r = await cancelPlayer(deps, req.user!.id, req.params.id, req.body.reason);
      return ok(req, { data: { payStatus: r.payStatus, refundFen: r.refundFen } }, 'ok.playerCancelled');
    },
  );

  app.get('/api/admin/refunds', { schema: { tags, querystring: adminRefundListQuery, response: { 200: adminRefundListResponse } }, ...perm }, async (req) => {
    const { page: p, size, status } = req.query;
    const w: SQL | undefined = and(status ? eq(refunds.status, status) : undefined, scopeWhere(orders.activityId, scopeOfReq(req)));
    const [rows, [total]] = await Promise.all([
      db
        .select({ r: refunds, o: orders, channel: payments.channel })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(w)
        .orderBy(desc(refunds.id))
        .limit(size)
        .offset(p * size),
      db.select({ n: count() }).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(w),
    ]);
    return page(req, await adminRefunds(req, rows), Number(total?.n ?? 0), p, size);
  });

  app.post(
    '/api/admin/refunds/:id/decide',
    { schema: { tags, params: adminIdParams, body: refundDecisionBody, response: { 200: refundResponse } }, ...perm },
    async (req) => {
      await refundInScope(req, req.params.id);
      await decideRefund(deps, req.user!.id, req.params.id, req.body);
      return ok(req, { data: await refundOut(req, req.params.id) }, 'ok');
    },
  );

  // a bank-paid refund (issue 34): the account it goes back to, its whole number for the transfer (audited), the transfer done
  app.post(
    '/api/admin/refunds/:id/payee',
    { schema: { tags, params: adminIdParams, body: refundPayeeBody, response: { 200: refundResponse } }, ...perm },
    async (req) => {
      await refundInScope(req, req.params.id);
      await recordRefundPayee(deps, req.user!.id, req.params.id, req.body);
      return ok(req, { data: await refundOut(req, req.params.id) }, 'ok');
    },
  );

  app.get('/api/admin/refunds/:id/payeeAccount', { schema: { tags, params: adminIdParams, response: { 200: payeeAccountResponse } }, ...perm }, async (req) => {
    await refundInScope(req, req.params.id);
    return ok(req, { data: { accountNo: await revealRefundPayee(deps, req.user!.id, req.params.id) } }, 'ok.query');
  });

  app.post(
    '/api/admin/refunds/:id/transferred',
    { schema: { tags, params: adminIdParams, body: refundTransferredBody, response: { 200: refundResponse } }, ...perm },
    async (req) => {
      await refundInScope(req, req.params.id);
      await markRefundTransferred(deps, req.user!.id, req.params.id, req.body.bankSerial);
      return ok(req, { data: await refundOut(req, req.params.id) }, 'ok');
    },
  );

  app.get(
    '/api/admin/invoices',
    { schema: { tags, querystring: adminInvoiceListQuery, response: { 200: adminInvoiceListResponse } }, ...perm },
    async (req) => {
      const { page: p, size, status } = req.query;
      const w = and(status ? eq(invoices.status, status) : undefined, scopeWhere(orders.activityId, scopeOfReq(req)));
      const [rows, [total]] = await Promise.all([
        db
          .select({ inv: invoices, orderNo: orders.orderNo })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .where(w)
          .orderBy(desc(invoices.id))
          .limit(size)
          .offset(p * size),
        db.select({ n: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(w),
      ]);
      // a pending invoice shows what it will be issued for now (the amount of the confirmation and the PDF)
      const live = await invoiceableByOrder(
        db,
        rows.map((x) => x.inv.orderId),
      );
      const content = rows.map(({ inv, orderNo }) => ({
        ...presentInvoice(inv, orderNo, '/api/admin/invoices/download', live.get(inv.orderId)),
        userId: inv.userId,
      }));
      return page(req, content, Number(total?.n ?? 0), p, size);
    },
  );

  const issued = async (id: number) => {
    const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
    const [o] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, inv!.orderId));
    return presentInvoice(inv!, o!.orderNo, '/api/admin/invoices/download', (await invoiceableByOrder(db, [inv!.orderId])).get(inv!.orderId));
  };

  app.post('/api/admin/invoices/:id/generate', { schema: { tags, params: adminIdParams, response: { 200: invoiceResponse } }, ...perm }, async (req) => {
    await invoiceInScope(req, req.params.id);
    await issueInvoice(deps, req.user!.id, req.params.id, null, req.lang);
    return ok(req, { data: await issued(req.params.id) }, 'ok');
  });

  app.post('/api/admin/invoices/:id/upload', { schema: { tags, params: adminIdParams, response: { 200: invoiceResponse } }, ...perm }, async (req) => {
    await invoiceInScope(req, req.params.id);
    const limit = 10 * 1024 * 1024;
    let file: Buffer | null = null;
    for await (const part of req.parts({ limits: { fileSize: limit + 1, files: 1, fields: 5, fieldSize: 200 } })) {
      if (part.type === 'file') {
        file = await part.toBuffer();
        if (file.length > limit || part.file.truncated) throw new AppError('UPLOAD_TOO_LARGE');
      }
    }
    if (!file?.length) throw new AppError('UPLOAD_MISSING');
    await issueInvoice(deps, req.user!.id, req.params.id, file, req.lang);
    return ok(req, { data: await issued(req.params.id) }, 'ok');
  });

  app.post(
    '/api/admin/invoices/:id/reject',
    { schema: { tags, params: adminIdParams, body: invoiceRejectBody, response: { 200: invoiceResponse } }, ...perm },
    async (req) => {
      await invoiceInScope(req, req.params.id);
      await rejectInvoice(deps, req.user!.id, req.params.id, req.body.reason);
      return ok(req, { data: await issued(req.params.id) }, 'ok');
    },
  );

  app.get('/api/admin/invoices/download/:id', { schema: { tags, params: z.object({ id: adminIdParams.shape.id }) }, ...perm }, async (req, reply) => {
    await invoiceInScope(req, req.params.id);
    const { inv, obj } = await invoiceFile(deps, req.params.id, null);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${inv.invoiceNo}.pdf"`)
      .header('cache-control', 'private, no-store');
    if (obj.size !== null) reply.header('content-length', obj.size);
    return reply.send(obj.body);
  });

  app.get('/api/admin/reconciliation', { schema: { tags, querystring: pageQuery, response: { 200: pendingOrdersResponse } }, ...perm }, async (req) => {
    // reconciliation looks at every gateway's open orders: the whole site's, not one activity's
    assertUnlimited(scopeOfReq(req));
    const r = await pendingOrders(deps, req.query.page, req.query.size);
    return page(req, r.content, r.total, req.query.page, req.query.size);
  });

  app.get('/api/admin/reconciliation/owed', { schema: { tags, querystring: pageQuery, response: { 200: owedRefundsResponse } }, ...perm }, async (req) => {
    assertUnlimited(scopeOfReq(req));
    const r = await owedBankRefunds(deps, req.query.page, req.query.size);
    return page(req, await adminRefunds(req, r.rows), r.total, req.query.page, req.query.size);
  });

  app.post('/api/admin/reconciliation/run', { schema: { tags, response: { 200: reconcileResponse } }, ...perm }, async (req) => {
    assertUnlimited(scopeOfReq(req));
    const r = await reconcile(deps);
    await audit(db, { userId: req.user!.id, resource: 'orders', recordId: null, action: 'reconcile', after: r });
    return ok(req, { data: { ...r, lastRunAt: deps.payments.lastRun.at?.toISOString() ?? null } }, 'ok');
  });
};
