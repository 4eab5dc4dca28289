/** Player payStatus (spec 4.1) and the transitions of design §4, in one place. */
export const PAY_STATUS = {
  NOT_REGISTERED: 0,
  CONTINUE: 1,
  REGISTERING: 2,
  REGISTERED: 3,
  WITHDRAWING: 4,
  WITHDRAWN: 5,
  CANCELLED: 6,
  IN_REVIEW: 7,
  REVIEW_FAILED: 8,
  REVIEW_PASSED: 9,
} as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

const P = PAY_STATUS;

/** Named sets of payStatus (for SQL `inArray` and for the predicates below). */
export const PAY_GROUPS = {
  /** registered: paid (3) or passed review (9) */
  REGISTERED: [P.REGISTERED, P.REVIEW_PASSED],
  /** nothing paid and nothing under way (0, 6, 8): may be deleted or moved out of a team */
  FREE: [P.NOT_REGISTERED, P.CANCELLED, P.REVIEW_FAILED],
  /** program and code are fixed: registered, withdrawing or withdrawn (3, 9, 4, 5) */
  DETAILS_LOCKED: [P.REGISTERED, P.REVIEW_PASSED, P.WITHDRAWING, P.WITHDRAWN],
  /** no code can be entered or changed: details fixed, or under review (3, 9, 4, 5, 7) */
  CODE_LOCKED: [P.REGISTERED, P.REVIEW_PASSED, P.WITHDRAWING, P.WITHDRAWN, P.IN_REVIEW],
  /** withdrawn or cancelled (5, 6): no longer takes a place in the team or the activity */
  GONE: [P.WITHDRAWN, P.CANCELLED],
  /** whose fee may be paid now in an activity without review: not registered, back from an unpaid order (0, 1, 8) */
  FEE_PAYABLE: [P.NOT_REGISTERED, P.CONTINUE, P.REVIEW_FAILED],
  /** whose fee may be paid now in an activity with review: passed (9) only — 0, 7 and 8 wait for a review to pass */
  FEE_PAYABLE_REVIEWED: [P.REVIEW_PASSED],
  /** not (yet) passed by review (0, 7, 8): in an activity with review, paid for only after a review passes */
  AWAITING_REVIEW: [P.NOT_REGISTERED, P.IN_REVIEW, P.REVIEW_FAILED],
  /** nothing more to pay: paid or registered by a code (3), or asking for the money back (4) */
  FEE_SETTLED: [P.REGISTERED, P.WITHDRAWING],
} as const satisfies Record<string, readonly PayStatus[]>;

const among =
  (group: readonly PayStatus[]) =>
  (status: number): boolean =>
    (group as readonly number[]).includes(status);
export const isRegistered = among(PAY_GROUPS.REGISTERED);
export const isFree = among(PAY_GROUPS.FREE);
export const isDetailsLocked = among(PAY_GROUPS.DETAILS_LOCKED);
export const isCodeLocked = among(PAY_GROUPS.CODE_LOCKED);
export const isGone = among(PAY_GROUPS.GONE);

/**
 * May this player's fee be paid now (design §4)? In an activity with review only after the review passed
 * (9 → 2 → 3): a player not yet submitted, under review or failed (0, 7, 8) is paid for once a new review
 * passes her. Elsewhere 0, 1 (an order closed unpaid) and 8.
 */
export function feePayable(status: number, reviewRequired: boolean): boolean {
  return among(reviewRequired ? PAY_GROUPS.FEE_PAYABLE_REVIEWED : PAY_GROUPS.FEE_PAYABLE)(status);
}

/** Still owes her fee: active (not 5, 6) and not settled (3, 4); a passed player (9) owes until she is paid for. */
export function owesFee(status: number): boolean {
  return !isGone(status) && !among(PAY_GROUPS.FEE_SETTLED)(status);
}

/** What an order that closed unpaid gives its players back (2 →): review passed (9) where review comes first, else 1. */
export function payReleasedStatus(reviewRequired: boolean): PayStatus {
  return reviewRequired ? P.REVIEW_PASSED : P.CONTINUE;
}

/**
 * Code entry is closed for this player (spec 4.1): details fixed (3, 9, 4, 5), or under review (7) — or
 * in a team under review — in a level-2 activity. Elsewhere a player under review may still redeem a code.
 */
export function codeEntryClosed(status: number, activityLevel: number, teamStatus?: number | null): boolean {
  if (isDetailsLocked(status)) return true;
  return activityLevel === 2 && (status === P.IN_REVIEW || teamStatus === TEAM_STATUS.IN_REVIEW);
}

export type PayEvent = 'redeem' | 'pay' | 'payStart' | 'submit' | 'pass' | 'fail' | 'withdraw' | 'approveWithdraw' | 'rejectWithdraw' | 'cancel';

const T: Record<PayEvent, Partial<Record<number, PayStatus>>> = {
  redeem: { 0: 3, 1: 3, 2: 3, 7: 3, 8: 3 }, // 7: only outside level-2 activities (codeEntryClosed)
  payStart: { 0: 2, 1: 2, 8: 2, 9: 2 }, // which of them may pay in an activity: feePayable
  pay: { 0: 3, 1: 3, 2: 3, 9: 3 }, // 9: a late payment of an expired order of a passed player
  submit: { 0: 7, 8: 7 },
  pass: { 7: 9 },
  fail: { 7: 8 },
  withdraw: { 3: 4, 9: 4 },
  approveWithdraw: { 4: 5 },
  rejectWithdraw: {}, // back to the status before the request; decided by the caller
  cancel: { 0: 6, 1: 6, 2: 6, 3: 6, 4: 6, 7: 6, 8: 6, 9: 6 },
};

/** The next status, or null when the event is not allowed from `from`. */
export function nextPayStatus(from: number, event: PayEvent): PayStatus | null {
  return T[event][from] ?? null;
}

/** Names red for 0 or 7, green for 3 or 9 (spec 2.4). */
export function payStatusColor(s: number): 'red' | 'green' | 'default' {
  if (s === P.NOT_REGISTERED || s === P.IN_REVIEW) return 'red';
  if (isRegistered(s)) return 'green';
  return 'default';
}

export const TEAM_STATUS = { FORMING: 1, FULL: 2, IN_REVIEW: 7 } as const;

/**
 * Team review (spec 4.3, issue 40): just created, participated, under review, eligible for the national
 * finals, suspended, passed, failed. Staff move a team between them (admin teams); a team created without
 * a promotion team code in an activity with the promotion zone starts under review (spec 5: manual review).
 */
export const TEAM_REVIEW = { CREATED: 0, PARTICIPATED: 1, IN_REVIEW: 2, NATIONAL_FINALS: 3, SUSPENDED: 4, PASSED: 5, FAILED: 6 } as const;
export type TeamReview = (typeof TEAM_REVIEW)[keyof typeof TEAM_REVIEW];

/**
 * The team review states that carry a reason for the coach (suspended, failed). The spec names the states
 * but no transitions between them, so staff may move a team from any state to any other; moving it to a
 * state without a reason clears the reason.
 */
export const TEAM_REVIEW_WITH_REASON: readonly number[] = [TEAM_REVIEW.SUSPENDED, TEAM_REVIEW.FAILED];
export const teamReviewHasReason = (s: number): boolean => TEAM_REVIEW_WITH_REASON.includes(s);

/** A leading teacher's review (spec 3 labels: review status and reason): 0 not reviewed, 1 passed, 2 failed. */
export const LEADER_REVIEW = { NONE: 0, PASSED: 1, FAILED: 2 } as const;

/** Code types (design §4): 0 universal; program type 0 takes 10, type 1 takes 20. */
export function codeFitsProgram(codeType: number, programType: number): boolean {
  if (codeType === 0) return true;
  return programType === 1 ? codeType === 20 : codeType === 10;
}

/** Refund tiers by whole days before the event's begin (design §4), in per mille of the paid amount. */
export function refundPerMille(daysBefore: number): number {
  if (daysBefore >= 30) return 994;
  if (daysBefore >= 20) return 500;
  if (daysBefore >= 10) return 300;
  return 0;
}

export function wholeDaysBefore(begin: Date, now: Date): number {
  return Math.floor((begin.getTime() - now.getTime()) / 86_400_000);
}

/** Refund in integer fen, rounded down (money never a float). */
export function refundFen(paidFen: number, begin: Date, now: Date): { perMille: number; fen: number } {
  const perMille = refundPerMille(wholeDaysBefore(begin, now));
  return { perMille, fen: Math.floor((paidFen * perMille) / 1000) };
}

/** Player against the program's rules (spec 5): age on the event's first day, gender. Keys of messages. */
export function checkPlayerForProgram(
  player: { birth: number | null; gender: 'M' | 'F' | null },
  program: { minAge: number | null; maxAge: number | null; gender: string | null },
  eventDay: Date,
): ('reg.tooOld' | 'reg.tooYoung' | 'reg.genderMismatch')[] {
  const out: ('reg.tooOld' | 'reg.tooYoung' | 'reg.genderMismatch')[] = [];
  if (player.birth !== null) {
    const y = Math.floor(player.birth / 10000);
    const md = player.birth % 10000;
    const dmd = (eventDay.getUTCMonth() + 1) * 100 + eventDay.getUTCDate();
    const age = eventDay.getUTCFullYear() - y - (dmd < md ? 1 : 0);
    if (program.maxAge !== null && age > program.maxAge) out.push('reg.tooOld');
    if (program.minAge !== null && age < program.minAge) out.push('reg.tooYoung');
  }
  if (program.gender && player.gender && player.gender !== program.gender) out.push('reg.genderMismatch');
  return out;
}
