import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BroadcastBody, inboxThread, threadResponse } from '@rp/shared';
import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/contract';
import { adminKeys } from '../../api';

/** The people screens of issue 12: the consultation inbox, system messages, volunteers, channel partners. */
export type InboxThread = z.infer<typeof inboxThread>;
export type ThreadLines = z.infer<typeof threadResponse>;
export interface Faq {
  id: number;
  questionZh: string;
  questionEn: string;
  answerZh: string;
  answerEn: string;
}

export const peopleKeys = {
  all: [...adminKeys.all, 'people'] as const,
  inbox: (q: object) => [...peopleKeys.all, 'inbox', q] as const,
  thread: (userId: number) => [...peopleKeys.all, 'thread', userId] as const,
  faqs: () => [...peopleKeys.all, 'faqs'] as const,
};

/** The inbox polls like the member's widget (every 10 s): answers should not wait for a reload. */
export const inboxQuery = (q: { page: number; size: number; status: 'open' | 'all'; activityId?: number }) =>
  queryOptions({
    queryKey: peopleKeys.inbox(q),
    queryFn: ({ signal }) => api.get<Page<InboxThread>>('/api/admin/consult/threads', { signal, query: { ...q } }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
export const threadQuery = (userId: number) =>
  queryOptions({
    queryKey: peopleKeys.thread(userId),
    queryFn: ({ signal }) => api.get<ThreadLines>(`/api/admin/consult/threads/${userId}`, { signal }),
    refetchInterval: 10_000,
  });
export const faqsQuery = () =>
  queryOptions({
    queryKey: peopleKeys.faqs(),
    queryFn: ({ signal }) => api.get<Page<Faq>>('/api/admin/faqs', { signal, query: { page: 0, size: 100 } }).then((p) => p.content),
    staleTime: 60_000,
  });
export const replyTo = (receiverId: number, content: string) =>
  api.post<{ resultStr: string }>('/api/lMessage/web/reply', { receiverId, content, type: 2 }, { silent: true });
export const sendBroadcast = (body: BroadcastBody) =>
  api.post<{ resultStr: string; data: { sent: number } }>('/api/admin/messages/broadcast', body, { silent: true });
