/**
 * When coaches may change registrations of an activity (issue 8: a closed activity must not accept
 * writes). Pure, shared by the server guard and the portal's disabled buttons, so both give one reason.
 *
 * - finished (status 4, or its finish time has passed): nothing can be changed;
 * - sign-up over (signUpEnd passed) or not yet begun (signUpBegin ahead): nothing can be changed;
 * - withdrawal requests are a separate window: open until the event begins (refund tiers count days
 *   before it; after the start there is nothing left to withdraw from).
 */
export interface ActivityWindow {
  status: number;
  beginTime: Date | string;
  finishTime: Date | string;
  signUpBegin?: Date | string | null;
  signUpEnd?: Date | string | null;
}

/** Activity status (admin: current / past). */
export const ACTIVITY_STATUS = { CURRENT: 1, FINISHED: 4 } as const;

export type RegistrationBlock = 'reg.activityFinished' | 'reg.signUpEnded' | 'reg.signUpNotStarted';

const time = (v: Date | string | null | undefined): number | null => (v === null || v === undefined || v === '' ? null : new Date(v).getTime());

/** Null while coaches may write; otherwise why not (a messages.ts key). */
export function registrationBlock(a: ActivityWindow, now: Date = new Date()): RegistrationBlock | null {
  const t = now.getTime();
  const finish = time(a.finishTime);
  if (a.status === ACTIVITY_STATUS.FINISHED || (finish !== null && finish < t)) return 'reg.activityFinished';
  const end = time(a.signUpEnd);
  if (end !== null && end < t) return 'reg.signUpEnded';
  const begin = time(a.signUpBegin);
  if (begin !== null && begin > t) return 'reg.signUpNotStarted';
  return null;
}

/** Null while a registered player may still ask to withdraw; otherwise why not. */
export function withdrawalBlock(a: ActivityWindow, now: Date = new Date()): 'reg.withdrawClosed' | 'reg.activityFinished' | null {
  const t = now.getTime();
  const finish = time(a.finishTime);
  if (a.status === ACTIVITY_STATUS.FINISHED || (finish !== null && finish < t)) return 'reg.activityFinished';
  const begin = time(a.beginTime);
  if (begin !== null && begin <= t) return 'reg.withdrawClosed';
  return null;
}
