import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { GATE_SCAN_OUTCOMES } from '@rp/shared';
import { oneOf } from './states';
import { users } from './users';
import { eventSessions, visitors } from './tickets';

/**
 * A gate device (issue 38): a phone signed in for one session's door by a staff member who may run it. Its bearer
 * is a random token stored hashed; it ends at the end of the day it was made (China time) or when revoked.
 * lastSeenAt and pending are what the device last told the server (scans waiting on it).
 */
export const gateDevices = pgTable(
  'gate_devices',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** the gate's name, as the log and the conflicts show it ("East gate") */
    gate: text('gate').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    pending: integer('pending').notNull().default(0),
  },
  (t) => [
    index('gate_devices_session_idx').on(t.sessionId),
    check('gate_devices_ok', sql`${t.pending} >= 0 and char_length(${t.gate}) between 1 and 40 and ${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * Scans a gate decided offline and sent later, one row per nonce (device + counter): the batch is applied
 * idempotently (a nonce already applied with the same digest is skipped); a nonce sent again with other contents
 * is kept as a 'nonceReused' row beside the first (once per digest). A 'conflict' row is a pass the gate admitted
 * offline that had already been admitted elsewhere: the pass keeps its one admission.
 */
export const gateScans = pgTable(
  'gate_scans',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => gateDevices.id, { onDelete: 'cascade' }),
    counter: integer('counter').notNull(),
    /** sha-256 of the scan's contents (code, time, the gate's decision) */
    digest: text('digest').notNull(),
    code: text('code').notNull(),
    /** the device's own decision: admitted (true) or refused */
    admittedOffline: boolean('admitted_offline').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: GATE_SCAN_OUTCOMES }).notNull(),
    visitorId: integer('visitor_id').references(() => visitors.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('gate_scans_nonce_uq')
      .on(t.deviceId, t.counter)
      .where(sql`${t.outcome} <> 'nonceReused'`),
    uniqueIndex('gate_scans_reused_uq')
      .on(t.deviceId, t.counter, t.digest)
      .where(sql`${t.outcome} = 'nonceReused'`),
    index('gate_scans_visitor_idx').on(t.visitorId),
    check('gate_scans_ok', sql`${t.counter} >= 1`),
    oneOf('gate_scans_outcome_ck', t.outcome, GATE_SCAN_OUTCOMES),
  ],
);
