import { z } from 'zod';
import { PHONE_RE } from '../rules/phone';
import { ADDRESS_MAX, CHANNEL_CODE_MAX, NAME_MAX, PROMOTION_CODE_MAX, REDEEM_CODE_MAX } from '../limits';
import { dbId, dbInt, envelope, errorResponse, jsonInt } from './common';
import { consentState } from './privacy';

const id = dbId;
const optId = id.nullable().optional();
const ref = z.object({ id });
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    ...envelope,
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
const pageQ = {
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(9999).default(30),
};

// ——— players ———
export const memberItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  name: z.string(),
  payStatus: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string(), status: z.number().int() }).nullable(),
  program: z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), maximum: z.number().int() }).nullable(),
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  clothes: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  cardType: z.number().int(),
  /** masked in lists; whole only in the owner's detail (GET …/web/detail) */
  card: z.string(),
  birth: z.number().int().nullable(),
  birthDay: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  emerName: z.string(),
  emerPhone: z.string(),
  region: z.string(),
  school: z.string(),
  code: z.string().nullable(),
  headImg: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** the guardian's consent (issue 37): notNeeded (14 or older, or the activity does not ask), none, pending, consented, refused, withdrawn */
  consent: consentState,
});
export type MemberItem = z.infer<typeof memberItem>;

export const memberListQuery = z.object({
  activityId: id,
  payStatus: dbInt.optional(),
  name: z.string().trim().max(NAME_MAX).optional(),
  /** 1 with a team, 0 without */
  hasTeam: z.coerce.number().int().min(0).max(1).optional(),
  teamId: id.optional(),
  ...pageQ,
});
export const memberListResponse = page(memberItem);
export const memberDetailResponse = z.object({ ...envelope, data: memberItem });

export const memberInput = z.object({
  activityId: id,
  name: z.string('validation.required').trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  cardType: z.union([z.literal(0), z.literal(1)]).default(0),
  card: z.string().trim().max(30, 'validation.tooLong').default(''),
  /** passport only: yyyy-mm-dd or yyyymmdd */
  birth: z
    .union([z.string().trim().max(10), jsonInt])
    .nullable()
    .optional(),
  gender: z.enum(['M', 'F']).nullable().optional(),
  team: ref.nullable().optional(),
  program: ref.nullable().optional(),
  plan: ref.nullable().optional(),
  clothes: ref.nullable().optional(),
  emerName: z.string().trim().max(NAME_MAX, 'validation.tooLong').default(''),
  /** checked against region by the service (rules/phone checkPhone): 86 mainland pattern, others by numbering plan */
  emerPhone: z.string().trim().max(20, 'validation.tooLong').default(''),
  region: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'validation.invalid')
    .default('86'),
  school: z.string().trim().max(100, 'validation.tooLong').default(''),
  headImg: z.string().trim().max(300).nullable().optional(),
  /** a code to redeem together with the save */
  code: z.string().trim().max(REDEEM_CODE_MAX).nullable().optional(),
  /**
   * one of the account's earlier players (findHistory): the ID number and its type are taken from that
   * row on the server (decrypted and encrypted again), so the form sends no number (issue 24)
   */
  fromMemberId: id.nullable().optional(),
});
export type MemberInput = z.input<typeof memberInput>;
export type MemberData = z.output<typeof memberInput>;
export const memberUpdate = memberInput.extend({ id });

export const idList = z.array(id).min(1, 'validation.required').max(1000);
/** Delete calls take a bare list of ids (spec 7.4–7.6: `[1, 2]`); `{ ids: [1, 2] }` is accepted too. */
export const idListBody = z.union([idList, z.object({ ids: idList })]);
export const idsOf = (body: z.infer<typeof idListBody>): number[] => (Array.isArray(body) ? body : body.ids);
export const memberIdsBody = idListBody;
export const submitBody = z
  .array(z.object({ memberId: id }))
  .min(1, 'validation.required')
  .max(1000);
/**
 * `confirmSize`: the team size a person confirmed past the program's maximum (spec 5: asks for confirmation);
 * the server answers 409 CONFIRM_REQUIRED with the size it would reach (`confirmSize` in the body) until the
 * request names that very size, so two confirmed moves at once never pass the size either person saw.
 */
const confirmSize = z.number().int().min(1).max(1000).optional();
export const assignTeamBody = z.object({ teamId: id, teamMemberIdList: idList, activityId: id, confirm: z.boolean().optional(), confirmSize });
export const changeProgramBody = z.object({ programId: id, teamMemberIdList: idList, activityId: id });
export const useCodeBody = z.object({ id, activityId: id, code: z.string().trim().max(REDEEM_CODE_MAX, 'validation.tooLong') });
export const withdrawBody = z.object({
  name: z.string().trim().max(200).default(''),
  type: z.union([z.literal(2), z.literal(3)], 'reg.selectWithdrawType'),
  teamMember: ref,
});

// ——— teams ———
export const teamItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  name: z.string(),
  number: z.string(),
  /** spec 3: the team's code — its number, what certificates and lookups name it by */
  code: z.string(),
  status: z.number().int(),
  /** 3 when every member is registered */
  payStatus: z.number().int(),
  program: z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), maximum: z.number().int() }),
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  leader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  orgId: z.number().int().nullable(),
  orgCode: z.string().nullable(),
  orgName: z.string().nullable(),
  /** spec 3: the team's organisation (its channel) */
  org: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** spec 3: the organisation's address */
  orgAddress: z.string().nullable(),
  /** spec 3 labels: who created the team (the account) */
  creator: z.object({ id: z.number().int(), nickName: z.string() }).nullable(),
  address: z.string(),
  sourceCode: z.string().nullable(),
  sourceActivityId: z.number().int().nullable(),
  teamCode: z.string().nullable(),
  /** team review (spec 4.3, TEAM_REVIEW): 0 just created … 6 failed; staff move it */
  reviewStatus: z.number().int(),
  /** why staff failed or suspended the team (null otherwise, or when they gave none) */
  reviewReason: z.string().nullable(),
  teamMembers: z.array(memberItem),
});
export type TeamItem = z.infer<typeof teamItem>;
export const teamFindQuery = z.object({
  activityId: id,
  id: id.optional(),
  /** pickers: teams whose name contains this text (taken literally) */
  name: z.string().trim().max(NAME_MAX).optional(),
  status: dbInt.optional(),
  payStatus: dbInt.optional(),
  ...pageQ,
});
export const teamListResponse = page(teamItem);

export const teamInput = z.object({
  activityId: id,
  name: z.string('validation.required').trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  program: ref,
  plan: ref.nullable().optional(),
  leader: ref.nullable().optional(),
  address: z.string().trim().max(ADDRESS_MAX, 'validation.tooLong').default(''),
  orgAddress: z.string().trim().max(ADDRESS_MAX, 'validation.tooLong').nullable().optional(),
  orgCode: z.string().trim().max(CHANNEL_CODE_MAX).nullable().optional(),
  sourceCode: z.string().trim().max(PROMOTION_CODE_MAX).nullable().optional(),
  sourceActivityId: optId,
  teamCode: z.string().trim().max(PROMOTION_CODE_MAX).nullable().optional(),
});
export const teamUpdate = teamInput.extend({ id, confirm: z.boolean().optional(), confirmSize });
export const batchCreateBody = z.object({
  activityId: id,
  team: teamInput.omit({ activityId: true }),
  members: z.array(memberInput.omit({ activityId: true })).max(50),
});
export const batchCreateTeamBody = z.object({
  activityId: id,
  teams: z
    .array(teamInput.omit({ activityId: true }))
    .min(1)
    .max(200),
});
export const teamIdsBody = idListBody;
export const bindOrgBody = z.object({
  activityId: id,
  orgId: id,
  orgCode: z.string().trim().min(1),
  teamIds: z.array(z.string().regex(/^\d+$/)).min(1, 'reg.selectTeams').max(1000),
});

export const orgCheckQuery = z.object({ orgCode: z.string().trim().max(CHANNEL_CODE_MAX) });
/** verify: 1 verified, 0 unverified, 2 invalid */
export const orgCheckResponse = z.object({
  ...envelope,
  data: z.object({ orgName: z.string().nullable(), id: z.number().int().nullable(), verify: z.number().int() }),
});

// ——— leaders ———
export const leaderItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  code: z.string().nullable(),
  status: z.number().int(),
  type: z.number().int(),
  photoUrl: z.string().nullable(),
  /** spec 3 labels: the ID number, masked (stored encrypted like players') */
  card: z.string().nullable(),
  /** spec 3 labels: review status (LEADER_REVIEW: 0 not reviewed, 1 passed, 2 failed) and its reason */
  reviewStatus: z.number().int(),
  reviewReason: z.string().nullable(),
});
export type LeaderItem = z.infer<typeof leaderItem>;
export const leaderQuery = z.object({ activityId: id, name: z.string().trim().max(NAME_MAX).optional(), ...pageQ });
export const leaderListResponse = page(leaderItem);
const phone = z.string('validation.phone').trim().regex(PHONE_RE, 'validation.phone');
export const leaderInput = z.object({
  activityId: id,
  name: z.string('validation.required').trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  phone,
  address: z.string().trim().max(ADDRESS_MAX).default(''),
  code: z.string().trim().max(CHANNEL_CODE_MAX).nullable().optional(),
  photoUrl: z.string().trim().max(300).nullable().optional(),
  /** the teacher's ID number (mainland ID card); left out: unchanged, null: removed */
  card: z.string().trim().max(18, 'reg.idInvalid').nullable().optional(),
  status: jsonInt.optional(),
  type: jsonInt.optional(),
});
export const leaderUpdate = leaderInput.extend({ id });

// ——— codes ———
export const myCodesQuery = z.object({ activityNo: id });
/** data is JSON text of [{codeName, type}] (spec 7.6) */
export const myCodesResponse = z.object({ ...envelope, data: z.string() });
export const pickCodeQuery = z.object({ activityId: id, memberId: id });
export const pickCodeResponse = z.object({ ...envelope, data: z.object({ codeName: z.string(), type: z.number().int() }) });
export const checkCodeQuery = z.object({ code: z.string().trim().max(REDEEM_CODE_MAX), teamerId: id });
export const checkCodeResponse = z.object({ ...envelope, status: z.number().int(), errorString: z.string() });

export const batchRedeemBody = z.object({
  activityId: id,
  teams: z
    .array(
      z.object({
        name: z.string().max(NAME_MAX).default(''),
        program: z.union([jsonInt, z.string().max(100)]).optional(),
        teamId: id,
        teamers: z
          .array(
            z.object({
              name: z.string().max(NAME_MAX).default(''),
              teamerId: id,
              emerPhone: z.string().max(20).optional(),
              codeName: z.string().trim().max(REDEEM_CODE_MAX),
            }),
          )
          .max(50),
      }),
    )
    .min(1)
    .max(500),
});
export const batchRedeemResponse = z.object({
  ...envelope,
  data: z.array(z.object({ teamerId: z.number().int(), codeName: z.string(), ok: z.boolean(), message: z.string() })),
});

// ——— admin ———
export const reviewDecisionBody = z.object({ memberIds: idList, reason: z.string().trim().max(500).optional() });
/** Reject needs a reason (spec 5: rejection reason required); approve takes none. */
export const withdrawalDecisionBody = z.object({ reason: z.string().trim().max(500).optional() }).optional();
export const withdrawalListQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  ...pageQ,
  size: z.coerce.number().int().min(1).max(500).default(30),
});
/** A withdrawal request as staff see it; `rejectReason` is the staff's reason (kept in the audit log). */
export const withdrawalItem = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  activityId: z.number().int(),
  /** the activity's name in the reader's language */
  activityName: z.string(),
  type: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** the member's note */
  reason: z.string(),
  code: z.string().nullable(),
  refundPerMille: z.number().int().nullable(),
  refundFen: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;
export const withdrawalListResponse = page(withdrawalItem);
export const withdrawalDecisionResponse = z.object({ ...envelope, data: z.object({ refundFen: z.number().int(), perMille: z.number().int() }) });
/**
 * A player under review as the reviewer sees it: the member fields plus the activity, when it was
 * submitted and the team's leading teacher with the attachment. `age` here is the age on the event's
 * first day (what eligibility uses), not today's.
 */
export const reviewItem = memberItem.extend({
  activity: z.object({ id: z.number().int(), name: z.string(), beginTime: z.string() }),
  submittedAt: z.string(),
  leader: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), attachment: z.string().nullable() }).nullable(),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewListQuery = z.object({ activityId: id.optional(), ...pageQ, size: z.coerce.number().int().min(1).max(500).default(30) });
export const reviewListResponse = page(reviewItem);
export const generateCodesBody = z.object({
  activityId: id,
  type: z.union([z.literal(0), z.literal(10), z.literal(20)]),
  count: z.number().int().min(1).max(10000),
  ownerUserId: optId,
  priceFen: z.number().int().min(0).max(10_000_000).default(0),
});
export const assignCodesBody = z.object({ codeIds: idList, ownerUserId: id });

// ——— response shapes of the routes that used to answer `data: z.any()` ———
const dataOf = <T extends z.ZodType>(data: T) => z.object({ ...envelope, data });
export const teamResponse = dataOf(teamItem);
export const teamsResponse = dataOf(z.array(teamItem));
export const leaderResponse = dataOf(leaderItem);
/** POST api/lTeam/my: the caller's activities with their teams and players by payStatus */
export const myRegistrationsResponse = dataOf(
  z.array(
    z.object({
      activityId: z.number().int(),
      activityName: z.string(),
      beginTime: z.string(),
      reviewRequired: z.boolean(),
      teams: z.number().int(),
      players: z.number().int(),
      playersByPayStatus: z.record(z.string(), z.number().int()),
    }),
  ),
);
/** Promotion team code check: verify 1 = a team of the source activity has this number, 2 = none. */
/** teamName only when the team is the caller's own (others learn only whether the code exists). */
export const teamCodeCheckResponse = dataOf(z.object({ teamName: z.string().nullable(), verify: z.union([z.literal(1), z.literal(2)]) }));
export const orgAddressItem = z.object({ id: z.number().int(), name: z.string(), address: z.string(), status: z.number().int() });
export const orgAddressListResponse = dataOf(z.array(orgAddressItem));
export const orgAddressResponse = dataOf(orgAddressItem);
export const playerCardResponse = dataOf(z.object({ cardType: z.number().int(), card: z.string() }));
export const generateCodesResponse = dataOf(z.object({ batchNo: z.string(), count: z.number().int(), codes: z.array(z.string()) }));
export const assignCodesResponse = dataOf(z.object({ assigned: z.number().int() }));
/** POST api/lCloudConfig/oss/upload: the private file's address (data and url carry the same) */
export const ossUploadResponse = z.object({ ...envelope, data: z.string(), url: z.string() });
export const importResult = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  rows: z.array(z.object({ row: z.number().int(), name: z.string(), cardMasked: z.string(), team: z.string(), program: z.string(), ok: z.boolean() })),
  written: z.number().int(),
  blocked: z.boolean(),
  /** players whose guardian is sent a consent link (issue 37): would be, in a preview; were queued, after a commit */
  consentLinks: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;
export const importResponse = dataOf(importResult);
/** 400 IMPORT_HAS_ERRORS of an atomic commit carries the result (which rows are wrong); other 400s do not */
export const importRefusedResponse = errorResponse.extend({ data: importResult.optional() });
/** Codes read from a sheet, joined by commas (spec 5) */
export const parseCodesResponse = dataOf(z.string());
// ——— a returning coach's earlier players (spec 7.5 findHistory / findHistoryV2, issue 24) ———
/** GET …/web/findHistory: the account's players of other activities, one per person (the latest), for `activityId`. */
export const historyQuery = z.object({ activityId: id, name: z.string().trim().max(NAME_MAX).optional() });
/** POST …/web/findHistoryV2: the same, paged. */
export const historyBody = z.object({
  activityId: id,
  name: z.string().trim().max(NAME_MAX).optional(),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export const historyItem = z.object({
  /** the earlier player's id: send it as fromMemberId to copy */
  id: z.number().int(),
  name: z.string(),
  cardType: z.number().int(),
  /** always masked: the whole number never leaves the server here */
  card: z.string(),
  birthDay: z.string().nullable(),
  gender: z.string().nullable(),
  emerName: z.string(),
  emerPhone: z.string(),
  region: z.string(),
  school: z.string(),
  headImg: z.string().nullable(),
  activity: z.object({ id: z.number().int(), name: z.string() }),
  program: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** already among the account's players of the target activity */
  inActivity: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItem>;
export const historyResponse = z.object({ ...envelope, content: z.array(historyItem) });
export const historyPageResponse = page(historyItem);
/** POST …/sUrl/updateMemberHead: one player's photo, a file the caller uploaded (or the photo of another of their players). */
export const memberHeadOneBody = z.object({ memberId: id, headImg: z.string().trim().min(1, 'validation.required').max(300) });
export const memberHeadOneResponse = dataOf(z.object({ memberId: z.number().int(), headImg: z.string() }));
export const memberHeadResponse = dataOf(z.array(z.object({ memberId: z.number().int(), ok: z.boolean(), message: z.string() })));
