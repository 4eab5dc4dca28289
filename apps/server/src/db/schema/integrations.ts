import { pgTable, serial, text, integer, timestamp, index, boolean, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES } from '@rp/shared';
import { oneOf } from './states';
import { users } from './users';

/**
 * Domain events (issue 25): what happened, written in the transaction that made it happen. The payload
 * carries ids and public fields only (never an ID number or a phone): it is what webhooks send.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    /** uuid: the event's id everywhere (its delivery jobs, webhook deliveries, the X-RP-Event-Id header) */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** the activity the event is about, when it is about one (webhook and token limits) */
    activityId: integer('activity_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_occurred_idx').on(t.occurredAt)],
);

/** A partner's endpoint (Admin → Integrations): where chosen events are POSTed, signed with its secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** staff's own words for it ("Exam platform") */
  description: text('description').notNull().default(''),
  /** event names it receives */
  events: text('events').array().notNull().default([]),
  /** the signing secret, encrypted with the server's PII key (it must be read back to sign) */
  secretEnc: text('secret_enc').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event to one endpoint: retried with exponential backoff for 24 h, idempotent by the event id. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** when the next try is due, as staff see it (its job's run_at decides: lib/jobs.ts, queue `webhook`) */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    oneOf('webhook_deliveries_status_ck', t.status, WEBHOOK_DELIVERY_STATUSES),
  ],
);

/** Every attempt of a delivery: the delivery log staff read (status code, duration, error). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** true when staff pressed "send again" */
    manual: boolean('manual').notNull().default(false),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull().default(0),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * A partner system's API token: shown once, stored as its SHA-256 (the prefix is kept to tell tokens apart),
 * limited to scopes and optionally to activities, with an expiry; revoking takes effect on the next request
 * on every instance (every request reads the row).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** the token's first characters, shown in the list (rpk_ab12…) */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    scopes: text('scopes').array().notNull().default([]),
    /** null: every activity; otherwise the only activities it reads */
    activityIds: integer('activity_ids').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_created_idx').on(t.createdAt)],
);
