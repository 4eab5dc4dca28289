import { sql } from 'drizzle-orm';
import { AWARD_KINDS, CERTIFICATE_STATUSES } from '@rp/shared';
import { oneOf } from './states';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, check, jsonb } from 'drizzle-orm/pg-core';
import { users } from './users';
import { activities, programs } from './content';
import { leaders, teamMembers, teams } from './registration';
import { volunteers } from './people';

/**
 * Judges, scores, awards and certificates (issue 13). A certificate is an award granted to one subject
 * (team, player, coach or volunteer) with an unguessable certCode; reissuing voids the old code.
 */

/** A judge of an activity, for one program or (program null) all of them. */
export const judges = pgTable(
  'judges',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('judges_uq').on(t.activityId, t.userId, sql`coalesce(${t.programId}, 0)`), index('judges_user_idx').on(t.userId)],
);

/** One judge's score of one team in one round, in hundredths of a point (0–100.00); one per judge, team and round. */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    judgeId: integer('judge_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scores_one_per_round_uq').on(t.teamId, t.round, t.judgeId),
    index('scores_program_idx').on(t.activityId, t.programId),
    check('scores_points_range', sql`${t.points} between 0 and 10000`),
    check('scores_round_range', sql`${t.round} between 1 and 20`),
  ],
);

/** Results of a program made public by staff (rankings are staff-only until then). */
export const resultPublications = pgTable(
  'result_publications',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('result_publications_uq').on(t.activityId, t.programId)],
);

/** An award of an activity's award list (spec 3 awardConfig): for teams, players, coaches or volunteers. */
export const awards = pgTable(
  'awards',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** 1 = first prize …; orders the list */
    rank: integer('rank').notNull().default(1),
    /** 'team' | 'player' | 'leader' | 'volunteer' */
    kind: text('kind', { enum: AWARD_KINDS }).notNull().default('team'),
    /** qualifies a team for the next stage: a promotion voucher is issued with the grant */
    promotes: boolean('promotes').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('awards_activity_idx').on(t.activityId, t.rank), oneOf('awards_kind_ck', t.kind, AWARD_KINDS)],
);

/** A certificate: an award granted to one subject. certCode is random (not derived from ids) and unique. */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    awardId: integer('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    leaderId: integer('leader_id').references(() => leaders.id, { onDelete: 'cascade' }),
    volunteerId: integer('volunteer_id').references(() => volunteers.id, { onDelete: 'cascade' }),
    /** the name printed (player, coach or volunteer; the team's name for a team) at the time of the grant */
    name: text('name').notNull(),
    certCode: text('cert_code').notNull(),
    /** promotion voucher for a promoting team award */
    voucher: text('voucher'),
    /** 'valid' | 'void' (reissued or revoked) */
    status: text('status', { enum: CERTIFICATE_STATUSES }).notNull().default('valid'),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_code_uq').on(t.certCode),
    uniqueIndex('certificates_voucher_uq').on(t.voucher),
    // one valid certificate per award and subject: granting twice is refused, reissuing voids first
    uniqueIndex('certificates_one_valid_uq')
      .on(t.awardId, sql`coalesce(${t.teamId}, 0)`, sql`coalesce(${t.memberId}, 0)`, sql`coalesce(${t.leaderId}, 0)`, sql`coalesce(${t.volunteerId}, 0)`)
      .where(sql`${t.status} = 'valid'`),
    index('certificates_activity_idx').on(t.activityId),
    check('certificates_one_subject', sql`num_nonnulls(${t.teamId}, ${t.memberId}, ${t.leaderId}, ${t.volunteerId}) >= 1`),
    oneOf('certificates_status_ck', t.status, CERTIFICATE_STATUSES),
  ],
);

/** A certificate template per activity and kind: background picture and where each field goes (pixels). */
export const awardTemplates = pgTable(
  'award_templates',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AWARD_KINDS }).notNull().default('team'),
    /** a stored upload (public file key) or null for the built-in design */
    background: text('background'),
    width: integer('width').notNull().default(1600),
    height: integer('height').notNull().default(1131),
    /** [{ key, x, y, size, color, align }] */
    fields: jsonb('fields')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('award_templates_uq').on(t.activityId, t.kind), oneOf('award_templates_kind_ck', t.kind, AWARD_KINDS)],
);
