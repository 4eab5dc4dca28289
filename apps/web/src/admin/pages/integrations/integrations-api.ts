import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiTokenItem, OUTBOX_STATUS, WebhookDeliveryItem, WebhookEndpoint } from '@rp/shared';
import { adminKeys } from '../../api';

/** Admin → Integrations (issue 25): webhooks and their deliveries, API tokens, the outbox of domain events. */

export type { ApiTokenItem as ApiToken, WebhookDeliveryItem as WebhookDelivery, WebhookEndpoint } from '@rp/shared';
export type OutboxStatus = (typeof OUTBOX_STATUS)[number];
export type DeliveryAttempt = WebhookDeliveryItem['log'][number];

export interface WebhookBody {
  url: string;
  description: string;
  events: string[];
  active?: boolean;
}

export interface TokenBody {
  name: string;
  scopes: string[];
  activityIds: number[] | null;
  expiresAt: string;
}

export interface TokenScope {
  name: string;
  activityLimited: boolean;
}

export interface OutboxRow {
  id: number;
  eventId: string;
  eventName: string;
  subscriber: string;
  status: OutboxStatus;
  attempts: number;
  nextAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** what the event was about: an order number, a player (name masked) and team, a pass code, a certificate code */
  subject: { kind: 'order' | 'player' | 'pass' | 'certificate'; text: string } | null;
  /** the webhooks subscriber: how many partner deliveries the event made (0: no webhook subscribed) */
  webhooks: number | null;
}

export interface ActivityOption {
  id: number;
  nameZh: string;
  nameEn: string;
}

interface Listed<T> {
  content: T[];
}
interface Paged<T> {
  total: number;
  content: T[];
}

export const integrationKeys = {
  all: [...adminKeys.all, 'integrations'] as const,
  events: () => [...integrationKeys.all, 'events'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (id: number, page: number, size: number) => [...integrationKeys.all, 'deliveries', id, page, size] as const,
  tokens: () => [...integrationKeys.all, 'tokens'] as const,
  scopes: () => [...integrationKeys.all, 'scopes'] as const,
  outbox: (status: string, page: number, size: number) => [...integrationKeys.all, 'outbox', status, page, size] as const,
  activities: () => [...integrationKeys.all, 'activities'] as const,
};

export const eventsQuery = queryOptions({
  queryKey: integrationKeys.events(),
  queryFn: ({ signal }) => api.get<{ events: { name: string }[] }>('/api/admin/integrations/events', { signal }).then((r) => r.events.map((e) => e.name)),
  staleTime: 5 * 60_000,
});

export const webhooksQuery = queryOptions({
  queryKey: integrationKeys.webhooks(),
  queryFn: ({ signal }) => api.get<Listed<WebhookEndpoint>>('/api/admin/webhooks', { signal }).then((r) => r.content),
});

export function deliveriesQuery(id: number, page0: number, size: number) {
  return queryOptions({
    queryKey: integrationKeys.deliveries(id, page0, size),
    queryFn: ({ signal }) => api.get<Paged<WebhookDeliveryItem>>(`/api/admin/webhooks/${id}/deliveries`, { signal, query: { pageNo: page0, pageSize: size } }),
    placeholderData: keepPreviousData,
  });
}

const invalidateAll = (
  _r: unknown,
  _v: unknown,
  _c: unknown,
  { client }: { client: { invalidateQueries: (f: { queryKey: readonly unknown[] }) => Promise<void> } },
) => client.invalidateQueries({ queryKey: integrationKeys.all });

/** Create (no id: the answer carries the secret, shown once) or update an endpoint; form errors are shown in the form. */
export const saveWebhookMutation = mutationOptions({
  mutationFn: ({ id, body }: { id: number | null; body: WebhookBody }) =>
    id === null
      ? api.post<WebhookEndpoint & { secret: string }>('/api/admin/webhooks', body, { silent: true })
      : api.put<WebhookEndpoint>(`/api/admin/webhooks/${id}`, body, { silent: true }).then((r) => ({ ...r, secret: null as string | null })),
  onSuccess: invalidateAll,
});

export const rotateSecretMutation = mutationOptions({
  mutationFn: (id: number) => api.post<{ secret: string }>(`/api/admin/webhooks/${id}/rotate-secret`).then((r) => r.secret),
  onSuccess: invalidateAll,
});

export const deleteWebhookMutation = mutationOptions({
  mutationFn: (id: number) => api.delete<unknown>(`/api/admin/webhooks/${id}`),
  onSuccess: invalidateAll,
});

export const resendDeliveryMutation = mutationOptions({
  mutationFn: (id: number) => api.post<{ succeeded: boolean; statusCode: number | null }>(`/api/admin/webhooks/deliveries/${id}/resend`),
  onSuccess: invalidateAll,
});

export const tokensQuery = queryOptions({
  queryKey: integrationKeys.tokens(),
  queryFn: ({ signal }) => api.get<Listed<ApiTokenItem>>('/api/admin/api-tokens', { signal }).then((r) => r.content),
});

export const scopesQuery = queryOptions({
  queryKey: integrationKeys.scopes(),
  queryFn: ({ signal }) => api.get<{ scopes: TokenScope[] }>('/api/admin/api-tokens/scopes', { signal }).then((r) => r.scopes),
  staleTime: 5 * 60_000,
});

export const createTokenMutation = mutationOptions({
  mutationFn: (body: TokenBody) => api.post<ApiTokenItem & { token: string }>('/api/admin/api-tokens', body, { silent: true }),
  onSuccess: invalidateAll,
});

export const revokeTokenMutation = mutationOptions({
  mutationFn: (id: number) => api.post<unknown>(`/api/admin/api-tokens/${id}/revoke`),
  onSuccess: invalidateAll,
});

export function outboxQuery(status: string, page0: number, size: number) {
  return queryOptions({
    queryKey: integrationKeys.outbox(status, page0, size),
    queryFn: ({ signal }) =>
      api.get<Paged<OutboxRow>>('/api/admin/outbox', { signal, query: { ...(status ? { status } : {}), pageNo: page0, pageSize: size } }),
    placeholderData: keepPreviousData,
  });
}

export const retryOutboxMutation = mutationOptions({
  mutationFn: (id: number) => api.post<unknown>(`/api/admin/outbox/${id}/retry`),
  onSuccess: invalidateAll,
});

/** The activities a token may be limited to (the pick list every staff member may read). */
export const activityOptionsQuery = queryOptions({
  queryKey: integrationKeys.activities(),
  queryFn: ({ signal }) => api.get<{ content: ActivityOption[] }>('/api/admin/options/activities', { signal, silent: true }).then((r) => r.content),
  staleTime: 60_000,
});
