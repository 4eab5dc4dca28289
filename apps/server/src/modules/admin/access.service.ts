import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ROLES, ROLE_PERMISSIONS, checkRolePermission, isBuiltInRole, type AdminUserUpdate, type RoleBody, type RoleItem } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { activities, auditLog, loginLog, staffRoles, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { servedResources } from '../../lib/crud/resource';
import { containsPattern } from '../../lib/like';

/** Accounts per role code, in one query. */
async function holders(db: Db | Tx): Promise<Map<string, number>> {
  const r = await db.execute(sql`select r as code, count(*)::int as n from ${users}, unnest(${users.roles}) as r group by r`);
  return new Map(((r as unknown as { rows: { code: string; n: number }[] }).rows ?? []).map((x) => [x.code, Number(x.n)]));
}

/** Built-in roles (fixed, listed for reference) and the roles the administrator built. */
export async function listRoles(db: Db): Promise<RoleItem[]> {
  const [stored, counts] = await Promise.all([db.select().from(staffRoles).orderBy(asc(staffRoles.id)), holders(db)]);
  const builtIn = ROLES.map((code) => ({
    id: 0,
    code,
    nameZh: '',
    nameEn: '',
    permissions: [...ROLE_PERMISSIONS[code]],
    activityIds: null,
    remark: '',
    builtIn: true,
    members: counts.get(code) ?? 0,
  }));
  return [...builtIn, ...stored.map((r) => presentRole(r, counts.get(r.code) ?? 0))];
}

function presentRole(r: typeof staffRoles.$inferSelect, members: number): RoleItem {
  return {
    id: r.id,
    code: r.code,
    nameZh: r.nameZh,
    nameEn: r.nameEn,
    permissions: r.permissions,
    activityIds: r.activityIds,
    remark: r.remark,
    builtIn: false,
    members,
  };
}

/**
 * A role's rules: it grants something; every permission is known; a role limited to activities names
 * at least one existing activity and holds only permissions whose data carries an activity.
 */
async function checkRole(db: Db | Tx, body: RoleBody): Promise<RoleBody> {
  if (isBuiltInRole(body.code)) throw new AppError('ROLE_BUILT_IN', { field: 'code' });
  const permissions = [...new Set(body.permissions)];
  if (!permissions.length) throw new AppError('VALIDATION_FAILED', { message: 'validation.roleEmpty', field: 'permissions' });
  const scoped = body.activityIds !== null;
  const defs = [...servedResources.values()];
  const unknown = permissions.filter((p) => {
    const c = checkRolePermission(p, defs, false);
    return !c.ok;
  });
  if (unknown.length)
    throw new AppError('VALIDATION_FAILED', {
      message: 'validation.permissionUnknown',
      field: 'permissions',
      params: { list: unknown.slice(0, 10).join(', ') },
    });
  if (scoped) {
    const ids = [...new Set(body.activityIds)];
    if (!ids.length) throw new AppError('VALIDATION_FAILED', { message: 'validation.scopeEmpty', field: 'activityIds' });
    const found = await db.select({ id: activities.id }).from(activities).where(inArray(activities.id, ids));
    if (found.length !== ids.length) throw new AppError('UNKNOWN_REFERENCE', { field: 'activityIds' });
    const wide = permissions.filter((p) => !checkRolePermission(p, defs, true).ok);
    if (wide.length)
      throw new AppError('VALIDATION_FAILED', {
        message: 'validation.permissionNotScopable',
        field: 'permissions',
        params: { list: wide.slice(0, 10).join(', ') },
      });
    return { ...body, permissions, activityIds: ids.sort((a, b) => a - b) };
  }
  return { ...body, permissions };
}

export async function createRole(db: Db, actor: number, input: RoleBody): Promise<RoleItem> {
  const body = await checkRole(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(staffRoles).values(body).returning();
    await audit(tx as unknown as Db, { userId: actor, resource: 'roles', recordId: row!.id, action: 'create', after: body });
    return presentRole(row!, 0);
  });
}

export async function updateRole(db: Db, actor: number, id: number, input: RoleBody): Promise<RoleItem> {
  const body = await checkRole(db, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const [row] = await tx.update(staffRoles).set(body).where(eq(staffRoles.id, id)).returning();
    // accounts name roles by code: a renamed code moves with its holders
    if (before.code !== body.code)
      await tx.execute(sql`update ${users} set roles = array_replace(${users.roles}, ${before.code}, ${body.code}) where ${before.code} = any(${users.roles})`);
    await audit(tx as unknown as Db, { userId: actor, resource: 'roles', recordId: id, action: 'update', before: presentRole(before, 0), after: body });
    return presentRole(row!, (await holders(tx)).get(row!.code) ?? 0);
  });
}

/** A role still held by accounts is in use (409 IN_USE): take it from them first. */
export async function deleteRole(db: Db, actor: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const [held] = await tx
      .select({ n: count() })
      .from(users)
      .where(sql`${before.code} = any(${users.roles})`);
    if (Number(held?.n ?? 0) > 0) throw new AppError('IN_USE', 'error.inUse');
    await tx.delete(staffRoles).where(eq(staffRoles.id, id));
    await audit(tx as unknown as Db, { userId: actor, resource: 'roles', recordId: id, action: 'delete', before: presentRole(before, 0) });
  });
}

export interface UserListFilter {
  q?: string | undefined;
  role?: string | undefined;
  departmentId?: number | undefined;
}

function userWhere(f: UserListFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.q) {
    const p = containsPattern(f.q);
    parts.push(or(ilike(users.username, p), ilike(users.nickName, p), ilike(users.phone, p))!);
  }
  if (f.role) parts.push(sql`${f.role} = any(${users.roles})`);
  if (f.departmentId) parts.push(eq(users.departmentId, f.departmentId));
  return parts.length ? and(...parts) : undefined;
}

export async function listUsers(db: Db, f: UserListFilter, p: number, size: number) {
  const where = userWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(size)
      .offset(p * size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export function presentUser(u: typeof users.$inferSelect) {
  return {
    id: u.id,
    username: u.username,
    nickName: u.nickName,
    phone: u.phone,
    roles: u.roles,
    status: u.status,
    departmentId: u.departmentId,
    postId: u.postId,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * The administrator changes an account's roles, department, post or status. Roles must exist; the
 * last active administrator can neither lose the role nor be disabled (every administrator row is
 * locked first, so two demotions at once cannot both pass). Ending staff access ends its sessions.
 */
export async function updateUser(db: Db, actor: number, id: number, patch: AdminUserUpdate) {
  if (patch.roles) {
    const roles = [...new Set(patch.roles)];
    const custom = roles.filter((r) => !isBuiltInRole(r));
    if (custom.length) {
      const found = await db.select({ code: staffRoles.code }).from(staffRoles).where(inArray(staffRoles.code, custom));
      const missing = custom.filter((c) => !found.some((f) => f.code === c));
      if (missing.length) throw new AppError('VALIDATION_FAILED', { message: 'validation.roleUnknown', field: 'roles', params: { list: missing.join(', ') } });
    }
    patch = { ...patch, roles };
  }
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`)
      .orderBy(asc(users.id))
      .for('update');
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const after = { ...before, ...patch };
    const wasAdmin = before.roles.includes('admin') && before.status === 1;
    const staysAdmin = after.roles.includes('admin') && after.status === 1;
    if (wasAdmin && !staysAdmin && admins.filter((a) => a.status === 1).length <= 1) throw new AppError('LAST_ADMIN');
    const set: Partial<typeof users.$inferInsert> = {};
    if (patch.roles) set.roles = patch.roles;
    if (patch.departmentId !== undefined) set.departmentId = patch.departmentId;
    if (patch.postId !== undefined) set.postId = patch.postId;
    if (patch.status !== undefined) set.status = patch.status;
    const [row] = Object.keys(set).length ? await tx.update(users).set(set).where(eq(users.id, id)).returning() : [before];
    await audit(tx as unknown as Db, {
      userId: actor,
      resource: 'users',
      recordId: id,
      action: 'update',
      before: { roles: before.roles, departmentId: before.departmentId, postId: before.postId, status: before.status },
      after: { roles: row!.roles, departmentId: row!.departmentId, postId: row!.postId, status: row!.status },
    });
    return row!;
  });
}

export interface AuditFilter {
  userId?: number | undefined;
  resource?: string | undefined;
  recordId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The audit trail, newest first, with the acting account's name. */
export async function listAudit(db: Db, f: AuditFilter, p: number, size: number) {
  const parts: SQL[] = [];
  if (f.userId) parts.push(eq(auditLog.userId, f.userId));
  if (f.resource) parts.push(eq(auditLog.resource, f.resource));
  if (f.recordId) parts.push(eq(auditLog.recordId, f.recordId));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  // dates are the organiser's days (UTC+8)
  if (f.from) parts.push(gte(auditLog.at, new Date(`${f.from}T00:00:00+08:00`)));
  if (f.to) parts.push(lte(auditLog.at, new Date(new Date(`${f.to}T00:00:00+08:00`).getTime() + 86_400_000 - 1)));
  const where = parts.length ? and(...parts) : undefined;
  // the page first (read off the (at, id) index), then the names of the accounts on it
  const [page, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset(p * size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const ids = [...new Set(page.map((r) => r.userId).filter((x): x is number => x !== null))];
  const names = new Map(
    (ids.length ? await db.select({ id: users.id, nickName: users.nickName, username: users.username }).from(users).where(inArray(users.id, ids)) : []).map(
      (u) => [u.id, u],
    ),
  );
  const rows = page.map((log) => ({ log, userName: names.get(log.userId ?? 0)?.nickName ?? null, username: names.get(log.userId ?? 0)?.username ?? null }));
  return {
    rows: rows.map((r) => ({
      id: r.log.id,
      at: r.log.at.toISOString(),
      userId: r.log.userId,
      userName: r.username ? `${r.userName} (${r.username})` : null,
      resource: r.log.resource,
      recordId: r.log.recordId,
      action: r.log.action,
      before: r.log.before,
      after: r.log.after,
    })),
    total: Number(total?.n ?? 0),
  };
}

export async function listLogins(db: Db, userId: number, p: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(loginLog)
      .where(eq(loginLog.userId, userId))
      .orderBy(desc(loginLog.at), desc(loginLog.id))
      .limit(size)
      .offset(p * size),
    db.select({ n: count() }).from(loginLog).where(eq(loginLog.userId, userId)),
  ]);
  return { rows: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), ip: r.ip, userAgent: r.userAgent })), total: Number(total?.n ?? 0) };
}
