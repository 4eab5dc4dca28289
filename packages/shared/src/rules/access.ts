import { PERMISSIONS, RESOURCE_ACTIONS, type ResourceAction } from '../roles';
import type { ResourceDef } from '../resources/types';

/**
 * Data scope (issue 14): which field of a resource names its activity. The activities list itself is
 * scoped by its id; a resource with an `activityId` field by that field; one with a session (`sessionId`, a ref to
 * sessions: the audience, the check-in log — issue 34) by its session's activity; the others have no activity
 * and cannot be limited to activities.
 */
export function scopeFieldOf(def: Pick<ResourceDef, 'name' | 'fields'>): 'id' | 'activityId' | 'sessionId' | null {
  if (def.name === 'activities') return 'id';
  if (def.fields.some((f) => f.name === 'activityId')) return 'activityId';
  return def.fields.some((f) => f.name === 'sessionId' && f.kind === 'ref' && f.ref === 'sessions') ? 'sessionId' : null;
}

/**
 * Capabilities (not per-resource) whose screens honour a data scope (issue 24): entering /admin and the dashboard,
 * review, withdrawals, codes, orders, refunds and invoices, tickets and the gate, judging, awards and certificates,
 * consultation and messages to an activity's registrants. A person holding one only through roles limited to some
 * activities sees and acts only within them; what is the whole site's (reconciliation, the notice switches, a message
 * to everyone, the FAQ) is refused.
 */
export const SCOPE_AWARE_CAPABILITIES: readonly string[] = [
  'admin.access',
  'registrations.manage',
  'payments.manage',
  'tickets.manage',
  'checkin.scan',
  'awards.manage',
  'consult.answer',
  'messages.send',
  'privacy.childData',
];

export type PermissionCheck = { ok: true } | { ok: false; reason: 'unknown' | 'notScopable' };

/**
 * Whether a role may hold `permission`: it must be a known capability or `<resource>.<action>` of a
 * known resource; a role limited to activities may hold only permissions whose data carries an activity.
 */
export function checkRolePermission(permission: string, resources: readonly Pick<ResourceDef, 'name' | 'fields'>[], scoped: boolean): PermissionCheck {
  if ((PERMISSIONS as readonly string[]).includes(permission)) {
    return !scoped || SCOPE_AWARE_CAPABILITIES.includes(permission) ? { ok: true } : { ok: false, reason: 'notScopable' };
  }
  const dot = permission.lastIndexOf('.');
  const name = permission.slice(0, dot);
  const action = permission.slice(dot + 1) as ResourceAction;
  const def = resources.find((r) => r.name === name);
  if (dot < 1 || !def || !RESOURCE_ACTIONS.includes(action)) return { ok: false, reason: 'unknown' };
  return !scoped || scopeFieldOf(def) ? { ok: true } : { ok: false, reason: 'notScopable' };
}

/** Resources whose rows belong to an account: their lists offer "message the owners" (issue 14 bulk actions). */
export const MESSAGE_RESOURCES: readonly string[] = [
  'teams',
  'players',
  'leaders',
  'volunteers',
  'channelApplications',
  'orders',
  'visitors',
  'feedback',
  'teamMemberAudits',
  'rebateWithdrawals',
];
