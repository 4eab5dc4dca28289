import { isChild, PURPOSE_MAX, PURPOSE_MIN, type PiiAccessKind } from '@rp/shared';
import type { DbOrTx } from '../db/client';
import { piiAccessLog } from '../db/schema/index';
import { AppError } from './errors';
import { activityScope, type Scoped } from './scope';

/**
 * Minimum access to children's data (issue 37 part 5, PIPL art. 31 and the 2019 provisions' art. 15): a staff
 * member sees a child's full ID number or photo only with `privacy.childData` (for that activity, when the
 * role is limited), and every look is logged with who, whose, when and why (pii_access_log). Adults' numbers
 * stay under the permission that showed them before; their looks are logged the same way.
 */
export function assertChildAccess(user: Scoped, player: { activityId: number; birth: number | null }, at = new Date()): void {
  if (!isChild(player.birth, at)) return;
  const scope = activityScope(user, 'privacy.childData');
  if (scope !== null && !scope.includes(player.activityId)) throw new AppError('CHILD_DATA_FORBIDDEN');
}

/** A purpose as typed (trimmed), or 400 PURPOSE_REQUIRED in the person's language when it is missing or too short. */
export function requirePurpose(purpose: string | undefined | null, field = 'purpose'): string {
  const p = (purpose ?? '').trim();
  if (p.length < PURPOSE_MIN) throw new AppError('PURPOSE_REQUIRED', { field });
  return p.slice(0, PURPOSE_MAX);
}

/** One line of the access log (never the number or the photo itself). */
export async function logPiiAccess(
  db: DbOrTx,
  entry: { staffId: number; kind: PiiAccessKind; teamMemberId?: number | null; activityId?: number | null; subject?: string; rows?: number; purpose: string },
): Promise<void> {
  await db.insert(piiAccessLog).values({
    staffId: entry.staffId,
    kind: entry.kind,
    teamMemberId: entry.teamMemberId ?? null,
    activityId: entry.activityId ?? null,
    subject: entry.subject ?? '',
    rows: entry.rows ?? 0,
    purpose: entry.purpose,
  });
}
