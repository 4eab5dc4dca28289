import { and, asc, desc, eq } from 'drizzle-orm';
import type { FeedbackBody, Lang, MemberAuditItem } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { activities, feedback, lives, officialFiles, signLogs, teamMemberAudits } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notify } from '../messages/index';
import { ownMember } from '../registration/index';

type Row = Record<string, unknown>;
const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en || zh : zh || en);

// ── messages to the organisers (about page) ──────────────────────────────────────────────────

export async function addFeedback(db: Db, userId: number, body: FeedbackBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({ userId, content: body.content, contact: body.contact ?? '' })
      .returning({ id: feedback.id });
    await audit(tx, { userId, resource: 'feedback', recordId: row!.id, action: 'create', after: { contact: body.contact ?? '' } });
    return row!;
  });
}

/** The admin's answer: a new or changed answer marks the message answered (the person hears of it in afterWrite). */
export function feedbackAnswerPatch(data: Row, before: Row | null): Row | void {
  const answer = typeof data.answer === 'string' ? data.answer.trim() : '';
  if (!before || answer === String(before.answer ?? '').trim()) return;
  return answer ? { answer, status: 'answered', answeredAt: new Date() } : { answer: '', status: 'new', answeredAt: null };
}

/** A system message with the answer, in the answer's transaction. */
export async function notifyFeedbackAnswer(tx: Tx, before: Row | null, after: Row | null) {
  if (!before || !after || after.status !== 'answered' || after.answer === before.answer) return;
  const params = { question: String(after.content).slice(0, 200), answer: String(after.answer) };
  await notify(tx, [
    {
      receiverId: after.userId as number,
      title: 'season.feedbackAnswered.title',
      content: 'season.feedbackAnswered.content',
      params: { zh: params, en: params },
    },
  ]);
}

// ── live streams ─────────────────────────────────────────────────────────────────────────────

/** The shown live streams of a shown activity, by order then start time (spec 7.3 lLive/web/list). */
export async function liveList(db: Db, activityId: number, lang: Lang) {
  const rows = await db
    .select({ l: lives })
    .from(lives)
    .innerJoin(activities, eq(activities.id, lives.activityId))
    .where(and(eq(lives.activityId, activityId), eq(lives.status, 1), eq(activities.show, true)))
    .orderBy(asc(lives.sort), asc(lives.startTime), asc(lives.id))
    .limit(50);
  return rows.map(({ l }) => ({
    id: l.id,
    title: pick(lang, l.titleZh, l.titleEn),
    url: l.url,
    coverUrl: l.cover ? `/files/${l.cover}` : null,
    startTime: l.startTime?.toISOString() ?? null,
  }));
}

/** https only: a stream link never sends a visitor to plain http or a script URL. */
export function checkLiveUrl(url: unknown) {
  if (typeof url !== 'string') return;
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:') throw new AppError('VALIDATION_FAILED', { fieldErrors: { url: 'season.httpsOnly' } });
}

// ── rules-document sign log ──────────────────────────────────────────────────────────────────

export async function recordSignature(
  db: Db,
  userId: number,
  ip: string,
  body: { activityId: number; fileId?: number | undefined; fileName?: string | undefined },
) {
  const [a] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, body.activityId));
  if (!a) throw new AppError('ACTIVITY_NOT_FOUND');
  let fileName = body.fileName ?? '';
  if (body.fileId !== undefined) {
    // a named file must exist; its stored name wins over the one sent
    const [f] = await db.select({ name: officialFiles.fileName, title: officialFiles.titleZh }).from(officialFiles).where(eq(officialFiles.id, body.fileId));
    if (!f) throw new AppError('VALIDATION_FAILED', { fieldErrors: { fileId: 'validation.invalidOption' } });
    fileName = f.name ?? f.title;
  }
  const [row] = await db
    .insert(signLogs)
    .values({ userId, activityId: a.id, fileId: body.fileId ?? null, fileName: fileName.slice(0, 200), ip: ip.slice(0, 64) })
    .returning();
  return { id: row!.id, signedAt: row!.createdAt.toISOString() };
}

// ── players' change requests ─────────────────────────────────────────────────────────────────

function presentAudit(r: typeof teamMemberAudits.$inferSelect): MemberAuditItem {
  return {
    id: r.id,
    memberId: r.memberId,
    memberName: r.memberName,
    activityId: r.activityId,
    reason: r.reason,
    content: r.content,
    status: r.status as MemberAuditItem['status'],
    decisionReason: r.decisionReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/** A coach asks for a change to one of their players; someone else's player answers 404. */
export async function addMemberAudit(db: Db, userId: number, body: { memberId: number; reason: string; content: string }) {
  return db.transaction(async (tx) => {
    const m = await ownMember(tx, userId, body.memberId);
    const [row] = await tx
      .insert(teamMemberAudits)
      .values({ memberId: m.id, activityId: m.activityId, userId, memberName: m.name, reason: body.reason, content: body.content })
      .returning();
    await audit(tx, { userId, resource: 'teamMemberAudits', recordId: row!.id, action: 'create', after: presentAudit(row!) });
    return presentAudit(row!);
  });
}

/** The caller's own requests, newest first. */
export async function myMemberAudits(db: Db, userId: number, q: { activityId?: number | undefined; memberId?: number | undefined }) {
  const rows = await db
    .select()
    .from(teamMemberAudits)
    .where(
      and(
        eq(teamMemberAudits.userId, userId),
        q.activityId ? eq(teamMemberAudits.activityId, q.activityId) : undefined,
        q.memberId ? eq(teamMemberAudits.memberId, q.memberId) : undefined,
      ),
    )
    .orderBy(desc(teamMemberAudits.id))
    .limit(200);
  return rows.map(presentAudit);
}

/** Staff decide once: pending → approved | rejected; a rejection needs a reason. */
export function memberAuditDecision(data: Row, before: Row | null): Row | void {
  if (!before) return;
  const reason = typeof data.decisionReason === 'string' ? data.decisionReason.trim() : '';
  if (data.status === before.status) return;
  if (before.status !== 'pending') throw new AppError('MEMBER_AUDIT_DECIDED');
  if (data.status === 'rejected' && !reason) throw new AppError('VALIDATION_FAILED', { fieldErrors: { decisionReason: 'season.rejectReasonNeeded' } });
  return { decisionReason: reason, decidedAt: new Date() };
}

/** The coach hears of the decision, in its transaction. */
export async function notifyMemberAudit(tx: Tx, before: Row | null, after: Row | null) {
  if (!before || !after || before.status === after.status || before.status !== 'pending') return;
  const approved = after.status === 'approved';
  const params = { player: String(after.memberName), note: String(after.decisionReason ?? '') };
  await notify(tx, [
    {
      receiverId: after.userId as number,
      title: approved ? 'season.auditApproved.title' : 'season.auditRejected.title',
      content: approved ? 'season.auditApproved.content' : 'season.auditRejected.content',
      params: { zh: params, en: params },
    },
  ]);
}

// ── cloud settings ───────────────────────────────────────────────────────────────────────────

/** Secrets (keys, passwords, tokens) stay in the server's environment: such keys are refused. */
const SECRET_WORDS = /secret|password|passwd|token|private|credential|accesskey|access_key|apikey|api_key/i;
export function checkCloudConfig(data: Row): Row {
  if (typeof data.key === 'string' && SECRET_WORDS.test(data.key.replace(/[-.\s]/g, '_')))
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { key: 'season.cloudNoSecrets' } });
  return { updatedAt: new Date() };
}
