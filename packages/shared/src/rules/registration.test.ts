import { describe, expect, it } from 'vitest';
import {
  checkPlayerForProgram,
  codeEntryClosed,
  codeFitsProgram,
  feePayable,
  isCodeLocked,
  isDetailsLocked,
  isFree,
  isGone,
  isRegistered,
  nextPayStatus,
  PAY_STATUS,
  payReleasedStatus,
  payStatusColor,
  refundFen,
  refundPerMille,
} from './registration';

describe('payStatus machine (design §4)', () => {
  it.each([
    [0, 'redeem', 3],
    [3, 'redeem', null], // spec 4.1: a player at 3 or 9 cannot receive a code
    [9, 'redeem', null],
    [7, 'redeem', 3], // spec 4.1: code entry at 7 is closed only in level-2 activities (codeEntryClosed)
    [0, 'submit', 7],
    [8, 'submit', 7], // fix and resubmit
    [7, 'submit', null], // already submitted
    [3, 'submit', null],
    [9, 'submit', null],
    [7, 'pass', 9],
    [7, 'fail', 8],
    [0, 'pass', null],
    [3, 'withdraw', 4],
    [9, 'withdraw', 4],
    [0, 'withdraw', null],
    [4, 'approveWithdraw', 5],
    [3, 'approveWithdraw', null],
    [5, 'cancel', null],
  ] as const)('%i --%s--> %s', (from, ev, to) => expect(nextPayStatus(from, ev)).toBe(to));

  it('fees: with review only a passed player (9) may be paid for; a failed one (8) waits for a new review (issue 34)', () => {
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(all.filter((s) => feePayable(s, true))).toEqual([9]);
    expect(all.filter((s) => feePayable(s, false))).toEqual([0, 1, 8]);
    // an order that closes unpaid gives a passed player back as passed, so she still may pay
    expect(payReleasedStatus(true)).toBe(9);
    expect(payReleasedStatus(false)).toBe(1);
    expect([nextPayStatus(9, 'payStart'), nextPayStatus(2, 'pay'), nextPayStatus(9, 'pay')]).toEqual([2, 3, 3]);
  });

  it('colours names red for 0/7 and green for 3/9', () => {
    expect([0, 7, 3, 9, 4].map(payStatusColor)).toEqual(['red', 'red', 'green', 'green', 'default']);
  });
});

describe('code types', () => {
  it.each([
    [0, 0, true],
    [0, 1, true],
    [10, 0, true],
    [10, 1, false],
    [20, 1, true],
    [20, 0, false],
  ])('code type %i for program type %i → %s', (c, p, ok) => expect(codeFitsProgram(c, p)).toBe(ok));
});

describe('refund tiers by whole days before the event', () => {
  it.each([
    [45, 994],
    [30, 994],
    [29, 500],
    [20, 500],
    [19, 300],
    [10, 300],
    [9, 0],
    [0, 0],
    [-3, 0],
  ])('%i days → %i‰', (d, pm) => expect(refundPerMille(d)).toBe(pm));

  it('computes integer fen, rounding down', () => {
    const begin = new Date('2026-12-31T00:00:00Z');
    expect(refundFen(98000, begin, new Date('2026-11-01T00:00:00Z'))).toEqual({ perMille: 994, fen: 97412 });
    expect(refundFen(99999, begin, new Date('2026-12-10T00:00:00Z'))).toEqual({ perMille: 500, fen: 49999 });
  });
});

describe('player against program', () => {
  const day = new Date(Date.UTC(2026, 6, 1));
  it('refuses players older than the maximum age and boys in a girls-only event', () => {
    expect(checkPlayerForProgram({ birth: 20000101, gender: 'M' }, { minAge: 6, maxAge: 18, gender: 'F' }, day)).toEqual(['reg.tooOld', 'reg.genderMismatch']);
    expect(checkPlayerForProgram({ birth: 20120101, gender: 'F' }, { minAge: 6, maxAge: 18, gender: 'F' }, day)).toEqual([]);
    expect(checkPlayerForProgram({ birth: 20230101, gender: 'F' }, { minAge: 6, maxAge: 18, gender: null }, day)).toEqual(['reg.tooYoung']);
  });
  it('counts the age on the event day: 18 until the birthday is passed', () => {
    expect(checkPlayerForProgram({ birth: 20080702, gender: null }, { minAge: null, maxAge: 17, gender: null }, day)).toEqual([]);
    expect(checkPlayerForProgram({ birth: 20080701, gender: null }, { minAge: null, maxAge: 17, gender: null }, day)).toEqual(['reg.tooOld']);
  });
});

describe('payStatus groups', () => {
  const all = Object.values(PAY_STATUS);
  const which = (f: (s: number) => boolean) => all.filter(f);
  it('names the sets the rules and screens use', () => {
    expect(which(isRegistered)).toEqual([3, 9]);
    expect(which(isFree)).toEqual([0, 6, 8]);
    expect(which(isDetailsLocked)).toEqual([3, 4, 5, 9]);
    expect(which(isCodeLocked)).toEqual([3, 4, 5, 7, 9]);
    expect(which(isGone)).toEqual([5, 6]);
  });
  it('agrees with the transitions: only free players can be submitted or start paying, but for one passed by review', () => {
    for (const s of all) {
      if (nextPayStatus(s, 'submit') !== null) expect(isCodeLocked(s), String(s)).toBe(false);
      // a player passed by review (9) pays her fee (9 → 2 → 3) though no code may be redeemed for her any more
      if (nextPayStatus(s, 'payStart') !== null) expect(isCodeLocked(s) ? s : 'free', String(s)).toBe(s === 9 ? 9 : 'free');
      if (nextPayStatus(s, 'withdraw') !== null) expect(isRegistered(s), String(s)).toBe(true);
    }
  });
});

describe('code entry (spec 4.1)', () => {
  it('is closed at 7 only in level-2 activities, and for a team under review there', () => {
    expect(codeEntryClosed(7, 2)).toBe(true);
    expect(codeEntryClosed(7, 1)).toBe(false);
    expect(codeEntryClosed(0, 2, 7)).toBe(true);
    expect(codeEntryClosed(0, 1, 7)).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((s) => codeEntryClosed(s, 1))).toEqual([3, 4, 5, 9]);
  });
});
