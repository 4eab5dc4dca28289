import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { eventSessions, guardianConsents, leaders, teamMembers, uploads, visitors, volunteers } from '../../db/schema/index';
import type { Storage } from '../../lib/storage';

/** What one anonymisation did: players whose data was cut, files deleted from storage. */
export interface Anonymised {
  players: number;
  files: number;
}

/** Which rows: a whole activity (players, teachers, volunteers, ticket visitors), or one account's. */
export type AnonymiseScope = { activityId: number } | { userId: number };

const PRIVATE_URL = /^\/api\/files\/(private\/[A-Za-z0-9/_.-]+)$/;

/** A phone kept masked, in SQL: first 3 and last 2 digits (138******34), '' stays ''. */
function maskPhone(col: unknown): SQL<string> {
  return sql<string>`case when length(${col}) >= 7 then left(${col}, 3) || repeat('*', length(${col}) - 5) || right(${col}, 2) else repeat('*', length(${col})) end`;
}

/**
 * Cuts the identifying parts out of an activity's participants or one account's people, inside the caller's
 * transaction: ID numbers (ciphertext, blind index, masked copy) and guardian details removed, photos and
 * résumés deleted from storage, birth dates cut to the year, phones masked. Names stay: orders, invoices and
 * certificates name them (docs/PRIVACY.md). Rows of other activities or accounts are never touched.
 * Idempotent: a player already anonymised is left alone, and a file is deleted only when nothing that keeps its
 * data still names it (a photo copied to a player of another activity stays). Files go before the caller
 * commits; if the transaction then fails, the next run finds the rows again and deleting a missing file is
 * no error, so a crash resumes cleanly.
 */
export async function anonymiseRows(tx: Tx, storage: Storage, scope: AnonymiseScope, now: Date): Promise<Anonymised> {
  const byActivity = 'activityId' in scope;
  const players = await tx
    .select({ id: teamMembers.id, headImg: teamMembers.headImg })
    .from(teamMembers)
    .where(and(isNull(teamMembers.anonymisedAt), byActivity ? eq(teamMembers.activityId, scope.activityId) : eq(teamMembers.userId, scope.userId)))
    .for('update');
  const ids = players.map((p) => p.id);
  const files = new Set<string>();
  if (ids.length) {
    for (const p of players) if (p.headImg) files.add(p.headImg);
    await tx
      .update(teamMembers)
      .set({
        cardEnc: '',
        cardHash: sql`'anon:' || ${teamMembers.id}`,
        cardMasked: '',
        birth: sql`(${teamMembers.birth} / 10000) * 10000`,
        emerName: '',
        emerPhone: maskPhone(teamMembers.emerPhone),
        headImg: null,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(inArray(teamMembers.id, ids));
    await tx
      .update(guardianConsents)
      .set({ guardianName: '', guardianPhone: maskPhone(guardianConsents.guardianPhone), relationship: '', decidedIp: null, tokenHash: null })
      .where(inArray(guardianConsents.teamMemberId, ids));
  }
  // teachers
  const leaderWhere = byActivity ? eq(leaders.activityId, scope.activityId) : eq(leaders.userId, scope.userId);
  for (const l of await tx
    .select({ url: leaders.photoUrl })
    .from(leaders)
    .where(and(leaderWhere, isNotNull(leaders.photoUrl))))
    files.add(l.url!);
  await tx
    .update(leaders)
    .set({ phone: maskPhone(leaders.phone), photoUrl: null, address: '' })
    .where(and(leaderWhere, sql`${leaders.phone} not like '%*%'`));
  await tx.update(leaders).set({ photoUrl: null }).where(leaderWhere);
  // volunteers: their own and their guardian's details, the résumé
  const volWhere = byActivity ? eq(volunteers.activityId, scope.activityId) : eq(volunteers.userId, scope.userId);
  for (const v of await tx
    .select({ url: volunteers.resume })
    .from(volunteers)
    .where(and(volWhere, isNotNull(volunteers.resume))))
    files.add(v.url!);
  await tx
    .update(volunteers)
    .set({
      phone: maskPhone(volunteers.phone),
      email: '',
      birthDate: sql`left(${volunteers.birthDate}, 4)`,
      guardianName: '',
      guardianPhone: '',
      resume: null,
      resumeName: null,
      updatedAt: now,
    })
    .where(and(volWhere, sql`${volunteers.phone} not like '%*%'`));
  await tx.update(volunteers).set({ resume: null, resumeName: null }).where(volWhere);
  // ticket visitors (their ID numbers when the session asked for them)
  const visitorWhere = byActivity
    ? inArray(visitors.sessionId, tx.select({ id: eventSessions.id }).from(eventSessions).where(eq(eventSessions.activityId, scope.activityId)))
    : eq(visitors.userId, scope.userId);
  await tx
    .update(visitors)
    .set({ cardEnc: '', cardMasked: '', phone: maskPhone(visitors.phone) })
    .where(and(visitorWhere, sql`(${visitors.cardEnc} <> '' or (${visitors.phone} <> '' and ${visitors.phone} not like '%*%'))`));

  let removed = 0;
  for (const url of files) {
    const key = PRIVATE_URL.exec(url)?.[1];
    if (!key) continue;
    // still named by something that keeps its data (another activity's player, teacher or volunteer)?
    const [kept] = await tx
      .execute<{ n: number }>(
        sql`select
        (select count(*) from ${teamMembers} where ${teamMembers.headImg} = ${url} and ${teamMembers.anonymisedAt} is null)
      + (select count(*) from ${leaders} where ${leaders.photoUrl} = ${url})
      + (select count(*) from ${volunteers} where ${volunteers.resume} = ${url}) as n`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    if (Number(kept?.n ?? 0) > 0) continue;
    await tx.delete(uploads).where(eq(uploads.key, key));
    await storage.remove(key);
    removed++;
  }
  return { players: ids.length, files: removed };
}
