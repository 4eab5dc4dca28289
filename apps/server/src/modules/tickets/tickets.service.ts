import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { gateCode, maskPhone, placesLeft, saleState, sessionState, type Lang, type SessionKind, type SessionView, type VisitorView } from '@rp/shared';
import type { AppDeps, DbOrTx } from '../../deps';
import { activities, checkins, eventSessions, groupCodes, orders, tickets, visitors } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { inScope } from '../../lib/scope';
import { ownOrder } from '../payments/index';

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en || zh : zh);

/** GET api/lTicket/web/list and api/lAtelier/web/list: an activity's sessions of a kind, with their tickets. */
export async function listSessions(
  deps: Pick<AppDeps, 'database'>,
  activityId: number,
  kind: SessionKind,
  lang: Lang,
  now = new Date(),
): Promise<SessionView[]> {
  const db = deps.database.db;
  // an activity whose audience sign-up is off says so with its sessions, before anyone types (issue 34)
  const [activity] = await db.select({ audienceEnabled: activities.audienceEnabled }).from(activities).where(eq(activities.id, activityId));
  const signupOpen = kind !== 'audience' || !!activity?.audienceEnabled;
  const rows = await db
    .select()
    .from(eventSessions)
    .where(and(eq(eventSessions.activityId, activityId), eq(eventSessions.kind, kind), eq(eventSessions.enabled, true)))
    .orderBy(asc(eventSessions.sort), asc(eventSessions.startTime), asc(eventSessions.id))
    .limit(200);
  const ts = rows.length
    ? await db
        .select()
        .from(tickets)
        .where(
          and(
            inArray(
              tickets.sessionId,
              rows.map((s) => s.id),
            ),
            eq(tickets.enabled, true),
          ),
        )
        .orderBy(asc(tickets.sort), asc(tickets.id))
    : [];
  return rows.map((s) => ({
    id: s.id,
    activityId: s.activityId,
    kind: s.kind as SessionKind,
    name: pick(lang, s.nameZh, s.nameEn),
    area: pick(lang, s.areaZh, s.areaEn),
    intro: pick(lang, s.introZh, s.introEn),
    maxPeople: s.maxPeople,
    placesLeft: placesLeft(s),
    teamCodePrefix: s.teamCodePrefix,
    entryTime: s.entryTime.toISOString(),
    startTime: s.startTime.toISOString(),
    endTime: s.endTime.toISOString(),
    requireIdCard: s.requireIdCard,
    state: sessionState(s, now),
    signupOpen,
    tickets: ts
      .filter((t) => t.sessionId === s.id)
      .map((t) => ({
        id: t.id,
        name: pick(lang, t.nameZh, t.nameEn),
        type: t.type,
        priceFen: t.priceFen,
        maxPeople: t.maxPeople,
        saleStart: t.saleStart?.toISOString() ?? null,
        saleEnd: t.saleEnd?.toISOString() ?? null,
        saleState: saleState(t, now),
      })),
  }));
}

type VisitorRow = typeof visitors.$inferSelect;

async function presentVisitors(deps: Pick<AppDeps, 'database'>, rows: VisitorRow[], lang: Lang): Promise<VisitorView[]> {
  if (!rows.length) return [];
  const db = deps.database.db;
  const [ss, ts, os, as] = await Promise.all([
    db
      .select()
      .from(eventSessions)
      .where(inArray(eventSessions.id, [...new Set(rows.map((r) => r.sessionId))])),
    db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [...new Set(rows.map((r) => r.ticketId))])),
    db
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))])),
    db
      .select({ id: eventSessions.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
      .from(eventSessions)
      .innerJoin(activities, eq(activities.id, eventSessions.activityId))
      .where(inArray(eventSessions.id, [...new Set(rows.map((r) => r.sessionId))])),
  ]);
  return rows.map((v) => {
    const s = ss.find((x) => x.id === v.sessionId)!;
    const t = ts.find((x) => x.id === v.ticketId)!;
    const shown = v.status === 'valid' || v.status === 'used' || v.status === 'refunding';
    const a = as.find((x) => x.id === v.sessionId);
    return {
      id: v.id,
      orderNo: os.find((o) => o.id === v.orderId)?.orderNo ?? '',
      name: v.name,
      phoneMasked: v.phone ? maskPhone(v.phone) : '',
      cardMasked: v.cardMasked,
      activityName: a ? pick(lang, a.nameZh, a.nameEn) : '',
      ticketName: pick(lang, t.nameZh, t.nameEn),
      sessionId: s.id,
      sessionName: pick(lang, s.nameZh, s.nameEn),
      area: pick(lang, s.areaZh, s.areaEn),
      entryTime: s.entryTime.toISOString(),
      startTime: s.startTime.toISOString(),
      status: v.status,
      passCode: shown ? v.passCode : null,
      shortCode: shown ? v.shortCode : null,
      usedAt: v.usedAt?.toISOString() ?? null,
    };
  });
}

/** POST api/lTicket/sUrl/getPassCode: the passes of one's own order (shown once it is paid). */
export async function passCodes(deps: AppDeps, userId: number, orderNo: string, lang: Lang) {
  const o = await ownOrder(deps.database.db, userId, orderNo);
  const rows = await deps.database.db.select().from(visitors).where(eq(visitors.orderId, o.id)).orderBy(asc(visitors.id));
  const [g] = o.status === 'paid' ? await deps.database.db.select().from(groupCodes).where(eq(groupCodes.orderId, o.id)) : [];
  return { orderNo: o.orderNo, groupCode: g?.code ?? null, groupShortCode: g?.shortCode ?? null, visitors: await presentVisitors(deps, rows, lang) };
}

/** The member's visitors across orders (user center), newest first. */
export async function myVisitors(deps: AppDeps, userId: number, lang: Lang) {
  const rows = await deps.database.db
    .select()
    .from(visitors)
    .where(and(eq(visitors.userId, userId), inArray(visitors.status, ['valid', 'used', 'refunding'])))
    .orderBy(desc(visitors.id))
    .limit(200);
  return presentVisitors(deps, rows, lang);
}

type ScanResult = 'admitted' | 'used' | 'unknown' | 'notValid' | 'otherSession';

/**
 * One scan at a gate: the QR's long code, or the short code printed under it typed in any case with or without
 * separators (gateCode normalizes; both name the same pass). A visitor's pass admits once: the UPDATE … WHERE
 * status = 'valid' decides between two gates scanning or typing it at the same moment. An order's group pass admits
 * every valid visitor of the order. Every scan is logged; refusals answer 404/409 naming the visitor, and for a
 * used pass when and at which gate. A gate limited to some activities (`scope`, issue 34) is told of a pass of any
 * other activity only that it is not one of theirs: no name, no session, and its log line names no visitor.
 */
export async function scan(
  deps: Pick<AppDeps, 'database' | 'events'>,
  staffId: number,
  body: { code: string; gate: string; sessionId?: number },
  lang: Lang,
  scope: readonly number[] | null = null,
  now = new Date(),
) {
  const db = deps.database.db;
  const log = (result: ScanResult, visitorId: number | null, sessionId: number | null) =>
    db.insert(checkins).values({ visitorId, sessionId: sessionId ?? body.sessionId ?? null, staffId, gate: body.gate, result, at: now });
  const sessionName = async (id: number) => {
    const [s] = await db.select().from(eventSessions).where(eq(eventSessions.id, id));
    return s ? pick(lang, s.nameZh, s.nameEn) : '';
  };

  const { targets, groupOrderId } = await passTargets(db, body.code);
  if (!targets.length) {
    await log('unknown', null, null);
    throw new AppError('PASS_UNKNOWN');
  }
  const first = targets[0]!;
  if (scope !== null) {
    const [own] = await db.select({ activityId: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, first.sessionId));
    if (!inScope(scope, own?.activityId)) {
      await log('otherSession', null, null);
      throw new AppError('PASS_OUT_OF_SCOPE');
    }
  }
  if (body.sessionId && targets.every((v) => v.sessionId !== body.sessionId)) {
    await log('otherSession', first.id, first.sessionId);
    throw new AppError('PASS_OTHER_SESSION', { params: { name: first.name, session: await sessionName(first.sessionId) } });
  }
  const ids = targets.filter((v) => !body.sessionId || v.sessionId === body.sessionId).map((v) => v.id);
  // the admission, its log lines and ticket.admitted commit together
  const admitted = await db.transaction(async (tx) => {
    const rows = await tx
      .update(visitors)
      .set({ status: 'used', usedAt: now, usedGate: body.gate })
      .where(and(inArray(visitors.id, ids), eq(visitors.status, 'valid')))
      .returning();
    if (!rows.length) return rows;
    await tx
      .insert(checkins)
      .values(rows.map((v) => ({ visitorId: v.id, sessionId: v.sessionId, staffId, gate: body.gate, result: 'admitted' as const, at: now })));
    const [session] = await tx.select({ activityId: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, rows[0]!.sessionId));
    await publish(deps, tx, 'ticket.admitted', {
      passType: groupOrderId === null ? 'visitor' : 'group',
      passId: groupOrderId ?? rows[0]!.id,
      sessionId: rows[0]!.sessionId,
      activityId: session?.activityId ?? null,
      admittedAt: now.toISOString(),
    });
    return rows;
  });
  if (admitted.length) {
    return {
      result: 'admitted' as const,
      admitted: admitted.length,
      names: admitted.map((v) => v.name),
      sessionName: await sessionName(admitted[0]!.sessionId),
      usedAt: now.toISOString(),
      usedGate: body.gate,
    };
  }
  const [latest] = await db
    .select()
    .from(visitors)
    .where(and(inArray(visitors.id, ids), eq(visitors.status, 'used')))
    .orderBy(desc(visitors.usedAt))
    .limit(1);
  if (latest) {
    await log('used', latest.id, latest.sessionId);
    const time = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(latest.usedAt!);
    // a gate left without a name says so in words rather than a bare dash
    throw latest.usedGate
      ? new AppError('PASS_USED', { params: { name: latest.name, time, gate: latest.usedGate } })
      : new AppError('PASS_USED', { message: 'ticket.passUsedNoGate', params: { name: latest.name, time } });
  }
  await log('notValid', first.id, first.sessionId);
  throw new AppError('PASS_NOT_VALID', { params: { name: first.name } });
}

/**
 * The visitors a scanned or typed code admits: a pass's one visitor, or every visitor of a group pass's order
 * (groupOrderId set); none for a code that is no pass. Shared by the online scan and the offline gate's batches.
 */
export async function passTargets(db: DbOrTx, raw: string): Promise<{ targets: VisitorRow[]; groupOrderId: number | null }> {
  const code = gateCode(raw);
  let groupOrderId: number | null = null;
  const groupOf = async (g: { orderId: number } | undefined) => {
    if (!g) return [];
    groupOrderId = g.orderId;
    return db.select().from(visitors).where(eq(visitors.orderId, g.orderId)).orderBy(asc(visitors.id));
  };
  let targets: VisitorRow[] = [];
  if (code?.kind === 'pass') targets = await db.select().from(visitors).where(eq(visitors.passCode, code.code));
  else if (code?.kind === 'group') targets = await groupOf((await db.select().from(groupCodes).where(eq(groupCodes.code, code.code)))[0]);
  else if (code?.kind === 'short') {
    targets = await db.select().from(visitors).where(eq(visitors.shortCode, code.code));
    if (!targets.length) targets = await groupOf((await db.select().from(groupCodes).where(eq(groupCodes.shortCode, code.code)))[0]);
  }
  return { targets, groupOrderId };
}

/** A live count per session: places sold (valid + used) and people admitted. */
export async function checkinStats(deps: Pick<AppDeps, 'database'>, sessionId: number) {
  const db = deps.database.db;
  const [s] = await db.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  if (!s) throw new AppError('NOT_FOUND');
  const [c] = await db
    .select({
      sold: sql<number>`count(*) filter (where ${visitors.status} in ('valid', 'used', 'refunding'))`,
      admitted: sql<number>`count(*) filter (where ${visitors.status} = 'used')`,
    })
    .from(visitors)
    .where(eq(visitors.sessionId, sessionId));
  return { sessionId, sold: Number(c?.sold ?? 0), admitted: Number(c?.admitted ?? 0), maxPeople: s.maxPeople };
}
