import { z } from 'zod';
import { dbId, envelope, pageQuery } from './common';

/** Roles the administrator builds (issue 14). Codes are lower-case words; built-in role names are taken. */
export const roleBody = z.object({
  code: z
    .string('validation.invalidType')
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,31}$/, 'validation.roleCode'),
  nameZh: z.string('validation.invalidType').trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  nameEn: z.string('validation.invalidType').trim().max(40, 'validation.tooLong').default(''),
  permissions: z.array(z.string('validation.invalidType').max(80, 'validation.tooLong'), 'validation.invalidType').max(600, 'validation.tooMany'),
  /** null or absent: every activity; a list: only these activities */
  activityIds: z.array(dbId, 'validation.invalidType').max(200, 'validation.tooMany').nullable().default(null),
  remark: z.string('validation.invalidType').trim().max(200, 'validation.tooLong').default(''),
});
export type RoleBody = z.infer<typeof roleBody>;

export const roleItem = z.object({
  /** 0 for a built-in role */
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  permissions: z.array(z.string()),
  activityIds: z.array(z.number().int()).nullable(),
  remark: z.string(),
  builtIn: z.boolean(),
  /** accounts holding the role */
  members: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItem>;
export const roleListResponse = z.object({ ...envelope, content: z.array(roleItem) });
export const roleResponse = z.object({ ...envelope, data: roleItem });

/** Staff accounts: list filters and the administrator's changes (roles, department, post, status). */
export const adminUserQuery = pageQuery.extend({
  q: z.string().trim().max(50).optional(),
  role: z.string().trim().max(40).optional(),
  departmentId: dbId.optional(),
});
export const adminUserUpdate = z.object({
  roles: z
    .array(z.string('validation.invalidType').trim().min(1).max(40), 'validation.invalidType')
    .min(1, 'validation.required')
    .max(20, 'validation.tooMany')
    .optional(),
  departmentId: dbId.nullable().optional(),
  postId: dbId.nullable().optional(),
  status: z.union([z.literal(0), z.literal(1)], 'validation.invalidOption').optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

/** The audit trail viewer: who, when, what, before → after. */
export const auditQuery = pageQuery.extend({
  userId: dbId.optional(),
  resource: z.string().trim().max(60).optional(),
  recordId: z.string().trim().max(40).optional(),
  action: z.string().trim().max(40).optional(),
  from: z.iso.date('validation.datetime').optional(),
  to: z.iso.date('validation.datetime').optional(),
});
export const auditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  resource: z.string(),
  recordId: z.string().nullable(),
  action: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** issue 24: the entry as people read it, in the reader's language — the data and action names, and each changed
   * field's label with its values in display form (yuan, percentages, labels, names of referenced rows, China time) */
  resourceLabel: z.string(),
  actionLabel: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
});
export type AuditItem = z.infer<typeof auditItem>;

export const loginItem = z.object({ id: z.number().int(), at: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() });
export type LoginItem = z.infer<typeof loginItem>;

/** Bulk actions of a list (issue 14): the chosen rows get one change, or their owners one system message. */
const bulkIds = z.array(dbId, 'validation.invalidType').min(1, 'validation.required').max(1000, 'validation.tooMany');
export const bulkUpdateBody = z.object({ ids: bulkIds, patch: z.record(z.string(), z.unknown()) }).strict();
export const bulkMessageBody = z
  .object({
    ids: bulkIds,
    titleZh: z.string('validation.invalidType').trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    titleEn: z.string('validation.invalidType').trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    contentZh: z.string('validation.invalidType').trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
    contentEn: z.string('validation.invalidType').trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  })
  .strict();
export const bulkResponse = z.object({ ...envelope, data: z.object({ count: z.number().int() }) });
