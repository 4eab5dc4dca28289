import { pgTable, serial, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { SHOWN_STATUSES } from '@rp/shared/int-states';
import { FEEDBACK_STATUSES, REVIEW_STATUSES } from '@rp/shared';
import { oneOf, oneOfInts } from './states';
import { users } from './users';
import { activities } from './content';
import { teamMembers } from './registration';

/**
 * The organisers' remaining resources (issue 14, modules/season/): messages to the organisers, live
 * streams, rule-document sign logs, players' change requests that need staff approval, provider settings.
 */

/** A message to the organisers from the about page (spec 7.7 lAbout/web/add); staff answer it in the admin. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    /** 'new' | 'answered' */
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('new'),
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_status_idx').on(t.status, t.id), index('feedback_user_idx').on(t.userId), oneOf('feedback_status_ck', t.status, FEEDBACK_STATUSES)],
);

/** Live streams of an activity (spec 7.3 lLive/web/list), shown as links on the activity page. */
export const lives = pgTable(
  'lives',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull().default(''),
    /** https only (checked on save) */
    url: text('url').notNull(),
    cover: text('cover'),
    startTime: timestamp('start_time', { withTimezone: true }),
    /** 1 shown, 0 hidden */
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('lives_activity_idx').on(t.activityId, t.sort), oneOfInts('lives_status_ck', t.status, SHOWN_STATUSES)],
);

/** When a person signed (accepted) a rules document (spec 7.7 lSignLog/web/pdfSignTime): one row per call. */
export const signLogs = pgTable(
  'sign_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    fileId: integer('file_id'),
    fileName: text('file_name').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_logs_activity_idx').on(t.activityId, t.createdAt), index('sign_logs_user_idx').on(t.userId)],
);

/** A coach's request to change a player in a way that needs staff approval (spec 7.7 lTeamMemberAudit/web/add). */
export const teamMemberAudits = pgTable(
  'team_member_audits',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** the coach who asked (the player's owner) */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberName: text('member_name').notNull().default(''),
    reason: text('reason').notNull(),
    content: text('content').notNull(),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason').notNull().default(''),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_member_audits_user_idx').on(t.userId, t.id),
    index('team_member_audits_status_idx').on(t.status, t.id),
    oneOf('team_member_audits_status_ck', t.status, REVIEW_STATUSES),
  ],
);

/** Provider settings that are not secrets (bucket names, regions, public endpoints); secrets stay in the environment. */
export const cloudConfigs = pgTable(
  'cloud_configs',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    remark: text('remark').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cloud_configs_key_idx').on(t.key)],
);
