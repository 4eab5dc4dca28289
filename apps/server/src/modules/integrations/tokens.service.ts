import crypto from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import type { ApiTokenBody, ApiTokenItem } from '@rp/shared';
import type { Db } from '../../deps';
import { activities, apiTokens, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { API_TOKEN_PREFIX, hashApiToken } from '../../plugins/auth';
import { TOKEN_SCOPE_NAMES, TOKEN_SCOPES } from './token-scopes';
import { activityScope, type Scoped } from '../../lib/scope';

type Row = typeof apiTokens.$inferSelect;
type Maker = { nickName: string; username: string } | null;
const YEAR_MS = 366 * 86_400_000;
/** the token with its maker's names (null once the account is deleted) */
const withMaker = { row: apiTokens, maker: { nickName: users.nickName, username: users.username } };

export function presentToken(row: Row, maker: Maker, now = new Date()): ApiTokenItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    activityIds: row.activityIds,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    createdBy: row.createdBy,
    createdByName: maker ? `${maker.nickName} (${maker.username})` : null,
  };
}

/** Creates a token: the token itself is returned this once; only its SHA-256 and first characters are kept. */
export async function createToken(
  db: Db,
  creator: Scoped & { id: number } & NonNullable<Maker>,
  body: ApiTokenBody,
): Promise<ApiTokenItem & { token: string }> {
  const userId = creator.id;
  const unknown = body.scopes.some((s) => !TOKEN_SCOPE_NAMES.includes(s));
  if (unknown) throw new AppError('VALIDATION_FAILED', { field: 'scopes', message: 'integrations.scopeUnknown' });
  assertWithinCreator(creator, body);
  const expiresAt = new Date(body.expiresAt);
  const now = Date.now();
  if (!(expiresAt.getTime() > now) || expiresAt.getTime() > now + YEAR_MS)
    throw new AppError('VALIDATION_FAILED', { field: 'expiresAt', message: 'integrations.expiryRange' });
  const token = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(body.scopes)];
  const activityIds = body.activityIds ? [...new Set(body.activityIds)].sort((a, b) => a - b) : null;
  if (activityIds) {
    const found = await db.select({ id: activities.id }).from(activities).where(inArray(activities.id, activityIds));
    if (found.length !== activityIds.length) throw new AppError('VALIDATION_FAILED', { field: 'activityIds', message: 'error.unknownReference' });
  }
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .insert(apiTokens)
      .values({
        name: body.name,
        prefix: token.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + 8),
        hash: hashApiToken(token),
        scopes,
        activityIds,
        expiresAt,
        createdBy: userId,
      })
      .returning();
    await audit(tx, {
      userId,
      resource: 'apiTokens',
      recordId: r!.id,
      action: 'create',
      after: { name: r!.name, prefix: r!.prefix, scopes, activityIds, expiresAt: body.expiresAt },
    });
    return r!;
  });
  return { ...presentToken(row, creator), token };
}

/**
 * A token is never stronger than the person who makes it: each scope's permissions must be the creator's own,
 * and where the creator holds one only for some activities, an activity-limited scope's token must name
 * activities among those (a role limited to activity A cannot mint a token that reads activity B, or every
 * activity). Refused with 403 on `scopes` / 400 on `activityIds`, in the creator's language.
 */
function assertWithinCreator(creator: Scoped, body: ApiTokenBody): void {
  for (const name of body.scopes) {
    const scope = TOKEN_SCOPES.find((s) => s.name === name)!;
    for (const p of scope.permissions) {
      if (!creator.permissions.includes(p)) throw new AppError('FORBIDDEN', { field: 'scopes', message: 'integrations.scopeBeyondYours' });
      const reach = activityScope(creator, p);
      if (reach === null || !scope.activityLimited) continue;
      if (!body.activityIds || body.activityIds.some((id) => !reach.includes(id)))
        throw new AppError('VALIDATION_FAILED', { field: 'activityIds', message: 'integrations.activitiesBeyondYours' });
    }
  }
}

export async function listTokens(db: Db): Promise<ApiTokenItem[]> {
  const rows = await db
    .select(withMaker)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  const now = new Date();
  return rows.map((r) => presentToken(r.row, r.maker, now));
}

/** Revokes a token: the next request carrying it is refused, on every instance (each request reads the row). */
export async function revokeToken(db: Db, userId: number, id: number): Promise<ApiTokenItem> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select(withMaker)
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.createdBy))
      .where(eq(apiTokens.id, id))
      .for('update', { of: apiTokens });
    if (!found) throw new AppError('NOT_FOUND');
    const before = found.row;
    if (before.revokedAt) return presentToken(before, found.maker);
    const [row] = await tx.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id)).returning();
    await audit(tx, {
      userId,
      resource: 'apiTokens',
      recordId: id,
      action: 'revoke',
      before: { revokedAt: null },
      after: { revokedAt: row!.revokedAt!.toISOString() },
    });
    return presentToken(row!, found.maker);
  });
}
