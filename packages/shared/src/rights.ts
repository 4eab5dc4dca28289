/**
 * People's rights and minimum access (issue 37, parts 3–5): the unions the schema's CHECKs and zod share,
 * and the pure rules (who is a child, the legal deadline of a request, the retention date).
 */

/** what a person asks staff to do: correct data the screens no longer let them edit, object to a processing, anything else */
export const PRIVACY_REQUEST_KINDS = ['correction', 'objection', 'other'] as const;
/** open → done (acted on) | refused (with the reason in the answer) */
export const PRIVACY_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
/** a staff member's look at a child's full ID number or photo, or an export holding children's data */
export const PII_ACCESS_KINDS = ['idNumber', 'photo', 'export'] as const;
/** retention: the job anonymised an ended activity's participants; deletion: an account deleted at its holder's request */
export const ERASURE_KINDS = ['retention', 'deletion'] as const;

export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export type PiiAccessKind = (typeof PII_ACCESS_KINDS)[number];

/** an activity's default retention after its end, in days */
export const DEFAULT_RETENTION_DAYS = 180;
/** a request's legal deadline: 15 working days (PIPL art. 50 practice; docs/PRIVACY.md) */
export const REQUEST_WORKING_DAYS = 15;
/** a purpose typed for a look or an export: at least this many characters */
export const PURPOSE_MIN = 4;
export const PURPOSE_MAX = 200;

/** a date's YYYYMMDD in China time */
export function chinaYmd(d: Date): number {
  const s = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return Number(s.slice(0, 4) + s.slice(5, 7) + s.slice(8, 10));
}

/** Under this age (PIPL art. 28/31) a child's information is sensitive and needs a guardian's separate consent. */
export const CONSENT_AGE = 14;

/**
 * Whether a person born on `birth` (YYYYMMDD) is under 14 on `at` (PIPL art. 28: a child's information is
 * sensitive): not yet 14 when the date 14 years after the birth date has not come (China time). An unknown
 * birth date (null, 0, or cut to the year: YYYY0000 — a passport without one, an anonymised row) counts as a
 * child — the careful reading. The one rule of who is a child: guardian consent (needsConsent), minimum access
 * to ID numbers and photos, the web's consent block and the yearly audit's count (its SQL mirrors this).
 */
export function isChild(birth: number | null | undefined, at: Date = new Date()): boolean {
  if (!birth || birth % 10000 === 0) return true;
  return birth > chinaYmd(at) - CONSENT_AGE * 10000;
}

/**
 * The legal deadline of a request received at `from`: the end (China time) of the 15th working day after it
 * (Monday–Friday; the day it arrives does not count). Public holidays are not known to the code, so the
 * deadline is the earlier, stricter one.
 */
export function requestDeadline(from: Date, workingDays = REQUEST_WORKING_DAYS): Date {
  const day = 86_400_000;
  // midnight China time of the day it arrived
  let t = Math.floor((from.getTime() + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
  let n = 0;
  while (n < workingDays) {
    t += day;
    const wd = new Date(t + 8 * 3_600_000).getUTCDay();
    if (wd !== 0 && wd !== 6) n++;
  }
  return new Date(t + day - 1000);
}

/** When an activity's participants are anonymised: its end plus its retention period. */
export function retentionDue(finishTime: Date, retentionDays: number): Date {
  return new Date(finishTime.getTime() + retentionDays * 86_400_000);
}

/** A phone kept masked after anonymisation: the first 3 and last 2 digits (138******34); short ones all stars. */
export function maskKeptPhone(phone: string): string {
  const p = phone.trim();
  if (!p) return '';
  if (p.length < 7) return '*'.repeat(p.length);
  return p.slice(0, 3) + '*'.repeat(p.length - 5) + p.slice(-2);
}

/** Admin resources whose export holds children's data: the export asks for its purpose and is logged (issue 37). */
export const CHILD_DATA_RESOURCES: readonly string[] = ['players', 'volunteers', 'visitors'];
