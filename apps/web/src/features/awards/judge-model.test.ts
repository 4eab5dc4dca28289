import { describe, expect, it } from 'vitest';
import { scoreProblem, SCORE_RANGE } from './judge-model';

describe('the judge’s score box (issue 24)', () => {
  it('refuses 150 and −1 instead of turning them into the nearest bound', () => {
    expect(SCORE_RANGE).toEqual({ min: 0, max: 100 });
    expect(scoreProblem(150)).toBe('range');
    expect(scoreProblem(-1)).toBe('range');
    expect(scoreProblem(100.01)).toBe('range');
  });
  it('takes the bounds and two decimals; three decimals are refused; nothing typed is no problem yet', () => {
    expect(scoreProblem(0)).toBeNull();
    expect(scoreProblem(100)).toBeNull();
    expect(scoreProblem(87.25)).toBeNull();
    expect(scoreProblem(12.345)).toBe('decimals');
    expect(scoreProblem(null)).toBeNull();
  });
});
