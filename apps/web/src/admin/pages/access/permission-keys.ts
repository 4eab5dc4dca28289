import type { Permission, ResourceAction } from '@rp/shared/roles';

/** The label of each capability (literal keys: the locale test finds them). */
export const PERMISSION_KEYS: Record<Permission, string> = {
  'admin.access': 'admin:access.perm.adminAccess',
  'users.manage': 'admin:access.perm.usersManage',
  'content.edit': 'admin:access.perm.contentEdit',
  'sms.outbox.read': 'admin:access.perm.smsOutbox',
  'registrations.manage': 'admin:access.perm.registrations',
  'payments.manage': 'admin:access.perm.payments',
  'tickets.manage': 'admin:access.perm.tickets',
  'checkin.scan': 'admin:access.perm.checkin',
  'consult.answer': 'admin:access.perm.consult',
  'messages.send': 'admin:access.perm.messages',
  'volunteers.manage': 'admin:access.perm.volunteers',
  'channels.manage': 'admin:access.perm.channels',
  'scores.enter': 'admin:access.perm.scores',
  'awards.manage': 'admin:access.perm.awards',
  'roles.manage': 'admin:access.perm.roles',
  'audit.read': 'admin:access.perm.audit',
  'integrations.manage': 'admin:access.perm.integrations',
  'privacy.manage': 'admin:access.perm.privacyManage',
  'privacy.childData': 'admin:access.perm.privacyChildData',
  'jobs.manage': 'admin:access.perm.jobs',
};

export const ACTION_KEYS: Record<ResourceAction, string> = {
  view: 'admin:access.action.view',
  create: 'admin:access.action.create',
  edit: 'admin:access.action.edit',
  delete: 'admin:access.action.delete',
  export: 'admin:access.action.export',
};
