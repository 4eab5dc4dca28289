import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { AuditReportView, PrivacyRequestView, RetentionRowView } from '@rp/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../../api';

/** Admin → Privacy (issue 37): the requests queue, the retention preview, the yearly compliance audit. */

export type { AuditReportView, PrivacyRequestView, RetentionRowView };

export interface AnswerBody {
  status: 'done' | 'refused';
  answer: string;
}

export const privacyKeys = {
  all: [...adminKeys.all, 'privacy'] as const,
  requests: () => [...privacyKeys.all, 'requests'] as const,
  retention: () => [...privacyKeys.all, 'retention'] as const,
  audit: (year: number) => [...privacyKeys.all, 'audit', year] as const,
};

export const privacyRequestsQuery = queryOptions({
  queryKey: privacyKeys.requests(),
  queryFn: ({ signal }) => api.get<{ data: PrivacyRequestView[] }>('/api/admin/privacy/requests', { signal }).then((r) => r.data),
});

/** Answer an open request (done or refused, with the words the person reads); the form shows a refusal itself. */
export const answerRequestMutation = mutationOptions({
  mutationFn: ({ id, body }: { id: number; body: AnswerBody }) =>
    api.post<{ data: PrivacyRequestView; resultStr: string }>(`/api/admin/privacy/requests/${id}/answer`, body, { silent: true }),
  onSuccess: (_r, _v, _c, { client }) => client.invalidateQueries({ queryKey: privacyKeys.requests() }),
});

export const retentionQuery = queryOptions({
  queryKey: privacyKeys.retention(),
  queryFn: ({ signal }) => api.get<{ data: RetentionRowView[] }>('/api/admin/privacy/retention', { signal }).then((r) => r.data),
});

export function auditQuery(year: number) {
  return queryOptions({
    queryKey: privacyKeys.audit(year),
    queryFn: ({ signal }) => api.get<{ data: AuditReportView }>(`/api/admin/privacy/audit/${year}`, { signal }).then((r) => r.data),
  });
}

/** The report as a file in the screen's language (the request's Accept-Language). */
export const auditFile = (year: number, format: 'pdf' | 'xlsx') =>
  api.get<Blob>(`/api/admin/privacy/audit/${year}/file`, { query: { format }, responseType: 'blob', timeoutMs: 120_000, silent: true });
