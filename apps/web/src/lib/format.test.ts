import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, formatFileSize, formatYear, formatPrice, htmlToText, isoDay, parseId, parsePage } from './format';

describe('formatPrice (integer fen → ¥ with 2 decimals)', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [99, '¥0.99'],
    [98000, '¥980.00'],
    [268000, '¥2,680.00'],
    [123456789, '¥1,234,567.89'],
    [-150, '-¥1.50'],
  ])('%i fen → %s', (fen, text) => expect(formatPrice(fen)).toBe(text));

  it('never shows float noise and ignores non-numbers', () => {
    expect(formatPrice(1999)).toBe('¥19.99');
    expect(formatPrice(Number.NaN)).toBe('');
  });
});

describe('dates in the organisers’ time zone', () => {
  it('formats a day in both languages, the same for every visitor', () => {
    expect(formatDate('2027-01-21T00:00:00.000Z', 'en')).toBe('21 Jan 2027');
    expect(formatDate('2027-01-21T00:00:00.000Z', 'zh')).toBe('2027-01-21');
    // 20:00 UTC is already the next day in Shanghai
    expect(formatDate('2027-01-21T20:00:00.000Z', 'en')).toBe('22 Jan 2027');
    expect(isoDay('2027-01-21T20:00:00.000Z')).toBe('2027-01-22');
  });

  it('formats ranges, one date for a one-day range, nothing for missing values', () => {
    expect(formatDateRange('2027-01-21T00:00:00Z', '2027-01-23T00:00:00Z', 'en')).toBe('21 Jan 2027 – 23 Jan 2027');
    expect(formatDateRange('2027-01-21T00:00:00Z', '2027-01-21T09:00:00Z', 'en')).toBe('21 Jan 2027');
    expect(formatDateRange(null, '2027-01-21T00:00:00Z', 'en')).toBe('21 Jan 2027');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime('2027-01-21T01:30:00Z', 'en')).toBe('21 Jan 2027, 09:30');
  });

  it('has one date and one date-time form per language (issue 34): zh 2027-01-21 09:30, en 21 Jan 2027, 09:30, Beijing time', () => {
    expect(formatDateTime('2027-01-21T01:30:00Z', 'zh')).toBe('2027-01-21 09:30');
    expect(formatDateTime('2027-01-21T01:30:00Z', 'en')).toBe('21 Jan 2027, 09:30');
    // midnight in Beijing is 00:05, never 24:05; an afternoon is on the 24-hour clock
    expect(formatDateTime('2026-11-27T16:05:00Z', 'zh')).toBe('2026-11-28 00:05');
    expect(formatDateTime('2026-11-28T06:05:00Z', 'en')).toBe('28 Nov 2026, 14:05');
    expect(formatDate('2026-11-28T06:05:00Z', 'zh')).toBe('2026-11-28');
    expect(formatDate('2026-11-28T06:05:00Z', 'en')).toBe('28 Nov 2026');
    // a calendar day (a birth date) is that day in both languages
    expect(formatDate('2013-09-05', 'zh')).toBe('2013-09-05');
    expect(formatDate('2013-09-05', 'en')).toBe('5 Sep 2013');
    expect(formatDateTime(undefined, 'zh')).toBe('');
    expect(formatYear(new Date('2026-12-31T16:30:00Z'))).toBe('2027');
  });
});

describe('parsing query values', () => {
  it('accepts only positive integer ids', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '12abc', '99999999999']) expect(parseId(bad)).toBeNull();
  });

  it('defaults the page to 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });
});

describe('text helpers', () => {
  it('turns rich text into a short plain description', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b> &amp; friends</p>')).toBe('Hello world & friends');
    expect(htmlToText(`<p>${'a'.repeat(300)}</p>`, 10)).toBe('aaaaaaaaa…');
  });

  it('formats file sizes', () => {
    expect(formatFileSize(593)).toBe('593 B');
    expect(formatFileSize(12_700)).toBe('12.4 KB');
    expect(formatFileSize(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});
