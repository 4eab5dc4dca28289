import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { formatDateTime as cellDateTime } from '../admin/resources/cells';
import { appSources } from '../test/sources';

/** Ways of turning a date into text of one's own: each one was a fourth or fifth date format somewhere (issue 34). */
const OWN_FORMATTING = [
  /toLocale(?:Date|Time)?String\(/,
  /Intl\.DateTimeFormat/,
  /\.get(?:FullYear|Month|Date|Hours|Minutes)\(\)/,
  /\.format\(\s*['"`][^'"`]*(?:YYYY|DD|HH|mm)/,
];
/** A day sent to the API as a query value (a date filter), not shown: `x = picked.format('YYYY-MM-DD');`. */
const WIRE_DAY = /=\s*[\w.?[\]]+\.format\('YYYY-MM-DD'\);/;

describe('one date format (issue 34, item 11)', () => {
  afterAll(() => i18n.changeLanguage('zh'));

  it('no component formats a date itself: every date and time goes through lib/format', () => {
    const offenders = appSources()
      .filter((file) => file.path !== join('lib', 'format.ts'))
      .flatMap((file) =>
        file.text
          .split('\n')
          .filter((line) => OWN_FORMATTING.some((re) => re.test(line)) && !WIRE_DAY.test(line))
          .map((line) => `${file.path}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the admin's date-time cells read as the public pages do, in the reader's language and Beijing time", async () => {
    await i18n.changeLanguage('zh');
    expect(cellDateTime('2026-11-28T06:05:00Z')).toBe('2026-11-28 14:05');
    await i18n.changeLanguage('en');
    expect(cellDateTime('2026-11-28T06:05:00Z')).toBe('28 Nov 2026, 14:05');
    expect(cellDateTime(null)).toBe('—');
  });
});
