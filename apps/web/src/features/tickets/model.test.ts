import { describe, expect, it } from 'vitest';
import { normalizeShortCode } from '@rp/shared/rules/tickets';
import { blocked, maxVisitors, passLines, printedCode, resize } from './model';

const ticket = (over = {}) => ({
  id: 1,
  name: 'T',
  type: 1,
  priceFen: 100,
  maxPeople: 5,
  saleStart: null,
  saleEnd: null,
  saleState: 'onSale' as const,
  ...over,
});

describe('ticket screen rules', () => {
  it('an order carries at most the ticket maximum and the places left (unlimited: the maximum)', () => {
    expect(maxVisitors(ticket(), { placesLeft: 3 })).toBe(3);
    expect(maxVisitors(ticket(), { placesLeft: 30 })).toBe(5);
    expect(maxVisitors(ticket(), { placesLeft: null })).toBe(5);
    expect(maxVisitors(ticket(), { placesLeft: 0 })).toBe(0);
  });
  it('says why a ticket cannot be bought', () => {
    const open = { signupOpen: true };
    expect(blocked(ticket(), { placesLeft: 2, state: 'notStarted', ...open })).toBeNull();
    expect(blocked(ticket(), { placesLeft: 0, state: 'notStarted', ...open })).toBe('full');
    expect(blocked(ticket({ saleState: 'expired' }), { placesLeft: 2, state: 'notStarted', ...open })).toBe('expired');
    expect(blocked(ticket({ saleState: 'notOnSale' }), { placesLeft: 2, state: 'notStarted', ...open })).toBe('notOnSale');
    expect(blocked(ticket(), { placesLeft: 2, state: 'ended', ...open })).toBe('ended');
    // audience sign-up off (issue 34): closed before anything else, a full session included
    expect(blocked(ticket(), { placesLeft: 0, state: 'notStarted', signupOpen: false })).toBe('closed');
  });
  it('keeps what was typed when the number of visitors changes', () => {
    expect(resize([{ a: 1 }, { a: 2 }], 3, () => ({ a: 0 }))).toEqual([{ a: 1 }, { a: 2 }, { a: 0 }]);
    expect(resize([{ a: 1 }, { a: 2 }], 1, () => ({ a: 0 }))).toEqual([{ a: 1 }]);
  });
});

describe("a pass's printed code (issue 24)", () => {
  it('prints the short code in groups of four, and what the gate reads back is the same code', () => {
    expect(printedCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
    expect(printedCode(null)).toBeNull();
    expect(normalizeShortCode(printedCode('ABCDEFGHJKMN')!.toLowerCase().replaceAll('-', ' '))).toBe('ABCDEFGHJKMN');
  });
  it('the downloaded picture names the event, the visitor, the session, the date and the place', () => {
    const v = { activityName: 'RoboCup Jr', name: 'Li Ming', ticketName: 'Adult', sessionName: 'Morning', area: 'Hall A' };
    expect(passLines(v, '2026-12-01 09:00')).toEqual(['RoboCup Jr', 'Li Ming', 'Adult · Morning', '2026-12-01 09:00', 'Hall A']);
    expect(passLines({ ...v, area: '', ticketName: '' }, '2026-12-01 09:00')).toEqual(['RoboCup Jr', 'Li Ming', 'Morning', '2026-12-01 09:00']);
  });
});
