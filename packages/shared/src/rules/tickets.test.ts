import { describe, expect, it } from 'vitest';
import {
  gateCode,
  groupShortCode,
  normalizeShortCode,
  placesLeft,
  saleState,
  sessionState,
  sessionTimeErrors,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_PATTERN,
} from './tickets';

const at = (iso: string) => new Date(iso);

describe('session and sale states (spec 4.3)', () => {
  it('a session is not started before its start, started until its end, ended after', () => {
    const s = { startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T12:00:00Z' };
    expect(sessionState(s, at('2026-12-01T08:59:59Z'))).toBe('notStarted');
    expect(sessionState(s, at('2026-12-01T09:00:00Z'))).toBe('started');
    expect(sessionState(s, at('2026-12-01T11:59:59Z'))).toBe('started');
    expect(sessionState(s, at('2026-12-01T12:00:00Z'))).toBe('ended');
  });
  it('a ticket is not yet on sale, on sale, then expired; open ends mean no limit', () => {
    const t = { saleStart: '2026-11-01T00:00:00Z', saleEnd: '2026-11-30T00:00:00Z' };
    expect(saleState(t, at('2026-10-31T23:59:59Z'))).toBe('notOnSale');
    expect(saleState(t, at('2026-11-01T00:00:00Z'))).toBe('onSale');
    expect(saleState(t, at('2026-11-30T00:00:00Z'))).toBe('expired');
    expect(saleState({ saleStart: null, saleEnd: null }, at('2030-01-01T00:00:00Z'))).toBe('onSale');
  });
});

describe('session times (spec 5)', () => {
  it('entry must come before the start, the end after it', () => {
    expect(sessionTimeErrors({ entryTime: '2026-12-01T08:00:00Z', startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T10:00:00Z' })).toEqual({});
    expect(sessionTimeErrors({ entryTime: '2026-12-01T09:00:00Z', startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T10:00:00Z' })).toEqual({
      entryTime: 'ticket.entryBeforeStart',
    });
    expect(sessionTimeErrors({ startTime: '2026-12-01T09:00:00Z', endTime: '2026-12-01T08:00:00Z' })).toEqual({ endTime: 'ticket.endAfterStart' });
  });
  it('maximum 0 means unlimited places', () => {
    expect(placesLeft({ maxPeople: 0, taken: 999 })).toBeNull();
    expect(placesLeft({ maxPeople: 10, taken: 7 })).toBe(3);
    expect(placesLeft({ maxPeople: 10, taken: 12 })).toBe(0);
  });
});

describe("a pass's short code (issue 24)", () => {
  it('the alphabet has no look-alikes and the pattern accepts exactly it', () => {
    expect(SHORT_CODE_ALPHABET).toHaveLength(31);
    for (const c of '01ILO') expect(SHORT_CODE_ALPHABET).not.toContain(c);
    expect(SHORT_CODE_PATTERN.test(SHORT_CODE_ALPHABET.slice(0, 12))).toBe(true);
    expect(SHORT_CODE_PATTERN.test('ABCDEFGHJKMO')).toBe(false);
  });
  it('typed in any case, with spaces, dashes or full-width characters, reads as the stored form; nothing ambiguous is mapped', () => {
    expect(normalizeShortCode(' abcd efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(normalizeShortCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normalizeShortCode('ａｂｃｄ\u3000ＥＦＧＨ－ｊｋｍｎ')).toBe('ABCDEFGHJKMN');
    expect(normalizeShortCode('0o1l')).toBe('0O1L');
  });
  it('prints in groups of four', () => {
    expect(groupShortCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
    expect(groupShortCode('')).toBe('');
  });
  it("the gate keeps the QR's long codes as they are and normalizes a short one", () => {
    const pass = 'P' + 'aB_-'.repeat(5) + 'xy';
    expect(gateCode(` ${pass} `)).toEqual({ kind: 'pass', code: pass });
    expect(gateCode('G' + 'z'.repeat(22))).toEqual({ kind: 'group', code: 'G' + 'z'.repeat(22) });
    expect(gateCode('abcd efgh jkmn')).toEqual({ kind: 'short', code: 'ABCDEFGHJKMN' });
    expect(gateCode('abcd efgh jkmo')).toBeNull();
    expect(gateCode('hello')).toBeNull();
  });
});
