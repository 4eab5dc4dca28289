import { describe, expect, it } from 'vitest';
import { isMainlandPhone, maskPhone } from './phone';

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
