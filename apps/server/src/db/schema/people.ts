import { sql } from 'drizzle-orm';
import { REBATE_STATUSES, REBATE_WITHDRAWAL_STATUSES, REVIEW_STATUSES, VOLUNTEER_STATUSES } from '@rp/shared';
import { oneOf, oneOfInts } from './states';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { CHANNEL_TYPES } from '@rp/shared/int-states';
import { users } from './users';
import { activities } from './content';
import { orgs } from './registration';
import { orderItems, orders } from './payments';

/**
 * People around the competition (issue 12): consultation, volunteers, channel partners' rebates and
 * withdrawals, WeChat accounts bound to ours.
 */

/** One line of a member's consultation with the organisers: the member's question or a staff answer. */
export const consultMessages = pgTable(
  'consult_messages',
  {
    id: serial('id').primaryKey(),
    /** the member whose conversation this is */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** null: the member wrote it; else the staff account that answered */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consult_messages_user_idx').on(t.userId, t.id)],
);

/**
 * One row per conversation: what the inbox sorts on (unanswered first, newest first) and what the
 * widget's poll compares (lastId), so neither reads the messages themselves.
 */
export const consultThreads = pgTable(
  'consult_threads',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    lastId: integer('last_id').notNull().default(0),
    /** the last line is the member's: staff owe an answer */
    unanswered: boolean('unanswered').notNull().default(true),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consult_threads_inbox_idx').on(t.unanswered, t.lastAt)],
);

/** Positions an activity offers its volunteers. */
export const volunteerPositions = pgTable('volunteer_positions', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id')
    .notNull()
    .references(() => activities.id, { onDelete: 'cascade' }),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull().default(''),
  descriptionZh: text('description_zh').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  /** 0 = no limit */
  quota: integer('quota').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

/** A volunteer application: one per person and activity. */
export const volunteers = pgTable(
  'volunteers',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => volunteerPositions.id, { onDelete: 'set null' }),
    /** the position staff gave (reassigned) */
    assignedPositionId: integer('assigned_position_id').references(() => volunteerPositions.id, { onDelete: 'set null' }),
    groupName: text('group_name').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    birthDate: text('birth_date').notNull(),
    availability: text('availability').notNull().default(''),
    experience: text('experience').notNull().default(''),
    /** storage key of the uploaded resume (PDF or image), checked by content */
    resume: text('resume'),
    resumeName: text('resume_name'),
    guardianName: text('guardian_name').notNull().default(''),
    guardianPhone: text('guardian_phone').notNull().default(''),
    guardianConsent: boolean('guardian_consent').notNull().default(false),
    /** 'applied' | 'preGrouped' | 'admitted' | 'reassigned' | 'confirmed' | 'full' (spec 4.3 after the application) */
    status: text('status', { enum: VOLUNTEER_STATUSES }).notNull().default('applied'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('volunteers_one_per_activity_uq').on(t.activityId, t.userId),
    index('volunteers_status_idx').on(t.activityId, t.status),
    oneOf('volunteers_status_ck', t.status, VOLUNTEER_STATUSES),
  ],
);

/** A channel partner's application and account: who applied (the owner) and the business details. */
export const orgApplications = pgTable(
  'org_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** set once staff approve: the channel (orgs row) with its code */
    orgId: integer('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** 1 A, 2 B, 3 C director unit */
    type: integer('type').notNull().default(3),
    address: text('address').notNull().default(''),
    licenseNo: text('license_no').notNull().default(''),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    intro: text('intro').notNull().default(''),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('org_applications_name_uq').on(sql`lower(${t.name})`),
    index('org_applications_user_idx').on(t.userId),
    oneOf('org_applications_status_ck', t.status, REVIEW_STATUSES),
    oneOfInts('org_applications_type_ck', t.type, CHANNEL_TYPES),
  ],
);

/** A channel's rebate on one paid registration line: accrued on payment, final after the refund window. */
export const rebates = pgTable(
  'rebates',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' })
      .unique(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    baseFen: integer('base_fen').notNull(),
    perMille: integer('per_mille').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** 'accrued' (paid; final once the refund window closes) | 'void' (refunded) */
    status: text('status', { enum: REBATE_STATUSES }).notNull().default('accrued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rebates_org_idx').on(t.orgId, t.status),
    check('rebates_amount_ck', sql`${t.amountFen} >= 0`),
    oneOf('rebates_status_ck', t.status, REBATE_STATUSES),
  ],
);

/** A cash withdrawal of a channel's final rebates (spec 9 methods), processed by staff. */
export const rebateWithdrawals = pgTable(
  'rebate_withdrawals',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountFen: integer('amount_fen').notNull(),
    /** 'enterprise' (enterprise payment) | 'wallet' (wallet transfer) | 'bank' (bank-card network transfer) */
    method: text('method').notNull(),
    accountName: text('account_name').notNull().default(''),
    account: text('account').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    /** 'paying' (in payment) | 'completed' | 'abnormal' */
    status: text('status', { enum: REBATE_WITHDRAWAL_STATUSES }).notNull().default('paying'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('rebate_withdrawals_org_idx').on(t.orgId),
    check('rebate_withdrawals_amount_ck', sql`${t.amountFen} > 0`),
    oneOf('rebate_withdrawals_status_ck', t.status, REBATE_WITHDRAWAL_STATUSES),
  ],
);

/** A WeChat account (open platform openid/unionid) bound to one of ours. */
export const userOauth = pgTable(
  'user_oauth',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    nickName: text('nick_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_oauth_openid_uq').on(t.provider, t.openid), uniqueIndex('user_oauth_user_uq').on(t.userId, t.provider)],
);

/**
 * The openid an official account (公众号) gave an account through its silent web authorisation (snsapi_base),
 * kept per app id: JSAPI pay needs the payer's openid of the app that places the order. Not a login binding
 * (someone may pay for another's account on their phone); signing in with WeChat uses user_oauth.
 */
export const wechatOpenids = pgTable(
  'wechat_openids',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_openids_user_app_uq').on(t.userId, t.appId)],
);
