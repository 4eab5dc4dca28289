import { pgTable, serial, text, integer, timestamp, index, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { JOB_STATES } from '@rp/shared';
import { oneOf } from './states';

/**
 * The one job queue (issue 36, lib/jobs.ts): every background job of every module, whichever database.
 * A job is enqueued in the transaction of the change that causes it; an instance claims due jobs with a
 * lease (FOR UPDATE SKIP LOCKED), runs them and marks them done, or backs off and tries again. The
 * payload carries ids only — never a name, a phone or an ID number (it is shown to staff on failure).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** which handler runs it (a module's queue name: 'outbox', 'webhooks', …) */
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** dedupe: a second enqueue with the same key on the same queue adds nothing */
    key: text('key'),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    /** not before (timers: run_at in the future; retries: the backoff) */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** the lease: an instance holds the job until then; a crashed instance's job is claimable after it */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** the instance holding (or that last held) it */
    lockedBy: text('locked_by'),
    /** a short error code, never a message (messages may carry data) */
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_queue_key_uq').on(t.queue, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'pending'`),
    index('jobs_queue_state_idx').on(t.queue, t.state, t.id),
    oneOf('jobs_state_ck', t.state, JOB_STATES),
  ],
);
