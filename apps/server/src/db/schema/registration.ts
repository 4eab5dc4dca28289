import { sql } from 'drizzle-orm';
import { REDEEM_CODE_STATUSES, REVIEW_STATUSES } from '@rp/shared';
import { oneOf, oneOfInts } from './states';
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CARD_TYPES,
  CHANNEL_STATUSES,
  CHANNEL_TYPES,
  CODE_TYPES,
  COLLECT_STATUSES,
  LEADER_STATUSES,
  LEADER_REVIEWS,
  LEADER_TYPES,
  PAY_STATUSES,
  SHOWN_STATUSES,
  TEAM_REVIEWS,
  TEAM_STATUSES,
  WITHDRAWAL_TYPES,
} from '@rp/shared/int-states';
import { users } from './users';
import { activities, materials, plans, programs } from './content';

/** Channels (organisations) that bring teams; a team binds one by its code. */
export const orgs = pgTable(
  'orgs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    /** 1 A, 2 B, 3 C director unit */
    type: integer('type').notNull().default(1),
    code: text('code').notNull().unique(),
    /** per mille */
    rebatePerMille: integer('rebate_per_mille').notNull().default(0),
    /** 0 not enabled, 1 enabled, 2 to be reviewed, 3 disabled */
    status: integer('status').notNull().default(1),
  },
  (t) => [oneOfInts('orgs_type_ck', t.type, CHANNEL_TYPES), oneOfInts('orgs_status_ck', t.status, CHANNEL_STATUSES)],
);

export const orgAddresses = pgTable(
  'org_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    status: integer('status').notNull().default(1),
  },
  (t) => [oneOfInts('org_addresses_status_ck', t.status, SHOWN_STATUSES)],
);

/** Leading teachers (coaches), owned by the account that added them, per activity. */
export const leaders = pgTable(
  'leaders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    /** channel code */
    code: text('code'),
    photoUrl: text('photo_url'),
    /** spec 3 labels: the teacher's ID number, encrypted and blind-indexed like players' (lib/pii.ts), masked for lists */
    cardEnc: text('card_enc'),
    cardHash: text('card_hash'),
    cardMasked: text('card_masked'),
    /** spec 3 labels: review status (LEADER_REVIEW) and the reason of a failed review */
    reviewStatus: integer('review_status').notNull().default(0),
    reviewReason: text('review_reason'),
    status: integer('status').notNull().default(1),
    type: integer('type').notNull().default(1),
    collectStatus: integer('collect_status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leaders_owner_idx').on(t.userId, t.activityId),
    oneOfInts('leaders_status_ck', t.status, LEADER_STATUSES),
    oneOfInts('leaders_type_ck', t.type, LEADER_TYPES),
    oneOfInts('leaders_review_status_ck', t.reviewStatus, LEADER_REVIEWS),
    oneOfInts('leaders_collect_status_ck', t.collectStatus, COLLECT_STATUSES),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    planId: integer('plan_id').references(() => plans.id),
    name: text('name').notNull(),
    /** generated per activity: <activityId>-<4 digits> */
    number: text('number').notNull(),
    /** 1 forming, 2 full, 7 under review */
    status: integer('status').notNull().default(1),
    leaderId: integer('leader_id').references(() => leaders.id, { onDelete: 'set null' }),
    orgId: integer('org_id').references(() => orgs.id),
    orgCode: text('org_code'),
    orgAddress: text('org_address'),
    address: text('address').notNull().default(''),
    sourceCode: text('source_code'),
    sourceActivityId: integer('source_activity_id'),
    teamCode: text('team_code'),
    /** team review (spec 4.3, TEAM_REVIEW): moved by staff; starts under review when created without a team code where the promotion zone is on */
    reviewStatus: integer('review_status').notNull().default(0),
    /** why staff failed or suspended the team (shown to its coach); cleared with any other state */
    reviewReason: text('review_reason'),
    collectStatus: integer('collect_status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teams_number_uq').on(t.activityId, t.number),
    oneOfInts('teams_review_status_ck', t.reviewStatus, TEAM_REVIEWS),
    index('teams_owner_idx').on(t.userId, t.activityId),
    oneOfInts('teams_status_ck', t.status, TEAM_STATUSES),
    oneOfInts('teams_collect_status_ck', t.collectStatus, COLLECT_STATUSES),
  ],
);

/** Players (team members). ID numbers: AES-256-GCM at rest, HMAC blind index, masked copy for lists. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    programId: integer('program_id').references(() => programs.id),
    planId: integer('plan_id').references(() => plans.id),
    clothesId: integer('clothes_id').references(() => materials.id),
    name: text('name').notNull(),
    /** 0 ID card, 1 passport */
    cardType: integer('card_type').notNull().default(0),
    cardEnc: text('card_enc').notNull(),
    cardHash: text('card_hash').notNull(),
    cardMasked: text('card_masked').notNull(),
    /** yyyymmdd */
    birth: integer('birth'),
    gender: text('gender'),
    emerName: text('emer_name').notNull().default(''),
    emerPhone: text('emer_phone').notNull().default(''),
    region: text('region').notNull().default('86'),
    school: text('school').notNull().default(''),
    headImg: text('head_img'),
    /** the redeemed code's name */
    code: text('code'),
    payStatus: integer('pay_status').notNull().default(0),
    /** the status before a withdrawal request, restored when it is rejected */
    statusBeforeWithdraw: integer('status_before_withdraw'),
    reviewReason: text('review_reason'),
    collectStatus: integer('collect_status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the retention job or the account's deletion anonymised this player (issue 37); null: not anonymised */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_members_card_uq').on(t.activityId, t.cardHash),
    index('team_members_owner_idx').on(t.userId, t.activityId, t.payStatus),
    index('team_members_team_idx').on(t.teamId),
    // the admin list sorted by payStatus (then id desc, always): one index per direction, so a deep page of
    // 100,000 players walks an index instead of sorting them all (bench/admin-lists.ts); also the payStatus filter
    index('team_members_pay_status_idx').on(t.payStatus, t.id),
    index('team_members_pay_status_id_desc_idx').on(t.payStatus, t.id.desc().nullsFirst()),
    // the list's contains filters (ILIKE '%…%') on name and code: trigram indexes (pg_trgm), used from 3 characters on
    index('team_members_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('team_members_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    oneOfInts('team_members_card_type_ck', t.cardType, CARD_TYPES),
    oneOfInts('team_members_pay_status_ck', t.payStatus, PAY_STATUSES),
    oneOfInts('team_members_status_before_withdraw_ck', t.statusBeforeWithdraw, PAY_STATUSES),
    oneOfInts('team_members_collect_status_ck', t.collectStatus, COLLECT_STATUSES),
  ],
);

/** Single-use redemption codes (design §4). */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    codeName: text('code_name').notNull().unique(),
    /** 0 universal, 10 (program type 0), 20 (program type 1) */
    type: integer('type').notNull().default(0),
    /** 'available' | 'used' | 'void' */
    status: text('status', { enum: REDEEM_CODE_STATUSES }).notNull().default('available'),
    /** the account that bought or was given it; null = issue-by-admin code anyone may redeem */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    memberId: integer('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    /** paid price in fen, for refunds */
    priceFen: integer('price_fen').notNull().default(0),
    batchNo: text('batch_no'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('redeem_codes_owner_idx').on(t.ownerUserId, t.activityId, t.status),
    oneOf('redeem_codes_status_ck', t.status, REDEEM_CODE_STATUSES),
    oneOfInts('redeem_codes_type_ck', t.type, CODE_TYPES),
  ],
);

/** Withdrawal requests (type 2 withdraw with refund by tier, 3 withdraw by code). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    refundPerMille: integer('refund_per_mille'),
    refundFen: integer('refund_fen'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('withdrawals_status_ck', t.status, REVIEW_STATUSES), oneOfInts('withdrawals_type_ck', t.type, WITHDRAWAL_TYPES)],
);
