import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors';

/**
 * Data scope (issue 14). A role the administrator builds may be limited to chosen activities; a
 * permission granted only by such roles reaches only those activities. `scopes` on the session user
 * maps a permission to its activity ids; a permission that is absent there (granted by a role without
 * a limit, or by a built-in role) reaches every activity.
 */
export interface Scoped {
  permissions: readonly string[];
  scopes?: Readonly<Record<string, readonly number[]>>;
}

/**
 * The activities a person reaches through any of the given permissions: null = every activity,
 * [] = none. Several permissions (e.g. a resource's coarse and fine permission) combine as a union.
 */
export function activityScope(user: Scoped, ...permissions: string[]): readonly number[] | null {
  const out = new Set<number>();
  let granted = false;
  for (const p of permissions) {
    if (!user.permissions.includes(p)) continue;
    granted = true;
    const s = user.scopes?.[p];
    if (!s) return null;
    for (const id of s) out.add(id);
  }
  return granted ? [...out] : [];
}

/** A WHERE part limiting `column` (an activity id) to the scope; undefined when unlimited. */
export function scopeWhere(column: PgColumn | SQL, scope: readonly number[] | null): SQL | undefined {
  if (scope === null) return undefined;
  if (!scope.length) return sql`false`;
  return inArray(column as PgColumn, [...scope]);
}

/** Whether the scope reaches an activity; a row without an activity is outside any limit. */
export function inScope(scope: readonly number[] | null, activityId: number | null | undefined): boolean {
  return scope === null || (activityId !== null && activityId !== undefined && scope.includes(activityId));
}

/** Refuses (403 OUT_OF_SCOPE) an activity the scope does not reach; a row without an activity is outside any limit. */
export function assertInScope(scope: readonly number[] | null, activityId: number | null | undefined): void {
  if (!inScope(scope, activityId)) throw new AppError('OUT_OF_SCOPE');
}

/** The activities the request's person reaches through `permission` (null = every activity). */
export function scopeFor(req: { user?: Scoped | null }, permission: string): readonly number[] | null {
  return req.user ? activityScope(req.user, permission) : [];
}

/**
 * Refuses (403 OUT_OF_SCOPE) a person whose permission reaches only some activities, for an operation that is
 * not about one activity (reconciliation, a broadcast to everyone, the FAQ…).
 */
export function assertUnlimited(scope: readonly number[] | null): void {
  if (scope !== null) throw new AppError('OUT_OF_SCOPE');
}

/** Refuses unless every activity id is in the scope (rows of several activities, e.g. a batch of players). */
export function assertAllInScope(scope: readonly number[] | null, activityIds: readonly (number | null | undefined)[]): void {
  if (scope === null) return;
  for (const id of activityIds) assertInScope(scope, id);
}
