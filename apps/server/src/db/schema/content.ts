import { pgTable, serial, text, integer, timestamp, boolean, index } from 'drizzle-orm/pg-core';

export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull().default(''),
  introZh: text('intro_zh').notNull().default(''),
  introEn: text('intro_en').notNull().default(''),
  venueZh: text('venue_zh').notNull().default(''),
  venueEn: text('venue_en').notNull().default(''),
  poster: text('poster'),
  year: integer('year').notNull(),
  /** 1 default, 2 (level-2 activities show source codes) */
  level: integer('level').notNull().default(1),
  /** 1 open for sign-up, 4 finished (the promotion-zone list uses status 4) */
  status: integer('status').notNull().default(1),
  show: boolean('show').notNull().default(true),
  beginTime: timestamp('begin_time', { withTimezone: true }).notNull(),
  finishTime: timestamp('finish_time', { withTimezone: true }).notNull(),
  signUpBegin: timestamp('sign_up_begin', { withTimezone: true }),
  signUpEnd: timestamp('sign_up_end', { withTimezone: true }),
  playerLimit: integer('player_limit').notNull().default(0),
  // Switches (design §4: the spec's special activity ids become settings)
  enabled: boolean('enabled').notNull().default(true),
  reviewRequired: boolean('review_required').notNull().default(false),
  promotionZone: boolean('promotion_zone').notNull().default(false),
  avatarReferenceImage: boolean('avatar_reference_image').notNull().default(false),
  refundEnabled: boolean('refund_enabled').notNull().default(true),
  volunteerEnabled: boolean('volunteer_enabled').notNull().default(false),
  audienceEnabled: boolean('audience_enabled').notNull().default(false),
  fileDownloadEnabled: boolean('file_download_enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** 0 or 1; decides which code types fit (spec 8.2) */
    type: integer('type').notNull().default(0),
    maxMembers: integer('max_members').notNull(),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    /** null any, 'F' girls only, 'M' boys only */
    gender: text('gender'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('programs_activity_idx').on(t.activityId)],
);

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** integer fen; money is never a float */
    priceFen: integer('price_fen').notNull().default(0),
  },
  (t) => [index('plans_activity_idx').on(t.activityId)],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** 1 clothes size */
    type: integer('type').notNull().default(1),
    quantity: integer('quantity').notNull().default(0),
    remaining: integer('remaining').notNull().default(0),
    size: text('size'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('materials_activity_idx').on(t.activityId)],
);

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull().default(''),
  summaryZh: text('summary_zh').notNull().default(''),
  summaryEn: text('summary_en').notNull().default(''),
  contentZh: text('content_zh').notNull().default(''),
  contentEn: text('content_en').notNull().default(''),
  cover: text('cover'),
  /** 1 published, 0 draft */
  status: integer('status').notNull().default(1),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
