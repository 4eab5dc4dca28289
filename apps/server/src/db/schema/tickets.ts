import { sql } from 'drizzle-orm';
import { CHECKIN_RESULTS, SESSION_KINDS, VISITOR_STATUSES, WAITLIST_STATUSES } from '@rp/shared';
import { oneOf, oneOfInts } from './states';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { TICKET_TYPES } from '@rp/shared/int-states';
import { users } from './users';
import { activities } from './content';
import { teams } from './registration';
import { orderItems, orders } from './payments';

/**
 * Sessions (issue 11, spec 3): an audience showing, a workshop or an online match round of an activity. `taken`
 * counts the places held by unpaid orders, sold, booked or reserved: the one row a sale locks or conditionally
 * updates (taken + n ≤ maxPeople), so a rush across instances never sells more than the maximum (0 = unlimited).
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    /** 'audience' | 'workshop' | 'online' */
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('audience'),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    areaZh: text('area_zh').notNull().default(''),
    areaEn: text('area_en').notNull().default(''),
    /** 0 = unlimited (spec 3) */
    maxPeople: integer('max_people').notNull().default(0),
    taken: integer('taken').notNull().default(0),
    /** spec 3 'status': the organiser's switch; the 4.3 state (not started / started / ended) comes from the times */
    enabled: boolean('enabled').notNull().default(true),
    teamCodePrefix: text('team_code_prefix').notNull().default(''),
    entryTime: timestamp('entry_time', { withTimezone: true }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** an ID number is asked of each visitor */
    requireIdCard: boolean('require_id_card').notNull().default(false),
    introZh: text('intro_zh').notNull().default(''),
    introEn: text('intro_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_sessions_activity_idx').on(t.activityId, t.kind),
    check('event_sessions_places_ok', sql`${t.maxPeople} >= 0 and ${t.taken} >= 0 and (${t.maxPeople} = 0 or ${t.taken} <= ${t.maxPeople})`),
    check('event_sessions_times_ok', sql`${t.entryTime} < ${t.startTime} and ${t.endTime} > ${t.startTime}`),
    oneOf('event_sessions_kind_ck', t.kind, SESSION_KINDS),
  ],
);

/** Tickets (spec 3: name, price, maximum people per order, type, event = its session, sale start and end). */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'restrict' }),
    /** 1 audience, 2 workshop */
    type: integer('type').notNull().default(1),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    priceFen: integer('price_fen').notNull().default(0),
    /** most visitors on one order */
    maxPeople: integer('max_people').notNull().default(10),
    saleStart: timestamp('sale_start', { withTimezone: true }),
    saleEnd: timestamp('sale_end', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('tickets_session_idx').on(t.sessionId),
    check('tickets_ok', sql`${t.priceFen} >= 0 and ${t.maxPeople} >= 1`),
    oneOfInts('tickets_type_ck', t.type, TICKET_TYPES),
  ],
);

/**
 * Visitors: one per ticket bought or workshop place booked, with its pass code (128 random bits). 'held' while
 * the order is unpaid, 'valid' once paid, 'used' when admitted (once: a conditional update), 'refunded' or
 * 'released' when its place went back.
 */
export const visitors = pgTable(
  'visitors',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    /** AES-GCM like players' ID numbers (lib/pii), '' when the session does not ask */
    cardEnc: text('card_enc').notNull().default(''),
    cardMasked: text('card_masked').notNull().default(''),
    passCode: text('pass_code').notNull().unique(),
    /** the pass's human-readable code (12 characters of an unambiguous alphabet, printed grouped under the QR; typed at the gate) */
    shortCode: text('short_code').unique(),
    status: text('status', { enum: VISITOR_STATUSES }).notNull().default('held'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedGate: text('used_gate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visitors_order_idx').on(t.orderId),
    index('visitors_user_idx').on(t.userId),
    index('visitors_session_idx').on(t.sessionId, t.status),
    oneOf('visitors_status_ck', t.status, VISITOR_STATUSES),
  ],
);

/** One scan at a gate: admitted, or refused and why (the check-in log). */
export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    visitorId: integer('visitor_id').references(() => visitors.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => eventSessions.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    gate: text('gate').notNull().default(''),
    /** 'admitted' | 'used' | 'unknown' | 'notValid' | 'otherSession' */
    result: text('result', { enum: CHECKIN_RESULTS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkins_session_idx').on(t.sessionId, t.at), oneOf('checkins_result_ck', t.result, CHECKIN_RESULTS)],
);

/** Group pass code of a ticket order: one scan admits every valid visitor of the order. */
export const groupCodes = pgTable('group_codes', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  /** human-readable form of the group code, like visitors.shortCode */
  shortCode: text('short_code').unique(),
});

/** Waiting list of a sold-out session: a released place is offered to the next person for a limited time. */
export const waitlist = pgTable(
  'waitlist',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** 'waiting' | 'offered' | 'done' | 'expired' | 'left' */
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_session_idx').on(t.sessionId, t.status, t.id),
    uniqueIndex('waitlist_one_per_user_uq')
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    oneOf('waitlist_status_ck', t.status, WAITLIST_STATUSES),
  ],
);

/** Online match reservations: one slot per team and activity; changed or cancelled before the entry time. */
export const onlineReservations = pgTable(
  'online_reservations',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'restrict' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('online_reservations_team_uq').on(t.activityId, t.teamId), index('online_reservations_session_idx').on(t.sessionId)],
);
