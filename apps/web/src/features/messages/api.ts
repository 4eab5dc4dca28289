import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { MessagePage, OkResponse } from '../../lib/contract';
import { refreshUnread } from './unread';

export const messageKeys = {
  all: ['messages'] as const,
  list: (page: number, size: number) => [...messageKeys.all, 'list', page, size] as const,
};

export function messageListQuery(page: number, size: number) {
  return queryOptions({
    queryKey: messageKeys.list(page, size),
    queryFn: ({ signal }) => api.get<MessagePage>('/api/lMessage/web/list', { signal, query: { page, size, sort: 'id,desc' } }),
    placeholderData: (previous) => previous,
  });
}

/** Marks one message read; the list and the header's red dot follow. */
export const markReadMutation = mutationOptions({
  mutationKey: [...messageKeys.all, 'read'],
  mutationFn: (id: number) => api.post<OkResponse>('/api/lMessage/web/read', { id }),
  onSuccess: (_res, _id, _r, { client }) => Promise.all([client.invalidateQueries({ queryKey: messageKeys.all }), refreshUnread()]),
});
