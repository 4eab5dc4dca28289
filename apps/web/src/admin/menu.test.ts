import { describe, expect, it } from 'vitest';
import { ACCESS_ITEMS, allItems, LIVE_ITEMS, MONEY_ITEMS, PEOPLE_ITEMS, PRIVACY_ITEMS, REGISTRATION_ITEMS } from './menu';
import { RESOURCES } from './resources/registry';

describe('admin menu', () => {
  const all = allItems();
  it('lists every resource exactly once (one group each)', () => {
    for (const r of RESOURCES)
      expect(
        all.filter((i) => i.key === `r/${r.name}`).map((i) => i.key),
        r.name,
      ).toHaveLength(1);
  });
  it('shows a resource with its own view permission and hides it without', async () => {
    const { visibleItems } = await import('./menu');
    expect(visibleItems(REGISTRATION_ITEMS, ['teams.view']).map((i) => i.key)).toEqual(['r/teams']);
    expect(visibleItems(REGISTRATION_ITEMS, ['teams.edit'])).toEqual([]);
    expect(visibleItems(ACCESS_ITEMS, ['roles.manage']).map((i) => i.key)).toEqual(['roles', 'r/departments', 'r/posts']);
    // integrations (issue 25): its own capability, the whole site's (hidden from a role limited to activities)
    expect(visibleItems(ACCESS_ITEMS, ['integrations.manage']).map((i) => i.key)).toEqual(['integrations']);
    expect(visibleItems(ACCESS_ITEMS, ['integrations.manage'], { 'integrations.manage': [7] })).toEqual([]);
    // privacy (issue 37): its own capability; a role limited to activities sees only the retention preview of them
    expect(visibleItems(PRIVACY_ITEMS, ['privacy.manage']).map((i) => i.key)).toEqual(['privacyRequests', 'retention', 'complianceAudit']);
    expect(visibleItems(PRIVACY_ITEMS, ['privacy.manage'], { 'privacy.manage': [7] }).map((i) => i.key)).toEqual(['retention']);
    expect(visibleItems(PRIVACY_ITEMS, ['registrations.manage'])).toEqual([]);
  });
  it("shows a regional organiser the screens that honour its activities and hides the whole site's (issue 24)", async () => {
    const { visibleItems } = await import('./menu');
    const perms = ['payments.manage', 'registrations.manage', 'checkin.scan', 'messages.send', 'consult.answer'];
    const limited = Object.fromEntries(perms.map((p) => [p, [7]]));
    const money = visibleItems(MONEY_ITEMS, perms, limited).map((i) => i.key);
    // orders, plans and bank accounts carry an activity; payment attempts, the ledger and reconciliation do not
    expect(money).toEqual(['r/orders', 'refunds', 'invoices', 'r/bankAccounts', 'r/plans']);
    expect(visibleItems(MONEY_ITEMS, perms).map((i) => i.key)).toContain('reconciliation');
    expect(visibleItems(REGISTRATION_ITEMS, perms, limited).map((i) => i.key)).toEqual(expect.arrayContaining(['review', 'withdrawals', 'codes', 'r/players']));
    expect(visibleItems(PEOPLE_ITEMS, perms, limited).map((i) => i.key)).toEqual(['consult', 'broadcast']);
    expect(visibleItems(LIVE_ITEMS, perms, limited).map((i) => i.key)).toEqual(['', 'checkin']);
  });
  it('lets the dashboard link only to screens the person can open (issue 24)', async () => {
    const { canOpen } = await import('./menu');
    const regional = { perms: ['admin.access', 'registrations.manage'], scopes: { 'registrations.manage': [7] } };
    expect(canOpen('/admin/review', regional.perms, regional.scopes)).toBe(true);
    expect(canOpen('/admin/r/players?payStatus=3', regional.perms, regional.scopes)).toBe(true);
    expect(canOpen('/admin/r/news?status=1', regional.perms, regional.scopes)).toBe(false);
    expect(canOpen('/admin/r/activities?year=2026', regional.perms, regional.scopes)).toBe(false);
    expect(canOpen('/admin/r/news?status=1', ['admin.access', 'content.edit'])).toBe(true);
  });
  it('has no entry twice', () => {
    const keys = all.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
