import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  bankAccountListResponse,
  bankAccountQuery,
  checkoutQuery,
  checkoutResponse,
  createOrderBody,
  feePreviewQuery,
  feePreviewResponse,
  invoiceApplyBody,
  invoiceResponse,
  notifyFindResponse,
  orderListQuery,
  orderListResponse,
  orderNoBody,
  orderNoQuery,
  orderResponse,
  payOrderBody,
  payResponse,
  refundNoBody,
  refundPreviewQuery,
  refundPreviewResponse,
  refundRequestBody,
  refundResponse,
  teamFeesQuery,
  teamFeesResponse,
  teamPayBody,
  okResponse,
  refundPreview as tierOf,
} from '@rp/shared';
import { z } from 'zod';
import type { ORDER_DISPLAY, OrderStatus } from '@rp/shared';
import { bankAccounts, orders } from '../../db/schema/index';
import { ok, page } from '../../lib/envelope';
import { requireAuth } from '../../plugins/auth';
import { dbId } from '@rp/shared';
import { ownOrder } from './common';
import { presentInvoice, presentOrder, presentOrders, presentRefund, refundsOf } from './present';
import { cancelOrder, checkout, createOrder, previewFeeOrder, startPayment } from './orders.service';
import { cancelRefund, previewRefund, requestRefund } from './refunds.service';
import { applyInvoice, invoiceFile } from './invoices.service';
import { teamFees } from './fees.service';

/** The member's side of the money path (spec 7.4, 7.7): checkout, orders, paying, refunds, invoices. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const tags = ['orders'];
  const auth = { preHandler: requireAuth };
  // creating orders and payment attempts is cheap for a person and expensive for a bot (RATE_LIMITS.orderWrite)
  const limited = { preHandler: requireAuth, config: { limits: ['orderWrite'] as const } };

  app.get('/api/lOrder/web/checkout', { schema: { tags, querystring: checkoutQuery, response: { 200: checkoutResponse } } }, async (req) => {
    const c = await checkout(deps, req.query.activityId, req.lang);
    const t = tierOf(0, c.activity.beginTime, new Date());
    return ok(
      req,
      {
        data: {
          activityId: c.activity.id,
          activityName: req.lang === 'en' ? c.activity.nameEn || c.activity.nameZh : c.activity.nameZh,
          beginTime: c.activity.beginTime.toISOString(),
          refundEnabled: c.activity.refundEnabled,
          plans: c.plans,
          channels: c.channels,
          wechatJsapi: c.wechatJsapi,
          expireMinutes: deps.config.ORDER_EXPIRE_MINUTES,
          refundTier: { daysBefore: t.daysBefore, perMille: t.perMille },
        },
      },
      'ok.query',
    );
  });

  app.post('/api/lOrder/web/createOrder', { schema: { tags, body: createOrderBody, response: { 200: orderResponse } }, ...limited }, async (req) => {
    const o = await createOrder(deps, req.user!.id, req.body, req.lang);
    return ok(req, { data: await presentOrder(db, o, req.lang) }, 'ok.orderCreated');
  });

  // the fee page shows who is paid for and the total before an order exists (nothing created or held)
  app.get('/api/lOrder/web/feePreview', { schema: { tags, querystring: feePreviewQuery, response: { 200: feePreviewResponse } }, ...auth }, async (req) => {
    return ok(req, { data: await previewFeeOrder(deps, req.user!.id, req.query) }, 'ok.query');
  });

  app.post('/api/lTeam/web/pay', { schema: { tags, body: teamPayBody, response: { 200: orderResponse } }, ...limited }, async (req) => {
    const o = await createOrder(
      deps,
      req.user!.id,
      { activityId: req.body.activityId, type: 2, teamId: req.body.teamId, memberIds: req.body.memberIds },
      req.lang,
    );
    return ok(req, { data: await presentOrder(db, o, req.lang) }, 'ok.orderCreated');
  });

  app.post('/api/lOrder/web/pay', { schema: { tags, body: payOrderBody, response: { 200: payResponse } }, ...limited }, async (req) => {
    const { order, action } = await startPayment(deps, req.user!.id, req.body.orderNo, req.body.channel, req.body.scene, req.ip, req.lang);
    // the sandbox's hosted page speaks the payer's language (a real gateway picks its own)
    const shown = action.kind === 'redirect' && action.url.includes('/api/lOrder/sandbox/pay/') ? { ...action, url: `${action.url}?lang=${req.lang}` } : action;
    return ok(req, { data: { order: await presentOrder(db, order, req.lang), action: shown } }, 'ok');
  });

  app.post('/api/lOrder/web/cancel', { schema: { tags, body: orderNoBody, response: { 200: orderResponse } }, ...auth }, async (req) => {
    await cancelOrder(deps, req.user!.id, req.body.orderNo);
    return ok(req, { data: await presentOrder(db, await ownOrder(db, req.user!.id, req.body.orderNo), req.lang) }, 'ok.orderCancelled');
  });

  app.get('/api/lOrder/web/list', { schema: { tags, querystring: orderListQuery, response: { 200: orderListResponse } }, ...auth }, async (req) => {
    const { page: p, size, activityId, status } = req.query;
    const where: SQL[] = [eq(orders.userId, req.user!.id)];
    if (activityId) where.push(eq(orders.activityId, activityId));
    // the display status is derived; filter on the stored one it comes from, then exactly
    const stored: Record<(typeof ORDER_DISPLAY)[number], OrderStatus[]> = {
      unpaid: ['unpaid'],
      inProgress: ['unpaid'],
      completed: ['paid'],
      refunding: ['paid'],
      refunded: ['paid', 'cancelled'],
      cancelled: ['cancelled'],
      abnormal: ['abnormal'],
    };
    if (status) where.push(inArray(orders.status, stored[status]));
    const w = and(...where);
    if (status) {
      const all = await db.select().from(orders).where(w).orderBy(desc(orders.id)).limit(2000);
      const views = (await presentOrders(db, all, req.lang)).filter((v) => v.status === status);
      return page(req, views.slice(p * size, p * size + size), views.length, p, size);
    }
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(w)
        .orderBy(desc(orders.id))
        .limit(size)
        .offset(p * size),
      db.select({ n: count() }).from(orders).where(w),
    ]);
    return page(req, await presentOrders(db, rows, req.lang), Number(total?.n ?? 0), p, size);
  });

  app.get('/api/lOrder/web/find', { schema: { tags, querystring: orderNoQuery, response: { 200: orderResponse } }, ...auth }, async (req) => {
    return ok(req, { data: await presentOrder(db, await ownOrder(db, req.user!.id, req.query.orderNo), req.lang) }, 'ok.query');
  });

  // spec 7.7: the notification lookups the result page polls (WeChat, Alipay, generic): has the money arrived?
  for (const url of ['/api/lOrder/wx/notify/find', '/api/lOrder/ali/notify/find', '/api/lOrder/notify/find']) {
    app.get(url, { schema: { tags, querystring: orderNoQuery, response: { 200: notifyFindResponse } }, ...auth }, async (req) => {
      const v = await presentOrder(db, await ownOrder(db, req.user!.id, req.query.orderNo), req.lang);
      return ok(
        req,
        { data: { orderNo: v.orderNo, status: v.status, paid: v.paidFen > 0 && v.status !== 'abnormal', channel: v.channel, paidAt: v.paidAt } },
        'ok.query',
      );
    });
  }

  app.get(
    '/api/lOrder/web/refundPreview',
    { schema: { tags, querystring: refundPreviewQuery, response: { 200: refundPreviewResponse } }, ...auth },
    async (req) => {
      return ok(req, { data: await previewRefund(deps, req.user!.id, req.query.orderNo, req.query.itemIds) }, 'ok.query');
    },
  );

  app.post('/api/lOrder/web/refund', { schema: { tags, body: refundRequestBody, response: { 200: refundResponse } }, ...limited }, async (req) => {
    const r = await requestRefund(deps, req.user!.id, req.body);
    const [withItems] = await refundsOf(db, [r.orderId], req.lang).then((l) => l.filter((x) => x.row.id === r.id));
    return ok(req, { data: presentRefund(r, req.body.orderNo, withItems?.items ?? [], withItems?.channel ?? null) }, 'ok.refundRequested');
  });

  app.post('/api/lOrder/web/refund/cancel', { schema: { tags, body: refundNoBody, response: { 200: okResponse } }, ...auth }, async (req) => {
    await cancelRefund(deps, req.user!.id, req.body.refundNo);
    return ok(req, {}, 'ok.refundCancelled');
  });

  app.post(
    '/api/lInvoice/web/apply',
    { schema: { tags, body: invoiceApplyBody, response: { 200: invoiceResponse } }, ...limited, config: { ...limited.config, failText: 'error.applyFailed' } },
    async (req) => {
      const inv = await applyInvoice(deps, req.user!.id, req.body, req.lang);
      return ok(req, { data: presentInvoice(inv, req.body.orderNo) }, 'ok.invoiceRequested');
    },
  );

  app.get('/api/lInvoice/web/download/:id', { schema: { tags, params: z.object({ id: dbId }) }, ...auth }, async (req, reply) => {
    const { inv, obj } = await invoiceFile(deps, req.params.id, req.user!.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${inv.invoiceNo}.pdf"`)
      .header('cache-control', 'private, no-store');
    if (obj.size !== null) reply.header('content-length', obj.size);
    return reply.send(obj.body);
  });

  app.get('/api/lBankAccount/web/list', { schema: { tags, querystring: bankAccountQuery, response: { 200: bankAccountListResponse } } }, async (req) => {
    const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.enabled, true)).orderBy(asc(bankAccounts.sort), asc(bankAccounts.id));
    const fit = rows.filter((b) => b.activityId === null || !req.query.activityId || b.activityId === req.query.activityId);
    // an activity's own account first; the organiser's general ones after
    fit.sort((a, b) => Number(b.activityId !== null) - Number(a.activityId !== null));
    return ok(
      req,
      {
        content: fit.map((b) => ({
          id: b.id,
          accountName: b.accountName,
          bankName: req.lang === 'en' ? b.bankNameEn || b.bankNameZh : b.bankNameZh,
          accountNo: b.accountNo,
          remark: req.lang === 'en' ? b.remarkEn || b.remarkZh : b.remarkZh,
        })),
      },
      'ok.query',
    );
  });

  app.get('/api/lTeam/web/fees', { schema: { tags, querystring: teamFeesQuery, response: { 200: teamFeesResponse } }, ...auth }, async (req) => {
    return ok(req, { data: await teamFees(db, req.user!.id, req.query.activityId, req.query.teamId) }, 'ok.query');
  });
};
