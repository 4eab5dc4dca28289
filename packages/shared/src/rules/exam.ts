/**
 * The learning platform launch ("take an exam", spec 2.3, 6, 7.6), shared by the server and the header's
 * menu (plain data: no zod in the public chunk).
 */

/** A temp token lives 5 minutes and is redeemed once by the learning site (checkTempToken). */
export const EXAM_TOKEN_TTL_SECONDS = 300;
/** Temp tokens on the wire: 256 random bits, base64url (43 characters). */
export const EXAM_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface ExamCodeSettings {
  c1: number;
  t1: number;
  c2: number;
  t2: number;
}

/**
 * Spec 7.6: a program of type 0 gives c1=1, t1=10, c2=0, t2=20; type 1 swaps them (the two pairs trade
 * places: c1=0, t1=20, c2=1, t2=10). Anything else, or no program, counts as type 0.
 */
export function examCodeSettings(programType: number | null | undefined): ExamCodeSettings {
  return programType === 1 ? { c1: 0, t1: 20, c2: 1, t2: 10 } : { c1: 1, t1: 10, c2: 0, t2: 20 };
}

/** What the temp-token endpoint answers: the token, the activity on both sides, and the program's settings. */
export interface ExamLaunch extends ExamCodeSettings {
  tempToken: string;
  activityNo: number;
  airActivity: string;
}

/**
 * The learning site's login address (EXAM_URL) with tempToken, activityNo, airActivity, phone, c1, t1, c2
 * and t2 as query parameters (its own parameters kept). Null when EXAM_URL is empty or not http(s).
 */
export function examLaunchUrl(examUrl: string, launch: ExamLaunch, phone: string | null | undefined, base?: string): string | null {
  if (!examUrl) return null;
  let url: URL;
  try {
    url = new URL(examUrl, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const params: [string, string | number][] = [
    ['tempToken', launch.tempToken],
    ['activityNo', launch.activityNo],
    ['airActivity', launch.airActivity],
    ['phone', phone ?? ''],
    ['c1', launch.c1],
    ['t1', launch.t1],
    ['c2', launch.c2],
    ['t2', launch.t2],
  ];
  for (const [key, value] of params) if (value !== '') url.searchParams.set(key, String(value));
  return url.toString();
}
