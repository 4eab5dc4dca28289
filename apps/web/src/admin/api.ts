import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AccountOption, DashboardStats } from '@rp/shared';
import { api } from '../lib/api-client';
import type { NoticeJobItem, NoticeSettingsResponse, Page, SmsOutboxItem } from '../lib/contract';

/**
 * Query keys of the admin area: everything under ['admin'] (the generic resource screens add
 * ['admin', 'resource', …] in resources/api.ts, the registration screens ['admin', 'reg', …] in
 * pages/registration-api.ts).
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: (year: number | null, activityId: number | null = null) => [...adminKeys.all, 'dashboard', year, activityId] as const,
  smsOutbox: (page: number, size: number) => [...adminKeys.all, 'smsOutbox', page, size] as const,
  accounts: (q: string) => [...adminKeys.all, 'accounts', q] as const,
  noticeSettings: () => [...adminKeys.all, 'noticeSettings'] as const,
  noticeJobs: (page: number, size: number) => [...adminKeys.all, 'noticeJobs', page, size] as const,
};

export function noticeSettingsQuery() {
  return queryOptions({
    queryKey: adminKeys.noticeSettings(),
    queryFn: ({ signal }) => api.get<NoticeSettingsResponse>('/api/admin/noticeSettings', { signal }).then((r) => r.data),
  });
}

export const saveNoticeSetting = (body: { event: string; sms: boolean; wechat: boolean }) =>
  api.put<NoticeSettingsResponse>('/api/admin/noticeSettings', body).then((r) => r.data);

export function noticeJobsQuery(page: number, size: number) {
  return queryOptions({
    queryKey: adminKeys.noticeJobs(page, size),
    queryFn: ({ signal }) => api.get<Page<NoticeJobItem>>('/api/admin/noticeJobs', { signal, query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

export function dashboardQuery(year: number | null, activityId: number | null = null) {
  return queryOptions({
    queryKey: adminKeys.dashboard(year, activityId),
    queryFn: ({ signal }): Promise<DashboardStats> =>
      api
        .get<{ data: DashboardStats }>('/api/admin/dashboard', { signal, query: { ...(year ? { year } : {}), ...(activityId ? { activityId } : {}) } })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function smsOutboxQuery(page: number, size: number) {
  return queryOptions({
    queryKey: adminKeys.smsOutbox(page, size),
    queryFn: ({ signal }) => api.get<Page<SmsOutboxItem>>('/api/admin/smsOutbox', { signal, query: { page, size, sort: 'id,desc' } }),
    placeholderData: keepPreviousData,
  });
}

/** Accounts by phone (prefix) or nickname, at most 20 (the code owner picker). */
export function accountsQuery(q: string) {
  return queryOptions({
    queryKey: adminKeys.accounts(q),
    queryFn: ({ signal }): Promise<AccountOption[]> =>
      api.get<{ content: AccountOption[] }>('/api/admin/accounts', { signal, query: { q, size: 20 }, silent: true }).then((r) => r.content),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
