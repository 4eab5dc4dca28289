import { z } from 'zod';
import { dbId, envelope, pageQuery } from './common';

import { QUESTION_MAX } from '../rules/consult';
import { VOLUNTEER_STATES } from '../rules/people';

const text = (max: number) => z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.tooLong');

// ── consultation (issue 12) ────────────────────────────────────────────────────────────────
/** spec 7.8 chat: title, content, phone (title and phone are optional here: the account says who asks) */
export const chatBody = z
  .object({
    content: text(QUESTION_MAX),
    title: z.string().trim().max(100, 'validation.tooLong').optional(),
    phone: z.string().trim().max(20, 'validation.tooLong').optional(),
    activityId: dbId.optional(),
  })
  .strict();
export const consultLine = z.object({
  id: z.number().int(),
  /** the member's own line, or an answer of the organisers */
  mine: z.boolean(),
  /** spec 7.8: the line's type (1 the member's question, 2 the organisers' answer) and title */
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  publish: z.object({ nickName: z.string() }),
});
export type ConsultLine = z.infer<typeof consultLine>;
/** spec 7.8: the widget's list takes four numbers (type, status, page, size) beside the poll's `after` */
export const chatListQuery = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  /** 1 the member's own lines, 2 the answers; left out: both */
  type: z.coerce.number().int().min(1).max(2).optional(),
  /** every line of the conversation is shown to its member: any status lists them all */
  status: z.coerce.number().int().min(0).max(10).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(100),
});
export type ChatListQuery = z.infer<typeof chatListQuery>;
export const chatListResponse = z.object({ ...envelope, content: z.array(consultLine), lastId: z.number().int() });
export const chatLineResponse = z.object({ ...envelope, data: consultLine });

/** spec 7.8 reply: title, content, receiver id, status, type — staff answer one member's conversation */
export const replyBody = z
  .object({
    receiverId: dbId,
    content: text(2000),
    title: z.string().trim().max(100, 'validation.tooLong').optional(),
    status: z.number().int().min(0).max(10).optional(),
    type: z.number().int().min(0).max(10).optional(),
  })
  .strict();

export const inboxQuery = pageQuery.extend({
  activityId: dbId.optional(),
  /** 'open': only conversations waiting for an answer */
  status: z.enum(['open', 'all']).default('all'),
});
export const inboxThread = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  phone: z.string(),
  activityId: z.number().int().nullable(),
  activityName: z.string(),
  unanswered: z.boolean(),
  lastAt: z.string(),
  preview: z.string(),
});
export const inboxResponse = z.object({ ...envelope, content: z.array(inboxThread), totalElements: z.number().int() });
export const threadParams = z.object({ userId: dbId });
export const threadResponse = z.object({ ...envelope, content: z.array(consultLine.extend({ staffName: z.string() })), thread: inboxThread });

// ── system messages sent by staff ─────────────────────────────────────────────────────────
export const broadcastBody = z
  .object({
    audience: z.enum(['all', 'activity', 'role']),
    activityId: dbId.optional(),
    role: z.enum(['admin', 'editor', 'member', 'volunteer', 'channel', 'judge']).optional(),
    titleZh: text(100),
    titleEn: text(100),
    contentZh: text(2000),
    contentEn: text(2000),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.audience === 'activity' && !v.activityId) ctx.addIssue({ code: 'custom', path: ['activityId'], message: 'validation.required' });
    if (v.audience === 'role' && !v.role) ctx.addIssue({ code: 'custom', path: ['role'], message: 'validation.required' });
  });
export type BroadcastBody = z.infer<typeof broadcastBody>;
export const broadcastResponse = z.object({ ...envelope, data: z.object({ sent: z.number().int() }) });

// ── volunteers (issue 12) ────────────────────────────────────────────────────────────────
const PHONE = /^1[3-9]\d{9}$/;
export const volunteerApplyBody = z
  .object({
    activityId: dbId,
    positionId: dbId,
    name: text(50),
    phone: z.string('validation.phone').trim().regex(PHONE, 'validation.phone'),
    email: z.string().trim().max(100, 'validation.tooLong').email('validation.invalid').or(z.literal('')).default(''),
    birthDate: z
      .string('validation.required')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '1900-01-01', 'validation.invalid'),
    availability: text(500),
    experience: z.string().trim().max(2000, 'validation.tooLong').default(''),
    /** a private attachment this person uploaded (jpeg/png/doc/docx ≤ 3 MB, checked by content) */
    resume: z.string().trim().max(300, 'validation.tooLong').default(''),
    guardianName: z.string().trim().max(50, 'validation.tooLong').default(''),
    guardianPhone: z.string().trim().max(20, 'validation.tooLong').default(''),
    guardianConsent: z.boolean().default(false),
  })
  .strict();
export type VolunteerApplyBody = z.infer<typeof volunteerApplyBody>;
export const volunteerListQuery = z.object({ activityId: dbId });
export const volunteerPositionView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  quota: z.number().int(),
  taken: z.number().int(),
});
export const volunteerApplicationView = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  positionId: z.number().int().nullable(),
  positionName: z.string(),
  groupName: z.string(),
  status: z.enum(VOLUNTEER_STATES),
  createdAt: z.string(),
});
export const volunteerListResponse = z.object({
  ...envelope,
  data: z.object({
    open: z.boolean(),
    activityName: z.string(),
    positions: z.array(volunteerPositionView),
    mine: volunteerApplicationView.nullable(),
  }),
});
export const volunteerApplyResponse = z.object({ ...envelope, data: volunteerApplicationView });
export const myVolunteersResponse = z.object({ ...envelope, content: z.array(volunteerApplicationView.extend({ activityName: z.string() })) });

// ── channel partners and rebates (issue 12) ──────────────────────────────────────────────
/** spec 9: rebate cash withdrawal methods */
export const WITHDRAW_METHODS = ['enterprise', 'wallet', 'bank'] as const;
export const channelApplyBody = z
  .object({
    name: text(100),
    /** 1 A, 2 B, 3 C director unit (spec 6) */
    type: z.union([z.literal(1), z.literal(2), z.literal(3)], 'validation.invalidOption'),
    address: text(200),
    licenseNo: z.string().trim().max(30, 'validation.tooLong').default(''),
    contactName: text(50),
    contactPhone: z.string('validation.phone').trim().regex(PHONE, 'validation.phone'),
    intro: z.string().trim().max(1000, 'validation.tooLong').default(''),
  })
  .strict();
export type ChannelApplyBody = z.infer<typeof channelApplyBody>;
export const channelApplicationView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectReason: z.string(),
  orgId: z.number().int().nullable(),
  code: z.string().nullable(),
  rebatePerMille: z.number().int(),
  createdAt: z.string(),
});
export const channelApplicationsResponse = z.object({ ...envelope, content: z.array(channelApplicationView) });
export const channelApplyResponse = z.object({ ...envelope, data: channelApplicationView });
export const rebateView = z.object({
  id: z.number().int(),
  activityName: z.string(),
  teamName: z.string(),
  playerName: z.string(),
  baseFen: z.number().int(),
  amountFen: z.number().int(),
  /** accrued and final (withdrawable), accrued but still within the refund window, or void (refunded) */
  state: z.enum(['final', 'pending', 'void']),
  createdAt: z.string(),
});
export const withdrawalView = z.object({
  id: z.number().int(),
  amountFen: z.number().int(),
  method: z.enum(WITHDRAW_METHODS),
  account: z.string(),
  status: z.enum(['paying', 'completed', 'abnormal']),
  note: z.string(),
  createdAt: z.string(),
});
export const channelSelfResponse = z.object({
  ...envelope,
  content: z.array(
    z.object({
      orgId: z.number().int(),
      name: z.string(),
      code: z.string(),
      rebatePerMille: z.number().int(),
      teams: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          activityName: z.string(),
          players: z.array(z.object({ name: z.string(), payStatus: z.number().int() })),
        }),
      ),
      balance: z.object({
        finalFen: z.number().int(),
        pendingFen: z.number().int(),
        withdrawnFen: z.number().int(),
        availableFen: z.number().int(),
        canApply: z.boolean(),
      }),
      rebates: z.array(rebateView),
      withdrawals: z.array(withdrawalView),
    }),
  ),
});
export const rebateWithdrawBody = z
  .object({
    orgId: dbId,
    amountFen: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(100_000_000, 'validation.tooBig'),
    method: z.enum(WITHDRAW_METHODS, 'validation.invalidOption'),
    accountName: text(50),
    account: text(50),
    bankName: z.string().trim().max(100, 'validation.tooLong').default(''),
  })
  .strict();
export type RebateWithdrawBody = z.infer<typeof rebateWithdrawBody>;
export const rebateWithdrawResponse = z.object({ ...envelope, data: withdrawalView });
export const approveChannelBody = z.object({ rebatePerMille: z.number().int().min(0, 'validation.tooSmall').max(500, 'validation.tooBig') }).strict();
export const rejectBody = z.object({ reason: text(200) }).strict();
export const rebateDecisionBody = z.object({ note: z.string().trim().max(200, 'validation.tooLong').default('') }).strict();
export const rebateIdParam = z.object({ id: dbId });
