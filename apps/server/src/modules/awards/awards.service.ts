import crypto from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { PAY_STATUS, translate, type Lang } from '@rp/shared';
import type { AppDeps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import {
  activities,
  awards,
  certificates,
  judges,
  leaders,
  programs,
  resultPublications,
  scores,
  teamMembers,
  teams,
  users,
  volunteers,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { publish as publishEvent } from '../../lib/events';
import { bilingual, notify } from '../messages/index';

/**
 * Judges, scores, rankings, awards and certificates (issue 13). Limits live in the database: one score
 * per judge, team and round (unique index), one valid certificate per award and subject (partial unique
 * index), certCodes unique — so two instances or two clicks cannot make doubles.
 */
type Kind = 'team' | 'player' | 'leader' | 'volunteer';
const CERT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 16 characters of a 32-letter alphabet: 80 random bits (no ids inside, nothing to count up). */
export function newCertCode(): string {
  const bytes = crypto.randomBytes(16);
  let out = '';
  for (const b of bytes) out += CERT_ALPHABET[b & 31];
  return out;
}

const pick = (lang: Lang, zh: string | null | undefined, en: string | null | undefined) => (lang === 'en' ? en || zh || '' : zh || en || '');

// ——— judges and scores ———

/** The programs a judge may score in an activity: null = all of them. */
async function judgedPrograms(db: Db, userId: number, activityId: number): Promise<number[] | null> {
  const rows = await db
    .select({ programId: judges.programId })
    .from(judges)
    .where(and(eq(judges.userId, userId), eq(judges.activityId, activityId)));
  if (!rows.length) return [];
  if (rows.some((r) => r.programId === null)) return null;
  return rows.map((r) => r.programId!);
}

/**
 * A judge's score of a team in a round. The first one is written; the same judge, team and round again corrects it
 * (audited, before → after) — until the program's results are published, then 409. The program row is locked (share
 * here, update in publish) so a correction and the publication cannot cross: one waits for the other.
 */
export async function enterScore(db: Db, judgeId: number, input: { teamId: number; round: number; score: number }) {
  const [team] = await db.select({ id: teams.id, activityId: teams.activityId, programId: teams.programId }).from(teams).where(eq(teams.id, input.teamId));
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  const allowed = await judgedPrograms(db, judgeId, team.activityId);
  if (allowed !== null && !allowed.includes(team.programId)) throw new AppError('JUDGE_NOT_ASSIGNED');
  const points = Math.round(input.score * 100);
  return db.transaction(async (tx) => {
    await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, team.programId)).for('share');
    if (await isPublished(tx, team.activityId, team.programId)) throw new AppError('SCORE_PUBLISHED');
    const [row] = await tx
      .insert(scores)
      .values({ activityId: team.activityId, programId: team.programId, teamId: team.id, round: input.round, judgeId, points })
      .onConflictDoNothing()
      .returning();
    if (row) return { teamId: row.teamId, round: row.round, score: row.points / 100 };
    const mine = and(eq(scores.judgeId, judgeId), eq(scores.teamId, team.id), eq(scores.round, input.round));
    const [before] = await tx.select().from(scores).where(mine).for('update');
    if (!before) throw new AppError('SCORE_DUPLICATE');
    const [after] = await tx.update(scores).set({ points }).where(eq(scores.id, before.id)).returning();
    if (before.points !== points)
      await audit(tx, {
        userId: judgeId,
        resource: 'scores',
        recordId: before.id,
        action: 'update',
        before: { score: before.points / 100 },
        after: { score: points / 100 },
      });
    return { teamId: after!.teamId, round: after!.round, score: after!.points / 100 };
  });
}

/** The teams a judge may score in an activity (registered ones), with the judge's own scores by round. */
export async function judging(db: Db, judgeId: number, activityId: number, lang: Lang) {
  const allowed = await judgedPrograms(db, judgeId, activityId);
  if (allowed !== null && !allowed.length) throw new AppError('JUDGE_NOT_ASSIGNED');
  const rows = await db
    .select({ teamId: teams.id, teamName: teams.name, number: teams.number, programId: teams.programId, nameZh: programs.nameZh, nameEn: programs.nameEn })
    .from(teams)
    .innerJoin(programs, eq(programs.id, teams.programId))
    .where(and(eq(teams.activityId, activityId), allowed === null ? undefined : inArray(teams.programId, allowed)))
    .orderBy(asc(programs.id), asc(teams.number));
  const mine = await db
    .select({ teamId: scores.teamId, round: scores.round, points: scores.points })
    .from(scores)
    .where(and(eq(scores.activityId, activityId), eq(scores.judgeId, judgeId)));
  const done = new Set(
    (await db.select({ programId: resultPublications.programId }).from(resultPublications).where(eq(resultPublications.activityId, activityId))).map(
      (p) => p.programId,
    ),
  );
  const byTeam = new Map<number, Record<string, number>>();
  for (const s of mine) (byTeam.get(s.teamId) ?? byTeam.set(s.teamId, {}).get(s.teamId)!)[String(s.round)] = s.points / 100;
  return rows.map((r) => ({
    teamId: r.teamId,
    teamName: r.teamName,
    number: r.number,
    programId: r.programId,
    programName: pick(lang, r.nameZh, r.nameEn),
    mine: byTeam.get(r.teamId) ?? {},
    published: done.has(r.programId),
  }));
}

/**
 * A program's ranking: a team's round score is the mean of its judges' scores in that round, its total the
 * sum of its round scores; equal totals share a rank (1, 2, 2, 4). Computed in one grouped query.
 */
export async function ranking(db: Db, activityId: number, programId: number) {
  const perRound = await db
    .select({ teamId: scores.teamId, round: scores.round, mean: sql<string>`avg(${scores.points})` })
    .from(scores)
    .where(and(eq(scores.activityId, activityId), eq(scores.programId, programId)))
    .groupBy(scores.teamId, scores.round);
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, number: teams.number })
    .from(teams)
    .where(and(eq(teams.activityId, activityId), eq(teams.programId, programId)));
  const totals = new Map<number, { total: number; rounds: Record<string, number> }>();
  for (const r of perRound) {
    const t = totals.get(r.teamId) ?? totals.set(r.teamId, { total: 0, rounds: {} }).get(r.teamId)!;
    const v = Math.round(Number(r.mean)) / 100;
    t.rounds[String(r.round)] = v;
    t.total = Math.round((t.total + v) * 100) / 100;
  }
  const rows = teamRows
    .filter((t) => totals.has(t.id))
    .map((t) => ({ teamId: t.id, teamName: t.name, number: t.number, ...totals.get(t.id)! }))
    .sort((a, b) => b.total - a.total || a.number.localeCompare(b.number));
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || r.total !== rows[i - 1]!.total) rank = i + 1;
    return { rank, ...r };
  });
}

export async function isPublished(db: Db | Tx, activityId: number, programId: number) {
  const [row] = await db
    .select({ id: resultPublications.id })
    .from(resultPublications)
    .where(and(eq(resultPublications.activityId, activityId), eq(resultPublications.programId, programId)));
  return Boolean(row);
}

export async function publish(db: Db, staffId: number, activityId: number, programId: number) {
  const [p] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.activityId, activityId)));
  if (!p) throw new AppError('AWARD_WRONG_ACTIVITY', { field: 'programId' });
  // the program row locked first: a judge's correction in flight finishes before, or sees the publication after
  await db.transaction(async (tx) => {
    await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, programId)).for('update');
    await tx.insert(resultPublications).values({ activityId, programId, publishedBy: staffId }).onConflictDoNothing();
  });
}

// ——— judges (staff) ———

export async function addJudge(db: Db, input: { activityId: number; programId: number | null; phone: string }) {
  const [activity] = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, input.activityId));
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', { field: 'activityId' });
  if (input.programId !== null) {
    const [p] = await db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.id, input.programId), eq(programs.activityId, input.activityId)));
    if (!p) throw new AppError('AWARD_WRONG_ACTIVITY', { field: 'programId' });
  }
  const [user] = await db.select({ id: users.id, nickName: users.nickName, phone: users.phone }).from(users).where(eq(users.phone, input.phone));
  if (!user) throw new AppError('JUDGE_USER_NOT_FOUND', { field: 'phone' });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(judges)
      .values({ activityId: input.activityId, programId: input.programId, userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('JUDGE_ALREADY');
    // the role that opens the scoring page (kept when the judge is removed: an account may judge elsewhere)
    await tx.execute(sql`update users set roles = array_append(roles, 'judge') where id = ${user.id} and not ('judge' = any(roles))`);
    // the judge is told, in both languages, where to score (issue 24)
    const [names] = await tx.select({ zh: activities.nameZh, en: activities.nameEn }).from(activities).where(eq(activities.id, input.activityId));
    const [prog] =
      input.programId === null ? [] : await tx.select({ zh: programs.nameZh, en: programs.nameEn }).from(programs).where(eq(programs.id, input.programId));
    const params = (lang: Lang) => ({
      activity: pick(lang, names?.zh, names?.en),
      program: prog
        ? translate(lang, 'notify.judgeAdded.program', { program: pick(lang, prog.zh, prog.en) })
        : translate(lang, 'notify.judgeAdded.allPrograms'),
    });
    await notify(tx, [
      { receiverId: user.id, title: 'notify.judgeAdded.title', content: 'notify.judgeAdded.content', params: { zh: params('zh'), en: params('en') } },
    ]);
    return { id: row.id, activityId: row.activityId, programId: row.programId, userId: user.id, nickName: user.nickName, phone: user.phone };
  });
}

export async function listJudges(db: Db, activityId: number) {
  return db
    .select({ id: judges.id, activityId: judges.activityId, programId: judges.programId, userId: users.id, nickName: users.nickName, phone: users.phone })
    .from(judges)
    .innerJoin(users, eq(users.id, judges.userId))
    .where(eq(judges.activityId, activityId))
    .orderBy(asc(judges.id));
}

export async function removeJudge(db: Db, id: number) {
  const gone = await db.delete(judges).where(eq(judges.id, id)).returning({ id: judges.id });
  if (!gone.length) throw new AppError('NOT_FOUND');
}

// ——— awards and certificates ———

type CertRow = typeof certificates.$inferSelect;

/** What a certificate states, in the reader's language. */
export async function presentCertificates(db: Db, rows: CertRow[], lang: Lang) {
  if (!rows.length) return [];
  const awardRows = await db
    .select()
    .from(awards)
    .where(inArray(awards.id, [...new Set(rows.map((r) => r.awardId))]));
  const awardById = new Map(awardRows.map((a) => [a.id, a]));
  const activityRows = await db
    .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
    .from(activities)
    .where(inArray(activities.id, [...new Set(rows.map((r) => r.activityId))]));
  const activityById = new Map(activityRows.map((a) => [a.id, a]));
  const teamIds = [...new Set(rows.map((r) => r.teamId).filter((v): v is number => v !== null))];
  const memberIds = rows.map((r) => r.memberId).filter((v): v is number => v !== null);
  const memberRows = memberIds.length
    ? await db
        .select({ id: teamMembers.id, teamId: teamMembers.teamId, programId: teamMembers.programId })
        .from(teamMembers)
        .where(inArray(teamMembers.id, memberIds))
    : [];
  const memberById = new Map(memberRows.map((m) => [m.id, m]));
  for (const m of memberRows) if (m.teamId) teamIds.push(m.teamId);
  const teamRows = teamIds.length
    ? await db
        .select({ id: teams.id, name: teams.name, programId: teams.programId })
        .from(teams)
        .where(inArray(teams.id, [...new Set(teamIds)]))
    : [];
  const teamById = new Map(teamRows.map((t) => [t.id, t]));
  const programIds = [
    ...new Set(
      [...teamRows.map((t) => t.programId), ...memberRows.map((m) => m.programId), ...awardRows.map((a) => a.programId)].filter((v): v is number => v !== null),
    ),
  ];
  const programRows = programIds.length
    ? await db.select({ id: programs.id, nameZh: programs.nameZh, nameEn: programs.nameEn }).from(programs).where(inArray(programs.id, programIds))
    : [];
  const programById = new Map(programRows.map((p) => [p.id, p]));
  return rows.map((r) => {
    const award = awardById.get(r.awardId)!;
    const member = r.memberId ? memberById.get(r.memberId) : undefined;
    const team = teamById.get(r.teamId ?? member?.teamId ?? -1);
    const programId = award.programId ?? team?.programId ?? member?.programId ?? null;
    const program = programId ? programById.get(programId) : undefined;
    const activity = activityById.get(r.activityId);
    const kind: Kind = r.memberId ? 'player' : r.leaderId ? 'leader' : r.volunteerId ? 'volunteer' : 'team';
    return {
      id: r.id,
      certCode: r.certCode,
      kind,
      name: r.name,
      teamName: team?.name ?? null,
      awardName: pick(lang, award.nameZh, award.nameEn),
      programName: program ? pick(lang, program.nameZh, program.nameEn) : null,
      activityName: activity ? pick(lang, activity.nameZh, activity.nameEn) : '',
      activityId: r.activityId,
      voucher: r.voucher,
      status: r.status === 'void' ? ('void' as const) : ('valid' as const),
      issuedAt: r.createdAt.toISOString(),
    };
  });
}

interface Subject {
  teamId?: number;
  memberId?: number;
  leaderId?: number;
  volunteerId?: number;
  name: string;
  /** the account the subject belongs to: told that the certificate was issued */
  userId?: number;
}

/** Grants an award to subjects of its activity: all or nothing; a subject that already holds it is refused. */
export async function grant(
  deps: Pick<AppDeps, 'database' | 'events'>,
  staffId: number,
  input: { awardId: number; teamIds: number[]; teamNumbers: string[]; memberIds: number[]; leaderIds: number[]; volunteerIds: number[] },
  lang: Lang,
) {
  const { db } = deps.database;
  const [award] = await db.select().from(awards).where(eq(awards.id, input.awardId));
  if (!award) throw new AppError('AWARD_NOT_FOUND', { field: 'awardId' });
  const a = award.activityId;
  const subjects: Subject[] = [];
  const wrong = () => new AppError('AWARD_WRONG_ACTIVITY');
  if (input.teamIds.length || input.teamNumbers.length) {
    const found = await db
      .select({ id: teams.id, name: teams.name, number: teams.number, activityId: teams.activityId, userId: teams.userId })
      .from(teams)
      .where(
        or(
          input.teamIds.length ? inArray(teams.id, input.teamIds) : undefined,
          input.teamNumbers.length ? and(eq(teams.activityId, a), inArray(teams.number, input.teamNumbers)) : undefined,
        ),
      );
    if (
      found.length !==
      new Set(input.teamIds).size +
        new Set(input.teamNumbers).size -
        found.filter((t) => input.teamIds.includes(t.id) && input.teamNumbers.includes(t.number)).length
    )
      throw wrong();
    for (const t of found) {
      if (t.activityId !== a) throw wrong();
      subjects.push({ teamId: t.id, name: t.name, userId: t.userId });
    }
  }
  if (input.memberIds.length) {
    const found = await db
      .select({ id: teamMembers.id, name: teamMembers.name, activityId: teamMembers.activityId, payStatus: teamMembers.payStatus, userId: teamMembers.userId })
      .from(teamMembers)
      .where(inArray(teamMembers.id, input.memberIds));
    if (found.length !== new Set(input.memberIds).size) throw wrong();
    for (const m of found) {
      if (m.activityId !== a) throw wrong();
      if (m.payStatus === PAY_STATUS.WITHDRAWN || m.payStatus === PAY_STATUS.CANCELLED || m.payStatus === PAY_STATUS.WITHDRAWING)
        throw new AppError('AWARD_WITHDRAWN_PLAYER');
      subjects.push({ memberId: m.id, name: m.name, userId: m.userId });
    }
  }
  if (input.leaderIds.length) {
    const found = await db
      .select({ id: leaders.id, name: leaders.name, activityId: leaders.activityId, userId: leaders.userId })
      .from(leaders)
      .where(inArray(leaders.id, input.leaderIds));
    if (found.length !== new Set(input.leaderIds).size || found.some((l) => l.activityId !== a)) throw wrong();
    for (const l of found) subjects.push({ leaderId: l.id, name: l.name, userId: l.userId });
  }
  if (input.volunteerIds.length) {
    const found = await db
      .select({ id: volunteers.id, name: volunteers.name, activityId: volunteers.activityId, userId: volunteers.userId })
      .from(volunteers)
      .where(inArray(volunteers.id, input.volunteerIds));
    if (found.length !== new Set(input.volunteerIds).size || found.some((v) => v.activityId !== a)) throw wrong();
    for (const v of found) subjects.push({ volunteerId: v.id, name: v.name, userId: v.userId });
  }
  if (!subjects.length) throw new AppError('VALIDATION_FAILED', { fieldErrors: { teamIds: 'validation.required' } });
  const rows = await db.transaction(async (tx) => {
    const out: CertRow[] = [];
    for (const s of subjects) {
      const [row] = await tx
        .insert(certificates)
        .values({
          awardId: award.id,
          activityId: a,
          teamId: s.teamId ?? null,
          memberId: s.memberId ?? null,
          leaderId: s.leaderId ?? null,
          volunteerId: s.volunteerId ?? null,
          name: s.name,
          certCode: newCertCode(),
          voucher: award.promotes && s.teamId ? `P${newCertCode().slice(0, 11)}` : null,
          grantedBy: staffId,
        })
        .onConflictDoNothing()
        .returning();
      // the partial unique index: this subject already holds a valid certificate of this award
      if (!row) throw new AppError('AWARD_ALREADY_GRANTED');
      out.push(row);
      await publishEvent(deps, tx, 'certificate.issued', { certificateId: row.id, certCode: row.certCode, activityId: row.activityId ?? null });
    }
    // the account of each subject is told, in the same transaction (a message, and SMS/WeChat when switched on)
    const [act] = await tx.select({ zh: activities.nameZh, en: activities.nameEn }).from(activities).where(eq(activities.id, a));
    await notify(
      tx,
      subjects
        .filter((s): s is Subject & { userId: number } => typeof s.userId === 'number')
        .map((s) => ({
          receiverId: s.userId,
          title: 'notify.certificateIssued.title' as const,
          content: 'notify.certificateIssued.content' as const,
          params: bilingual({ name: s.name }, { award: { zh: award.nameZh, en: award.nameEn }, activity: { zh: act?.zh ?? '', en: act?.en ?? '' } }),
        })),
    );
    return out;
  });
  return presentCertificates(db as Db, rows, lang);
}

/** Reissue: the old certCode is void, a new certificate with a new code takes its place (one transaction). */
export async function reissue(deps: Pick<AppDeps, 'database' | 'events'>, staffId: number, id: number, lang: Lang) {
  const { db } = deps.database;
  const row = await db.transaction(async (tx) => {
    // locked first: of two reissues at once, the second finds the row void and gets a 404
    const [old] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.id, id), eq(certificates.status, 'valid')))
      .for('update');
    if (!old) throw new AppError('CERT_NOT_FOUND');
    // a promotion voucher moves to the new certificate (vouchers are unique)
    await tx.update(certificates).set({ status: 'void', voidedAt: new Date(), voucher: null }).where(eq(certificates.id, old.id));
    const { id: _id, createdAt: _c, voidedAt: _v, status: _s, certCode: _code, ...rest } = old;
    const [fresh] = await tx
      .insert(certificates)
      .values({ ...rest, certCode: newCertCode(), grantedBy: staffId })
      .returning();
    await publishEvent(deps, tx, 'certificate.issued', { certificateId: fresh!.id, certCode: fresh!.certCode, activityId: fresh!.activityId ?? null });
    return fresh!;
  });
  return (await presentCertificates(db, [row], lang))[0]!;
}

/** Public verification by certCode: valid certificates only. */
export async function verify(db: Db, code: string, lang: Lang) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.certCode, code), eq(certificates.status, 'valid')));
  if (!row) throw new AppError('CERT_NOT_FOUND');
  const [view] = await presentCertificates(db, [row], lang);
  const { voucher: _v, id: _id, ...rest } = view!;
  return rest;
}

export async function awardList(db: Db, activityId: number, lang: Lang) {
  const rows = await db.select().from(awards).where(eq(awards.activityId, activityId)).orderBy(asc(awards.rank), asc(awards.id));
  return rows.map((r) => ({
    id: r.id,
    activityId: r.activityId,
    programId: r.programId,
    name: pick(lang, r.nameZh, r.nameEn),
    nameZh: r.nameZh,
    nameEn: r.nameEn,
    rank: r.rank,
    kind: (['team', 'player', 'leader', 'volunteer'].includes(r.kind) ? r.kind : 'team') as Kind,
    promotes: r.promotes,
  }));
}

/** What the picture of a valid certificate shows, in both languages (null: unknown or void). */
export async function certificateFace(db: Db, code: string, verifyBase: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.certCode, code), eq(certificates.status, 'valid')));
  if (!row) return null;
  const [zh] = await presentCertificates(db, [row], 'zh');
  const [en] = await presentCertificates(db, [row], 'en');
  const extra = await subjectExtras(db, row);
  return {
    activityId: row.activityId,
    photoUrl: extra.photoUrl,
    face: {
      certCode: row.certCode,
      kind: zh!.kind,
      name: row.name,
      teamName: zh!.teamName,
      award: { zh: zh!.awardName, en: en!.awardName },
      program: zh!.programName ? { zh: zh!.programName, en: en!.programName ?? zh!.programName } : null,
      activity: { zh: zh!.activityName, en: en!.activityName },
      issuedAt: row.createdAt,
      verifyUrl: `${verifyBase}/verify/${row.certCode}`,
      code: extra.teamNumber,
    },
    // a team's certificate has no person's name: team_award
    fileName: { teamName: zh!.teamName, awardName: zh!.awardName, name: zh!.kind === 'team' ? '' : row.name },
  };
}

/** The team number and the photo of a certificate's subject (a player's head picture, a coach's photo). */
export async function subjectExtras(db: Db, row: CertRow): Promise<{ teamNumber: string | null; photoUrl: string | null }> {
  let teamId = row.teamId;
  let photoUrl: string | null = null;
  if (row.memberId) {
    const [m] = await db.select({ teamId: teamMembers.teamId, headImg: teamMembers.headImg }).from(teamMembers).where(eq(teamMembers.id, row.memberId));
    teamId = m?.teamId ?? null;
    photoUrl = m?.headImg || null;
  }
  if (row.leaderId) {
    const [l] = await db.select({ photoUrl: leaders.photoUrl }).from(leaders).where(eq(leaders.id, row.leaderId));
    photoUrl = l?.photoUrl || null;
  }
  if (!teamId) return { teamNumber: null, photoUrl };
  const [t] = await db.select({ number: teams.number }).from(teams).where(eq(teams.id, teamId));
  return { teamNumber: t?.number ?? null, photoUrl };
}

/** The activities an account judges, latest first. */
export async function judgeActivities(db: Db, userId: number, lang: Lang) {
  const rows = await db
    .selectDistinct({ activityId: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
    .from(judges)
    .innerJoin(activities, eq(activities.id, judges.activityId))
    .where(eq(judges.userId, userId))
    .orderBy(sql`${activities.id} desc`);
  return rows.map((r) => ({ activityId: r.activityId, activityName: pick(lang, r.nameZh, r.nameEn) }));
}
