import type { AppDeps, Tx } from '../../deps';

/**
 * How an approved withdrawal's money goes back (issue 25). Registration sits below payments and does not
 * import it: payments registers this extension point from its index (registerWithdrawalRefunds), and
 * decideWithdrawal calls it — inside the approval's transaction to record the refund due, after the commit
 * to send it.
 */
export interface WithdrawalRefunds {
  /** The refund due for a withdrawn player paid through an order (its amount), or null when none was. */
  record(tx: Tx, input: { memberId: number; perMille: number; staffId: number; now: Date }): Promise<{ refundId: number; fen: number } | null>;
  /** Sends a recorded refund to its provider, after the approval committed. */
  execute(deps: AppDeps, refundId: number): Promise<void>;
}

let refunds: WithdrawalRefunds | null = null;

/** Payments' index registers once per process (again: replaces). */
export function registerWithdrawalRefunds(r: WithdrawalRefunds): void {
  refunds = r;
}

/** null while no module takes payments (nothing was paid through an order then). */
export function withdrawalRefunds(): WithdrawalRefunds | null {
  return refunds;
}
