import { SCORE_MAX, SCORE_MIN } from '@rp/shared/rules/scores';

/** Pure rules of the judge's score box (tested in judge-model.test.ts): the same range and decimals the server keeps. */
export const SCORE_RANGE = { min: SCORE_MIN, max: SCORE_MAX } as const;

/** Why a typed score cannot be sent, or null: outside the range (never clamped: 150 is not 100) or more than two decimals. */
export function scoreProblem(value: number | null | undefined): 'range' | 'decimals' | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  if (value < SCORE_MIN || value > SCORE_MAX) return 'range';
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return 'decimals';
  return null;
}
