import { LEADER_REVIEW, TEAM_REVIEW } from '@rp/shared/rules/registration';

/** Team review (spec 4.3; TEAM_REVIEW) → its label key. */
const TEAM_REVIEW_LABELS: Record<number, string> = {
  [TEAM_REVIEW.CREATED]: 'registration:teamReview.0',
  [TEAM_REVIEW.PARTICIPATED]: 'registration:teamReview.1',
  [TEAM_REVIEW.IN_REVIEW]: 'registration:teamReview.2',
  [TEAM_REVIEW.NATIONAL_FINALS]: 'registration:teamReview.3',
  [TEAM_REVIEW.SUSPENDED]: 'registration:teamReview.4',
  [TEAM_REVIEW.PASSED]: 'registration:teamReview.5',
  [TEAM_REVIEW.FAILED]: 'registration:teamReview.6',
};
export const teamReviewKey = (s: number): string => TEAM_REVIEW_LABELS[s] ?? 'registration:teamReview.0';

/** A leading teacher's review (LEADER_REVIEW) → its label key. */
const LEADER_REVIEW_LABELS: Record<number, string> = {
  [LEADER_REVIEW.NONE]: 'registration:leaderReview.0',
  [LEADER_REVIEW.PASSED]: 'registration:leaderReview.1',
  [LEADER_REVIEW.FAILED]: 'registration:leaderReview.2',
};
export const leaderReviewKey = (s: number): string => LEADER_REVIEW_LABELS[s] ?? 'registration:leaderReview.0';
