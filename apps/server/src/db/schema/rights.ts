import { ERASURE_KINDS, PII_ACCESS_KINDS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '@rp/shared';
import { pgTable, serial, text, integer, timestamp, index } from 'drizzle-orm/pg-core';
import { oneOf } from './states';
import { users } from './users';
import { activities } from './content';
import { teamMembers } from './registration';

/**
 * People's rights and minimum access (issue 37, parts 3–5): what staff must act on, every look at a child's
 * full ID number or photo and every export with children's data (with its purpose), and every anonymisation.
 */

/** A person's request staff must act on (correcting locked data, an objection): answered within 15 working days. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the player it is about, if any */
    teamMemberId: integer('team_member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    details: text('details').notNull(),
    status: text('status', { enum: PRIVACY_REQUEST_STATUSES }).notNull().default('open'),
    /** the legal deadline: 15 working days (Monday–Friday) after it was received */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('privacy_requests_status_idx').on(t.status, t.dueAt),
    index('privacy_requests_user_idx').on(t.userId),
    oneOf('privacy_requests_kind_ck', t.kind, PRIVACY_REQUEST_KINDS),
    oneOf('privacy_requests_status_ck', t.status, PRIVACY_REQUEST_STATUSES),
  ],
);

/** A staff member's look at a child's full ID number or photo, or an export holding children's data: who, whose, when, why. */
export const piiAccessLog = pgTable(
  'pii_access_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PII_ACCESS_KINDS }).notNull(),
    teamMemberId: integer('team_member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** an export's resource name */
    subject: text('subject').notNull().default(''),
    /** an export's row count */
    rows: integer('rows').notNull().default(0),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pii_access_log_at_idx').on(t.createdAt), oneOf('pii_access_log_kind_ck', t.kind, PII_ACCESS_KINDS)],
);

/** One anonymisation done: an activity past its retention period (the job), or an account deleted at its holder's request. */
export const erasures = pgTable(
  'erasures',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ERASURE_KINDS }).notNull(),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    players: integer('players').notNull().default(0),
    files: integer('files').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('erasures_at_idx').on(t.createdAt), oneOf('erasures_kind_ck', t.kind, ERASURE_KINDS)],
);
