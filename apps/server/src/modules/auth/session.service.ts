import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { ACCOUNT_STATUS, permissionsOf, type User } from '@rp/shared';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000; // spec 9: session cookie expiry 1 day

export interface SessionUser extends User {
  status: number;
}

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): SessionUser {
  const permissions = permissionsOf(row.roles);
  return {
    id: row.id,
    username: row.username,
    nickName: row.nickName,
    avatar: row.avatar,
    phone: row.phone,
    roles: row.roles,
    permissions,
    isStaff: permissions.includes('admin.access'),
    status: row.status,
  };
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
  return { token, expiresAt };
}

/** The live session of a token and its active user, or null. */
export async function findSession(db: Db, token: string): Promise<{ sessionId: number; user: SessionUser } | null> {
  const rows = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row || row.user.status !== ACCOUNT_STATUS.ACTIVE) return null;
  return { sessionId: row.sessionId, user: toUser(row.user) };
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
