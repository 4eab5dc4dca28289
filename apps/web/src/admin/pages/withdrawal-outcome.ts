/**
 * What approving a withdrawal does (codes.service decideWithdrawal + payments refundForWithdrawal), as the
 * confirmation says it before staff approve (issue 24). The player is withdrawn either way and the owner
 * gets a system message; their clothes size goes back to stock.
 * - type 3 (withdraw, keep the code) with a code: the code goes back to the account, unused; no money moves;
 * - type 3 without a code: nothing goes back;
 * - type 2 (withdraw with a refund): the player's code (if any) becomes void; the fee paid through an order goes
 *   back through the way it was paid, by the refund tier of today (spec 9); a fee not paid through an order
 *   (a code given by staff) has no money to send back.
 */
export type WithdrawalOutcome = 'codeBack' | 'nothingBack' | 'refund';

export function withdrawalOutcome(w: { type: number; code: string | null }): WithdrawalOutcome {
  if (w.type === 3) return w.code ? 'codeBack' : 'nothingBack';
  return 'refund';
}

export const WITHDRAWAL_OUTCOME_KEYS = {
  codeBack: 'admin:withdrawal.outcomeCodeBack',
  nothingBack: 'admin:withdrawal.outcomeNothingBack',
  refund: 'admin:withdrawal.outcomeRefund',
} as const;
