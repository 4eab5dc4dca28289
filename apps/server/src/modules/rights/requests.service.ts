import { and, desc, eq } from 'drizzle-orm';
import { requestDeadline } from '@rp/shared';
import type { Db } from '../../db/client';
import { privacyRequests, teamMembers, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { accountName } from '../../lib/crud/display';
import { AppError } from '../../lib/errors';

/** A person's request staff must act on; its deadline is 15 working days after it arrives. */
export async function createRequest(
  db: Db,
  userId: number,
  input: { kind: 'correction' | 'objection' | 'other'; details: string; teamMemberId?: number },
  now = new Date(),
) {
  if (input.teamMemberId !== undefined) {
    const [m] = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.id, input.teamMemberId));
    if (!m || m.userId !== userId) throw new AppError('NOT_FOUND', { message: 'rights.noSuchPlayer', field: 'teamMemberId' });
  }
  const [r] = await db
    .insert(privacyRequests)
    .values({ userId, kind: input.kind, details: input.details, teamMemberId: input.teamMemberId ?? null, dueAt: requestDeadline(now), createdAt: now })
    .returning();
  return r!;
}

type Row = typeof privacyRequests.$inferSelect;

function view(r: Row, extra: { account: string; playerName: string }, now: Date) {
  return {
    id: r.id,
    kind: r.kind,
    details: r.details,
    status: r.status,
    dueAt: r.dueAt.toISOString(),
    overdue: r.answeredAt ? r.answeredAt > r.dueAt : r.dueAt < now,
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    ...extra,
  };
}

/** A member's own requests, or (userId null) every request for staff: open ones first, the nearest deadline first. */
export async function listRequests(db: Db, userId: number | null, now = new Date()) {
  const rows = await db
    .select({ r: privacyRequests, u: { id: users.id, nickName: users.nickName, phone: users.phone, username: users.username }, playerName: teamMembers.name })
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.userId))
    .leftJoin(teamMembers, eq(teamMembers.id, privacyRequests.teamMemberId))
    .where(userId === null ? undefined : eq(privacyRequests.userId, userId))
    .orderBy(desc(eq(privacyRequests.status, 'open')), privacyRequests.dueAt, desc(privacyRequests.id))
    .limit(500);
  return rows.map((x) => view(x.r, { account: x.u ? accountName(x.u) : '—', playerName: x.playerName ?? '' }, now));
}

/** Staff answer an open request (done or refused, with the answer the person reads); answering twice is refused. */
export async function answerRequest(db: Db, staffId: number, id: number, input: { status: 'done' | 'refused'; answer: string }, now = new Date()) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id));
    if (!before) throw new AppError('NOT_FOUND');
    const [r] = await tx
      .update(privacyRequests)
      .set({ status: input.status, answer: input.answer, answeredBy: staffId, answeredAt: now })
      .where(and(eq(privacyRequests.id, id), eq(privacyRequests.status, 'open')))
      .returning();
    if (!r) throw new AppError('REQUEST_CLOSED');
    await audit(tx, {
      userId: staffId,
      resource: 'privacyRequests',
      recordId: id,
      action: 'answerRequest',
      before: { status: before.status },
      after: { status: r.status },
    });
    return r;
  });
}
