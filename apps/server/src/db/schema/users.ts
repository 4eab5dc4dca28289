import { pgTable, serial, text, integer, timestamp, boolean, index, primaryKey, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_STATUSES } from '@rp/shared/int-states';
import { ACCOUNT_LANGS, SMS_STATUSES } from '@rp/shared';
import { oneOf, oneOfInts } from './states';

/** The organiser's departments (a tree) and posts; staff accounts name one of each. */
export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'restrict' }),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const posts = pgTable('posts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().default(''),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    phone: text('phone').unique(),
    passwordHash: text('password_hash').notNull(),
    nickName: text('nick_name').notNull(),
    /** the language the person last used (registration, login): SMS and WeChat notices go out in it */
    lang: text('lang', { enum: ACCOUNT_LANGS }).notNull().default('zh'),
    avatar: text('avatar'),
    roles: text('roles').array().notNull().default(['member']),
    /** 1 active, 0 disabled */
    status: integer('status').notNull().default(1),
    /** staff: department and post (issue 14) */
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** deleted at the holder's request (issue 37): the row stays, anonymised, for the orders and invoices that name it */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [oneOf('users_lang_ck', t.lang, ACCOUNT_LANGS), oneOfInts('users_status_ck', t.status, ACCOUNT_STATUSES)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the bearer token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Short-lived state (captcha answers, SMS codes, rate-limit counters) when Redis is not configured. */
export const kv = pgTable(
  'kv',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kv_expires_idx').on(t.expiresAt)],
);

/**
 * Idempotency-Key of a create or payment call (plugins/idempotency.ts), per account, for 24 hours: the first
 * answer is kept and replayed to a retry. `committed` is set inside the request's first transaction, so a
 * failure after the commit (a 503 on a dying connection) still tells a retry that the change was made.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    committed: boolean('committed').notNull().default(false),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Every SMS sent and the provider's answer, readable by administrators: the outbox adapter's (development:
 * the text with its code) and a real provider's (the code masked in the text; its message id, or its refusal).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    content: text('content').notNull(),
    /** outbox | aliyun | tencent */
    provider: text('provider').notNull().default('outbox'),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('sent'),
    providerMessageId: text('provider_message_id'),
    /** the provider's refusal code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberOneHourLimit, …) */
    providerCode: text('provider_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('sms_outbox_status_ck', t.status, SMS_STATUSES)],
);
