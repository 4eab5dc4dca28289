/** Roles and the permissions they grant. Staff = anyone with a permission beyond a member's. */
/** volunteer and channel (partner) are given when staff admit a volunteer or approve a channel partner (issue 12) */
/** judge: given when staff register a judge for an activity (issue 13) */
export const ROLES = ['admin', 'editor', 'member', 'volunteer', 'channel', 'judge'] as const;
/** An account's status: only active accounts log in (and keep their sessions). */
export const ACCOUNT_STATUS = { DISABLED: 0, ACTIVE: 1 } as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'admin.access',
  'users.manage',
  'content.edit',
  'sms.outbox.read',
  'registrations.manage',
  'payments.manage',
  // issue 11: tickets, sessions, visitors; and scanning pass codes at a gate
  'tickets.manage',
  'checkin.scan',
  // issue 12: answering consultations and the FAQ, sending system messages, volunteers, channel partners and rebates
  'consult.answer',
  'messages.send',
  'volunteers.manage',
  'channels.manage',
  // issue 13: entering scores (judges), and awards, certificates and judges (staff)
  'scores.enter',
  'awards.manage',
  // issue 14: roles, departments, posts and the staff accounts' roles; the audit trail and login history
  'roles.manage',
  'audit.read',
  // issue 25: webhooks, partner API tokens and the outbox (Admin → Integrations); never limited to activities
  'integrations.manage',
  // issue 37: the privacy queue, retention preview and yearly audit; seeing a child's full ID number or photo (logged)
  'privacy.manage',
  'privacy.childData',
  // issue 36: the one job queue's background jobs — failed ones with their error, and "retry"; never limited to activities
  'jobs.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['admin.access', 'content.edit'],
  member: [],
  volunteer: [],
  channel: [],
  judge: ['scores.enter'],
};

/** Built-in roles cannot be edited or deleted; roles the administrator builds are stored (staff_roles). */
export function isBuiltInRole(code: string): code is Role {
  return (ROLES as readonly string[]).includes(code);
}

/**
 * Button-level permissions of a generic admin resource (issue 14): `<resource>.<action>`. A resource's
 * coarse permission (its definition's read / write) implies all of them; roles the administrator builds
 * grant them one by one.
 */
export const RESOURCE_ACTIONS = ['view', 'create', 'edit', 'delete', 'export'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];
export type ResourcePermission = `${string}.${ResourceAction}`;
export type AnyPermission = Permission | ResourcePermission;

export function resourcePermission(resource: string, action: ResourceAction): ResourcePermission {
  return `${resource}.${action}`;
}

/** Whether a permission list allows an action on a resource: its fine permission or the definition's coarse one. */
export function canResource(permissions: readonly string[], def: { name: string; read: Permission; write: Permission }, action: ResourceAction): boolean {
  const coarse = action === 'view' || action === 'export' ? def.read : def.write;
  return permissions.includes(coarse) || permissions.includes(`${def.name}.${action}`);
}

export function permissionsOf(roles: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r as Role] ?? []) out.add(p);
  return [...out];
}
