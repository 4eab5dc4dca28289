import { z } from 'zod';
import { NOTICE_CHANNELS, NOTICE_EVENTS, NOTICE_JOB_STATUSES } from '../states';
import { dataResponse } from './common';

export const smsOutboxItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  purpose: z.string(),
  content: z.string(),
  /** outbox | aliyun | tencent, and what the provider answered */
  provider: z.string(),
  status: z.string(),
  providerMessageId: z.string().nullable(),
  providerCode: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxItem>;

/** Admin → SMS outbox → notices (issue 22): which events go out by SMS and WeChat, and what can carry them. */
export const noticeSetting = z.object({
  event: z.enum(NOTICE_EVENTS),
  sms: z.boolean(),
  wechat: z.boolean(),
  /** a template is set for this event (always with the outbox and the simulation) */
  smsReady: z.boolean(),
  wechatReady: z.boolean(),
});
export type NoticeSetting = z.infer<typeof noticeSetting>;
export const noticeSettingsResponse = dataResponse(
  z.object({ provider: z.string(), wechat: z.enum(['wechat', 'simulated', 'off']), items: z.array(noticeSetting) }),
);
export const noticeSettingBody = z.object({ event: z.enum(NOTICE_EVENTS, 'validation.invalidOption'), sms: z.boolean(), wechat: z.boolean() }).strict();

export const noticeJobItem = z.object({
  id: z.number().int(),
  event: z.enum(NOTICE_EVENTS),
  channel: z.enum(NOTICE_CHANNELS),
  status: z.enum(NOTICE_JOB_STATUSES),
  lang: z.enum(['zh', 'en']),
  /** the account's name and masked phone */
  receiver: z.string(),
  title: z.string(),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NoticeJobItem = z.infer<typeof noticeJobItem>;

export const adminUserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  /** 1 active, 0 disabled */
  status: z.number().int(),
  departmentId: z.number().int().nullable(),
  postId: z.number().int().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserItem = z.infer<typeof adminUserItem>;

/** Staff picking an account (code generation): by phone prefix, login name prefix or nickname. */
export const accountSearchQuery = z.object({
  q: z.string().trim().min(1).max(50),
  size: z.coerce.number().int().min(1).max(20).default(20),
});
export const accountOption = z.object({
  id: z.number().int(),
  nickName: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
});
export type AccountOption = z.infer<typeof accountOption>;

/** The admin dashboard: counts of one season (activities of one year) and of the whole site; optionally one activity. */
export const dashboardQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  activityId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
const n = z.number().int().min(0);
/** a day in China time (UTC+8), YYYY-MM-DD */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const named = z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() });

/** The dashboard's chart series (issue 14): registrations need registrations.manage, money payments.manage, channels channels.manage. */
export const dashboardCharts = z.object({
  /** the season's activities the person reaches (the activity picker) */
  activities: z.array(named),
  /** the programs named by the series */
  programs: z.array(named.extend({ activityId: z.number().int() })),
  /** players created per day and activity; per day and program (China days, oldest first) */
  registrationsByActivity: z.array(z.object({ day, activityId: z.number().int(), n })).nullable(),
  registrationsByProgram: z.array(z.object({ day, programId: z.number().int(), n })).nullable(),
  /** codes created and codes redeemed per activity */
  codes: z.array(z.object({ activityId: z.number().int(), issued: n, used: n })).nullable(),
  /** ledger per day in fen: payments received and refunds paid out (positive) */
  money: z.array(z.object({ day, revenueFen: z.number().int(), refundFen: z.number().int() })).nullable(),
  /** teams and their players per channel code; code null = registered without a channel */
  channels: z.array(z.object({ code: z.string().nullable(), teams: n, players: n })).nullable(),
});
export type DashboardCharts = z.infer<typeof dashboardCharts>;

export const dashboardStats = z.object({
  year: z.number().int(),
  /** seasons that have activities, newest first */
  years: z.array(z.number().int()),
  content: z.object({ activities: n, programs: n, galleries: n, newsPublished: n, newsDrafts: n }),
  /** registration counts: only for staff with registrations.manage */
  registrations: z
    .object({
      teams: n,
      /** players by payStatus ("0".."9"), zero counts included */
      players: z.record(z.string(), n),
      pendingReviews: n,
      pendingWithdrawals: n,
      codes: z.object({ available: n, used: n, void: n }),
    })
    .nullable(),
  /** member accounts: only for staff with users.manage */
  members: n.nullable(),
  /** the activity the figures are limited to (null = the whole season) */
  activityId: z.number().int().nullable(),
  /** the activities the person's data reaches (a role limited to activities, issue 34); null = every activity */
  scope: z.array(z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() })).nullable(),
  charts: dashboardCharts,
});
export type DashboardStats = z.infer<typeof dashboardStats>;
