import { describe, expect, it } from 'vitest';
import { withdrawalOutcome } from './withdrawal-outcome';

describe('what approving a withdrawal does (the confirmation, issue 24)', () => {
  it('gives the code back for a type 3 with a code, nothing without one, refunds a type 2', () => {
    expect(withdrawalOutcome({ type: 3, code: 'ABC123' })).toBe('codeBack');
    expect(withdrawalOutcome({ type: 3, code: null })).toBe('nothingBack');
    expect(withdrawalOutcome({ type: 2, code: 'ABC123' })).toBe('refund');
    expect(withdrawalOutcome({ type: 2, code: null })).toBe('refund');
  });
});
