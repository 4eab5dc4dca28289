import { describe, expect, it } from 'vitest';
import { registrationBlock, withdrawalBlock, type ActivityWindow } from './activity-window';

const now = new Date('2026-06-10T12:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day).toISOString();
const open: ActivityWindow = { status: 1, signUpBegin: at(-10), signUpEnd: at(10), beginTime: at(30), finishTime: at(32) };

describe('when coaches may change registrations', () => {
  it.each<[string, Partial<ActivityWindow>, string | null]>([
    ['sign-up open', {}, null],
    ['no sign-up window set', { signUpBegin: null, signUpEnd: null }, null],
    ['sign-up ended', { signUpEnd: at(-1) }, 'reg.signUpEnded'],
    ['sign-up not begun', { signUpBegin: at(1) }, 'reg.signUpNotStarted'],
    ['finished by status', { status: 4 }, 'reg.activityFinished'],
    ['finished by time (sign-up end also over)', { signUpEnd: at(-40), beginTime: at(-30), finishTime: at(-29) }, 'reg.activityFinished'],
    ['finished wins over a forgotten sign-up end', { signUpEnd: at(100), finishTime: at(-1), beginTime: at(-2) }, 'reg.activityFinished'],
  ])('%s', (_, over, want) => expect(registrationBlock({ ...open, ...over }, now)).toBe(want));

  it.each<[string, Partial<ActivityWindow>, string | null]>([
    ['before the event, sign-up open', {}, null],
    ['before the event, sign-up over', { signUpEnd: at(-1) }, null],
    ['the event has begun', { beginTime: at(-1), signUpEnd: at(-5) }, 'reg.withdrawClosed'],
    ['finished', { status: 4 }, 'reg.activityFinished'],
  ])('withdrawal: %s', (_, over, want) => expect(withdrawalBlock({ ...open, ...over }, now)).toBe(want));
});
