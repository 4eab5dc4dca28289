import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DashboardStats, Permission } from '@rp/shared';
import type { Db } from '../../db/client';
import { activities, consoles, news, programs, redeemCodes, teamMembers, teams, users, withdrawals } from '../../db/schema/index';

/** The season shown when none is asked for: the calendar year in China (UTC+8). */
export function currentSeason(now = new Date()): number {
  return new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
}

const PAY_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * Counts of one season (activities of `year` and everything hanging off them) in one query per count
 * group. Registration counts only for staff who manage registrations, member counts only for staff who
 * manage users; everything else is what any staff member may open.
 */
export async function dashboardStats(db: Db, permissions: readonly (Permission | string)[], year: number): Promise<DashboardStats> {
  const inSeason = eq(activities.year, year);
  const canRegs = permissions.includes('registrations.manage');
  const canUsers = permissions.includes('users.manage');
  const num = (v: unknown) => Number(v ?? 0);

  const [years, [acts], [progs], [galleries], newsRows, regs, members] = await Promise.all([
    db.selectDistinct({ year: activities.year }).from(activities).orderBy(desc(activities.year)).limit(30),
    db.select({ n: count() }).from(activities).where(inSeason),
    db.select({ n: count() }).from(programs).innerJoin(activities, eq(activities.id, programs.activityId)).where(inSeason),
    db.select({ n: count() }).from(consoles).where(eq(consoles.year, year)),
    db.select({ status: news.status, n: count() }).from(news).groupBy(news.status),
    canRegs ? registrationCounts(db, year) : Promise.resolve(null),
    canUsers
      ? db
          .select({ n: count() })
          .from(users)
          .where(sql`'member' = any(${users.roles})`)
      : Promise.resolve(null),
  ]);

  const newsBy = new Map(newsRows.map((r) => [r.status, num(r.n)]));
  return {
    year,
    years: years.map((y) => y.year),
    content: {
      activities: num(acts?.n),
      programs: num(progs?.n),
      galleries: num(galleries?.n),
      newsPublished: newsBy.get(1) ?? 0,
      newsDrafts: [...newsBy].filter(([s]) => s !== 1).reduce((a, [, v]) => a + v, 0),
    },
    registrations: regs,
    members: members ? num(members[0]?.n) : null,
  };
}

async function registrationCounts(db: Db, year: number): Promise<NonNullable<DashboardStats['registrations']>> {
  const inSeason = eq(activities.year, year);
  const num = (v: unknown) => Number(v ?? 0);
  const [[teamCount], playerRows, [pendingW], codeRows] = await Promise.all([
    db.select({ n: count() }).from(teams).innerJoin(activities, eq(activities.id, teams.activityId)).where(inSeason),
    db
      .select({ status: teamMembers.payStatus, n: count() })
      .from(teamMembers)
      .innerJoin(activities, eq(activities.id, teamMembers.activityId))
      .where(inSeason)
      .groupBy(teamMembers.payStatus),
    db
      .select({ n: count() })
      .from(withdrawals)
      .innerJoin(teamMembers, eq(teamMembers.id, withdrawals.memberId))
      .innerJoin(activities, eq(activities.id, teamMembers.activityId))
      .where(and(inSeason, eq(withdrawals.status, 'pending'))),
    db
      .select({ status: redeemCodes.status, n: count() })
      .from(redeemCodes)
      .innerJoin(activities, eq(activities.id, redeemCodes.activityId))
      .where(inSeason)
      .groupBy(redeemCodes.status),
  ]);
  const players: Record<string, number> = Object.fromEntries(PAY_STATUSES.map((s) => [String(s), 0]));
  for (const r of playerRows) players[String(r.status)] = num(r.n);
  const codes = { available: 0, used: 0, void: 0 };
  for (const r of codeRows) if (r.status === 'available' || r.status === 'used' || r.status === 'void') codes[r.status] = num(r.n);
  return { teams: num(teamCount?.n), players, pendingReviews: players['7'] ?? 0, pendingWithdrawals: num(pendingW?.n), codes };
}
