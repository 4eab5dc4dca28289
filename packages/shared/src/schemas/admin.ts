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
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUserItem = z.infer<typeof adminUserItem>;
