import type { ActivityItem } from '../../lib/contract';
import { loginUrl } from '../../lib/navigation';
import { ACTIVITY_STATUS } from '@rp/shared/rules/activity-window';

/** Where an activity's sign-up stands for a visitor (badge and register button). */
export type SignUpState = 'open' | 'soon' | 'closed' | 'ended';

export function signUpState(a: Pick<ActivityItem, 'signUpOpen' | 'signUpBegin' | 'finishTime' | 'status'>, now = new Date()): SignUpState {
  if (a.signUpOpen) return 'open';
  if (new Date(a.finishTime) < now) return 'ended';
  if (a.status === ACTIVITY_STATUS.CURRENT && a.signUpBegin && new Date(a.signUpBegin) > now) return 'soon';
  return 'closed';
}

/**
 * The registration entry of an activity. A visitor goes through the login page and comes back to the
 * entry (/login?redirect=/activityEnter?id=…); a member goes straight there.
 */
export function registerHref(activityId: number, loggedIn: boolean): string {
  const entry = `/activityEnter?id=${activityId}`;
  return loggedIn ? entry : loginUrl(entry);
}

export const SIGN_UP_STATE_KEYS: Record<SignUpState, string> = {
  open: 'content:activity.state.open',
  soon: 'content:activity.state.soon',
  closed: 'content:activity.state.closed',
  ended: 'content:activity.state.ended',
};

export const LEVEL_KEYS: Record<number, string> = { 1: 'content:activity.level.1', 2: 'content:activity.level.2' };
