import { pgTable, serial, text, integer, timestamp, index, boolean, jsonb } from 'drizzle-orm/pg-core';
import { MESSAGE_TYPES } from '@rp/shared/int-states';
import { ACCOUNT_LANGS, NOTICE_CHANNELS, NOTICE_EVENTS, NOTICE_JOB_STATUSES } from '@rp/shared';
import { oneOf, oneOfInts } from './states';
import { users } from './users';

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 system notice, 2 consultation reply */
    type: integer('type').notNull().default(1),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull().default(''),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull().default(''),
    publisherZh: text('publisher_zh').notNull().default(''),
    publisherEn: text('publisher_en').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_receiver_idx').on(t.receiverId, t.readAt), oneOfInts('messages_type_ck', t.type, MESSAGE_TYPES)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  questionZh: text('question_zh').notNull(),
  questionEn: text('question_en').notNull().default(''),
  answerZh: text('answer_zh').notNull(),
  answerEn: text('answer_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** Which events the organiser tells families about, and how (issue 22): every switch is off until staff turn it on. */
export const noticeSettings = pgTable(
  'notice_settings',
  {
    event: text('event', { enum: NOTICE_EVENTS }).primaryKey(),
    sms: boolean('sms').notNull().default(false),
    wechat: boolean('wechat').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('notice_settings_event_ck', t.event, NOTICE_EVENTS)],
);

/**
 * The transactional outbox of SMS and WeChat notices: a row is written in the transaction of the change it
 * reports (so it exists exactly when the change committed, once), and a job shared by every instance sends
 * it: claimed with a lease (FOR UPDATE SKIP LOCKED), retried with backoff, marked sent or failed.
 */
export const noticeJobs = pgTable(
  'notice_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event', { enum: NOTICE_EVENTS }).notNull(),
    channel: text('channel', { enum: NOTICE_CHANNELS }).notNull(),
    lang: text('lang', { enum: ACCOUNT_LANGS }).notNull(),
    /** the message's title and text in that language, and the named values a provider's template takes */
    payload: jsonb('payload').$type<{ title: string; content: string; params: Record<string, string> }>().notNull(),
    status: text('status', { enum: NOTICE_JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** when the next try is due, as staff see it (its job's run_at decides: lib/jobs.ts, queue `notice`) */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    /** where it went (the provider, 'outbox' or 'simulation') and its message id, or the last error code */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notice_jobs_user_idx').on(t.userId, t.id),
    oneOf('notice_jobs_event_ck', t.event, NOTICE_EVENTS),
    oneOf('notice_jobs_channel_ck', t.channel, NOTICE_CHANNELS),
    oneOf('notice_jobs_status_ck', t.status, NOTICE_JOB_STATUSES),
    oneOf('notice_jobs_lang_ck', t.lang, ACCOUNT_LANGS),
  ],
);
