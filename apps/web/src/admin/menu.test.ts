import { describe, expect, it } from 'vitest';
import { AWARD_ITEMS, CONTENT_ITEMS, LIVE_ITEMS, MONEY_ITEMS, PEOPLE_ITEMS, REGISTRATION_ITEMS, TICKET_ITEMS } from './menu';
import { RESOURCES } from './resources/registry';

describe('admin menu', () => {
  const all = [...LIVE_ITEMS, ...CONTENT_ITEMS, ...REGISTRATION_ITEMS, ...MONEY_ITEMS, ...TICKET_ITEMS, ...PEOPLE_ITEMS, ...AWARD_ITEMS];
  it('lists every resource exactly once (one group each)', () => {
    for (const r of RESOURCES)
      expect(
        all.filter((i) => i.key === `r/${r.name}`).map((i) => i.key),
        r.name,
      ).toHaveLength(1);
  });
  it('has no entry twice', () => {
    const keys = all.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
