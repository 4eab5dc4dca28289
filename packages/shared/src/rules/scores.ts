/** The range of a judge's score (issue 13; issue 24): the score box says it, the server refuses anything outside. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;
