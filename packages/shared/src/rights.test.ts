import { describe, expect, it } from 'vitest';
import { CONSENT_AGE, isChild } from './rights';

/** The one rule of who is a child (issue 37): guardian consent, minimum access and the yearly audit all read it. */
describe('isChild', () => {
  // 2026-06-15 12:00 China time; 04:00 UTC
  const at = new Date(Date.UTC(2026, 5, 15, 4));
  it.each([
    ['born 9 years before', 20170615, true],
    ['14 tomorrow', 20120616, true],
    ['14 today', 20120615, false],
    ['14 yesterday', 20120614, false],
    ['an adult', 19800101, false],
    ['a baby born today', 20260615, true],
    ['no birth date (a passport without one)', null, true],
    ['no birth date (undefined)', undefined, true],
    ['zero', 0, true],
    ['cut to the year (anonymised): 2000', 20000000, true],
    ['cut to the year (anonymised): 2020', 20200000, true],
  ] as const)('%s → %s', (_, birth, child) => {
    expect(isChild(birth, at)).toBe(child);
  });

  it('counts the day in China time: 16:30 UTC on the eve is already the 14th birthday in China', () => {
    // 2026-06-14 16:30 UTC = 2026-06-15 00:30 in China
    const late = new Date(Date.UTC(2026, 5, 14, 16, 30));
    expect(isChild(20120615, late)).toBe(false);
    expect(isChild(20120615, new Date(Date.UTC(2026, 5, 14, 15, 30)))).toBe(true);
  });

  it('the age is 14', () => {
    expect(CONSENT_AGE).toBe(14);
  });
});
