import { describe, expect, it } from 'vitest';
import { ageOn, birthFromIdCard, genderFromIdCard, idCardCheckChar, idCardProblem, isValidIdCard, maskCard, parseBirth, withIdCheckChar } from './id-card';

describe('ID card (spec 5)', () => {
  it.each([
    ['11010520100307123X', 20100307],
    ['11010520100307123x', 20100307],
    ['110105201003071234', 20100307],
    ['110105100307123', 19100307], // 15 digits: yymmdd in 19xx
  ])('%s → birth %i', (card, birth) => expect(birthFromIdCard(card)).toBe(birth));

  it.each([
    '1101052010030712', // 16
    '1101052010030712345', // 19
    '11010520100307123Y',
    '1101052010030712X4', // X not last
    '110105201013071234', // month 13
    '110105201002301234', // 30 February
    '',
    '１１０１０５２０１００３０７１２３４', // full-width digits
  ])('%s is not a valid ID number', (card) => expect(isValidIdCard(card)).toBe(false));

  it('reads gender from the sequence digit', () => {
    expect(genderFromIdCard('110105201003071234')).toBe('M'); // 3 odd
    expect(genderFromIdCard('110105201003071244')).toBe('F'); // 4 even
    expect(genderFromIdCard('110105100307124')).toBe('F');
  });

  it('parses passport birth dates to yyyymmdd', () => {
    expect(parseBirth('2012-05-31')).toBe(20120531);
    expect(parseBirth('20120531')).toBe(20120531);
    expect(parseBirth('2012-02-30')).toBeNull();
    expect(parseBirth('12-05-31')).toBeNull();
  });

  it('computes whole years', () => {
    expect(ageOn(20100307, new Date(Date.UTC(2026, 2, 6)))).toBe(15);
    expect(ageOn(20100307, new Date(Date.UTC(2026, 2, 7)))).toBe(16);
  });

  it('masks all but the first 3 and last 4', () => {
    expect(maskCard('110105201003071234')).toBe('110***********1234');
    expect(maskCard('E1234567')).toBe('E12*4567');
  });

  describe('GB 11643-1999 check digit (ISO 7064 MOD 11-2)', () => {
    it.each([
      ['11010519491231002X', null], // the standard's own example: check X
      ['11010519491231002x', null], // lowercase x accepted
      ['110105201003071239', null],
      ['110105201203151233', null],
      ['440524188001010014', null],
      ['110105100307123', null], // 15 digits: no check digit
      ['110105201003071234', 'checkDigit'], // should end in 9
      ['11010520100307123X', 'checkDigit'],
      ['110105194912310021', 'checkDigit'], // should end in X
      ['110105201013071237', 'format'], // month 13 stays a format problem
      ['12345', 'format'],
      ['', 'format'],
    ] as const)('%s → %s', (card, problem) => {
      expect(idCardProblem(card)).toBe(problem);
      expect(isValidIdCard(card)).toBe(problem === null);
    });

    it('computes the check character and completes numbers with it', () => {
      expect(idCardCheckChar('11010519491231002')).toBe('X');
      expect(idCardCheckChar('11010520100307123')).toBe('9');
      expect(withIdCheckChar('11010520120315123')).toBe('110105201203151233');
    });
  });
});
