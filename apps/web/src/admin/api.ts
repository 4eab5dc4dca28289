import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { AdminUserItem, Page, SmsOutboxItem } from '../lib/contract';

export function smsOutboxQuery(page: number, size: number) {
  return queryOptions({
    queryKey: ['admin', 'smsOutbox', page, size],
    queryFn: ({ signal }) => api.get<Page<SmsOutboxItem>>('/api/admin/smsOutbox', { signal, query: { page, size, sort: 'id,desc' } }),
    placeholderData: keepPreviousData,
  });
}

export function adminUsersQuery(page: number, size: number) {
  return queryOptions({
    queryKey: ['admin', 'users', page, size],
    queryFn: ({ signal }) => api.get<Page<AdminUserItem>>('/api/admin/users', { signal, query: { page, size, sort: 'id,desc' } }),
    placeholderData: keepPreviousData,
  });
}
