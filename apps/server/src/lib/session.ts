import crypto from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, avatarFileName, isBuiltInRole, permissionsOf, type User } from '@rp/shared';
import type { Db } from '../db/client';
import { loginLog, sessions, staffRoles, users } from '../db/schema/index';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000; // spec 9: session cookie expiry 1 day

export interface SessionUser extends User {
  status: number;
  /** permission → the only activities it reaches (granted by roles limited to activities only); absent = every activity */
  scopes: Record<string, number[]>;
}

/** The columns of users a session's account is built from (toUser): the session lookup reads only these. */
const sessionUserColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  avatar: users.avatar,
  phone: users.phone,
  roles: users.roles,
  status: users.status,
};
type UserRow = Pick<typeof users.$inferSelect, keyof typeof sessionUserColumns>;
/** A stored role's grant as the session query reads it. */
export interface RoleGrant {
  permissions: string[];
  activityIds: number[] | null;
  /** the role's code and names (absent in grants built without them) */
  code?: string;
  nameZh?: string;
  nameEn?: string;
}

/**
 * The account's permissions: those of its built-in roles and of the roles the administrator built
 * (any role that grants something also opens /admin). A permission granted by a role without a limit
 * reaches every activity; one granted only by limited roles reaches the union of their activities.
 */
export function toUser(row: UserRow, grants: readonly RoleGrant[] = []): SessionUser {
  const permissions = new Set<string>(permissionsOf(row.roles));
  const limited = new Map<string, Set<number>>();
  const unlimited = new Set<string>(permissions);
  for (const g of grants) {
    const perms = g.permissions.length ? ['admin.access', ...g.permissions] : [];
    for (const p of perms) {
      permissions.add(p);
      if (g.activityIds === null) unlimited.add(p);
      else {
        const set = limited.get(p) ?? new Set<number>();
        for (const id of g.activityIds) set.add(id);
        limited.set(p, set);
      }
    }
  }
  const scopes: Record<string, number[]> = {};
  for (const [p, ids] of limited) if (!unlimited.has(p)) scopes[p] = [...ids].sort((a, b) => a - b);
  const list = [...permissions];
  const roleNames = Object.fromEntries(
    grants.flatMap((g) => (g.code ? [[g.code, { zh: g.nameZh || g.nameEn || g.code, en: g.nameEn || g.nameZh || g.code }]] : [])),
  );
  return {
    id: row.id,
    username: row.username,
    nickName: row.nickName,
    // spec 3: avatar is the bare file name, photo the address it loads from (/avatar/<name>)
    avatar: avatarFileName(row.avatar),
    photo: row.avatar ? `/avatar/${avatarFileName(row.avatar)}` : null,
    phone: row.phone,
    roles: row.roles,
    permissions: list,
    isStaff: permissions.has('admin.access'),
    status: row.status,
    scopes,
    roleNames,
  };
}

/** The stored roles an account names (none for members: no query). */
export async function roleGrants(db: Db, roles: readonly string[]): Promise<RoleGrant[]> {
  const custom = roles.filter((r) => !isBuiltInRole(r));
  if (!custom.length) return [];
  return db
    .select({
      permissions: staffRoles.permissions,
      activityIds: staffRoles.activityIds,
      code: staffRoles.code,
      nameZh: staffRoles.nameZh,
      nameEn: staffRoles.nameEn,
    })
    .from(staffRoles)
    .where(inArray(staffRoles.code, custom));
}

/** An account as the API shows it, its stored roles included. */
export async function loadUser(db: Db, row: UserRow): Promise<SessionUser> {
  return toUser(row, await roleGrants(db, row.roles));
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Creates a session with a fresh 256-bit token; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  opts: { rememberMe: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    rememberMe: opts.rememberMe,
    expiresAt,
    ip: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
  // every session starts with a sign-in: the login history per account
  await db.insert(loginLog).values({ userId, ip: opts.ip ?? null, userAgent: opts.userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt };
}

/**
 * The session lookup of every signed-in request, its SQL built once per database (drizzle's query building was a
 * tenth of a signed-in list request's CPU in bench:rush), reading only the account's columns toUser needs (not
 * the password hash nor the timestamps: every column is parsed and mapped on every request). Unnamed: node-postgres sends it as an ordinary query, so
 * nothing is prepared on the server (PgBouncer in transaction mode stays fine).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionQuery>>();
const buildSessionQuery = (db: Db) =>
  db
    .select({ sessionId: sessions.id, user: sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(undefined as unknown as string);
function sessionQuery(db: Db) {
  let q = sessionQueries.get(db);
  if (!q) sessionQueries.set(db, (q = buildSessionQuery(db)));
  return q;
}

/** The live session of a token and its active user, or null. */
export async function findSession(db: Db, token: string): Promise<{ sessionId: number; user: SessionUser } | null> {
  const rows = await sessionQuery(db).execute({ tokenHash: hashToken(token), now: new Date() });
  const row = rows[0];
  if (!row || row.user.status !== ACCOUNT_STATUS.ACTIVE) return null;
  return { sessionId: row.sessionId, user: await loadUser(db, row.user) };
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
