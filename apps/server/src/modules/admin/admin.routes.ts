import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  accountOption,
  accountSearchQuery,
  maskPhone,
  NOTICE_EVENTS,
  noticeJobItem,
  noticeSettingBody,
  noticeSettingsResponse,
  pageQuery,
  pageResponse,
  smsOutboxItem,
} from '@rp/shared';
import { noticeTemplates } from '../../config';
import { activities, eventSessions, noticeJobs, noticeSettings, programs, smsOutbox, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { mpMode } from '../wechat/index';
import { ok, page as pageOf } from '../../lib/envelope';
import { requirePermission } from '../../plugins/auth';
import { searchAccounts } from './accounts.service';
import { activityScope, assertUnlimited, scopeFor, scopeWhere } from '../../lib/scope';

/** Administration endpoints: everything under /api/admin is behind a staff permission. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin'];

  app.get(
    '/api/admin/smsOutbox',
    { schema: { tags, querystring: pageQuery, response: { 200: pageResponse(smsOutboxItem) } }, preHandler: requirePermission('sms.outbox.read') },
    async (req) => {
      const { page: p, size } = req.query;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(smsOutbox)
          .orderBy(desc(smsOutbox.id))
          .limit(size)
          .offset(p * size),
        db.select({ n: count() }).from(smsOutbox),
      ]);
      const content = rows.map((r) => ({
        id: r.id,
        phone: r.phone,
        purpose: r.purpose,
        content: r.content,
        provider: r.provider,
        status: r.status,
        providerMessageId: r.providerMessageId,
        providerCode: r.providerCode,
        createdAt: r.createdAt.toISOString(),
      }));
      return pageOf(req, content, Number(total?.n ?? 0), p, size);
    },
  );

  // ——— notices by SMS and WeChat (issue 22): the organiser's switches, and every notice with its delivery ———
  const noticeState = async () => {
    const rows = await db.select().from(noticeSettings);
    const byEvent = new Map(rows.map((r) => [r.event, r]));
    const t = noticeTemplates(app.deps.config);
    const provider = app.deps.sms.name;
    const wechat = mpMode(app.deps.config);
    return {
      provider,
      wechat,
      items: NOTICE_EVENTS.map((event) => ({
        event,
        sms: byEvent.get(event)?.sms ?? false,
        wechat: byEvent.get(event)?.wechat ?? false,
        smsReady: app.deps.sms.canNotice ? app.deps.sms.canNotice(event) : false,
        wechatReady: wechat === 'simulated' || (wechat === 'wechat' && !!t.wechat[event]),
      })),
    };
  };
  app.get(
    '/api/admin/noticeSettings',
    { schema: { tags, response: { 200: noticeSettingsResponse } }, preHandler: requirePermission('sms.outbox.read') },
    async (req) => ok(req, { data: await noticeState() }, 'ok.query'),
  );
  app.put(
    '/api/admin/noticeSettings',
    { schema: { tags, body: noticeSettingBody, response: { 200: noticeSettingsResponse } }, preHandler: requirePermission('messages.send') },
    async (req) => {
      // the notice switches are the whole site's, not one activity's
      assertUnlimited(scopeFor(req, 'messages.send'));
      const { event, sms, wechat } = req.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(noticeSettings).where(eq(noticeSettings.event, event));
        await tx
          .insert(noticeSettings)
          .values({ event, sms, wechat })
          .onConflictDoUpdate({ target: noticeSettings.event, set: { sms, wechat, updatedAt: sql`now()` } });
        await audit(tx, {
          userId: req.user!.id,
          resource: 'noticeSettings',
          recordId: event,
          action: 'update',
          before: before ? { sms: before.sms, wechat: before.wechat } : { sms: false, wechat: false },
          after: { sms, wechat },
        });
      });
      return ok(req, { data: await noticeState() }, 'ok.update');
    },
  );
  app.get(
    '/api/admin/noticeJobs',
    { schema: { tags, querystring: pageQuery, response: { 200: pageResponse(noticeJobItem) } }, preHandler: requirePermission('sms.outbox.read') },
    async (req) => {
      const { page: p, size } = req.query;
      const [rows, [total]] = await Promise.all([
        db
          .select({ job: noticeJobs, nickName: users.nickName, phone: users.phone })
          .from(noticeJobs)
          .innerJoin(users, eq(users.id, noticeJobs.userId))
          .orderBy(desc(noticeJobs.id))
          .limit(size)
          .offset(p * size),
        db.select({ n: count() }).from(noticeJobs),
      ]);
      const content = rows.map(({ job: j, nickName, phone }) => ({
        id: j.id,
        event: j.event,
        channel: j.channel,
        status: j.status,
        lang: j.lang,
        receiver: phone ? `${nickName} (${maskPhone(phone)})` : nickName,
        title: j.payload.title,
        attempts: j.attempts,
        provider: j.provider,
        providerMessageId: j.providerMessageId,
        lastError: j.lastError,
        createdAt: j.createdAt.toISOString(),
        sentAt: j.sentAt?.toISOString() ?? null,
      }));
      return pageOf(req, content, Number(total?.n ?? 0), p, size);
    },
  );

  const envelope = { resultCode: z.literal(1), resultStr: z.string() };

  // Activities, programs and sessions to pick in filters, forms and the gate, for every staff member, within the
  // person's data scope (issue 24): a regional organiser sees their own activities (the generic lists of activities
  // and programs need content.edit, the sessions list tickets.manage); sessions for the gate (checkin.scan) or tickets
  const pickOption = z.object({
    id: z.number().int(),
    nameZh: z.string(),
    nameEn: z.string(),
    activityId: z.number().int().nullable(),
    year: z.number().int().nullable(),
    kind: z.string().nullable(),
  });
  app.get(
    '/api/admin/options/:kind',
    {
      schema: {
        tags,
        params: z.object({ kind: z.enum(['activities', 'programs', 'sessions'], 'validation.invalidOption') }),
        response: { 200: z.object({ ...envelope, content: z.array(pickOption) }) },
      },
      preHandler: requirePermission('admin.access'),
    },
    async (req) => {
      const none = sql<null>`null`;
      const kind = req.params.kind;
      const content =
        kind === 'activities'
          ? await db
              .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn, activityId: none, year: activities.year, kind: none })
              .from(activities)
              .where(scopeWhere(activities.id, scopeFor(req, 'admin.access')))
              .orderBy(desc(activities.year), desc(activities.id))
              .limit(500)
          : kind === 'programs'
            ? await db
                .select({ id: programs.id, nameZh: programs.nameZh, nameEn: programs.nameEn, activityId: programs.activityId, year: none, kind: none })
                .from(programs)
                .where(scopeWhere(programs.activityId, scopeFor(req, 'admin.access')))
                .orderBy(desc(programs.id))
                .limit(500)
            : await db
                .select({
                  id: eventSessions.id,
                  nameZh: eventSessions.nameZh,
                  nameEn: eventSessions.nameEn,
                  activityId: eventSessions.activityId,
                  year: none,
                  kind: eventSessions.kind,
                })
                .from(eventSessions)
                .where(scopeWhere(eventSessions.activityId, req.user ? activityScope(req.user, 'checkin.scan', 'tickets.manage') : []))
                .orderBy(desc(eventSessions.startTime), desc(eventSessions.id))
                .limit(500);
      return ok(req, { content }, 'ok.query');
    },
  );

  app.get(
    '/api/admin/accounts',
    {
      schema: { tags, querystring: accountSearchQuery, response: { 200: z.object({ ...envelope, content: z.array(accountOption) }) } },
      preHandler: requirePermission('registrations.manage'),
    },
    async (req) => ok(req, { content: await searchAccounts(db, req.query.q, req.query.size, scopeFor(req, 'registrations.manage')) }, 'ok.query'),
  );
};
