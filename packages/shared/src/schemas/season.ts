import { z } from 'zod';
import { dbId, envelope } from './common';
import { FEEDBACK_MAX } from '../limits';

/** Issue 14's member endpoints: a message to the organisers, live streams, sign logs, players' change requests. */

const text = (max: number) => z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** spec 7.7 lAbout/web/add: a message to the organisers (login needed, spec 5) */
export const feedbackBody = z
  .object({
    content: text(FEEDBACK_MAX),
    contact: z.string().trim().max(100, 'validation.tooLong').optional(),
  })
  .strict();
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** spec 7.3 lLive/web/list?activityId= */
export const liveListQuery = z.object({ activityId: dbId });
export const liveItem = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  coverUrl: z.string().nullable(),
  startTime: z.string().nullable(),
});
export type LiveItem = z.infer<typeof liveItem>;
export const liveListResponse = z.object({ ...envelope, content: z.array(liveItem) });

/** spec 7.7 lSignLog/web/pdfSignTime: {activityId, fileId or fileName} */
export const signLogBody = z
  .object({
    activityId: dbId,
    fileId: dbId.optional(),
    fileName: z.string().trim().max(200, 'validation.tooLong').optional(),
  })
  .strict()
  .refine((b) => b.fileId !== undefined || !!b.fileName, { message: 'validation.required', path: ['fileName'] });
export const signLogResponse = z.object({ ...envelope, data: z.object({ id: z.number().int(), signedAt: z.string() }) });

/** spec 7.7 lTeamMemberAudit/web/add: a change to a player that needs staff approval */
export const memberAuditBody = z
  .object({
    memberId: dbId,
    reason: text(500),
    content: text(2000),
  })
  .strict();
export const memberAuditItem = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  activityId: z.number().int(),
  reason: z.string(),
  content: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decisionReason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MemberAuditItem = z.infer<typeof memberAuditItem>;
export const memberAuditResponse = z.object({ ...envelope, data: memberAuditItem });
export const memberAuditListQuery = z.object({ activityId: dbId.optional(), memberId: dbId.optional() });
export const memberAuditListResponse = z.object({ ...envelope, content: z.array(memberAuditItem) });
