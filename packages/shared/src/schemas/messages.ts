import { z } from 'zod';
import { dbId, dbInt, envelope, pageQuery } from './common';

export const messageItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  publish: z.object({ nickName: z.string() }),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messageListQuery = pageQuery.extend({
  qType: dbInt.optional(),
  type: dbInt.optional(),
});

export const unreadCountResponse = z.object({ ...envelope, data: z.number().int() });

export const faqItem = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItem>;
export const faqListResponse = z.object({ ...envelope, content: z.array(faqItem), totalElements: z.number().int() });

export const readMessageBody = z.object({ id: dbId });
