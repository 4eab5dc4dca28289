import { z } from 'zod';
import { EXAM_TOKEN_RE } from '../rules/exam';
import { dataResponse, dbId, envelope } from './common';

/** The API contract of the learning platform launch ("take an exam", spec 2.3, 6, 7.5, 7.6). */

const settings = { c1: z.number().int(), t1: z.number().int(), c2: z.number().int(), t2: z.number().int() };
const codeEntry = z.object({ codeName: z.string(), type: z.number().int() });

/** GET api/lTeamMember/web/tempToken?activityNo=: a single-use token for the learning site (logged in). */
export const examTempTokenQuery = z.object({ activityNo: dbId });
export const examTempTokenResponse = dataResponse(
  z.object({
    tempToken: z.string(),
    activityNo: z.number().int(),
    /** the activity's number on the learning platform */
    airActivity: z.string(),
    /** the program type the settings follow (0 when the account has no player there) */
    programType: z.number().int(),
    ...settings,
  }),
);

/** POST api/lTeamMember/sUrl/checkTempToken: the learning site redeems a temp token, once (server to server). */
export const examCheckTokenBody = z.object({ tempToken: z.string('validation.required').trim().regex(EXAM_TOKEN_RE, 'validation.invalid') });
export const examCheckTokenResponse = dataResponse(
  z.object({
    userId: z.number().int(),
    phone: z.string().nullable(),
    nickName: z.string(),
    activityNo: z.number().int(),
    airActivity: z.string(),
    programType: z.number().int(),
    ...settings,
    /** the account's codes of the activity (what findAirCodes sends, as a list) */
    codes: z.array(codeEntry),
  }),
);

/** POST api/lTeamMember/sUrl/findAirCodes: data is JSON text of [{codeName, type}] (spec 7.6), the caller's own codes. */
export const findAirCodesBody = z.object({ activityNo: dbId });
export const findAirCodesResponse = z.object({ ...envelope, data: z.string() });
