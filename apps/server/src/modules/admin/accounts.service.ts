import { and, asc, inArray, sql } from 'drizzle-orm';
import type { AccountOption } from '@rp/shared';
import type { Db } from '../../db/client';
import { teams, users } from '../../db/schema/index';
import { accountMatches } from '../../lib/crud/display';

/**
 * Accounts a staff member may pick (e.g. as the owner of generated codes): phone or login name starting
 * with `q`, or a nickname containing it; at most `size` rows, lowest id first (the oldest account of a
 * shared nickname comes first). Never returns password hashes or roles.
 */
export async function searchAccounts(db: Db, q: string, size: number, scope: readonly number[] | null = null): Promise<AccountOption[]> {
  // staff limited to some activities find only the accounts with a team in them (the coaches they work with)
  const within =
    scope === null
      ? undefined
      : scope.length
        ? inArray(
            users.id,
            db
              .select({ id: teams.userId })
              .from(teams)
              .where(inArray(teams.activityId, [...scope])),
          )
        : sql`false`;
  const rows = await db
    .select({ id: users.id, nickName: users.nickName, username: users.username, phone: users.phone })
    .from(users)
    .where(and(accountMatches(q), within))
    .orderBy(asc(users.id))
    .limit(size);
  return rows;
}
