import { z } from 'zod';
import { dbId, envelope } from './common';
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES, PURPOSE_MAX, PURPOSE_MIN } from '../rights';

/** People's rights and the yearly audit (issue 37, parts 3–5): requests, deletion, retention preview, audit report. */

/** a purpose typed for a look at a child's full ID number or an export of children's data */
export const purposeField = z.string().trim().min(PURPOSE_MIN).max(PURPOSE_MAX);

export const privacyRequestInput = z.object({
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  details: z.string().trim().min(4).max(2000),
  teamMemberId: dbId.optional(),
});

export const deleteAccountInput = z.object({
  /** the word the screen asks for: 注销 or DELETE */
  confirm: z.string().trim().max(20),
});

export const privacyRequestView = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  details: z.string(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  dueAt: z.string(),
  overdue: z.boolean(),
  answer: z.string(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  /** staff lists: the account (nickname · masked phone) and the player named */
  account: z.string(),
  playerName: z.string(),
});

export const privacyRequestListResponse = z.object({ ...envelope, data: z.array(privacyRequestView) });
export const privacyRequestResponse = z.object({ ...envelope, data: privacyRequestView });

export const answerRequestInput = z.object({
  status: z.enum(['done', 'refused']),
  answer: z.string().trim().min(2).max(2000),
});

export const deleteAccountResponse = z.object({ ...envelope, data: z.object({ players: z.number().int(), files: z.number().int() }) });

export const retentionRowView = z.object({
  id: z.number().int(),
  name: z.string(),
  finishTime: z.string(),
  retentionDays: z.number().int(),
  dueAt: z.string(),
  ended: z.boolean(),
  anonymisedAt: z.string().nullable(),
  players: z.number().int(),
  withIdNumber: z.number().int(),
  photos: z.number().int(),
  guardians: z.number().int(),
  teachers: z.number().int(),
  volunteers: z.number().int(),
});
export const retentionPreviewResponse = z.object({ ...envelope, data: z.array(retentionRowView) });

export const auditReportView = z.object({
  year: z.number().int(),
  childrenCollected: z.number().int(),
  consents: z.object({ consented: z.number().int(), pending: z.number().int(), refused: z.number().int(), withdrawn: z.number().int() }),
  idViews: z.number().int(),
  photoViews: z.number().int(),
  idViewsByStaff: z.array(z.object({ staffId: z.number().int().nullable(), staff: z.string(), count: z.number().int() })),
  exports: z.array(z.object({ at: z.string(), staff: z.string(), subject: z.string(), rows: z.number().int(), purpose: z.string() })),
  anonymisedActivities: z.number().int(),
  anonymisedPlayers: z.number().int(),
  deletions: z.number().int(),
  requests: z.object({ received: z.number().int(), answeredInTime: z.number().int(), late: z.number().int(), open: z.number().int() }),
});
export const auditReportResponse = z.object({ ...envelope, data: auditReportView });
export type AuditReportView = z.infer<typeof auditReportView>;
export type PrivacyRequestView = z.infer<typeof privacyRequestView>;
export type RetentionRowView = z.infer<typeof retentionRowView>;
