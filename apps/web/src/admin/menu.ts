/**
 * Admin menu. The live screens first; the resources of later issues (spec 1's administration list)
 * lead to a placeholder until their resource definitions exist.
 */
export const LIVE_ITEMS = [
  { key: '', labelKey: 'admin:menu.dashboard' },
  { key: 'sms', labelKey: 'admin:menu.smsOutbox' },
  { key: 'users', labelKey: 'admin:menu.users' },
] as const;

export const LATER_ITEMS = [
  { key: 'news', labelKey: 'admin:resources.news' },
  { key: 'programs', labelKey: 'admin:resources.programs' },
  { key: 'activities', labelKey: 'admin:resources.activities' },
  { key: 'tickets', labelKey: 'admin:resources.tickets' },
  { key: 'teams', labelKey: 'admin:resources.teams' },
  { key: 'players', labelKey: 'admin:resources.players' },
  { key: 'orders', labelKey: 'admin:resources.orders' },
  { key: 'invoices', labelKey: 'admin:resources.invoices' },
  { key: 'refunds', labelKey: 'admin:resources.refunds' },
  { key: 'volunteers', labelKey: 'admin:resources.volunteers' },
  { key: 'channels', labelKey: 'admin:resources.channels' },
  { key: 'partners', labelKey: 'admin:resources.partners' },
  { key: 'files', labelKey: 'admin:resources.files' },
  { key: 'feedback', labelKey: 'admin:resources.feedback' },
] as const;

export function laterItem(key: string) {
  return LATER_ITEMS.find((i) => i.key === key);
}
