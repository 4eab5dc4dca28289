import { ageFromDate, ADULT_AGE, type VolunteerState } from '@rp/shared/rules/people';

/** Labels of spec 4.3's volunteer states (literal keys: the locale test checks them). */
export const VOLUNTEER_STATE_KEYS: Record<VolunteerState, string> = {
  applied: 'people:volunteer.state.applied',
  preGrouped: 'people:volunteer.state.preGrouped',
  admitted: 'people:volunteer.state.admitted',
  reassigned: 'people:volunteer.state.reassigned',
  confirmed: 'people:volunteer.state.confirmed',
  full: 'people:volunteer.state.full',
};
export const VOLUNTEER_STATE_COLORS: Record<VolunteerState, string> = {
  applied: 'blue',
  preGrouped: 'geekblue',
  admitted: 'success',
  reassigned: 'warning',
  confirmed: 'success',
  full: 'default',
};

/** A minor (under 18 today) needs a guardian and their consent. */
export const isMinor = (birthDate: string | undefined, today = new Date()) =>
  !!birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && ageFromDate(birthDate, today) < ADULT_AGE;
