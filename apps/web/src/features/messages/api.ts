import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { MessagePage, OkResponse } from '../../lib/contract';

export const messageKeys = {
  all: ['messages'] as const,
  list: (page: number, size: number) => ['messages', 'list', page, size] as const,
};

export function messageListQuery(page: number, size: number) {
  return queryOptions({
    queryKey: messageKeys.list(page, size),
    queryFn: ({ signal }) =>
      api.get<MessagePage>('/api/lMessage/web/list', { signal, query: { page, size, sort: 'id,desc' } }),
    placeholderData: (previous) => previous,
  });
}

export function markMessageRead(id: number) {
  return api.post<OkResponse>('/api/lMessage/web/read', { id });
}
