import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { CONSULT_PAGE_SIZE, maskPhone, translate, type BroadcastBody, type ConsultLine, type Lang } from '@rp/shared';
import type { Db } from '../../db/client';
import { activities, consultMessages, consultThreads, messages, teamMembers, teams, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';

/**
 * Consultation (issue 12): a member's conversation with the organisers is lines in consult_messages and one
 * row in consult_threads, which the inbox sorts on (unanswered first) and the widget's poll compares
 * (lastId): an open widget with nothing new costs one primary-key read and a body-less 304.
 */

type LineRow = typeof consultMessages.$inferSelect;

function present(row: LineRow, lang: Lang, memberName: string): ConsultLine {
  const mine = row.staffId === null;
  return {
    id: row.id,
    mine,
    type: mine ? 1 : 2,
    title: translate(lang, mine ? 'consult.titleQuestion' : 'consult.titleAnswer'),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    // members see "the organisers", never a staff member's own name
    publish: { nickName: mine ? memberName : translate(lang, 'consult.staff') },
  };
}

/** The conversation's last line id (0: none yet): what the widget's ETag carries. */
export async function lastLineId(db: Db, userId: number): Promise<number> {
  const [t] = await db.select({ lastId: consultThreads.lastId }).from(consultThreads).where(eq(consultThreads.userId, userId));
  return t?.lastId ?? 0;
}

/** A member's question: one line, and the thread marked as waiting for an answer. */
export async function ask(db: Db, user: { id: number; nickName: string }, body: { content: string; activityId?: number | undefined }, lang: Lang) {
  return db.transaction(async (tx) => {
    if (body.activityId) {
      const [a] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, body.activityId));
      if (!a) throw new AppError('ACTIVITY_NOT_FOUND');
    }
    const [line] = await tx
      .insert(consultMessages)
      .values({ userId: user.id, activityId: body.activityId ?? null, content: body.content })
      .returning();
    await tx
      .insert(consultThreads)
      .values({ userId: user.id, activityId: body.activityId ?? null, lastId: line!.id, unanswered: true, lastAt: line!.createdAt })
      .onConflictDoUpdate({
        target: consultThreads.userId,
        set: {
          lastId: sql`greatest(${consultThreads.lastId}, ${line!.id})`,
          unanswered: true,
          lastAt: line!.createdAt,
          activityId: body.activityId ? body.activityId : sql`${consultThreads.activityId}`,
        },
      });
    return present(line!, lang, user.nickName);
  });
}

/** The member's lines after `after` (the newest 100 when after = 0), oldest first. */
export async function linesOf(
  db: Db,
  user: { id: number; nickName: string },
  after: number,
  lang: Lang,
  q: { type?: number | undefined; page?: number; size?: number } = {},
): Promise<ConsultLine[]> {
  const byType = q.type === 1 ? isNull(consultMessages.staffId) : q.type === 2 ? isNotNull(consultMessages.staffId) : undefined;
  const size = Math.min(q.size ?? CONSULT_PAGE_SIZE, CONSULT_PAGE_SIZE);
  const rows = await db
    .select()
    .from(consultMessages)
    .where(and(eq(consultMessages.userId, user.id), gt(consultMessages.id, after), byType))
    .orderBy(desc(consultMessages.id))
    .limit(size)
    .offset((q.page ?? 0) * size);
  return rows.reverse().map((r) => present(r, lang, user.nickName));
}

/** Staff answer: a line, the thread answered, and a system message (type 2) so the red dot tells the member. */
export async function answer(db: Db, staffId: number, receiverId: number, content: string) {
  return db.transaction(async (tx) => {
    const [thread] = await tx.select().from(consultThreads).where(eq(consultThreads.userId, receiverId)).for('update');
    if (!thread) throw new AppError('CONSULT_NOT_FOUND');
    const [line] = await tx.insert(consultMessages).values({ userId: receiverId, staffId, activityId: thread.activityId, content }).returning();
    await tx.update(consultThreads).set({ lastId: line!.id, unanswered: false, lastAt: line!.createdAt }).where(eq(consultThreads.userId, receiverId));
    await tx.insert(messages).values({
      receiverId,
      type: 2,
      titleZh: translate('zh', 'consult.answerTitle'),
      titleEn: translate('en', 'consult.answerTitle'),
      contentZh: content,
      contentEn: content,
      publisherZh: translate('zh', 'consult.staff'),
      publisherEn: translate('en', 'consult.staff'),
    });
    await audit(tx, { userId: staffId, resource: 'consult', recordId: receiverId, action: 'reply', after: { lineId: line!.id } });
    return line!;
  });
}

const threadColumns = {
  userId: consultThreads.userId,
  nickName: users.nickName,
  phone: users.phone,
  activityId: consultThreads.activityId,
  activityNameZh: activities.nameZh,
  activityNameEn: activities.nameEn,
  unanswered: consultThreads.unanswered,
  lastAt: consultThreads.lastAt,
  preview: sql<string>`(select content from consult_messages where id = ${consultThreads.lastId})`,
};
type ThreadRow = { [K in keyof typeof threadColumns]: unknown } & Record<string, unknown>;

function presentThread(r: ThreadRow, lang: Lang) {
  const zh = (r.activityNameZh as string | null) ?? '';
  const en = (r.activityNameEn as string | null) ?? '';
  return {
    userId: r.userId as number,
    nickName: r.nickName as string,
    phone: maskPhone((r.phone as string | null) ?? ''),
    activityId: (r.activityId as number | null) ?? null,
    activityName: lang === 'en' ? en || zh : zh || en,
    unanswered: r.unanswered as boolean,
    lastAt: (r.lastAt as Date).toISOString(),
    preview: ((r.preview as string | null) ?? '').slice(0, 120),
  };
}

/** The inbox: waiting conversations first, newest first; per activity or all. */
export async function inbox(
  db: Db,
  q: { page: number; size: number; activityId?: number | undefined; status: 'open' | 'all' },
  lang: Lang,
  scope: readonly number[] | null = null,
) {
  const where = and(
    q.activityId ? eq(consultThreads.activityId, q.activityId) : undefined,
    scopeWhere(consultThreads.activityId, scope),
    q.status === 'open' ? eq(consultThreads.unanswered, true) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(threadColumns)
      .from(consultThreads)
      .innerJoin(users, eq(users.id, consultThreads.userId))
      .leftJoin(activities, eq(activities.id, consultThreads.activityId))
      .where(where)
      .orderBy(desc(consultThreads.unanswered), desc(consultThreads.lastAt))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(consultThreads).where(where),
  ]);
  return { content: rows.map((r) => presentThread(r as ThreadRow, lang)), totalElements: Number(total?.n ?? 0) };
}

/** One conversation for staff: every line with who answered. */
export async function threadFor(db: Db, userId: number, lang: Lang) {
  const [t] = await db
    .select(threadColumns)
    .from(consultThreads)
    .innerJoin(users, eq(users.id, consultThreads.userId))
    .leftJoin(activities, eq(activities.id, consultThreads.activityId))
    .where(eq(consultThreads.userId, userId));
  if (!t) throw new AppError('CONSULT_NOT_FOUND');
  const rows = await db
    .select({ line: consultMessages, staffName: users.nickName })
    .from(consultMessages)
    .leftJoin(users, eq(users.id, consultMessages.staffId))
    .where(eq(consultMessages.userId, userId))
    .orderBy(asc(consultMessages.id))
    .limit(1000);
  const thread = presentThread(t as ThreadRow, lang);
  return {
    thread,
    content: rows.map((r) => ({ ...present(r.line, lang, thread.nickName), staffName: r.staffName ?? '' })),
  };
}

/**
 * System messages to everyone, an activity's registrants (accounts with a team or a player in it) or a role:
 * one INSERT … SELECT, however many receivers.
 */
export async function broadcast(db: Db, staffId: number, b: BroadcastBody, publisher: { zh: string; en: string }): Promise<number> {
  const receivers =
    b.audience === 'all'
      ? sql`select id from users where status = 1`
      : b.audience === 'role'
        ? sql`select id from users where status = 1 and ${b.role!} = any(roles)`
        : sql`select u.id from users u where u.status = 1 and (
            exists (select 1 from ${teams} t where t.user_id = u.id and t.activity_id = ${b.activityId!})
            or exists (select 1 from ${teamMembers} m where m.user_id = u.id and m.activity_id = ${b.activityId!}))`;
  if (b.audience === 'activity') {
    const [a] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, b.activityId!));
    if (!a) throw new AppError('ACTIVITY_NOT_FOUND');
  }
  return db.transaction(async (tx) => {
    const r = await tx.execute(sql`
      with sent as (
        insert into messages (receiver_id, type, title_zh, title_en, content_zh, content_en, publisher_zh, publisher_en)
        select r.id, 1, ${b.titleZh}, ${b.titleEn}, ${b.contentZh}, ${b.contentEn}, ${publisher.zh}, ${publisher.en}
        from (${receivers}) r
        returning 1)
      select count(*)::int as n from sent`);
    const sent = Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    await audit(tx, {
      userId: staffId,
      resource: 'messages',
      recordId: null,
      action: 'broadcast',
      after: { audience: b.audience, activityId: b.activityId, role: b.role, sent },
    });
    return sent;
  });
}
