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

export function permissionsOf(roles: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r as Role] ?? []) out.add(p);
  return [...out];
}
