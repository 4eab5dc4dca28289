import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { CONSENT_LINK_DAYS, CONSENT_LINKS_PER_PHONE, isChild, maskPhone, translate, type ConsentLinkView, type ConsentState, type Lang } from '@rp/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { activities, guardianConsents, teamMembers, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { policyInForce } from '../../lib/policies';
import { publicBase } from '../../lib/public-base';
import { pick } from '../content/index';
import { ownMember } from './common';

/**
 * Guardians' consent for players under 14 (issue 37, part 2; PIPL art. 28/31). A player's consent is its latest
 * guardian_consents row. Without a consent where the activity asks for one, the player stays a draft: staff
 * cannot pass her review, nobody can pay for her or redeem a code for her (assertConsented).
 *
 * Two ways to consent: the account holder declares they are the parent or guardian (method self), or the coach
 * has a link sent by SMS to the guardian's phone (method sms; only the link's SHA-256 is kept). The link shows
 * what is held about the child, masked, and takes one answer (consent or refuse) within CONSENT_LINK_DAYS; a
 * consent given on it can be withdrawn on it later. A newer request makes older links stale.
 */
type MemberRow = typeof teamMembers.$inferSelect;
type ConsentRow = typeof guardianConsents.$inferSelect;
const DAY_MS = 86_400_000;

/**
 * Whether this player needs a guardian's consent in this activity: the activity asks, and she is a child by the
 * shared rule (isChild: under 14 today in China time, or of unknown age — the same rule as minimum access and
 * the retention's reckoning).
 */
export function needsConsent(member: Pick<MemberRow, 'birth'>, activity: { guardianConsentRequired: boolean }, today = new Date()): boolean {
  return activity.guardianConsentRequired && isChild(member.birth, today);
}

/** The latest consent row of each player. */
async function latestConsents(db: DbOrTx, memberIds: number[]): Promise<Map<number, ConsentRow>> {
  if (!memberIds.length) return new Map();
  const rows = await db.select().from(guardianConsents).where(inArray(guardianConsents.teamMemberId, memberIds)).orderBy(desc(guardianConsents.id));
  const out = new Map<number, ConsentRow>();
  for (const r of rows) if (!out.has(r.teamMemberId)) out.set(r.teamMemberId, r);
  return out;
}

/** Each player's consent as rosters show it (notNeeded / none / pending / consented / refused / withdrawn). */
export async function consentStates(db: DbOrTx, members: Pick<MemberRow, 'id' | 'activityId' | 'birth'>[]): Promise<Map<number, ConsentState>> {
  const activityIds = [...new Set(members.map((m) => m.activityId))];
  const acts = activityIds.length
    ? await db
        .select({ id: activities.id, guardianConsentRequired: activities.guardianConsentRequired })
        .from(activities)
        .where(inArray(activities.id, activityIds))
    : [];
  const required = new Map(acts.map((a) => [a.id, a]));
  const latest = await latestConsents(
    db,
    members.map((m) => m.id),
  );
  const today = new Date();
  return new Map(members.map((m) => [m.id, consentStateOf(m, required.get(m.activityId), latest.get(m.id)?.status, today)]));
}

/**
 * One player's consent as rosters show it, from her activity (undefined: not found) and the status of her
 * latest consent row (undefined: none): consentStates' rule, for callers that read both in their own query.
 */
export function consentStateOf(
  member: Pick<MemberRow, 'birth'>,
  activity: { guardianConsentRequired: boolean } | undefined,
  latest: ConsentRow['status'] | undefined,
  today = new Date(),
): ConsentState {
  if (!activity || !needsConsent(member, activity, today)) return 'notNeeded';
  return latest ?? 'none';
}

/**
 * Refuses (409 CONSENT_REQUIRED, naming the player) when one of these players needs a consent the guardian has not
 * given. `knownActivity`: their activity as the caller read it in this request (not read again).
 */
export async function assertConsented(
  db: DbOrTx,
  members: Pick<MemberRow, 'id' | 'activityId' | 'birth' | 'name'>[],
  knownActivity?: { id: number; guardianConsentRequired: boolean },
): Promise<void> {
  // the players' activity as the caller has read it: when none of them needs a consent there is nothing to read
  if (knownActivity && members.every((m) => m.activityId === knownActivity.id && !needsConsent(m, knownActivity))) return;
  const states = await consentStates(db, members);
  const missing = members.find((m) => !['notNeeded', 'consented'].includes(states.get(m.id)!));
  if (missing) throw new AppError('CONSENT_REQUIRED', { params: { name: missing.name } });
}

/** The player (of this account) and whether she needs a consent; a deleted or foreign player is 404, one who needs none 409. */
async function playerNeedingConsent(tx: Tx, userId: number, memberId: number) {
  const member = await ownMember(tx, userId, memberId, true);
  const [activity] = await tx.select().from(activities).where(eq(activities.id, member.activityId));
  if (!activity || !needsConsent(member, activity)) throw new AppError('CONSENT_NOT_NEEDED');
  const latest = (await latestConsents(tx, [member.id])).get(member.id);
  if (latest?.status === 'consented') throw new AppError('CONSENT_NOT_NEEDED', 'consent.alreadyGiven');
  return { member, activity, latest };
}

/** The account holder declares they are the player's parent or guardian and agrees to the children's rules in force. */
export async function declareConsent(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  input: { memberId: number; guardianName: string; relationship: string },
  ip: string,
): Promise<ConsentState> {
  return deps.database.db.transaction(async (tx): Promise<ConsentState> => {
    const { member } = await playerNeedingConsent(tx, userId, input.memberId);
    const [account] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    const rules = await policyInForce(tx, 'children');
    const now = new Date();
    const [row] = await tx
      .insert(guardianConsents)
      .values({
        teamMemberId: member.id,
        status: 'consented',
        method: 'self',
        guardianName: input.guardianName,
        guardianPhone: account?.phone ?? '',
        relationship: input.relationship,
        policyVersionId: rules?.id ?? null,
        requestedBy: userId,
        requestedAt: now,
        decidedAt: now,
        decidedIp: ip,
      })
      .returning({ id: guardianConsents.id });
    // the audit names the row, never the child's or guardian's details
    await audit(tx, {
      userId,
      resource: 'guardianConsents',
      recordId: row!.id,
      action: 'create',
      after: { memberId: member.id, status: 'consented', method: 'self' },
    });
    return 'consented';
  });
}

/** A link for one consent row: the raw token goes into the SMS only, the row keeps its SHA-256. */
function newToken() {
  const token = crypto.randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface ConsentLink {
  phone: string;
  lang: Lang;
  text: string;
  params: Record<string, string>;
}

/** Counts a link to this phone today; past CONSENT_LINKS_PER_PHONE, 429 (with Retry-After) and nothing is recorded. */
export async function countConsentPhone(deps: Pick<AppDeps, 'store'>, phone: string) {
  const n = await deps.store.incrWindow(`consentsms:${phone}`, CONSENT_LINKS_PER_PHONE.windowS);
  if (n.count > CONSENT_LINKS_PER_PHONE.max) throw new AppError('RATE_LIMITED', { message: 'consent.phoneLimited', retryAfter: n.endsAt });
}

/**
 * A pending consent row with a fresh link for one player, in the caller's transaction (count the phone with
 * countConsentPhone before it: the shared store may be this same database, which a transaction would block); returns the SMS to send
 * after the commit (sendConsentLink). The SMS is in the requester's language; the page has a language switch.
 */
export async function requestConsentInTx(
  tx: Tx,
  deps: Pick<AppDeps, 'config'>,
  userId: number,
  input: { memberId: number; guardianName: string; guardianPhone: string; relationship: string },
  lang: Lang,
): Promise<ConsentLink> {
  const { member, activity } = await playerNeedingConsent(tx, userId, input.memberId);
  const [link] = await insertConsentRequests(tx, deps, userId, activity, [{ ...input, member }], lang);
  return link!;
}

export interface ConsentRequestItem {
  member: Pick<MemberRow, 'id' | 'name'>;
  guardianName: string;
  guardianPhone: string;
  relationship: string;
}

/**
 * Pending consent rows with fresh links for players of one activity whose need was checked by the caller (the
 * form's request, or a spreadsheet import's new players with a guardian phone): one insert and one audit line
 * per 500 rows; returns the SMS texts to send after the commit (sendConsentLinksThrottled for a batch).
 */
export async function insertConsentRequests(
  tx: Tx,
  deps: Pick<AppDeps, 'config'>,
  userId: number,
  activity: Pick<typeof activities.$inferSelect, 'nameZh' | 'nameEn'>,
  items: ConsentRequestItem[],
  lang: Lang,
): Promise<ConsentLink[]> {
  if (!items.length) return [];
  const rules = await policyInForce(tx, 'children');
  const [coach] = await tx.select({ nickName: users.nickName }).from(users).where(eq(users.id, userId));
  const now = new Date();
  const links: ConsentLink[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500).map((item) => ({ item, ...newToken() }));
    const rows = await tx
      .insert(guardianConsents)
      .values(
        chunk.map(({ item, hash }) => ({
          teamMemberId: item.member.id,
          status: 'pending' as const,
          method: 'sms' as const,
          guardianName: item.guardianName,
          guardianPhone: item.guardianPhone,
          relationship: item.relationship,
          policyVersionId: rules?.id ?? null,
          tokenHash: hash,
          tokenExpiresAt: new Date(now.getTime() + CONSENT_LINK_DAYS * DAY_MS),
          requestedBy: userId,
          requestedAt: now,
        })),
      )
      .returning({ id: guardianConsents.id, memberId: guardianConsents.teamMemberId });
    // the audit names the rows, never the child's or guardian's details
    await audit(tx, {
      userId,
      resource: 'guardianConsents',
      recordId: rows.length === 1 ? rows[0]!.id : null,
      action: 'create',
      after: rows.length === 1 ? { memberId: rows[0]!.memberId, status: 'pending', method: 'sms' } : { status: 'pending', method: 'sms', rows: rows.length },
    });
    for (const { item, token } of chunk) {
      const link = `${publicBase(deps.config)}/guardianConsent?token=${token}${lang === 'en' ? '&lang=en' : ''}`;
      const params = {
        coach: coach?.nickName ?? '',
        child: maskName(item.member.name),
        activity: pick(lang, activity.nameZh, activity.nameEn),
        days: String(CONSENT_LINK_DAYS),
        link,
      };
      links.push({ phone: item.guardianPhone, lang, text: translate(lang, 'consent.sms', params), params });
    }
  }
  return links;
}

/** Sends a consent link (after its row committed). A provider that fails: the coach may ask again (a new link). */
export async function sendConsentLink(deps: Pick<AppDeps, 'sms'>, link: ConsentLink): Promise<void> {
  if (!deps.sms.notice || (deps.sms.canNotice && !deps.sms.canNotice('guardianConsent'))) throw new AppError('SMS_UNAVAILABLE');
  try {
    await deps.sms.notice({ phone: link.phone, event: 'guardianConsent', lang: link.lang, text: link.text, params: link.params });
  } catch {
    throw new AppError('SMS_UNAVAILABLE');
  }
}

/** The coach asks a guardian by SMS: one row, one message. */
export async function requestConsent(
  deps: Pick<AppDeps, 'database' | 'config' | 'store' | 'sms'>,
  userId: number,
  input: { memberId: number; guardianName: string; guardianPhone: string; relationship: string },
  lang: Lang,
): Promise<ConsentState> {
  await countConsentPhone(deps, input.guardianPhone);
  const link = await deps.database.db.transaction((tx) => requestConsentInTx(tx, deps, userId, input, lang));
  await sendConsentLink(deps, link);
  return 'pending';
}

/**
 * Sends a batch of links one after another, `gapMs` apart (a spreadsheet import's guardians): a provider's
 * per-second ceiling is never met and one failure does not stop the rest. Runs after the request answered.
 */
export async function sendConsentLinksThrottled(
  deps: Pick<AppDeps, 'sms'>,
  links: ConsentLink[],
  gapMs: number,
  onError: (e: unknown) => void,
): Promise<number> {
  let sent = 0;
  for (const [i, link] of links.entries()) {
    if (i > 0 && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
    try {
      await sendConsentLink(deps, link);
      sent++;
    } catch (e) {
      onError(e);
    }
  }
  return sent;
}

/** 林小雨 → 林*雨, 李雷 → 李*, Emma Li → E*** ** (the link may be forwarded: it names the child only enough to be recognised). */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return chars.map((c, i) => (i === 0 || (i === chars.length - 1 && /[\u4e00-\u9fff]/.test(c)) || c === ' ' ? c : '*')).join('');
}

/** The row a link names, its player and activity; a forged token, or one whose player was deleted, is 404. */
async function linkRow(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(guardianConsents)
    .where(eq(guardianConsents.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError('CONSENT_LINK_INVALID');
  const [member] = await db.select().from(teamMembers).where(eq(teamMembers.id, row.teamMemberId)).limit(1);
  if (!member) throw new AppError('CONSENT_LINK_INVALID');
  const [activity] = await db.select().from(activities).where(eq(activities.id, member.activityId)).limit(1);
  const latest = (await latestConsents(db, [member.id])).get(member.id)!;
  return { row, member, activity: activity!, latest };
}

/** What a link may still do: answer while it is the latest, pending and not expired; withdraw the consent given on it. */
function linkState(row: ConsentRow, latest: ConsentRow, now = new Date()) {
  const isLatest = latest.id === row.id;
  return {
    canDecide: isLatest && row.status === 'pending' && !!row.tokenExpiresAt && row.tokenExpiresAt > now,
    canWithdraw: isLatest && row.status === 'consented',
    expired: row.status === 'pending' && (!isLatest || !row.tokenExpiresAt || row.tokenExpiresAt <= now),
  };
}

/** The guardian's page: the child's details masked, the request, and the answers the link still takes. */
export async function viewConsentLink(deps: Pick<AppDeps, 'database'>, token: string, lang: Lang): Promise<ConsentLinkView> {
  const { db } = deps.database;
  const { row, member, activity, latest } = await linkRow(db, token);
  const state = linkState(row, latest);
  const [coach] = row.requestedBy ? await db.select({ nickName: users.nickName }).from(users).where(eq(users.id, row.requestedBy)) : [];
  const rules = await policyInForce(db, 'children');
  const shown = latest.id > row.id && latest.status === 'withdrawn' && row.status === 'consented' ? latest : row;
  const birth = member.birth ? `${Math.floor(member.birth / 10000)}-${String(Math.floor(member.birth / 100) % 100).padStart(2, '0')}-**` : null;
  return {
    child: { name: maskName(member.name), card: member.cardMasked, birthDay: birth, gender: member.gender, school: member.school, hasPhoto: !!member.headImg },
    activity: pick(lang, activity.nameZh, activity.nameEn),
    requestedBy: coach?.nickName ?? '',
    guardianName: row.guardianName,
    relationship: row.relationship,
    guardianPhone: maskPhone(row.guardianPhone),
    status: shown.status,
    decidedAt: shown.decidedAt?.toISOString() ?? null,
    policy: rules ? { version: rules.version, title: pick(lang, rules.titleZh, rules.titleEn), effectiveAt: rules.effectiveAt.toISOString() } : null,
    canDecide: state.canDecide,
    canWithdraw: state.canWithdraw,
  };
}

/**
 * The guardian's answer on a link: consent or refuse (once, while it is valid), or withdraw a consent given on it.
 * A forged link 404, an expired or stale one 409 linkExpired, an answered one 409 linkUsed: nothing changes.
 */
export async function decideConsentLink(
  deps: Pick<AppDeps, 'database'>,
  input: { token: string; decision: 'consent' | 'refuse' | 'withdraw'; guardianName?: string; relationship?: string },
  ip: string,
): Promise<'consented' | 'refused' | 'withdrawn'> {
  return deps.database.db.transaction(async (tx) => {
    const { row } = await linkRow(tx, input.token);
    // the row is taken first: two answers at once are one after the other
    const [locked] = await tx.select().from(guardianConsents).where(eq(guardianConsents.id, row.id)).for('update');
    const latest = (await latestConsents(tx, [row.teamMemberId])).get(row.teamMemberId)!;
    const state = linkState(locked!, latest);
    const now = new Date();
    if (input.decision === 'withdraw') {
      if (!state.canWithdraw) throw new AppError('CONSENT_LINK_USED', 'consent.notConsented');
      const [w] = await tx
        .insert(guardianConsents)
        .values({
          teamMemberId: row.teamMemberId,
          status: 'withdrawn',
          method: row.method,
          guardianName: row.guardianName,
          guardianPhone: row.guardianPhone,
          relationship: row.relationship,
          policyVersionId: row.policyVersionId,
          requestedAt: now,
          decidedAt: now,
          decidedIp: ip,
        })
        .returning({ id: guardianConsents.id });
      await audit(tx, {
        userId: null,
        resource: 'guardianConsents',
        recordId: w!.id,
        action: 'create',
        after: { memberId: row.teamMemberId, status: 'withdrawn' },
      });
      return 'withdrawn';
    }
    if (!state.canDecide) throw new AppError(state.expired ? 'CONSENT_LINK_EXPIRED' : 'CONSENT_LINK_USED');
    const status = input.decision === 'consent' ? 'consented' : 'refused';
    await tx
      .update(guardianConsents)
      .set({
        status,
        decidedAt: now,
        decidedIp: ip,
        ...(input.guardianName ? { guardianName: input.guardianName } : {}),
        ...(input.relationship ? { relationship: input.relationship } : {}),
      })
      .where(and(eq(guardianConsents.id, row.id), eq(guardianConsents.status, 'pending')));
    await audit(tx, { userId: null, resource: 'guardianConsents', recordId: row.id, action: 'update', before: { status: 'pending' }, after: { status } });
    return status;
  });
}
