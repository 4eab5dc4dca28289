import { scopeFieldOf, type Permission } from '@rp/shared';
import {
  RESOURCES,
  isAccessResource,
  isAwardResource,
  isContentResource,
  isMoneyResource,
  isPeopleResource,
  isRegistrationResource,
  isTicketResource,
} from './resources/registry';

/**
 * Admin menu. The live screens first (each shown only with its permission), then every content
 * resource definition (list at /admin/r/<name>, shown with the definition's read permission), then
 * the resources of later issues (spec 1's administration list), which lead to a placeholder.
 */
export interface MenuItem {
  key: string;
  labelKey: string;
  permission?: Permission;
  /** a generic resource's entry: also shown with the resource's own view permission (roles built from actions) */
  resource?: string;
  /**
   * the screen honours a data scope (issue 24): shown to a person whose permission reaches only some activities.
   * Without it the entry is shown only to those whose permission reaches every activity (the server refuses the others).
   */
  scoped?: boolean;
}

export const LIVE_ITEMS: readonly MenuItem[] = [
  { key: '', labelKey: 'admin:menu.dashboard' },
  { key: 'sms', labelKey: 'admin:menu.smsOutbox', permission: 'sms.outbox.read' },
  { key: 'users', labelKey: 'admin:menu.users', permission: 'users.manage' },
  { key: 'checkin', labelKey: 'admin:menu.checkin', permission: 'checkin.scan', scoped: true },
];

// every other area has its own group: a resource appears once in the menu
export const CONTENT_ITEMS: readonly MenuItem[] = RESOURCES.filter((r) => isContentResource(r.name)).map((r) => ({
  key: `r/${r.name}`,
  labelKey: r.labelKey,
  permission: r.read,
  resource: r.name,
  scoped: scopeFieldOf(r) !== null,
}));

/** Registration administration: review, withdrawals, code generation, then the registration resources. */
export const REGISTRATION_ITEMS: readonly MenuItem[] = [
  { key: 'review', labelKey: 'admin:menu.review', permission: 'registrations.manage', scoped: true },
  { key: 'withdrawals', labelKey: 'admin:menu.withdrawals', permission: 'registrations.manage', scoped: true },
  { key: 'codes', labelKey: 'admin:menu.codes', permission: 'registrations.manage', scoped: true },
  ...RESOURCES.filter((r) => isRegistrationResource(r.name)).map((r) => ({
    key: `r/${r.name}`,
    labelKey: r.labelKey,
    permission: r.read,
    resource: r.name,
    scoped: scopeFieldOf(r) !== null,
  })),
];

/** The menu entry of a resource of one group (the group's test keeps a resource from landing in another). */
const resourceItem =
  (inGroup: (name: string) => boolean) =>
  (name: string): MenuItem => {
    const def = RESOURCES.find((r) => r.name === name && inGroup(r.name))!;
    return { key: `r/${def.name}`, labelKey: def.labelKey, permission: def.read, resource: def.name, scoped: scopeFieldOf(def) !== null };
  };
const moneyResource = resourceItem(isMoneyResource);
const ticketResource = resourceItem(isTicketResource);
const peopleResource = resourceItem(isPeopleResource);
const awardResource = resourceItem(isAwardResource);
const accessResource = resourceItem(isAccessResource);

/** Money (issue 10): orders, refunds, invoices, payment attempts and the ledger, bank accounts, reconciliation. */
export const MONEY_ITEMS: readonly MenuItem[] = [
  moneyResource('orders'),
  { key: 'refunds', labelKey: 'admin:resources.refunds', permission: 'payments.manage', scoped: true },
  { key: 'invoices', labelKey: 'admin:resources.invoices', permission: 'payments.manage', scoped: true },
  moneyResource('payments'),
  moneyResource('ledger'),
  moneyResource('bankAccounts'),
  moneyResource('plans'),
  { key: 'reconciliation', labelKey: 'admin:menu.reconciliation', permission: 'payments.manage' },
];

/**
 * Tickets (issue 11): sessions (workshops are the sessions of kind "workshop", the same list
 * filtered), tickets, the audience, online match slots, the check-in log; the gate page is a live item.
 */
export const TICKET_ITEMS: readonly MenuItem[] = [
  ticketResource('sessions'),
  { key: 'r/sessions?kind=workshop', labelKey: 'admin:menu.workshops', permission: 'tickets.manage', scoped: true },
  ticketResource('tickets'),
  ticketResource('visitors'),
  ticketResource('onlineSlots'),
  ticketResource('checkins'),
];

/** People and service (issue 12): the consultation inbox and its FAQ, system messages, volunteers, channel partners. */
export const PEOPLE_ITEMS: readonly MenuItem[] = [
  { key: 'consult', labelKey: 'admin:menu.consult', permission: 'consult.answer', scoped: true },
  peopleResource('faqs'),
  { key: 'broadcast', labelKey: 'admin:menu.broadcast', permission: 'messages.send', scoped: true },
  peopleResource('feedback'),
  peopleResource('volunteers'),
  peopleResource('volunteerPositions'),
  { key: 'channels', labelKey: 'admin:menu.channels', permission: 'channels.manage' },
  peopleResource('channelApplications'),
  peopleResource('channels'),
  peopleResource('rebates'),
  peopleResource('rebateWithdrawals'),
];

/** Awards (issue 13): judges and results, the award list, certificates (grant, issued, batch download), templates. */
export const AWARD_ITEMS: readonly MenuItem[] = [
  { key: 'judging', labelKey: 'admin:menu.judging', permission: 'awards.manage', scoped: true },
  awardResource('awards'),
  { key: 'certificates', labelKey: 'admin:menu.certificates', permission: 'awards.manage', scoped: true },
  { key: 'awardTemplates', labelKey: 'admin:menu.awardTemplates', permission: 'awards.manage', scoped: true },
];

/** Access (issue 14): roles and their data scope, departments and posts, the audit trail (staff accounts are a live item); integrations (issue 25). */
export const ACCESS_ITEMS: readonly MenuItem[] = [
  { key: 'roles', labelKey: 'admin:menu.roles', permission: 'roles.manage' },
  accessResource('departments'),
  accessResource('posts'),
  { key: 'audit', labelKey: 'admin:menu.audit', permission: 'audit.read' },
  { key: 'integrations', labelKey: 'admin:menu.integrations', permission: 'integrations.manage' },
  // the one job queue's failed jobs and retry (issue 36)
  { key: 'jobs', labelKey: 'admin:menu.jobs', permission: 'jobs.manage' },
];

/**
 * Privacy (issue 37): people's requests with their legal deadline and the yearly compliance audit (the whole site's),
 * the retention preview (limited to the activities a role reaches).
 */
export const PRIVACY_ITEMS: readonly MenuItem[] = [
  { key: 'privacyRequests', labelKey: 'admin:menu.privacyRequests', permission: 'privacy.manage' },
  { key: 'retention', labelKey: 'admin:menu.retention', permission: 'privacy.manage', scoped: true },
  { key: 'complianceAudit', labelKey: 'admin:menu.complianceAudit', permission: 'privacy.manage' },
];

/** Resources of later issues (a placeholder page each): none left since issue 14. */
export const LATER_ITEMS: readonly { key: string; labelKey: string }[] = [];

export function laterItem(key: string) {
  return LATER_ITEMS.find((i) => i.key === key);
}

/**
 * The menu entries a user may see: the admin menu is built from what the person may do. `scopes` (the session's:
 * permission → the only activities it reaches) hides the screens that are the whole site's from a person whose
 * permission reaches only some activities (issue 24).
 */
export function visibleItems(items: readonly MenuItem[], permissions: readonly string[], scopes: Readonly<Record<string, readonly number[]>> = {}): MenuItem[] {
  return items.filter((i) => {
    if (!i.permission) return true;
    const via = [i.permission, i.resource !== undefined ? `${i.resource}.view` : null].filter((p): p is string => !!p && permissions.includes(p));
    return via.some((p) => !scopes[p] || i.scoped);
  });
}

/** Every menu entry of every group. */
export function allItems(): MenuItem[] {
  return [
    ...LIVE_ITEMS,
    ...CONTENT_ITEMS,
    ...REGISTRATION_ITEMS,
    ...MONEY_ITEMS,
    ...TICKET_ITEMS,
    ...PEOPLE_ITEMS,
    ...AWARD_ITEMS,
    ...ACCESS_ITEMS,
    ...PRIVACY_ITEMS,
  ];
}

/**
 * Whether an admin address (e.g. `/admin/r/news?status=1`, `/admin/review`) leads to a screen the person may open:
 * the dashboard's counts link only there (issue 24: no link that answers 403).
 */
export function canOpen(to: string, permissions: readonly string[], scopes: Readonly<Record<string, readonly number[]>> = {}): boolean {
  const key = to.replace(/^\/admin\/?/, '').replace(/\?.*$/, '');
  return (
    visibleItems(
      allItems().filter((i) => i.key === key),
      permissions,
      scopes,
    ).length > 0
  );
}
