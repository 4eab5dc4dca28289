import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { oneOfInts } from './states';
import {
  ACTIVITY_LEVELS,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  CODE_TYPES,
  EVENT_TYPES,
  MATERIAL_TYPES,
  PARTNER_TYPES,
  PROGRAM_TYPES,
  SHOWN_STATUSES,
} from '@rp/shared/int-states';
import { bankAccounts } from './payments';

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    /** the detailed introduction (rich text) below the short intro */
    detailZh: text('detail_zh').notNull().default(''),
    detailEn: text('detail_en').notNull().default(''),
    /** 1 competition, 2 exhibition, 3 training camp (spec 3 "type") */
    type: integer('type').notNull().default(1),
    /** 1 on site, 2 online, 3 both (spec 3 "event type") */
    eventType: integer('event_type').notNull().default(1),
    /** the award settings as text (JSON or plain words; read by staff, not by code) */
    awardConfig: text('award_config').notNull().default(''),
    /** the organiser's account members pay by bank transfer into (spec 3 "payment account") */
    paymentAccountId: integer('payment_account_id').references((): AnyPgColumn => bankAccounts.id, { onDelete: 'set null' }),
    /** the person or department responsible (spec 3 "owner"), a name */
    owner: text('owner').notNull().default(''),
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
    /** certificates are drawn on the activity's uploaded templates (spec 9: "an award picture"), not the built-in design */
    awardPicture: boolean('award_picture').notNull().default(false),
    /** players under 14 need a guardian's consent before they are passed, paid for or given a code (issue 37) */
    guardianConsentRequired: boolean('guardian_consent_required').notNull().default(true),
    /** days after its end that its participants' personal data is kept; then the retention job anonymises them (issue 37) */
    retentionDays: integer('retention_days').notNull().default(180),
    /** when the retention job anonymised its participants (null: not yet) */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOfInts('activities_type_ck', t.type, ACTIVITY_TYPES),
    oneOfInts('activities_event_type_ck', t.eventType, EVENT_TYPES),
    oneOfInts('activities_level_ck', t.level, ACTIVITY_LEVELS),
    oneOfInts('activities_status_ck', t.status, ACTIVITY_STATUSES),
  ],
);

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
    /** places for registered players of this program (held by an unpaid order, paid, passed review, withdrawing); null = unlimited */
    places: integer('places'),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    cover: text('cover'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('programs_activity_idx').on(t.activityId), oneOfInts('programs_type_ck', t.type, PROGRAM_TYPES)],
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
    /** the type of the codes this plan sells (0 universal, 10 program type 0, 20 program type 1) */
    codeType: integer('code_type').notNull().default(0),
    /** codes left to sell; null = unlimited. Taken by a conditional UPDATE when an order is created, given back when it expires */
    stock: integer('stock'),
  },
  (t) => [
    index('plans_activity_idx').on(t.activityId),
    check('plans_stock_nonneg', sql`${t.stock} is null or ${t.stock} >= 0`),
    oneOfInts('plans_code_type_ck', t.codeType, CODE_TYPES),
  ],
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
    /** 0 = not counted (any number may pick it); > 0: `remaining` of them are left */
    quantity: integer('quantity').notNull().default(0),
    remaining: integer('remaining').notNull().default(0),
    size: text('size'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('materials_activity_idx').on(t.activityId),
    // stock is taken by one conditional UPDATE (modules/season/materials.service.ts); never below zero
    check('materials_stock_nonneg', sql`${t.quantity} >= 0 and ${t.remaining} >= 0`),
    oneOfInts('materials_type_ck', t.type, MATERIAL_TYPES),
  ],
);

export const news = pgTable(
  'news',
  {
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
  },
  (t) => [oneOfInts('news_status_ck', t.status, SHOWN_STATUSES)],
);

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    logo: text('logo'),
    url: text('url'),
    /** 1 partner, 2 ecology partner */
    type: integer('type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [oneOfInts('partners_type_ck', t.type, PARTNER_TYPES), oneOfInts('partners_status_ck', t.status, SHOWN_STATUSES)],
);

export const officialFiles = pgTable(
  'official_files',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull().default(''),
    /** storage key of the uploaded file */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size').notNull().default(0),
    mime: text('mime'),
    downloads: integer('downloads').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('official_files_year_idx').on(t.year), oneOfInts('official_files_status_ck', t.status, SHOWN_STATUSES)],
);

export const aboutSections = pgTable('about_sections', {
  id: serial('id').primaryKey(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull().default(''),
  contentZh: text('content_zh').notNull().default(''),
  contentEn: text('content_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const dictDetails = pgTable(
  'dict_details',
  {
    id: serial('id').primaryKey(),
    dictName: text('dict_name').notNull(),
    value: text('value').notNull(),
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('dict_details_name_idx').on(t.dictName, t.sort)],
);

/** A gallery ("console"): header with logo, name and description; holds albums. */
export const consoles = pgTable(
  'consoles',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    logo: text('logo'),
    cover: text('cover'),
    year: integer('year').notNull(),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** visitors may filter by team, member or program */
    filterEnabled: boolean('filter_enabled').notNull().default(false),
    /** text stamped on display copies; empty = no watermark */
    watermark: text('watermark').notNull().default(''),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [oneOfInts('consoles_status_ck', t.status, SHOWN_STATUSES)],
);

/** An album (a tab of a gallery). */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    consoleId: integer('console_id')
      .notNull()
      .references(() => consoles.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    pictureCount: integer('picture_count').notNull().default(0),
  },
  (t) => [index('photos_console_idx').on(t.consoleId, t.sort), oneOfInts('photos_status_ck', t.status, SHOWN_STATUSES)],
);

export const pictures = pgTable(
  'pictures',
  {
    id: serial('id').primaryKey(),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** storage keys: original (location stripped), re-encoded display copy (watermarked), WebP thumbnail */
    originalKey: text('original_key').notNull(),
    /**
     * The unguessable name the original is downloaded by (/api/pictures/original/<token>, 122 random bits);
     * ids are sequential, so they never name an original.
     */
    originalToken: text('original_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * Whether the stored original has been through cleanOriginal (location stripped). Uploads since
     * migration 0003 are; older rows start false and are cleaned in the background at start
     * (originals.service.ts). Only clean originals are served.
     */
    originalClean: boolean('original_clean').notNull().default(true),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull().default(0),
    teamName: text('team_name'),
    memberName: text('member_name'),
    programName: text('program_name'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pictures_photo_time_idx').on(t.photoId, t.takenAt, t.id), uniqueIndex('pictures_original_token_idx').on(t.originalToken)],
);

/** Who changed what, when: before → after (design §4). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    action: text('action').notNull(),
    before: text('before'),
    after: text('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_resource_idx').on(t.resource, t.recordId),
    // (at, id): the trail's order (at desc, id desc) read backwards, no sort of equal times (bench/admin-lists.ts)
    index('audit_at_idx').on(t.at, t.id),
    index('audit_user_idx').on(t.userId, t.at),
  ],
);

/** Every stored upload: lets forms refer to a file by key only when it really was uploaded. */
export const uploads = pgTable('uploads', {
  key: text('key').primaryKey(),
  fileName: text('file_name').notNull(),
  size: integer('size').notNull(),
  mime: text('mime').notNull(),
  width: integer('width'),
  height: integer('height'),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
