import { z } from 'zod';
import { dataResponse, dbId, envelope } from './common';
import { SCORE_MAX, SCORE_MIN } from '../rules/scores';

/** Judges, scores, rankings, awards and certificates (issue 13; spec 3, 7.3, 7.4, 7.6, 7.7). */

/** certCodes: 16 characters of an unambiguous alphabet (80 bits), never derived from ids */
export const CERT_CODE_RE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/;
export const certCode = z.string('validation.required').trim().toUpperCase().regex(CERT_CODE_RE, 'award.certNotFound');

/** POST api/lTeam/team/score: a judge's score of a team in a round (0–100, two decimals); again the same round corrects it until results are published. */
export const scoreBody = z
  .object({
    teamId: dbId,
    round: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(20, 'validation.tooBig'),
    score: z
      .number('validation.invalidType')
      .min(SCORE_MIN, 'award.scoreRange')
      .max(SCORE_MAX, 'award.scoreRange')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'award.scoreDecimals'),
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
      /** the program's results are published: scores can no longer be corrected */
      published: z.boolean(),
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
  /** why its picture cannot be made yet (spec 8.2: no template for the award, a coach without a photo) */
  problem: z.enum(['noTemplate', 'noPhoto']).nullable().optional(),
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

// ——— certificate templates (spec 7.7: award templates by activityId and type) ———

export const AWARD_KINDS = ['team', 'player', 'leader', 'volunteer'] as const;
export const awardKind = z.enum(AWARD_KINDS, 'validation.invalidOption');
/** What a template field prints (spec 3 certificate data; `code` is the team number, `qr` the verification link). */
export const TEMPLATE_FIELD_KEYS = ['name', 'teamName', 'activityName', 'awardName', 'programName', 'code', 'certCode', 'date', 'qr', 'photo'] as const;
/** The fields every template of a kind must place: who, what, and how to check it. */
export const TEMPLATE_REQUIRED: Record<(typeof AWARD_KINDS)[number], readonly (typeof TEMPLATE_FIELD_KEYS)[number][]> = {
  team: ['teamName', 'awardName', 'certCode', 'qr'],
  player: ['name', 'awardName', 'certCode', 'qr'],
  leader: ['name', 'awardName', 'certCode', 'qr'],
  volunteer: ['name', 'activityName', 'certCode', 'qr'],
};
const coord = z.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(4000, 'validation.tooBig');
export const templateField = z
  .object({
    key: z.enum(TEMPLATE_FIELD_KEYS, 'validation.invalidOption'),
    x: coord,
    y: coord,
    /** font size in pixels of the picture; the width of a QR code or photo */
    size: z.number('validation.invalidType').int('validation.invalidType').min(8, 'validation.tooSmall').max(1200, 'validation.tooBig'),
    color: z
      .string('validation.invalidType')
      .regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid')
      .default('#1f2937'),
    align: z.enum(['left', 'center', 'right'], 'validation.invalidOption').default('center'),
    lang: z.enum(['zh', 'en'], 'validation.invalidOption').default('zh'),
    bold: z.boolean('validation.invalidType').default(false),
  })
  .strict();
export const templateQuery = z.object({ activityId: dbId, type: awardKind });
export const templateBody = z
  .object({
    activityId: dbId,
    kind: awardKind,
    /** storage key of the uploaded background (POST /api/admin/awardTemplates/background) */
    background: z.string('validation.invalidType').max(300, 'validation.tooLong').nullable(),
    fields: z.array(templateField).max(40, 'validation.tooBig'),
  })
  .strict();
export const templateView = z.object({
  activityId: z.number().int(),
  kind: awardKind,
  background: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  fields: z.array(templateField),
  updatedAt: z.string().nullable(),
});
export const templateResponse = dataResponse(templateView);
export const backgroundResponse = dataResponse(z.object({ key: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }));

// ——— leader awards (spec 7.6), lookups (spec 7.4), the picture proxy (spec 7.7) ———

export const leaderBindBody = z.object({ awardId: dbId, leaderIds: z.array(dbId).min(1, 'validation.required').max(1000, 'validation.tooBig') }).strict();
export const leaderFindQuery = z.object({ activityId: dbId.optional() });
export const certDetailQuery = z.object({ certCode });
export const certDetailResponse = dataResponse(
  certificateView.extend({
    /** the coach's or player's photo (a private file the caller may read), when there is one */
    photoUrl: z.string().nullable(),
  }),
);
/** GET api/lTeam/team/findByTeamCodeAndPLaceHolder: a team number and the name of one of its players or its coach. */
export const placeholderQuery = z.object({
  teamCode: z.string('validation.required').trim().min(1, 'validation.required').max(20, 'validation.tooLong'),
  placeHolder: z.string('validation.required').trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
});
/** GET api/lTeam/team/awardCode?activityId=: the promotion vouchers of the caller's teams there. */
export const awardCodeQuery = z.object({ activityId: dbId });
export const awardCodeResponse = dataResponse(
  z.array(z.object({ teamId: z.number().int(), teamName: z.string(), awardName: z.string(), voucher: z.string(), certCode: z.string() })),
);
/** POST api/lAward/picture: one of this site's public pictures, resized, as base64 (for drawing on a canvas). */
export const pictureProxyBody = z
  .object({
    pictureUrl: z.string('validation.required').trim().min(1, 'validation.required').max(500, 'validation.tooLong'),
    width: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(2000, 'validation.tooBig').optional(),
    height: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(2000, 'validation.tooBig').optional(),
    fit: z.enum(['cover', 'contain', 'inside'], 'validation.invalidOption').default('inside'),
  })
  .strict();
export const pictureProxyResponse = dataResponse(z.object({ base64: z.string(), width: z.number().int(), height: z.number().int() }));

// ——— staff: certificates issued, batch download ———

export const certificateAdminQuery = z.object({
  activityId: dbId,
  status: z.enum(['valid', 'void', 'all'], 'validation.invalidOption').default('valid'),
  page: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(100000, 'validation.tooBig').default(1),
  size: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(200, 'validation.tooBig').default(20),
});
export const certificateAdminResponse = dataResponse(z.object({ total: z.number().int(), rows: z.array(certificateView) }));
export const exportBody = z.object({ activityId: dbId }).strict();
export const exportJobParam = z.object({ jobId: z.string().regex(/^[a-f0-9]{32}$/, 'award.exportNotFound') });
export const exportStatusResponse = dataResponse(
  z.object({ jobId: z.string(), total: z.number().int(), done: z.number().int(), ready: z.boolean(), failed: z.boolean() }),
);

/** A team number: <activityId>-<sequence> (the shape the registration gives every team). */
export const TEAM_NUMBER_RE = /^\d{1,10}-\d{1,8}$/;
export const teamNumbersResponse = dataResponse(z.object({ numbers: z.array(z.string()) }));
