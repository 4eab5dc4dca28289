import type { AppDeps, Tx } from '../../deps';

/**
 * How an approved withdrawal's money goes back (issue 25). Registration sits below payments and does not
 * import it: payments provides it (`withdrawalRefunds` from its index), the composition root hands it to
 * `buildApp` (deps.withdrawalRefunds, issue 36: a missing one is a compile error, never a silent null), and
 * decideWithdrawal calls it — inside the approval's transaction to record the refund due, after the commit
 * to send it.
 */
export interface WithdrawalRefunds {
  /** The refund due for a withdrawn player paid through an order (its amount), or null when none was. */
  record(tx: Tx, input: { memberId: number; perMille: number; staffId: number; now: Date }): Promise<{ refundId: number; fen: number } | null>;
  /** Sends a recorded refund to its provider, after the approval committed. */
  execute(deps: AppDeps, refundId: number): Promise<void>;
}

declare module '../../deps' {
  interface AppDeps {
    withdrawalRefunds: WithdrawalRefunds;
  }
}
