import { describe, expect, it } from 'vitest';
import { progress, teamState } from './progress';

const team = (...pay: number[]) => ({ teamMembers: pay.map((payStatus) => ({ payStatus })) }) as never;

describe('guided path: what is complete and what is next', () => {
  it.each([
    ['no team yet', [], [], false, { current: 0, next: 'createTeam', done: false }],
    ['a team without players', [team()], [], false, { current: 1, next: 'addPlayers' }],
    ['a player left without a team', [team(0)], [{ payStatus: 0 }], false, { current: 1, next: 'assignTeams', withoutTeam: 1 }],
    ['codes to redeem', [team(3, 0), team(3)], [], false, { current: 2, next: 'redeem', registered: 2, players: 3, completeTeams: 1 }],
    ['everything registered', [team(3, 3), team(9)], [], false, { current: 3, next: 'summary', done: true, registered: 3 }],
    ['review: to submit', [team(0, 7)], [], true, { current: 2, next: 'submit' }],
    ['review: waiting for the organisers', [team(7, 9)], [], true, { current: 2, next: 'wait', registered: 1 }],
    ['review: failed, fix and resubmit', [team(8, 9)], [], true, { current: 2, next: 'submit' }],
    ['review: all passed', [team(9, 9)], [], true, { current: 3, done: true }],
  ] as const)('%s', (_, teams, loose, review, want) => expect(progress(teams as never, loose as never, review)).toMatchObject(want));

  it.each([
    [[], false, 'needsPlayers'],
    [[0, 3], false, 'codesPending'],
    [[3, 9], false, 'complete'],
    [[3], true, 'complete'], // passed review, then paid (issue 34)
    [[3, 9], true, 'complete'],
    [[0], true, 'toSubmit'],
    [[7], true, 'underReview'],
    [[8, 7], true, 'reviewFailed'],
    [[9], true, 'complete'],
  ] as const)('team of %j (review %s) is %s', (pay, review, want) => expect(teamState(team(...pay), review)).toBe(want));
});
