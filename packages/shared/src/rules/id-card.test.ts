import { describe, expect, it } from 'vitest';
import { ageOn, birthFromIdCard, genderFromIdCard, isValidIdCard, maskCard, parseBirth } from './id-card';

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
});
