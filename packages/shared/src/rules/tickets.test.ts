import { describe, expect, it } from 'vitest';
import { placesLeft, saleState, sessionState, sessionTimeErrors } from './tickets';

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
