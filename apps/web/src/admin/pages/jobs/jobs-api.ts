import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { JOB_STATES, JobItem } from '@rp/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../../api';

/** Admin → Background jobs (issue 36): the one job queue's jobs and "retry". */
export type { JobItem as JobRow } from '@rp/shared';
export type JobState = (typeof JOB_STATES)[number];

export const jobKeys = {
  all: [...adminKeys.all, 'jobs'] as const,
  list: (state: string, page: number, size: number) => [...jobKeys.all, state, page, size] as const,
};

export function jobsQuery(state: JobState | '', page0: number, size: number) {
  return queryOptions({
    queryKey: jobKeys.list(state, page0, size),
    queryFn: ({ signal }) =>
      api.get<{ total: number; content: JobItem[] }>('/api/admin/jobs', { signal, query: { ...(state ? { state } : {}), pageNo: page0, pageSize: size } }),
    placeholderData: keepPreviousData,
  });
}

export const retryJobMutation = mutationOptions({
  mutationFn: (id: number) => api.post<unknown>(`/api/admin/jobs/${id}/retry`),
  onSuccess: (_r, _v, _c, { client }) => client.invalidateQueries({ queryKey: jobKeys.all }),
});
