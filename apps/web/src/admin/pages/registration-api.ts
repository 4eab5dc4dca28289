import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ActivityItem } from '../../lib/contract';
import type { ReviewItem, WithdrawalItem } from '@rp/shared';
import { adminKeys } from '../api';
import { resourceKeys } from '../resources/api';

/** Registration administration (review, withdrawals, codes): keys, queries and writes. */
export interface Page<T> {
  content: T[];
  totalElements: number;
}
export type { WithdrawalItem };

export const regAdminKeys = {
  all: [...adminKeys.all, 'reg'] as const,
  activities: () => [...regAdminKeys.all, 'activities'] as const,
  reviews: () => [...regAdminKeys.all, 'review'] as const,
  review: (activityId: number | null) => [...regAdminKeys.reviews(), activityId] as const,
  withdrawals: () => [...regAdminKeys.all, 'withdrawals'] as const,
  withdrawalList: (status: WithdrawalItem['status']) => [...regAdminKeys.withdrawals(), status] as const,
};

export const adminActivitiesQuery = queryOptions({
  queryKey: regAdminKeys.activities(),
  queryFn: ({ signal }): Promise<ActivityItem[]> =>
    api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { signal, query: { size: 200, show: 0 } }).then((r) => r.content),
});

/** Players waiting for review, of one activity or (null) of all. */
export function reviewListQuery(activityId: number | null) {
  return queryOptions({
    queryKey: regAdminKeys.review(activityId),
    queryFn: ({ signal }) => api.get<Page<ReviewItem>>('/api/admin/review', { signal, query: { ...(activityId ? { activityId } : {}), size: 500 } }),
  });
}

export function withdrawalsQuery(status: WithdrawalItem['status']) {
  return queryOptions({
    queryKey: regAdminKeys.withdrawalList(status),
    queryFn: ({ signal }) => api.get<Page<WithdrawalItem>>('/api/admin/withdrawals', { signal, query: { status, size: 500 } }),
  });
}

/** Pass or fail players (a failure carries the reason); every review list refetches. */
export const decideReviewMutation = mutationOptions({
  mutationKey: [...regAdminKeys.reviews(), 'decide'],
  mutationFn: ({ pass, memberIds, reason }: { pass: boolean; memberIds: number[]; reason?: string }) =>
    api.post<{ resultStr: string }>(`/api/admin/review/${pass ? 'pass' : 'fail'}`, { memberIds, reason }, { silent: true }),
  // not awaited: the decided rows leave the list at once (ReviewPage), the refetch follows
  onSuccess: (_res, _v, _r, { client }) => void client.invalidateQueries({ queryKey: regAdminKeys.reviews() }),
});

/** Approve, or reject with the required reason (spec 5); every withdrawal list refetches. */
export const decideWithdrawalMutation = mutationOptions({
  mutationKey: [...regAdminKeys.withdrawals(), 'decide'],
  mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
    api.post<{ resultStr: string; data: unknown }>(`/api/admin/withdrawals/${id}/${approve ? 'approve' : 'reject'}`, approve ? undefined : { reason }, {
      silent: true,
    }),
  onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: regAdminKeys.withdrawals() }),
});

/** A batch of redemption codes; the generic redeemCodes list refetches. */
export const generateCodesMutation = mutationOptions({
  mutationKey: [...regAdminKeys.all, 'codes', 'generate'],
  mutationFn: (body: { activityId: number; type: 0 | 10 | 20; count: number; ownerUserId?: number | null; priceFen: number }) =>
    api.post<{ resultStr: string; data: unknown }>('/api/admin/redeemCodes/generate', body, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: resourceKeys.resource('redeemCodes') }),
});

/** The whole ID number of a player (staff only; the server audits every look, so it is never cached). */
export const wholeCardMutation = mutationOptions({
  mutationKey: [...regAdminKeys.all, 'card'],
  mutationFn: ({ memberId, purpose }: { memberId: number; purpose: string }) =>
    api.get<{ data: { cardType: number; card: string } }>(`/api/admin/players/${memberId}/card`, { silent: true, query: { purpose } }).then((r) => r.data.card),
});
