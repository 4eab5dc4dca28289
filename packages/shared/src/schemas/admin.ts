import { z } from 'zod';

export const smsOutboxItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  purpose: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxItem>;

export const adminUserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  /** 1 active, 0 disabled */
  status: z.number().int(),
  departmentId: z.number().int().nullable(),
  postId: z.number().int().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserItem = z.infer<typeof adminUserItem>;

/** Staff picking an account (code generation): by phone prefix, login name prefix or nickname. */
export const accountSearchQuery = z.object({
  q: z.string().trim().min(1).max(50),
  size: z.coerce.number().int().min(1).max(20).default(20),
});
export const accountOption = z.object({
  id: z.number().int(),
  nickName: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
});
export type AccountOption = z.infer<typeof accountOption>;

/** The admin dashboard: counts of one season (activities of one year) and of the whole site. */
export const dashboardQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
const n = z.number().int().min(0);
export const dashboardStats = z.object({
  year: z.number().int(),
  /** seasons that have activities, newest first */
  years: z.array(z.number().int()),
  content: z.object({ activities: n, programs: n, galleries: n, newsPublished: n, newsDrafts: n }),
  /** registration counts: only for staff with registrations.manage */
  registrations: z
    .object({
      teams: n,
      /** players by payStatus ("0".."9"), zero counts included */
      players: z.record(z.string(), n),
      pendingReviews: n,
      pendingWithdrawals: n,
      codes: z.object({ available: n, used: n, void: n }),
    })
    .nullable(),
  /** member accounts: only for staff with users.manage */
  members: n.nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
