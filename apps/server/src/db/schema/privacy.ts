import { GUARDIAN_CONSENT_METHODS, GUARDIAN_CONSENT_STATUSES, POLICY_KINDS } from '@rp/shared';
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './states';
import { users } from './users';
import { teamMembers } from './registration';

/**
 * Children's personal information (issue 37, parts 1 and 2): the published policies with their versions, who
 * accepted which version, and each guardian's consent for a player under 14.
 */

/** One published version of a policy; a new version is a new row, every one kept (the page shows the one in force). */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: POLICY_KINDS }).notNull(),
    version: integer('version').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull().default(''),
    /** sanitised rich text, like other content */
    bodyZh: text('body_zh').notNull(),
    bodyEn: text('body_en').notNull().default(''),
    /** in force from this time on (until a later version's) */
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('policy_versions_kind_version_uq').on(t.kind, t.version), oneOf('policy_versions_kind_ck', t.kind, POLICY_KINDS)],
);

/** A person accepted a policy version (at sign-up: the privacy policy in force). */
export const policyAcceptances = pgTable(
  'policy_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    policyVersionId: integer('policy_version_id')
      .notNull()
      .references(() => policyVersions.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('policy_acceptances_user_idx').on(t.userId)],
);

/**
 * A guardian's consent for one player (a team member under 14). The player's current consent is its latest row
 * (highest id). method 'self': the account holder declared they are the parent or guardian; 'sms': a link went
 * to the guardian's phone (only its SHA-256 is kept) and the guardian answered on it.
 */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    id: serial('id').primaryKey(),
    teamMemberId: integer('team_member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GUARDIAN_CONSENT_STATUSES }).notNull(),
    method: text('method', { enum: GUARDIAN_CONSENT_METHODS }).notNull(),
    guardianName: text('guardian_name').notNull().default(''),
    guardianPhone: text('guardian_phone').notNull().default(''),
    /** father, mother, guardian… as typed */
    relationship: text('relationship').notNull().default(''),
    /** the children's rules in force when the consent was asked for / given */
    policyVersionId: integer('policy_version_id').references(() => policyVersions.id),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** the account that asked (the coach) or declared (the account holder) */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the guardian (or the declaring account holder) consented, refused or withdrew */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedIp: text('decided_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guardian_consents_member_idx').on(t.teamMemberId, t.id),
    uniqueIndex('guardian_consents_token_uq').on(t.tokenHash),
    oneOf('guardian_consents_status_ck', t.status, GUARDIAN_CONSENT_STATUSES),
    oneOf('guardian_consents_method_ck', t.method, GUARDIAN_CONSENT_METHODS),
  ],
);
