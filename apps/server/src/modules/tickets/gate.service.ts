import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { GATE_CLOCK_TOLERANCE_MS, translate, type GateDeviceView, type GatePass, type GateScanOutcome, type Lang, type MessageKey } from '@rp/shared';
import type { AppDeps, Db, Tx } from '../../deps';
import { checkins, eventSessions, gateDevices, gateScans, groupCodes, users, visitors } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { publish, type Events } from '../../lib/events';
import { passTargets } from './tickets.service';

/**
 * The offline gate (issue 38): device sessions for one session's door, the download of its passes (gate fields
 * only), batches of scans decided offline (applied once per nonce, one admission per pass, conflicts kept), the
 * other gates' admissions since a cursor, and the organiser's figures.
 */
type Device = typeof gateDevices.$inferSelect;
const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' && en ? en : zh);
const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The end of the day (China time, UTC+8 all year) that `now` falls in. */
export function endOfChinaDay(now: Date): Date {
  const day = 86_400_000;
  const shift = 8 * 3_600_000;
  return new Date(Math.floor((now.getTime() + shift) / day) * day + day - shift);
}

/** A name as the gate keeps it: its first character, the rest starred (王**, E****). */
export function gateName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length ? chars[0]! + '*'.repeat(Math.min(chars.length - 1, 3) || 1) : '';
}

function deviceState(d: Device, now: Date): GateDeviceView['state'] {
  if (d.revokedAt) return 'revoked';
  return d.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

async function presentDevices(db: Db, rows: Device[], lang: Lang, now = new Date()): Promise<GateDeviceView[]> {
  if (!rows.length) return [];
  const sessions = await db
    .select({ id: eventSessions.id, nameZh: eventSessions.nameZh, nameEn: eventSessions.nameEn })
    .from(eventSessions)
    .where(inArray(eventSessions.id, [...new Set(rows.map((r) => r.sessionId))]));
  const staffIds = rows.map((r) => r.staffId).filter((x): x is number => x !== null);
  const staff = staffIds.length ? await db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.id, staffIds)) : [];
  return rows.map((d) => {
    const s = sessions.find((x) => x.id === d.sessionId);
    return {
      id: d.id,
      gate: d.gate,
      sessionId: d.sessionId,
      sessionName: s ? pick(lang, s.nameZh, s.nameEn) : '',
      staffName: staff.find((x) => x.id === d.staffId)?.nickName ?? '',
      state: deviceState(d, now),
      createdAt: d.createdAt.toISOString(),
      expiresAt: d.expiresAt.toISOString(),
      lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
      pending: d.pending,
    };
  });
}

/** A device session for one session's gate; the token is returned once (only its hash is kept). */
export async function createDevice(deps: Pick<AppDeps, 'database'>, staffId: number, body: { sessionId: number; gate: string }, lang: Lang) {
  const db = deps.database.db;
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const [row] = await db
    .insert(gateDevices)
    .values({ sessionId: body.sessionId, staffId, gate: body.gate, tokenHash: hash(token), createdAt: now, expiresAt: endOfChinaDay(now) })
    .returning();
  return { token, device: (await presentDevices(db, [row!], lang, now))[0]! };
}

export async function revokeDevice(deps: Pick<AppDeps, 'database'>, id: number) {
  await deps.database.db
    .update(gateDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(gateDevices.id, id), sql`${gateDevices.revokedAt} is null`));
}

/** The device a token names, seen now; 401 when there is none, or it was revoked or its day is over (the device wipes). */
export async function deviceOf(deps: Pick<AppDeps, 'database'>, token: string | undefined, pending?: number): Promise<Device> {
  const db = deps.database.db;
  if (!token || token.length > 100) throw new AppError('GATE_DEVICE_UNKNOWN');
  const [d] = await db
    .select()
    .from(gateDevices)
    .where(eq(gateDevices.tokenHash, hash(token)));
  if (!d) throw new AppError('GATE_DEVICE_UNKNOWN');
  const now = new Date();
  await db
    .update(gateDevices)
    .set({ lastSeenAt: now, ...(pending === undefined ? {} : { pending }) })
    .where(eq(gateDevices.id, d.id));
  if (d.revokedAt) throw new AppError('GATE_DEVICE_REVOKED');
  if (d.expiresAt.getTime() <= now.getTime()) throw new AppError('GATE_DEVICE_EXPIRED');
  return { ...d, lastSeenAt: now, pending: pending ?? d.pending };
}

export async function deviceMe(deps: Pick<AppDeps, 'database'>, d: Device, lang: Lang) {
  const db = deps.database.db;
  const [c] = await db
    .select({ n: sql<number>`count(*)` })
    .from(visitors)
    .where(and(eq(visitors.sessionId, d.sessionId), inArray(visitors.status, ['valid', 'used'])));
  return { device: (await presentDevices(db, [d], lang))[0]!, passCount: Number(c?.n ?? 0) };
}

/**
 * One page of the session's passes, keyset-paged: visitor passes by id (`v<id>`), then group passes by order
 * (`g<orderId>`). Only valid and used passes; only the gate's fields.
 */
export async function passPage(deps: Pick<AppDeps, 'database'>, d: Device, after: string | undefined, size: number) {
  const db = deps.database.db;
  const live = and(eq(visitors.sessionId, d.sessionId), inArray(visitors.status, ['valid', 'used']));
  const passes: GatePass[] = [];
  let next: string | null = null;
  if (!after || after.startsWith('v')) {
    const from = after ? Number(after.slice(1)) : 0;
    const rows = await db
      .select({
        id: visitors.id,
        passCode: visitors.passCode,
        shortCode: visitors.shortCode,
        orderId: visitors.orderId,
        name: visitors.name,
        usedAt: visitors.usedAt,
        usedGate: visitors.usedGate,
        grouped: groupCodes.orderId,
      })
      .from(visitors)
      .leftJoin(groupCodes, eq(groupCodes.orderId, visitors.orderId))
      .where(and(live, gt(visitors.id, from)))
      .orderBy(asc(visitors.id))
      .limit(size);
    for (const v of rows)
      passes.push({
        id: v.id,
        kind: 'visitor',
        passCode: v.passCode,
        shortCode: v.shortCode,
        groupSize: 1,
        groupId: v.grouped,
        name: gateName(v.name),
        usedAt: v.usedAt?.toISOString() ?? null,
        usedGate: v.usedGate,
      });
    next = rows.length === size ? `v${rows.at(-1)!.id}` : 'g0';
  }
  const room = size - passes.length;
  if (next?.startsWith('g') || after?.startsWith('g')) {
    const from = Number((after?.startsWith('g') ? after : next!).slice(1));
    next = null;
    if (room > 0) {
      const rows = await db
        .select({
          orderId: groupCodes.orderId,
          code: groupCodes.code,
          shortCode: groupCodes.shortCode,
          n: sql<number>`count(*)`,
          name: sql<string>`min(${visitors.name})`,
        })
        .from(groupCodes)
        .innerJoin(visitors, eq(visitors.orderId, groupCodes.orderId))
        .where(and(live, gt(groupCodes.orderId, from)))
        .groupBy(groupCodes.orderId)
        .orderBy(asc(groupCodes.orderId))
        .limit(room);
      for (const g of rows)
        passes.push({
          id: g.orderId,
          kind: 'group',
          passCode: g.code,
          shortCode: g.shortCode,
          groupSize: Number(g.n),
          groupId: null,
          name: gateName(g.name),
          usedAt: null,
          usedGate: null,
        });
      if (rows.length === room) next = `g${rows.at(-1)!.orderId}`;
    } else next = `g${from}`;
  }
  const [c] = await db
    .select({ n: sql<number>`count(*)` })
    .from(visitors)
    .where(live);
  return { passes, next, total: Number(c?.n ?? 0) };
}

type ScanIn = { counter: number; code: string; at: string; admitted: boolean };
type ScanOut = { counter: number; outcome: GateScanOutcome; repeated: boolean; reason: string };
const digestOf = (s: ScanIn) => hash(JSON.stringify([s.code, new Date(s.at).toISOString(), s.admitted]));
const uniqueViolation = (e: unknown) => {
  for (let x = e as { code?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) if (x.code === '23505') return true;
  return false;
};

/**
 * One offline scan applied in its own transaction: its gate_scans row, the admission (UPDATE … WHERE status =
 * 'valid', so one admission per pass whichever gate or instance comes first), its log lines and event commit
 * together, or nothing does. A nonce already applied answers what it was; the same nonce with other contents is
 * kept as nonceReused (once per contents) and changes nothing else.
 */
async function applyScan(deps: Pick<AppDeps, 'database' | 'events'>, d: Device, s: ScanIn, now: Date): Promise<ScanOut> {
  const db = deps.database.db;
  const digest = digestOf(s);
  const at = new Date(s.at);
  const run = () =>
    db.transaction(async (tx): Promise<ScanOut> => {
      const [prior] = await tx
        .select()
        .from(gateScans)
        .where(and(eq(gateScans.deviceId, d.id), eq(gateScans.counter, s.counter), sql`${gateScans.outcome} <> 'nonceReused'`));
      const row = { deviceId: d.id, counter: s.counter, digest, code: s.code.slice(0, 64), admittedOffline: s.admitted, scannedAt: at, receivedAt: now };
      if (prior && prior.digest === digest) return { counter: s.counter, outcome: prior.outcome, repeated: true, reason: '' };
      if (prior) {
        const fresh = await tx
          .insert(gateScans)
          .values({ ...row, outcome: 'nonceReused' })
          .onConflictDoNothing()
          .returning({ id: gateScans.id });
        return { counter: s.counter, outcome: 'nonceReused', repeated: !fresh.length, reason: '' };
      }
      const decided = await decide(deps, tx, d, s, at);
      await tx.insert(gateScans).values({ ...row, outcome: decided.outcome, visitorId: decided.visitorId });
      return { counter: s.counter, outcome: decided.outcome, repeated: false, reason: '' };
    });
  try {
    return await run();
  } catch (e) {
    // the same nonce applied at this moment through another request or instance: ours rolled back; read theirs
    if (uniqueViolation(e)) return run();
    throw e;
  }
}

async function decide(deps: Events, tx: Tx, d: Device, s: ScanIn, at: Date): Promise<{ outcome: GateScanOutcome; visitorId: number | null }> {
  const log = (result: (typeof checkins.$inferInsert)['result'], visitorId: number | null) =>
    tx.insert(checkins).values({ visitorId, sessionId: d.sessionId, staffId: d.staffId, gate: d.gate, result, at });
  const tooLate = at.getTime() > Date.now() + GATE_CLOCK_TOLERANCE_MS;
  const tooEarly = at.getTime() < d.createdAt.getTime() - GATE_CLOCK_TOLERANCE_MS;
  if (tooLate || tooEarly || Number.isNaN(at.getTime())) return { outcome: 'clockOff', visitorId: null };
  const { targets, groupOrderId } = await passTargets(tx, s.code);
  if (!targets.length) {
    await log('unknown', null);
    return { outcome: 'unknown', visitorId: null };
  }
  const ours = targets.filter((v) => v.sessionId === d.sessionId);
  if (!ours.length) {
    // named no further: the gate's log line names no visitor of another session
    await log('otherSession', null);
    return { outcome: 'otherSession', visitorId: null };
  }
  const ids = ours.map((v) => v.id);
  if (s.admitted) {
    const rows = await tx
      .update(visitors)
      .set({ status: 'used', usedAt: at, usedGate: d.gate })
      .where(and(inArray(visitors.id, ids), eq(visitors.status, 'valid')))
      .returning({ id: visitors.id });
    if (rows.length) {
      await tx
        .insert(checkins)
        .values(rows.map((v) => ({ visitorId: v.id, sessionId: d.sessionId, staffId: d.staffId, gate: d.gate, result: 'admitted' as const, at })));
      const [session] = await tx.select({ activityId: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, d.sessionId));
      await publish(deps, tx, 'ticket.admitted', {
        passType: groupOrderId === null ? 'visitor' : 'group',
        passId: groupOrderId ?? rows[0]!.id,
        sessionId: d.sessionId,
        activityId: session?.activityId ?? null,
        admittedAt: at.toISOString(),
      });
      return { outcome: 'admitted', visitorId: rows[0]!.id };
    }
  }
  const [used] = await tx
    .select({ id: visitors.id })
    .from(visitors)
    .where(and(inArray(visitors.id, ids), eq(visitors.status, 'used')))
    .orderBy(desc(visitors.usedAt))
    .limit(1);
  if (used) {
    await log('used', used.id);
    // admitted here offline while admitted elsewhere: one admission kept, the second shown to the organiser
    return { outcome: s.admitted ? 'conflict' : 'used', visitorId: used.id };
  }
  const still = ours.find((v) => v.status === 'valid');
  if (still) return { outcome: 'refused', visitorId: still.id };
  await log('notValid', ours[0]!.id);
  return { outcome: 'notValid', visitorId: ours[0]!.id };
}

/** A batch: each scan applied on its own (in counter order), the device's pending count and last seen kept. */
export async function syncBatch(deps: Pick<AppDeps, 'database' | 'events'>, d: Device, body: { sentAt: string; scans: ScanIn[] }, lang: Lang) {
  const now = new Date();
  const results: ScanOut[] = [];
  for (const s of [...body.scans].sort((a, b) => a.counter - b.counter)) {
    const r = await applyScan(deps, d, s, now);
    results.push({ ...r, reason: translate(lang, `gate.outcome.${r.outcome}` as MessageKey) });
  }
  return { results, clockSkewMs: Math.round(new Date(body.sentAt).getTime() - now.getTime()) };
}

/** Admissions of the session after a cursor (a checkins id), for the gates to refuse a pass used elsewhere. */
export async function admissionsSince(deps: Pick<AppDeps, 'database'>, d: Device, since: number) {
  const limit = 1000;
  const rows = await deps.database.db
    .select({ id: checkins.id, visitorId: checkins.visitorId, at: checkins.at, gate: checkins.gate })
    .from(checkins)
    .where(and(eq(checkins.sessionId, d.sessionId), eq(checkins.result, 'admitted'), gt(checkins.id, since)))
    .orderBy(asc(checkins.id))
    .limit(limit);
  return {
    admissions: rows.filter((r) => r.visitorId !== null).map((r) => ({ visitorId: r.visitorId!, at: r.at.toISOString(), gate: r.gate })),
    cursor: rows.at(-1)?.id ?? since,
    more: rows.length === limit,
  };
}

const minuteFmt = (lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hour12: false });

/** The organiser's view of a session's doors: admissions per gate and minute, devices, conflicts. */
export async function gateOverview(deps: Pick<AppDeps, 'database'>, sessionId: number, lang: Lang) {
  const db = deps.database.db;
  const [s] = await db.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  if (!s) throw new AppError('NOT_FOUND');
  const admittedHere = and(eq(checkins.sessionId, sessionId), eq(checkins.result, 'admitted'));
  const gates = await db
    .select({ gate: checkins.gate, admitted: sql<number>`count(*)` })
    .from(checkins)
    .where(admittedHere)
    .groupBy(checkins.gate)
    .orderBy(checkins.gate);
  const minute = sql<string>`to_char(${checkins.at} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;
  const perMinute = await db
    .select({ minute, gate: checkins.gate, admitted: sql<number>`count(*)` })
    .from(checkins)
    .where(admittedHere)
    .groupBy(minute, checkins.gate)
    .orderBy(minute, checkins.gate)
    .limit(5000);
  const devices = await db.select().from(gateDevices).where(eq(gateDevices.sessionId, sessionId)).orderBy(asc(gateDevices.id));
  const clashes = await db
    .select({ id: gateScans.id, visitorId: gateScans.visitorId, at: gateScans.scannedAt, gate: gateDevices.gate })
    .from(gateScans)
    .innerJoin(gateDevices, eq(gateDevices.id, gateScans.deviceId))
    .where(and(eq(gateDevices.sessionId, sessionId), eq(gateScans.outcome, 'conflict')))
    .orderBy(asc(gateScans.id))
    .limit(1000);
  const vIds = [...new Set(clashes.map((c) => c.visitorId).filter((x): x is number => x !== null))];
  const vs = vIds.length ? await db.select().from(visitors).where(inArray(visitors.id, vIds)) : [];
  const offlineAdmits = vIds.length
    ? await db
        .select({ visitorId: gateScans.visitorId })
        .from(gateScans)
        .where(and(inArray(gateScans.visitorId, vIds), eq(gateScans.outcome, 'admitted')))
    : [];
  const fmt = minuteFmt(lang);
  const conflicts = clashes.flatMap((c) => {
    const v = vs.find((x) => x.id === c.visitorId);
    if (!v?.usedAt) return [];
    const first = { gate: v.usedGate ?? '', at: v.usedAt.toISOString(), offline: offlineAdmits.some((o) => o.visitorId === v.id) };
    const second = { gate: c.gate, at: c.at.toISOString(), offline: true };
    const [a, b] = first.at <= second.at ? [first, second] : [second, first];
    const mode = (o: boolean) => translate(lang, o ? 'gate.offline' : 'gate.online');
    const params = {
      firstGate: a.gate,
      firstTime: fmt.format(new Date(a.at)),
      firstMode: mode(a.offline),
      secondGate: b.gate,
      secondTime: fmt.format(new Date(b.at)),
      secondMode: mode(b.offline),
    };
    const text = translate(lang, a.offline && b.offline ? 'gate.conflictBothOffline' : 'gate.conflict', params);
    return [{ id: c.id, visitorName: v.name, shortCode: v.shortCode, first: a, second: b, text }];
  });
  return {
    sessionId,
    sessionName: pick(lang, s.nameZh, s.nameEn),
    admitted: gates.reduce((n, g) => n + Number(g.admitted), 0),
    gates: gates.map((g) => ({ gate: g.gate, admitted: Number(g.admitted) })),
    perMinute: perMinute.map((m) => ({ minute: m.minute, gate: m.gate, admitted: Number(m.admitted) })),
    devices: await presentDevices(db, devices, lang),
    conflicts,
  };
}

export async function deviceSession(deps: Pick<AppDeps, 'database'>, id: number) {
  const [d] = await deps.database.db.select({ sessionId: gateDevices.sessionId }).from(gateDevices).where(eq(gateDevices.id, id));
  return d?.sessionId;
}
