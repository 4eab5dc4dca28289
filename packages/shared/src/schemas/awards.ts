import { z } from 'zod';
import { dataResponse, dbId, envelope } from './common';

/** Judges, scores, rankings, awards and certificates (issue 13; spec 3, 7.3, 7.4, 7.6, 7.7). */

/** certCodes: 16 characters of an unambiguous alphabet (80 bits), never derived from ids */
export const CERT_CODE_RE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/;
export const certCode = z.string('validation.required').trim().toUpperCase().regex(CERT_CODE_RE, 'award.certNotFound');

/** POST api/lTeam/team/score: a judge's score of a team in a round (0–100, two decimals). */
export const scoreBody = z
  .object({
    teamId: dbId,
    round: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(20, 'validation.tooBig'),
    score: z
      .number('validation.invalidType')
      .min(0, 'validation.tooSmall')
      .max(100, 'validation.tooBig')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'validation.invalid'),
  })
  .strict();
export const scoreResponse = dataResponse(z.object({ teamId: z.number().int(), round: z.number().int(), score: z.number() }));

/** GET api/lTeam/team/judging?activityId=: the teams this judge may score, with the judge's own scores. */
export const judgingQuery = z.object({ activityId: dbId });
export const judgingResponse = dataResponse(
  z.array(
    z.object({
      teamId: z.number().int(),
      teamName: z.string(),
      number: z.string(),
      programId: z.number().int(),
      programName: z.string(),
      /** round → this judge's score */
      mine: z.record(z.string(), z.number()),
    }),
  ),
);

/** GET api/lTeam/team/judgeActivities: the activities the caller judges (latest first). */
export const judgeActivitiesResponse = dataResponse(z.array(z.object({ activityId: z.number().int(), activityName: z.string() })));

/** GET api/lAward/web/ranking?activityId&programId: public once published, staff always. */
export const rankingQuery = z.object({ activityId: dbId, programId: dbId });
export const rankingRow = z.object({
  rank: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  number: z.string(),
  /** sum over rounds of the judges' mean score in that round */
  total: z.number(),
  rounds: z.record(z.string(), z.number()),
});
export const rankingResponse = dataResponse(z.object({ published: z.boolean(), rows: z.array(rankingRow) }));
export const publishBody = z.object({ activityId: dbId, programId: dbId }).strict();

/** Judges (staff): by the account's phone, for a program or the whole activity. */
export const judgeBody = z
  .object({
    activityId: dbId,
    programId: dbId.nullable().default(null),
    phone: z
      .string('validation.phone')
      .trim()
      .regex(/^1\d{10}$/, 'validation.phone'),
  })
  .strict();
export const judgeListQuery = z.object({ activityId: dbId });
export const judgeItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  programId: z.number().int().nullable(),
  userId: z.number().int(),
  nickName: z.string(),
  phone: z.string().nullable(),
});
export const judgeListResponse = dataResponse(z.array(judgeItem));
export const judgeResponse = dataResponse(judgeItem);

/** Granting an award (staff): to subjects by id, or to teams by their numbers (a spreadsheet's column). */
export const grantBody = z
  .object({
    awardId: dbId,
    teamIds: z.array(dbId).max(1000, 'validation.tooBig').default([]),
    teamNumbers: z.array(z.string().trim().min(1).max(20, 'validation.tooLong')).max(1000, 'validation.tooBig').default([]),
    memberIds: z.array(dbId).max(1000, 'validation.tooBig').default([]),
    leaderIds: z.array(dbId).max(1000, 'validation.tooBig').default([]),
    volunteerIds: z.array(dbId).max(1000, 'validation.tooBig').default([]),
  })
  .strict();
export const certificateView = z.object({
  id: z.number().int(),
  certCode: z.string(),
  kind: z.enum(['team', 'player', 'leader', 'volunteer']),
  name: z.string(),
  teamName: z.string().nullable(),
  awardName: z.string(),
  programName: z.string().nullable(),
  activityName: z.string(),
  activityId: z.number().int(),
  /** promotion voucher of a promoting team award (owner and staff only) */
  voucher: z.string().nullable(),
  status: z.enum(['valid', 'void']),
  issuedAt: z.string(),
});
export const grantResponse = dataResponse(z.array(certificateView));
export const certificateResponse = dataResponse(certificateView);
export const certIdParam = z.object({ id: dbId });

/** GET api/lAward/verifyCertCode?certCode=: public; what the certificate states (no voucher), or 404. */
export const verifyQuery = z.object({ certCode });
export const verifyResponse = dataResponse(certificateView.omit({ voucher: true, id: true }));

/** GET api/lTeam/team/findTeamCertCode?teamId=: the certificates of the caller's team and its players. */
export const teamCertQuery = z.object({ teamId: dbId });
export const certificateListResponse = z.object({ ...envelope, data: z.array(certificateView) });

/** GET api/lAward/web/list?activityId=: the activity's award list (public). */
export const awardListQuery = z.object({ activityId: dbId });
export const awardItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  programId: z.number().int().nullable(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  rank: z.number().int(),
  kind: z.enum(['team', 'player', 'leader', 'volunteer']),
  promotes: z.boolean(),
});
export const awardListResponse = z.object({ ...envelope, content: z.array(awardItem) });
