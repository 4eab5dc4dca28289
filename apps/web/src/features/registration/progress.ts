import type { MemberItem, TeamItem } from '@rp/shared';
import { isRegistered, PAY_STATUS } from '@rp/shared/rules/registration';

/**
 * The guided path of /activityEnter (issue 8): team → players → codes (or review) → done, computed from
 * the coach's teams and players. Pure, so the stepper, the team chips and the summary agree.
 */
export type TeamState = 'needsPlayers' | 'codesPending' | 'toSubmit' | 'underReview' | 'reviewFailed' | 'complete';

// registered: paid or by a code (3), or passed review (9) — with review a passed player pays next and is 3 (issue 34)
const registered = (m: Pick<MemberItem, 'payStatus'>) => isRegistered(m.payStatus);

export function teamState(team: Pick<TeamItem, 'teamMembers'>, review: boolean): TeamState {
  const ms = team.teamMembers;
  if (!ms.length) return 'needsPlayers';
  if (ms.every((m) => registered(m))) return 'complete';
  if (review) {
    if (ms.some((m) => m.payStatus === PAY_STATUS.REVIEW_FAILED)) return 'reviewFailed';
    if (ms.some((m) => m.payStatus === PAY_STATUS.NOT_REGISTERED)) return 'toSubmit';
    if (ms.some((m) => m.payStatus === PAY_STATUS.IN_REVIEW)) return 'underReview';
  }
  return 'codesPending';
}

export interface Progress {
  teams: number;
  completeTeams: number;
  /** every player of the activity, with or without a team */
  players: number;
  withoutTeam: number;
  registered: number;
  /** index of the first step not done (0 teams, 1 players, 2 codes/review, 3 done) */
  current: number;
  done: boolean;
  /** what the primary button does next */
  next: 'createTeam' | 'addPlayers' | 'assignTeams' | 'redeem' | 'submit' | 'wait' | 'summary';
}

export function progress(teams: readonly Pick<TeamItem, 'teamMembers'>[], withoutTeam: readonly Pick<MemberItem, 'payStatus'>[], review: boolean): Progress {
  const inTeams = teams.flatMap((x) => x.teamMembers);
  const states = teams.map((x) => teamState(x, review));
  const reg = inTeams.filter((m) => registered(m)).length + withoutTeam.filter((m) => registered(m)).length;
  const base = {
    teams: teams.length,
    completeTeams: states.filter((x) => x === 'complete').length,
    players: inTeams.length + withoutTeam.length,
    withoutTeam: withoutTeam.length,
    registered: reg,
  };
  if (!teams.length) return { ...base, current: 0, done: false, next: 'createTeam' };
  if (states.includes('needsPlayers')) return { ...base, current: 1, done: false, next: 'addPlayers' };
  if (withoutTeam.length) return { ...base, current: 1, done: false, next: 'assignTeams' };
  if (base.completeTeams < teams.length) {
    const next = !review ? 'redeem' : states.some((x) => x === 'toSubmit' || x === 'reviewFailed') ? 'submit' : 'wait';
    return { ...base, current: 2, done: false, next };
  }
  return { ...base, current: 3, done: true, next: 'summary' };
}
