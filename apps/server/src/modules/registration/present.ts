import type { DbOrTx } from '../../db/client';
import { and, eq, inArray, max } from 'drizzle-orm';
import { ageOn, isRegistered, PAY_STATUS, teamReviewHasReason, type Lang, type MemberItem, type ReviewItem } from '@rp/shared';
import { activities, auditLog, leaders, materials, orgs, plans, programs, teamMembers, teams, users } from '../../db/schema/index';
import type { Pii } from '../../lib/pii';
import { pick } from '../content/index';
import { consentStates } from './consent.service';

type MemberRow = typeof teamMembers.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

const uniq = (xs: (number | null | undefined)[]) => [...new Set(xs.filter((x): x is number => typeof x === 'number'))];

async function byId<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<Map<number, T>> {
  return new Map((ids.length ? await load(ids) : []).map((r) => [r.id, r]));
}

/** yyyymmdd number → yyyy-mm-dd (null stays null). */
export function birthDayOf(b: number | null): string | null {
  return b ? `${Math.floor(b / 10000)}-${String(Math.floor(b / 100) % 100).padStart(2, '0')}-${String(b % 100).padStart(2, '0')}` : null;
}

/** Members as the wire shows them; ID numbers masked unless `whole` (the owner's detail form). */
export async function presentMembers(db: DbOrTx, lang: Lang, rows: MemberRow[], opts: { pii?: Pii; whole?: boolean } = {}): Promise<MemberItem[]> {
  const [ts, ps, pls, cs, consents] = await Promise.all([
    byId(uniq(rows.map((r) => r.teamId)), (ids) => db.select().from(teams).where(inArray(teams.id, ids))),
    byId(uniq(rows.map((r) => r.programId)), (ids) => db.select().from(programs).where(inArray(programs.id, ids))),
    byId(uniq(rows.map((r) => r.planId)), (ids) => db.select().from(plans).where(inArray(plans.id, ids))),
    byId(uniq(rows.map((r) => r.clothesId)), (ids) => db.select().from(materials).where(inArray(materials.id, ids))),
    consentStates(db, rows),
  ]);
  const today = new Date();
  return rows.map((m) => {
    const t = m.teamId ? ts.get(m.teamId) : undefined;
    const p = m.programId ? ps.get(m.programId) : undefined;
    const pl = m.planId ? pls.get(m.planId) : undefined;
    const c = m.clothesId ? cs.get(m.clothesId) : undefined;
    const b = m.birth;
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
      card: opts.whole && opts.pii ? (opts.pii.tryDecrypt(m.cardEnc) ?? m.cardMasked) : m.cardMasked,
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
      consent: consents.get(m.id) ?? 'notNeeded',
    };
  });
}

export async function presentTeams(db: DbOrTx, lang: Lang, rows: TeamRow[]) {
  const ids = rows.map((t) => t.id);
  const [members, ps, pls, ls, os, creators] = await Promise.all([
    ids.length ? db.select().from(teamMembers).where(inArray(teamMembers.teamId, ids)).orderBy(teamMembers.id) : Promise.resolve([]),
    byId(uniq(rows.map((r) => r.programId)), (x) => db.select().from(programs).where(inArray(programs.id, x))),
    byId(uniq(rows.map((r) => r.planId)), (x) => db.select().from(plans).where(inArray(plans.id, x))),
    byId(uniq(rows.map((r) => r.leaderId)), (x) => db.select().from(leaders).where(inArray(leaders.id, x))),
    byId(uniq(rows.map((r) => r.orgId)), (x) => db.select().from(orgs).where(inArray(orgs.id, x))),
    byId(uniq(rows.map((r) => r.userId)), (x) => db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.id, x))),
  ]);
  const presented = await presentMembers(db, lang, members);
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
