import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DashboardCharts, DashboardStats, Permission } from '@rp/shared';
import type { Db } from '../../db/client';
import { activities, consoles, ledger, news, orders, orgs, programs, redeemCodes, teamMembers, teams, users, withdrawals } from '../../db/schema/index';
import { scopeWhere } from '../../lib/scope';

/** The season shown when none is asked for: the calendar year in China (UTC+8). */
export function currentSeason(now = new Date()): number {
  return new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
}

const PAY_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const num = (v: unknown) => Number(v ?? 0);

/** A timestamp's day in China (UTC+8) as YYYY-MM-DD; 'UTC' is the one zone every PostgreSQL and PGlite knows. */
function chinaDay(column: AnyPgColumn) {
  return sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
}

/**
 * The activities the figures cover: the person's data scope (null = every activity) narrowed to one
 * activity when asked. An activity outside the scope gives the empty scope, so it shows nothing.
 */
export function effectiveScope(scope: readonly number[] | null, activityId: number | null): readonly number[] | null {
  if (activityId === null) return scope;
  return scope === null || scope.includes(activityId) ? [activityId] : [];
}

/**
 * Counts and chart series of one season (activities of `year` and everything hanging off them) in one
 * query per group, all at once. Registration figures only for staff who manage registrations or view
 * players, codes for registrations or redeemCodes.view, money for payments or ledger.view, channels for
 * registrations, channels or teams.view, member counts for those who manage users; the content counts are
 * what any staff member may open. `scope` (activityScope of
 * admin.access) limits every activity-bound figure and the year list, and its activities are named (`scope`, so the
 * screen says whose figures these are); news and member accounts belong to no activity.
 */
export async function dashboardStats(
  db: Db,
  permissions: readonly (Permission | string)[],
  year: number,
  scope: readonly number[] | null = null,
  activityId: number | null = null,
): Promise<DashboardStats> {
  const inSeason = eq(activities.year, year);
  const eff = effectiveScope(scope, activityId);
  // a coarse permission, or the view permission of the resource behind the series (what a role limited to
  // activities can hold: such a role holds only admin.access and per-resource permissions)
  const has = (...p: string[]) => p.some((x) => permissions.includes(x));
  const canRegs = has('registrations.manage', 'players.view');
  const canCodes = has('registrations.manage', 'redeemCodes.view');
  const canUsers = has('users.manage');
  const canMoney = has('payments.manage', 'ledger.view');
  const canChannels = has('registrations.manage', 'channels.manage', 'teams.view');
  const none = Promise.resolve(null);

  const [reach, years, seasonActs, [acts], progs, [galleries], newsRows, regs, members, byActivity, byProgram, codes, money, channels] = await Promise.all([
    scope === null
      ? none
      : db
          .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
          .from(activities)
          .where(scopeWhere(activities.id, scope))
          .orderBy(desc(activities.year), activities.id)
          .limit(200),
    db.selectDistinct({ year: activities.year }).from(activities).where(scopeWhere(activities.id, scope)).orderBy(desc(activities.year)).limit(30),
    db
      .select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn })
      .from(activities)
      .where(and(inSeason, scopeWhere(activities.id, scope)))
      .orderBy(activities.id),
    db
      .select({ n: count() })
      .from(activities)
      .where(and(inSeason, scopeWhere(activities.id, eff))),
    db
      .select({ id: programs.id, nameZh: programs.nameZh, nameEn: programs.nameEn, activityId: programs.activityId })
      .from(programs)
      .innerJoin(activities, eq(activities.id, programs.activityId))
      .where(and(inSeason, scopeWhere(programs.activityId, eff)))
      .orderBy(programs.id),
    db
      .select({ n: count() })
      .from(consoles)
      .where(and(eq(consoles.year, year), scopeWhere(consoles.activityId, eff))),
    db.select({ status: news.status, n: count() }).from(news).groupBy(news.status),
    canRegs ? registrationCounts(db, year, eff) : none,
    canUsers
      ? db
          .select({ n: count() })
          .from(users)
          .where(sql`'member' = any(${users.roles})`)
      : none,
    canRegs ? playersPerDay(db, year, eff, 'activity') : none,
    canRegs ? playersPerDay(db, year, eff, 'program') : none,
    canCodes ? codesPerActivity(db, year, eff) : none,
    canMoney ? moneyPerDay(db, year, eff) : none,
    canChannels ? channelShare(db, year, eff) : none,
  ]);

  const newsBy = new Map(newsRows.map((r) => [r.status, num(r.n)]));
  const charts: DashboardCharts = {
    activities: seasonActs,
    programs: progs,
    registrationsByActivity: byActivity && byActivity.map((r) => ({ day: r.day, activityId: r.key, n: r.n })),
    registrationsByProgram: byProgram && byProgram.map((r) => ({ day: r.day, programId: r.key, n: r.n })),
    codes,
    money,
    channels,
  };
  return {
    year,
    years: years.map((y) => y.year),
    activityId,
    scope: reach,
    content: {
      activities: num(acts?.n),
      programs: progs.length,
      galleries: num(galleries?.n),
      newsPublished: newsBy.get(1) ?? 0,
      newsDrafts: [...newsBy].filter(([s]) => s !== 1).reduce((a, [, v]) => a + v, 0),
    },
    registrations: regs,
    members: members ? num(members[0]?.n) : null,
    charts,
  };
}

async function registrationCounts(db: Db, year: number, scope: readonly number[] | null): Promise<NonNullable<DashboardStats['registrations']>> {
  const inSeason = eq(activities.year, year);
  const [[teamCount], playerRows, [pendingW], codeRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(teams)
      .innerJoin(activities, eq(activities.id, teams.activityId))
      .where(and(inSeason, scopeWhere(teams.activityId, scope))),
    db
      .select({ status: teamMembers.payStatus, n: count() })
      .from(teamMembers)
      .innerJoin(activities, eq(activities.id, teamMembers.activityId))
      .where(and(inSeason, scopeWhere(teamMembers.activityId, scope)))
      .groupBy(teamMembers.payStatus),
    db
      .select({ n: count() })
      .from(withdrawals)
      .innerJoin(teamMembers, eq(teamMembers.id, withdrawals.memberId))
      .innerJoin(activities, eq(activities.id, teamMembers.activityId))
      .where(and(inSeason, eq(withdrawals.status, 'pending'), scopeWhere(teamMembers.activityId, scope))),
    db
      .select({ status: redeemCodes.status, n: count() })
      .from(redeemCodes)
      .innerJoin(activities, eq(activities.id, redeemCodes.activityId))
      .where(and(inSeason, scopeWhere(redeemCodes.activityId, scope)))
      .groupBy(redeemCodes.status),
  ]);
  const players: Record<string, number> = Object.fromEntries(PAY_STATUSES.map((s) => [String(s), 0]));
  for (const r of playerRows) players[String(r.status)] = num(r.n);
  const codes = { available: 0, used: 0, void: 0 };
  for (const r of codeRows) if (r.status === 'available' || r.status === 'used' || r.status === 'void') codes[r.status] = num(r.n);
  return { teams: num(teamCount?.n), players, pendingReviews: players['7'] ?? 0, pendingWithdrawals: num(pendingW?.n), codes };
}

/** Players created per China day and activity (or program; players without a program are left out of that one). */
async function playersPerDay(db: Db, year: number, scope: readonly number[] | null, by: 'activity' | 'program') {
  const key = by === 'activity' ? teamMembers.activityId : teamMembers.programId;
  const d = chinaDay(teamMembers.createdAt);
  const rows = await db
    .select({ day: d, key, n: count() })
    .from(teamMembers)
    .innerJoin(activities, eq(activities.id, teamMembers.activityId))
    .where(and(eq(activities.year, year), scopeWhere(teamMembers.activityId, scope), by === 'program' ? isNotNull(teamMembers.programId) : undefined))
    .groupBy(d, key)
    .orderBy(d, key);
  return rows.map((r) => ({ day: r.day, key: r.key!, n: num(r.n) }));
}

/** Codes created (issued, whatever became of them) and redeemed, per activity. */
async function codesPerActivity(db: Db, year: number, scope: readonly number[] | null) {
  const rows = await db
    .select({ activityId: redeemCodes.activityId, issued: count(), used: sql<number>`count(*) filter (where ${redeemCodes.status} = 'used')` })
    .from(redeemCodes)
    .innerJoin(activities, eq(activities.id, redeemCodes.activityId))
    .where(and(eq(activities.year, year), scopeWhere(redeemCodes.activityId, scope)))
    .groupBy(redeemCodes.activityId)
    .orderBy(redeemCodes.activityId);
  return rows.map((r) => ({ activityId: r.activityId, issued: num(r.issued), used: num(r.used) }));
}

/** The ledger per China day (integer fen): payments received, refunds paid out (stored negative, shown positive). */
async function moneyPerDay(db: Db, year: number, scope: readonly number[] | null) {
  const d = chinaDay(ledger.createdAt);
  const rows = await db
    .select({
      day: d,
      revenue: sql<string>`coalesce(sum(${ledger.amountFen}) filter (where ${ledger.kind} = 'payment'), 0)`,
      refund: sql<string>`coalesce(-sum(${ledger.amountFen}) filter (where ${ledger.kind} = 'refund'), 0)`,
    })
    .from(ledger)
    .innerJoin(orders, eq(orders.id, ledger.orderId))
    .innerJoin(activities, eq(activities.id, orders.activityId))
    .where(and(eq(activities.year, year), scopeWhere(orders.activityId, scope)))
    .groupBy(d)
    .orderBy(d);
  return rows.map((r) => ({ day: r.day, revenueFen: num(r.revenue), refundFen: num(r.refund) }));
}

/** Teams and their players per channel code (teams bound to a channel partner), most teams first; null = no channel. */
async function channelShare(db: Db, year: number, scope: readonly number[] | null) {
  const perTeam = db
    .select({ teamId: teamMembers.teamId, n: count().as('n') })
    .from(teamMembers)
    .innerJoin(activities, eq(activities.id, teamMembers.activityId))
    .where(and(eq(activities.year, year), scopeWhere(teamMembers.activityId, scope), isNotNull(teamMembers.teamId)))
    .groupBy(teamMembers.teamId)
    .as('per_team');
  const rows = await db
    .select({ code: orgs.code, teams: count(), players: sql<string>`coalesce(sum(${perTeam.n}), 0)` })
    .from(teams)
    .innerJoin(activities, eq(activities.id, teams.activityId))
    .leftJoin(orgs, eq(orgs.id, teams.orgId))
    .leftJoin(perTeam, eq(perTeam.teamId, teams.id))
    .where(and(eq(activities.year, year), scopeWhere(teams.activityId, scope)))
    .groupBy(orgs.code)
    .orderBy(desc(count()), orgs.code)
    .limit(50);
  return rows.map((r) => ({ code: r.code, teams: num(r.teams), players: num(r.players) }));
}
