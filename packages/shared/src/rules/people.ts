import { ageOn } from './id-card';

/** Volunteer rules shared by the server and /volunteer_pc (plain data: no zod in the portal chunk). */

/** spec 4.3: after the application, staff move it through pre-grouped, admitted, reassigned, confirmed, full */
export const VOLUNTEER_STATES = ['applied', 'preGrouped', 'admitted', 'reassigned', 'confirmed', 'full'] as const;
export type VolunteerState = (typeof VOLUNTEER_STATES)[number];
export const ADULT_AGE = 18;

/** Whole years on `today` of a yyyy-mm-dd birth date (a minor needs a guardian's consent). */
export const ageFromDate = (birthDate: string, today: Date) => ageOn(Number(birthDate.replaceAll('-', '')), today);
