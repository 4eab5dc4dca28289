import { describe, expect, it } from 'vitest';
import { callingCodes, checkPhone, isMainlandPhone, isValidPhone, maskPhone, regionName, regionOfCallingCode } from './phone';

describe('mainland phone pattern (11 digits, 1 then 3–9)', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['15000000000', true],
    ['12800138000', false],
    ['10800138000', false],
    ['23800138000', false],
    ['1380013800', false],
    ['138001380000', false],
    ['1380013800x', false],
    [' 13800138000', false],
  ])('%s → %s', (v, ok) => expect(isMainlandPhone(v)).toBe(ok));
  it('masks the middle', () => expect(maskPhone('13800138000')).toBe('138****8000'));
});

describe('a contact phone checked by its country code', () => {
  it.each([
    // 86: the spec's mainland rule, nothing else
    ['86', '13800138000', true],
    ['+86', '138 0013 8000', true],
    ['86', '12800138000', false],
    ['86', '91234567', false],
    ['86', '02112345678', false],
    // Hong Kong, Macao, Taiwan
    ['852', '91234567', true],
    ['852', '9123 4567', true],
    ['852', '+852 91234567', true],
    ['852', '1234', false],
    ['852', '13800138000', false],
    ['853', '66123456', true],
    ['853', '6612345', false],
    ['886', '912345678', true],
    ['886', '91234567890', false],
    // North America, United Kingdom, Singapore
    ['1', '2025550123', true],
    ['1', '415-555-2671', true],
    ['1', '1234567', false],
    ['44', '7400123456', true],
    ['44', '740012', false],
    ['65', '81234567', true],
    ['65', '1234567', false],
    // nonsense
    ['852', 'abcdefgh', false],
    ['852', '', false],
  ])('+%s %s → %s', (code, number, ok) => expect(isValidPhone(code, number)).toBe(ok));

  it('says what is wrong, naming the country', () => {
    expect(checkPhone('86', '91234567')).toEqual({ kind: 'mainland' });
    expect(checkPhone('852', '1234')).toEqual({ kind: 'invalid', code: '852', region: 'HK' });
    expect(checkPhone('999', '12345678')).toEqual({ kind: 'unknownCode', code: '999' });
    expect(checkPhone('', '13800138000')).toBeNull();
  });

  it('maps calling codes to regions and names them in both languages', () => {
    expect(regionOfCallingCode('852')).toBe('HK');
    expect(regionOfCallingCode('+1')).toBe('US');
    expect(regionOfCallingCode('44')).toBe('GB');
    expect(regionOfCallingCode('999')).toBeNull();
    expect(regionName('HK', 'en')).toMatch(/Hong Kong/);
    expect(regionName('HK', 'zh')).toMatch(/香港/);
  });

  it('lists every calling code once, its main region first', () => {
    const list = callingCodes();
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list.find((c) => c.code === '852')?.regions).toEqual(['HK']);
    expect(list.find((c) => c.code === '1')?.regions.slice(0, 1)).toEqual(['US']);
    expect(list.find((c) => c.code === '1')?.regions).toContain('CA');
  });
});
