import { api } from '../../lib/api-client';
import type { ActivityItem } from '../../lib/contract';
import type { ReviewItem, WithdrawalItem } from '@rp/shared';

/** Registration administration calls (review, withdrawals, codes). */
export interface Page<T> {
  content: T[];
  totalElements: number;
}
export type { WithdrawalItem };
export const adminActivities = () => api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { query: { size: 200, show: 0 } }).then((r) => r.content);
/** Players waiting for review, of one activity or (no id) of all. */
export const reviewList = (activityId: number | null) => api.get<Page<ReviewItem>>('/api/admin/review', { query: { ...(activityId ? { activityId } : {}), size: 500 } });
export const decideReview = (pass: boolean, memberIds: number[], reason?: string) =>
  api.post<{ resultStr: string }>(`/api/admin/review/${pass ? 'pass' : 'fail'}`, { memberIds, reason }, { silent: true });
export const withdrawalList = (status: WithdrawalItem['status']) => api.get<Page<WithdrawalItem>>('/api/admin/withdrawals', { query: { status, size: 500 } });
/** Approve, or reject with the required reason (spec 5). */
export const decideWithdrawal = (id: number, approve: boolean, reason?: string) =>
  api.post<{ resultStr: string; data: unknown }>(`/api/admin/withdrawals/${id}/${approve ? 'approve' : 'reject'}`, approve ? undefined : { reason }, { silent: true });
export const generateCodes = (body: { activityId: number; type: 0 | 10 | 20; count: number; ownerUserId?: number | null; priceFen: number }) =>
  api.post<{ resultStr: string; data: unknown }>('/api/admin/redeemCodes/generate', body, { silent: true });
/** The whole ID number of a player (staff only; the server audits every look). */
export const wholeCard = (memberId: number) => api.get<{ data: { cardType: number; card: string } }>(`/api/admin/players/${memberId}/card`, { silent: true }).then((r) => r.data.card);
