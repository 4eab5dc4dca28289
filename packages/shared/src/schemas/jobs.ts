import { z } from 'zod';
import { JOB_STATES } from '../states';
import { dbId, envelope } from './common';

/**
 * Admin → Background jobs (issue 36): the one job queue's jobs (failed ones first of all) and "retry".
 * Every operation needs the capability `jobs.manage`.
 */
export const jobsQuery = z.object({
  pageNo: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(100_000, 'validation.tooBig').default(0),
  pageSize: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(100, 'validation.tooBig').default(20),
  state: z.enum(JOB_STATES, 'validation.invalidOption').optional(),
});
export const jobIdParams = z.object({ id: dbId });

/** What a job is about, in words the screen labels: the event and its receiver, the notice's event and channel, … */
export const jobSubject = z.object({
  /** a domain event's name (event deliveries, webhooks) or a notice's event (review, payment, …) */
  event: z.string().nullable(),
  /** where it goes: the webhook's address, the notice's channel (sms, wechat), the outbox subscriber */
  to: z.string().nullable(),
});
export const jobItem = z.object({
  id: z.number().int(),
  /** the queue's kind: event (an outbox subscriber's delivery), webhook, notice, sandbox-notify, timer, or another */
  kind: z.string(),
  /** the queue as stored (event:webhooks, timer:reconcile, …) */
  queue: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** a short code (http-500, timeout, no-phone, …), never a message */
  lastError: z.string().nullable(),
  runAt: z.string(),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
  subject: jobSubject,
});
export type JobItem = z.infer<typeof jobItem>;
export const jobListResponse = z.object({ ...envelope, total: z.number().int(), content: z.array(jobItem) });
export const jobRetryResponse = z.object({ ...envelope, ok: z.literal(true) });
