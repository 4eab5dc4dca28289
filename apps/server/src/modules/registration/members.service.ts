import type { DbOrTx, Tx } from '../../db/client';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  birthFromIdCard,
  checkPlayerForProgram,
  genderFromIdCard,
  idCardProblem,
  isFree,
  isRegistered,
  maskCard,
  nextPayStatus,
  PAY_STATUS,
  TEAM_STATUS,
  checkPhone,
  parseBirth,
  phoneProblemMessage,
  type MemberData,
  type MessageKey,
} from '@rp/shared';
import type { AppDeps } from '../../deps';
import { type programs, teamMembers, teams } from '../../db/schema/index';
import { audit, type AuditEntry } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { Pii } from '../../lib/pii';
import {
  assertOpenActivities,
  assertTeamRoom,
  bad,
  checkClothes,
  checkPlan,
  conflict,
  loadOpenActivity,
  loadProgram,
  lockOwnMembersWithTeams,
  lockTeams,
  ownMember,
  ownMembers,
  ownTeam,
  ownTeamWithProgram,
  refreshTeamStatus,
  reserveActivityPlaces,
} from './common';
import { redeemInTx } from './codes.service';
import { assertConsented } from './consent.service';
import { publish } from '../../lib/events';
import { notifyPlayers } from '../messages/index';
import { assertOwnPrivateFile } from '../uploads/index';
import { changeSize, giveBackSizes } from './sizes';

type MemberRow = typeof teamMembers.$inferSelect;
type TeamRow = typeof teams.$inferSelect;
type ProgramRow = typeof programs.$inferSelect;
export type Input = Omit<MemberData, 'activityId'> & { activityId: number };

/** Card, birth and gender of a player from the form (spec 5: ID card or passport). */
export function readCard(input: Input): { card: string; birth: number | null; gender: 'M' | 'F' | null } {
  const card = Pii.normalize(input.card ?? '');
  if ((input.cardType ?? 0) === 0) {
    if (!card) throw bad('reg.idRequired', 'card');
    const problem = idCardProblem(card);
    if (problem) throw bad(problem === 'checkDigit' ? 'reg.idCheckDigit' : 'reg.idInvalid', 'card');
    return { card, birth: birthFromIdCard(card), gender: genderFromIdCard(card) };
  }
  if (!card) throw bad('reg.passportRequired', 'card');
  if (input.birth === null || input.birth === undefined || input.birth === '') throw bad('reg.birthRequired', 'birth');
  const birth = parseBirth(input.birth);
  if (birth === null) throw bad('reg.birthRequired', 'birth');
  return { card, birth, gender: input.gender ?? null };
}

/**
 * A returning coach's copy (issue 24): `fromMemberId` names one of the caller's earlier players, whose ID
 * number (and type; a passport's birth date and gender unless the form gives them) is decrypted here and
 * encrypted again with the new row — the browser only ever saw it masked. Another account's player → 404;
 * a number written under another key → 409 PII_UNREADABLE. Every other rule of the save applies as usual.
 */
export async function withEarlierCard(deps: Pick<AppDeps, 'pii'>, db: DbOrTx, userId: number, input: Input): Promise<Input> {
  if (!input.fromMemberId) return input;
  const src = await ownMember(db, userId, input.fromMemberId);
  const passport = src.cardType === 1;
  return {
    ...input,
    fromMemberId: null,
    cardType: passport ? 1 : 0,
    card: deps.pii.decrypt(src.cardEnc),
    birth: passport ? input.birth || src.birth : input.birth,
    gender: passport ? (input.gender ?? (src.gender === 'M' || src.gender === 'F' ? src.gender : null)) : input.gender,
  };
}

/** The emergency phone checked by its country code (852 91234567 is a Hong Kong number; 86 keeps spec 5's pattern). */
export function checkEmergencyPhone(region: string | undefined, phone: string | undefined) {
  if (!phone) return;
  const problem = checkPhone(region || '86', phone);
  if (!problem) return;
  const m = phoneProblemMessage(problem);
  // The field says the same as the banner: which country's numbers were expected.
  throw new AppError('VALIDATION_FAILED', { message: m.key, fieldErrors: { [m.field]: m.field === 'emerPhone' ? m.key : m.fieldKey }, params: m.params });
}

/**
 * Creates or updates a player with every rule of spec 4.1 and 5 checked first; nothing is written when
 * one fails. A code in the form is redeemed in the same transaction.
 */
export async function saveMember(deps: AppDeps, userId: number, input: Input, existingId?: number): Promise<MemberRow> {
  const { db } = deps.database;
  const activity = await loadOpenActivity(db, input.activityId);
  input = await withEarlierCard(deps, db, userId, input);
  readCard(input); // the form's own mistakes answer before any lock is taken
  checkEmergencyPhone(input.region, input.emerPhone);
  // the activity is not locked: read once, outside the transaction, it is what the transaction would have read
  return db.transaction((tx) => saveMemberInTx(tx, deps, userId, input, existingId, { activity })).catch(duplicateAsConflict);
}

/** Two saves of one ID number at once: the loser meets the unique index and answers 409, never 500. */
export function duplicateAsConflict(e: unknown): never {
  const pgError = (x: unknown) => x as { code?: string; constraint?: string; cause?: unknown } | undefined;
  const err = pgError(e)?.code ? pgError(e) : pgError(pgError(e)?.cause);
  if (err?.code === '23505' && err.constraint === 'team_members_card_uq') throw new AppError('DUPLICATE_PLAYER', { field: 'card' });
  throw e;
}

/**
 * saveMember inside the caller's transaction. Lock order (common.ts): the activity when its player
 * limit applies (a new player), the target and previous team, then the player. A new player's locks are
 * taken after the checks, just before the count and the write, so they are held briefly (a new player into a
 * team of an activity without a player limit: the team is locked as it is read, its only lock). `placesReserved`:
 * the caller has already reserved this player's place in the activity (one-form team creation); `activity`: the
 * open activity as the caller has just read it.
 */
export async function saveMemberInTx(
  tx: Tx,
  deps: AppDeps,
  userId: number,
  input: Input,
  existingId?: number,
  opts: { placesReserved?: boolean; activity?: Awaited<ReturnType<typeof loadOpenActivity>> } = {},
): Promise<MemberRow> {
  const activity = opts.activity?.id === input.activityId ? opts.activity : await loadOpenActivity(tx, input.activityId);
  input = await withEarlierCard(deps, tx, userId, input);
  const { card, birth, gender } = readCard(input);
  checkEmergencyPhone(input.region, input.emerPhone);
  const teamId = input.team?.id ?? null;
  let programId = input.program?.id ?? null;
  const before = existingId ? (await lockOwnMembersWithTeams(tx, userId, [existingId], [teamId])).rows[0]! : null;
  if (before && before.activityId !== activity.id) throw new AppError('NOT_FOUND');
  await assertOwnPrivateFile(tx, userId, input.headImg, { field: 'headImg', folders: ['avatars'], current: before?.headImg });

  // a new player's team is her only lock when the activity has no player limit (no activity lock goes first)
  const lockTeamNow = !before && !!teamId && (opts.placesReserved || activity.playerLimit <= 0);
  let team: TeamRow | undefined;
  let teamProgram: ProgramRow | null = null; // the team's program, read with it
  if (teamId) {
    ({ team, program: teamProgram } = await ownTeamWithProgram(tx, userId, teamId, lockTeamNow));
    if (team.activityId !== activity.id) throw new AppError('NOT_FOUND');
    if (programId && programId !== team.programId) throw bad('reg.programMismatch', 'program');
    programId = team.programId;
  }
  if (before && isRegistered(before.payStatus)) {
    // spec 4.1: a registered player has program and code locked
    if ((programId ?? null) !== before.programId) throw conflict('reg.locked', 'LOCKED');
    if (input.code && input.code !== before.code) throw conflict('reg.locked', 'LOCKED');
  }
  const program = !programId
    ? undefined
    : teamProgram?.id === programId && teamProgram.activityId === activity.id
      ? teamProgram
      : await loadProgram(tx, activity.id, programId);
  if (program) {
    const problems = checkPlayerForProgram({ birth, gender }, program, activity.beginTime);
    if (problems.length) throw new AppError('PLAYER_NOT_ELIGIBLE', { message: problems[0]!, field: problems[0] === 'reg.genderMismatch' ? 'gender' : 'birth' });
  }
  await checkPlan(tx, activity.id, input.plan?.id);
  await checkClothes(tx, activity.id, input.clothes?.id);

  // the team's status read under its lock (a new player's path): refreshTeamStatus below never moves a team into
  // or out of review, so a redemption in this transaction need not read it again
  let lockedTeamStatus: number | undefined;
  if (!before) {
    // a new player: the activity's place, then the team (common.ts order)
    if (!opts.placesReserved) await reserveActivityPlaces(tx, activity.id, 1, activity.playerLimit);
    if (lockTeamNow) lockedTeamStatus = team!.status;
    else {
      const locked = await lockTeams(tx, [teamId]);
      if (teamId && locked.get(teamId)?.programId !== programId) throw bad('reg.programMismatch', 'program'); // changed meanwhile
      lockedTeamStatus = teamId ? locked.get(teamId)?.status : undefined;
    }
  }
  const cardHash = deps.pii.index(card);
  const sameCard = and(eq(teamMembers.activityId, activity.id), eq(teamMembers.cardHash, cardHash), before ? ne(teamMembers.id, before.id) : undefined);
  // the team row is locked: the count and the write below are one step for every instance
  let teamSize: number | undefined; // a new player's team's head count before her, counted under its lock
  if (teamId && !before && program && lockedTeamStatus !== undefined) {
    // the team's room (its program's maximum is known) and the ID number's uniqueness in one statement
    const [r] = await tx
      .select({
        n: sql<number>`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`.mapWith(Number),
        dup: sql<number | null>`(select ${teamMembers.id} from ${teamMembers} where ${sameCard} limit 1)`,
      })
      .from(teams)
      .where(eq(teams.id, teamId));
    teamSize = r?.n ?? 0;
    if (teamSize + 1 > program.maxMembers) throw new AppError('TEAM_FULL', { message: 'reg.teamFullMax', params: { max: program.maxMembers } });
    if (r?.dup !== null && r?.dup !== undefined) throw new AppError('DUPLICATE_PLAYER', { field: 'card' });
  } else {
    if (teamId && before?.teamId !== teamId) await assertTeamRoom(tx, new Map([[teamId, 1]]));
    const [dup] = await tx.select({ id: teamMembers.id }).from(teamMembers).where(sameCard).limit(1);
    if (dup) throw new AppError('DUPLICATE_PLAYER', { field: 'card' });
  }
  // a new or changed clothes size takes one of its stock (409 MATERIAL_OUT_OF_STOCK), the old one goes back
  await changeSize(tx, before?.clothesId, input.clothes?.id);

  const values = {
    name: input.name,
    cardType: input.cardType ?? 0,
    cardEnc: before && deps.pii.index(card) === before.cardHash ? before.cardEnc : deps.pii.encrypt(card),
    cardHash,
    cardMasked: maskCard(card),
    birth,
    gender,
    teamId,
    programId,
    planId: input.plan?.id ?? null,
    clothesId: input.clothes?.id ?? null,
    emerName: input.emerName ?? '',
    emerPhone: input.emerPhone ?? '',
    region: input.region ?? '86',
    school: input.school ?? '',
    headImg: input.headImg ?? before?.headImg ?? null,
    updatedAt: new Date(),
  };
  const code = input.code && input.code !== before?.code ? input.code : null;
  // a new player in a team with a code is written at once with the redemption's status and code: redeemInTx checks
  // it all as for a saved player and takes the code, or throws and the transaction writes nothing
  const redeemed = !before && code && teamId ? nextPayStatus(PAY_STATUS.NOT_REGISTERED, 'redeem') : null;
  let row: MemberRow;
  let saved: AuditEntry;
  let written: MemberRow | undefined;
  if (before) {
    [row] = (await tx.update(teamMembers).set(values).where(eq(teamMembers.id, before.id)).returning()) as [MemberRow];
    saved = { userId, resource: 'teamMembers', recordId: row.id, action: 'update', before: redact(before), after: redact(row) };
  } else {
    [row] = (await tx
      .insert(teamMembers)
      .values({
        ...values,
        activityId: activity.id,
        userId,
        collectStatus: 1,
        ...(redeemed !== null && code ? { payStatus: redeemed, code: code.trim() } : {}),
      })
      .returning()) as [MemberRow];
    if (redeemed !== null) [written, row] = [row, { ...row, payStatus: PAY_STATUS.NOT_REGISTERED, code: null }]; // as saved before the redemption
    saved = { userId, resource: 'teamMembers', recordId: row.id, action: 'create', after: redact(row) };
  }
  // with a code, the save's audit entry goes in one statement with the redemption's (same transaction, same order)
  if (!code) await audit(tx, saved);
  if (teamSize !== undefined) await setTeamStatus(tx, team!.id, lockedTeamStatus!, teamSize + 1, program!.maxMembers);
  else for (const t of new Set([before?.teamId, row.teamId])) if (t) await refreshTeamStatus(tx, t);
  if (code) {
    if (!row.teamId) throw bad('reg.codeNeedsTeam', 'code');
    row = await redeemInTx(tx, deps, userId, row, code, { activity, teamStatus: lockedTeamStatus, program, audit: [saved], written });
  }
  return row;
}

/**
 * refreshTeamStatus from a head count taken under the team's lock in this transaction: full at its program's
 * maximum, forming under it, a team under review as it is; written only when it changes.
 */
async function setTeamStatus(tx: Tx, teamId: number, status: number, size: number, max: number) {
  if (status === TEAM_STATUS.IN_REVIEW) return;
  const next = size >= max ? TEAM_STATUS.FULL : TEAM_STATUS.FORMING;
  if (next !== status) await tx.update(teams).set({ status: next }).where(eq(teams.id, teamId));
}

/** Audit copies never carry the encrypted number or its index (players' and leading teachers'). */
export function redact<T extends { cardEnc: string | null; cardHash: string | null }>(m: T): Omit<T, 'cardEnc' | 'cardHash'> {
  const { cardEnc: _e, cardHash: _h, ...rest } = m;
  return rest;
}

/** Deletes players not yet paid or registered (spec 2.4 dialog); all or nothing. */
export async function deleteMembers(deps: Pick<AppDeps, 'database'>, userId: number, ids: number[]) {
  await deps.database.db.transaction(async (tx) => {
    const { rows } = await lockOwnMembersWithTeams(tx, userId, ids);
    await assertOpenActivities(
      tx,
      rows.map((m) => m.activityId),
    );
    if (rows.some((m) => !isFree(m.payStatus))) throw conflict('reg.playerHasPaid', 'PLAYER_HAS_PAID');
    await tx.delete(teamMembers).where(inArray(teamMembers.id, ids));
    await giveBackSizes(tx, rows);
    for (const m of rows) await audit(tx, { userId, resource: 'teamMembers', recordId: m.id, action: 'delete', before: redact(m) });
    for (const t of new Set(rows.map((m) => m.teamId))) if (t) await refreshTeamStatus(tx, t);
  });
}

/** Removes players from their teams (moveOut); registered players stay with their team. */
export async function moveOut(deps: Pick<AppDeps, 'database'>, userId: number, ids: number[]) {
  await deps.database.db.transaction(async (tx) => {
    const { rows } = await lockOwnMembersWithTeams(tx, userId, ids);
    await assertOpenActivities(
      tx,
      rows.map((m) => m.activityId),
    );
    if (rows.some((m) => !isFree(m.payStatus))) throw conflict('reg.locked', 'LOCKED');
    await tx.update(teamMembers).set({ teamId: null, updatedAt: new Date() }).where(inArray(teamMembers.id, ids));
    for (const m of rows)
      await audit(tx, { userId, resource: 'teamMembers', recordId: m.id, action: 'moveOut', before: { teamId: m.teamId }, after: { teamId: null } });
    for (const t of new Set(rows.map((m) => m.teamId))) if (t) await refreshTeamStatus(tx, t);
  });
}

/**
 * Assigns players to a team (spec 5 Team operations): their program must equal the team's, they move
 * with the same payment status and event. Past the team's maximum the person confirms the size it reaches
 * (409 CONFIRM_REQUIRED with confirmSize until the request names it; spec 5); the team and the players'
 * current teams are locked, in id order, before the count, so the size confirmed is the size written.
 */
export async function assignTeam(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  body: { teamId: number; teamMemberIdList: number[]; activityId: number; confirm?: boolean; confirmSize?: number | undefined },
) {
  await deps.database.db.transaction(async (tx) => {
    const { rows } = await lockOwnMembersWithTeams(tx, userId, body.teamMemberIdList, [body.teamId]);
    const team = await ownTeam(tx, userId, body.teamId);
    if (team.activityId !== body.activityId || rows.some((m) => m.activityId !== body.activityId)) throw new AppError('NOT_FOUND');
    await loadOpenActivity(tx, body.activityId);
    if (rows.some((m) => m.programId !== team.programId)) throw bad('reg.programMismatch', 'teamMemberIdList');
    if (new Set(rows.map((m) => m.payStatus)).size > 1) throw bad('reg.sameStatusRequired', 'teamMemberIdList');
    if (rows.some((m) => m.payStatus === PAY_STATUS.IN_REVIEW)) throw conflict('reg.illegalTransition', 'ILLEGAL_TRANSITION');
    await assertTeamRoom(tx, new Map([[team.id, rows.filter((m) => m.teamId !== team.id).length]]), { confirmSize: body.confirmSize });
    await tx.update(teamMembers).set({ teamId: team.id, updatedAt: new Date() }).where(inArray(teamMembers.id, body.teamMemberIdList));
    for (const m of rows)
      await audit(tx, {
        userId,
        resource: 'teamMembers',
        recordId: m.id,
        action: 'assignTeam',
        before: { teamId: m.teamId },
        after: { teamId: team.id },
      });
    for (const t of new Set([team.id, ...rows.map((m) => m.teamId)])) if (t) await refreshTeamStatus(tx, t);
  });
}

/** Changes the program of players not yet registered (batchUpdateProgram). */
export async function changeProgram(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  body: { programId: number; teamMemberIdList: number[]; activityId: number },
) {
  const { db } = deps.database;
  const activity = await loadOpenActivity(db, body.activityId);
  await db.transaction(async (tx) => {
    const program = await loadProgram(tx, activity.id, body.programId);
    const rows = await ownMembers(tx, userId, body.teamMemberIdList, true);
    if (rows.some((m) => m.activityId !== activity.id)) throw new AppError('NOT_FOUND');
    if (rows.some((m) => isRegistered(m.payStatus) || m.payStatus === PAY_STATUS.IN_REVIEW)) throw conflict('reg.locked', 'LOCKED');
    for (const m of rows) {
      const problems = checkPlayerForProgram({ birth: m.birth, gender: (m.gender as 'M' | 'F' | null) ?? null }, program, activity.beginTime);
      if (problems.length) throw new AppError('PLAYER_NOT_ELIGIBLE', problems[0]!);
    }
    await tx.update(teamMembers).set({ programId: program.id, updatedAt: new Date() }).where(inArray(teamMembers.id, body.teamMemberIdList));
    for (const m of rows)
      await audit(tx, {
        userId,
        resource: 'teamMembers',
        recordId: m.id,
        action: 'changeProgram',
        before: { programId: m.programId },
        after: { programId: program.id },
      });
  });
}

/** Submits players for review (review activities): 0/8 → 7; needs a team (spec 4.1). */
export async function submitForReview(deps: Pick<AppDeps, 'database'>, userId: number, memberIds: number[]) {
  await deps.database.db.transaction(async (tx) => {
    const { rows } = await lockOwnMembersWithTeams(tx, userId, memberIds);
    for (const m of rows) {
      // spec 4.1: a player at 3 or 9 is refused with that reason in every activity, before anything about the activity
      if (isRegistered(m.payStatus)) throw conflict('reg.alreadyRegistered', 'ALREADY_REGISTERED');
      const activity = await loadOpenActivity(tx, m.activityId);
      if (!activity.reviewRequired) throw conflict('reg.notReviewActivity', 'NOT_REVIEW_ACTIVITY');
      if (m.payStatus === PAY_STATUS.IN_REVIEW) throw conflict('reg.alreadySubmitted', 'ALREADY_SUBMITTED');
      if (!m.teamId) throw bad('reg.formTeamFirst');
      const next = nextPayStatus(m.payStatus, 'submit');
      if (next === null) throw conflict('reg.illegalTransition', 'ILLEGAL_TRANSITION');
      await tx.update(teamMembers).set({ payStatus: next, reviewReason: null, updatedAt: new Date() }).where(eq(teamMembers.id, m.id));
      await tx.update(teams).set({ status: 7 }).where(eq(teams.id, m.teamId));
      await audit(tx, {
        userId,
        resource: 'teamMembers',
        recordId: m.id,
        action: 'submit',
        before: { payStatus: m.payStatus },
        after: { payStatus: next },
      });
    }
  });
}

/** Admin review decision: 7 → 9 (pass) or 8 with a reason (fail). */
export async function decideReview(deps: Pick<AppDeps, 'database' | 'events'>, staffId: number, memberIds: number[], pass: boolean, reason?: string) {
  if (!pass && !reason) throw new AppError('VALIDATION_FAILED', { fieldErrors: { reason: 'validation.required' } });
  await deps.database.db.transaction(async (tx) => {
    const { rows } = await lockOwnMembersWithTeams(tx, null, memberIds);
    // a child under 14 is passed only with a guardian's consent where the activity asks for it (issue 37)
    if (pass) await assertConsented(tx, rows);
    for (const m of rows) {
      const next = nextPayStatus(m.payStatus, pass ? 'pass' : 'fail');
      if (next === null) throw conflict('reg.illegalTransition', 'ILLEGAL_TRANSITION');
      await tx
        .update(teamMembers)
        .set({ payStatus: next, reviewReason: pass ? null : reason!, updatedAt: new Date() })
        .where(eq(teamMembers.id, m.id));
      await audit(tx, {
        userId: staffId,
        resource: 'teamMembers',
        recordId: m.id,
        action: pass ? 'reviewPass' : 'reviewFail',
        before: { payStatus: m.payStatus },
        after: { payStatus: next, reason },
      });
      await publish(deps, tx, 'registration.reviewed', {
        memberId: m.id,
        teamId: m.teamId ?? null,
        activityId: m.activityId,
        programId: m.programId ?? null,
        result: pass ? 'passed' : 'failed',
      });
    }
    // the owner hears of each decision, committed or rolled back with it
    if (pass) await notifyPlayers(tx, rows, 'notify.reviewPassed.title', 'notify.reviewPassed.content');
    else await notifyPlayers(tx, rows, 'notify.reviewFailed.title', 'notify.reviewFailed.content', () => ({ reason: reason! }));
    // A team leaves review when none of its members waits any more.
    for (const t of new Set(rows.map((m) => m.teamId))) {
      if (!t) continue;
      const waiting = await tx
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, t), eq(teamMembers.payStatus, 7)))
        .limit(1);
      if (!waiting.length) {
        await tx.update(teams).set({ status: 1 }).where(eq(teams.id, t));
        await refreshTeamStatus(tx, t);
      }
    }
  });
}

export function notEligible(key: MessageKey) {
  return new AppError('PLAYER_NOT_ELIGIBLE', key);
}
