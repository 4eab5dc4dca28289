import { pgTable, serial, text, integer, timestamp, index } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Roles the administrator builds (issue 14): a set of permissions (capabilities and per-resource
 * actions, see packages/shared/src/access.ts) and optionally a data scope — the activities whose rows
 * the role reaches (null = every activity). Accounts name their roles in users.roles by `code`.
 */
export const staffRoles = pgTable('staff_roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull().default(''),
  permissions: text('permissions').array().notNull().default([]),
  /** null: every activity; otherwise the only activities this role's permissions reach */
  activityIds: integer('activity_ids').array(),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every successful sign-in (password, SMS code, WeChat): the login history per account. */
export const loginLog = pgTable(
  'login_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('login_log_user_idx').on(t.userId, t.at)],
);
