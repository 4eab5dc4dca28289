import type { DbOrTx } from '../../db/client';
import { and, eq, getTableName, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { ageOn, isRegistered, PAY_STATUS, teamReviewHasReason, type GuardianConsentStatus, type Lang, type MemberItem, type ReviewItem } from '@rp/shared';
import { activities, auditLog, guardianConsents, leaders, materials, orgs, plans, programs, teamMembers, teams, users } from '../../db/schema/index';
import type { Pii } from '../../lib/pii';
import { pick } from '../content/index';
import { consentStateOf } from './consent.service';

type MemberRow = typeof teamMembers.$inferSelect;

/**
 * The columns of team_members a player's presentation reads: not the ID number's ciphertext or hash, nor the
 * timestamps (lists read these; each column a row carries is parsed and mapped again on every request).
 */
export const listedMember = {
  id: teamMembers.id,
  activityId: teamMembers.activityId,
  teamId: teamMembers.teamId,
  programId: teamMembers.programId,
  planId: teamMembers.planId,
  clothesId: teamMembers.clothesId,
  name: teamMembers.name,
  payStatus: teamMembers.payStatus,
  cardType: teamMembers.cardType,
  cardMasked: teamMembers.cardMasked,
  birth: teamMembers.birth,
  gender: teamMembers.gender,
  emerName: teamMembers.emerName,
  emerPhone: teamMembers.emerPhone,
  region: teamMembers.region,
  school: teamMembers.school,
  code: teamMembers.code,
  headImg: teamMembers.headImg,
  reviewReason: teamMembers.reviewReason,
};
/** A member as `listedMember` reads her; the ciphertext only where the whole number may be shown. */
type ListedMember = Pick<MemberRow, keyof typeof listedMember> & { cardEnc?: string };
type TeamRow = typeof teams.$inferSelect;

const uniq = (xs: (number | null | undefined)[]) => [...new Set(xs.filter((x): x is number => typeof x === 'number'))];

async function byId<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<Map<number, T>> {
  return new Map((ids.length ? await load(ids) : []).map((r) => [r.id, r]));
}

/**
 * A column with its table's name: drizzle leaves the name out in a query of one table (no join), where inside a
 * subquery "id" would be the subquery's own.
 */
const c = (col: AnyPgColumn) => sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;
/** one row of another table as a JSON object (null when there is none); node-postgres and PGlite both parse json */
const oneRow = <T>(q: SQL) => q.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T | null);

/**
 * `listedMember` as one JSON object a row: node-postgres parses one column natively where drizzle mapped 19 one
 * by one (every column here is text or integer: JSON keeps it as it is).
 */
export const listedMemberJson = sql<ListedMember>`json_build_object(${sql.join(
  Object.entries(listedMember).map(([key, col]) => sql`${sql.raw(`'${key}'`)}, ${c(col)}`),
  sql`, `,
)})`.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as ListedMember);

/**
 * What a player's presentation shows from other tables (any may be missing): her team, program, plan and
 * clothes size, whether her activity asks for a guardian's consent, and the status of her latest consent row
 * (the highest id; guardian_consents_member_idx). One query for a page of players instead of one per table
 * (issue 39 item 3: a request's cost is its number of statements), each table read by a subquery on its primary
 * key rather than a left join: the planner had five joins to order on every call (0.4 against 0.08 ms of
 * planning; node-postgres prepares nothing, so every call is planned), and the page comes back in fewer columns.
 */
const shown = {
  team: oneRow<{ id: number; name: string; status: number }>(
    sql`(select json_build_object('id', ${c(teams.id)}, 'name', ${c(teams.name)}, 'status', ${c(teams.status)}) from ${teams} where ${c(teams.id)} = ${c(teamMembers.teamId)})`,
  ),
  program: oneRow<{ id: number; nameZh: string; nameEn: string; type: number; maxMembers: number }>(
    sql`(select json_build_object('id', ${c(programs.id)}, 'nameZh', ${c(programs.nameZh)}, 'nameEn', ${c(programs.nameEn)}, 'type', ${c(programs.type)}, 'maxMembers', ${c(programs.maxMembers)}) from ${programs} where ${c(programs.id)} = ${c(teamMembers.programId)})`,
  ),
  plan: oneRow<{ id: number; nameZh: string; nameEn: string }>(
    sql`(select json_build_object('id', ${c(plans.id)}, 'nameZh', ${c(plans.nameZh)}, 'nameEn', ${c(plans.nameEn)}) from ${plans} where ${c(plans.id)} = ${c(teamMembers.planId)})`,
  ),
  clothes: oneRow<{ id: number; nameZh: string; nameEn: string }>(
    sql`(select json_build_object('id', ${c(materials.id)}, 'nameZh', ${c(materials.nameZh)}, 'nameEn', ${c(materials.nameEn)}) from ${materials} where ${c(materials.id)} = ${c(teamMembers.clothesId)})`,
  ),
  consentRequired: sql<
    boolean | null
  >`(select ${c(activities.guardianConsentRequired)} from ${activities} where ${c(activities.id)} = ${c(teamMembers.activityId)})`,
  latestConsent: sql<GuardianConsentStatus | null>`(select ${c(guardianConsents.status)} from ${guardianConsents} where ${c(guardianConsents.teamMemberId)} = ${c(teamMembers.id)} order by ${c(guardianConsents.id)} desc limit 1)`,
};

/** team_members with what `shown` reads, selecting `fields` (`shown`'s and more); the caller adds where, order and limit. */
export function selectShown<F extends SelectedFields>(db: DbOrTx, fields: F) {
  return db.select({ ...shown, ...fields }).from(teamMembers);
}
type Shown = Awaited<ReturnType<typeof selectShown<{ id: typeof teamMembers.id }>>>[number];

/** yyyymmdd number → yyyy-mm-dd (null stays null). */
export function birthDayOf(b: number | null): string | null {
  return b ? `${Math.floor(b / 10000)}-${String(Math.floor(b / 100) % 100).padStart(2, '0')}-${String(b % 100).padStart(2, '0')}` : null;
}

/** One member as the wire shows it, with what `selectShown` read for her (undefined: nothing found). */
function presentMember(lang: Lang, m: ListedMember, s: Omit<Shown, 'id'> | undefined, today: Date, opts: { pii?: Pii; whole?: boolean }): MemberItem {
  const t = m.teamId ? s?.team : undefined;
  const p = m.programId ? s?.program : undefined;
  const pl = m.planId ? s?.plan : undefined;
  const c = m.clothesId ? s?.clothes : undefined;
  const b = m.birth;
  const required = typeof s?.consentRequired === 'boolean' ? { guardianConsentRequired: s.consentRequired } : undefined;
  return {
    id: m.id,
    activityId: m.activityId,
    name: m.name,
    payStatus: m.payStatus,
    team: t ? { id: t.id, name: t.name, status: t.status } : null,
    program: p ? { id: p.id, name: pick(lang, p.nameZh, p.nameEn), type: p.type, maximum: p.maxMembers } : null,
    plan: pl ? { id: pl.id, name: pick(lang, pl.nameZh, pl.nameEn) } : null,
    clothes: c ? { id: c.id, name: pick(lang, c.nameZh, c.nameEn) } : null,
    cardType: m.cardType,
    // a number this key cannot open (written under another PII_KEY) shows masked rather than failing the call
    card: opts.whole && opts.pii && m.cardEnc !== undefined ? (opts.pii.tryDecrypt(m.cardEnc) ?? m.cardMasked) : m.cardMasked,
    birth: b,
    birthDay: birthDayOf(b),
    age: b ? ageOn(b, today) : null,
    gender: m.gender,
    emerName: m.emerName,
    emerPhone: m.emerPhone,
    region: m.region,
    school: m.school,
    code: m.code,
    headImg: m.headImg,
    reviewReason: m.reviewReason,
    consent: consentStateOf(m, required, s?.latestConsent ?? undefined, today),
  };
}

/** Rows of `selectShown(db, { m: listedMemberJson })` (or `{ m: listedMember }`, `{ m: teamMembers }`) as the wire shows them (ID numbers masked). */
export function presentShown(lang: Lang, rows: (Omit<Shown, 'id'> & { m: ListedMember })[]): MemberItem[] {
  const today = new Date();
  return rows.map((r) => presentMember(lang, r.m, r, today, {}));
}

/**
 * Members as the wire shows them; ID numbers masked unless `whole` (the owner's detail form). What they show
 * from other tables is read in one query, by the members' ids (rows the caller has just read or written).
 */
export async function presentMembers(db: DbOrTx, lang: Lang, rows: MemberRow[], opts: { pii?: Pii; whole?: boolean } = {}): Promise<MemberItem[]> {
  if (!rows.length) return [];
  const ids = uniq(rows.map((r) => r.id));
  const found = new Map((await selectShown(db, { id: teamMembers.id }).where(inArray(teamMembers.id, ids))).map((r) => [r.id, r]));
  const today = new Date();
  return rows.map((m) => presentMember(lang, m, found.get(m.id), today, opts));
}

export async function presentTeams(db: DbOrTx, lang: Lang, rows: TeamRow[]) {
  const ids = rows.map((t) => t.id);
  const [members, ps, pls, ls, os, creators] = await Promise.all([
    ids.length ? selectShown(db, { m: listedMemberJson }).where(inArray(teamMembers.teamId, ids)).orderBy(teamMembers.id) : Promise.resolve([]),
    byId(uniq(rows.map((r) => r.programId)), (x) => db.select().from(programs).where(inArray(programs.id, x))),
    byId(uniq(rows.map((r) => r.planId)), (x) => db.select().from(plans).where(inArray(plans.id, x))),
    byId(uniq(rows.map((r) => r.leaderId)), (x) => db.select().from(leaders).where(inArray(leaders.id, x))),
    byId(uniq(rows.map((r) => r.orgId)), (x) => db.select().from(orgs).where(inArray(orgs.id, x))),
    byId(uniq(rows.map((r) => r.userId)), (x) => db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.id, x))),
  ]);
  const presented = presentShown(lang, members);
  return rows.map((t) => {
    const p = ps.get(t.programId)!;
    const mine = presented.filter((m) => m.team?.id === t.id);
    const pl = t.planId ? pls.get(t.planId) : undefined;
    const l = t.leaderId ? ls.get(t.leaderId) : undefined;
    const o = t.orgId ? os.get(t.orgId) : undefined;
    const creator = creators.get(t.userId);
    return {
      id: t.id,
      activityId: t.activityId,
      name: t.name,
      number: t.number,
      code: t.number,
      status: t.status,
      payStatus: mine.length > 0 && mine.every((m) => isRegistered(m.payStatus)) ? PAY_STATUS.REGISTERED : PAY_STATUS.NOT_REGISTERED,
      program: { id: p.id, name: pick(lang, p.nameZh, p.nameEn), type: p.type, maximum: p.maxMembers },
      plan: pl ? { id: pl.id, name: pick(lang, pl.nameZh, pl.nameEn) } : null,
      leader: l ? { id: l.id, name: l.name } : null,
      orgId: t.orgId,
      orgCode: t.orgCode,
      orgName: o?.name ?? null,
      org: o ? { id: o.id, name: o.name } : null,
      orgAddress: t.orgAddress,
      creator: creator ? { id: creator.id, nickName: creator.nickName } : null,
      address: t.address,
      sourceCode: t.sourceCode,
      sourceActivityId: t.sourceActivityId,
      teamCode: t.teamCode,
      reviewStatus: t.reviewStatus,
      reviewReason: teamReviewHasReason(t.reviewStatus) ? t.reviewReason : null,
      teamMembers: mine,
    };
  });
}

/**
 * Players under review for the reviewer: member fields (ID masked), the activity, age on the event's first
 * day, when they were submitted (the latest submit in the audit log) and the team's leading teacher with
 * the attachment (private file, served to staff).
 */
export async function presentReview(db: DbOrTx, lang: Lang, rows: MemberRow[]): Promise<ReviewItem[]> {
  const ids = rows.map((r) => String(r.id));
  const [members, as, submits] = await Promise.all([
    presentMembers(db, lang, rows),
    byId(uniq(rows.map((r) => r.activityId)), (x) => db.select().from(activities).where(inArray(activities.id, x))),
    ids.length
      ? db
          .select({ id: auditLog.recordId, at: max(auditLog.at) })
          .from(auditLog)
          .where(and(eq(auditLog.resource, 'teamMembers'), eq(auditLog.action, 'submit'), inArray(auditLog.recordId, ids)))
          .groupBy(auditLog.recordId)
      : Promise.resolve([]),
  ]);
  const teamIds = uniq(rows.map((r) => r.teamId));
  const ts = await byId(teamIds, (x) => db.select({ id: teams.id, leaderId: teams.leaderId }).from(teams).where(inArray(teams.id, x)));
  const ls = await byId(uniq([...ts.values()].map((t) => t.leaderId)), (x) => db.select().from(leaders).where(inArray(leaders.id, x)));
  const submitted = new Map(submits.map((r) => [r.id, r.at]));
  return rows.map((m, i) => {
    const a = as.get(m.activityId)!;
    const leaderId = m.teamId ? ts.get(m.teamId)?.leaderId : null;
    const l = leaderId ? ls.get(leaderId) : undefined;
    const at = submitted.get(String(m.id));
    return {
      ...members[i]!,
      age: m.birth ? ageOn(m.birth, a.beginTime) : null,
      activity: { id: a.id, name: pick(lang, a.nameZh, a.nameEn), beginTime: a.beginTime.toISOString() },
      submittedAt: (at ? new Date(at) : m.updatedAt).toISOString(),
      leader: l ? { id: l.id, name: l.name, phone: l.phone, attachment: l.photoUrl } : null,
    };
  });
}
