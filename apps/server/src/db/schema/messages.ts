import { pgTable, serial, text, integer, timestamp, index } from 'drizzle-orm/pg-core';
import { users } from './users';

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 system notice, 2 consultation reply */
    type: integer('type').notNull().default(1),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull().default(''),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull().default(''),
    publisherZh: text('publisher_zh').notNull().default(''),
    publisherEn: text('publisher_en').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_receiver_idx').on(t.receiverId, t.readAt)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  questionZh: text('question_zh').notNull(),
  questionEn: text('question_en').notNull().default(''),
  answerZh: text('answer_zh').notNull(),
  answerEn: text('answer_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
