import { api } from '../../lib/api-client';
import type { ActivityItem } from '../../lib/contract';
import type { MemberItem } from '@rp/shared';

/** Registration administration calls (review, withdrawals, codes). */
export interface Page<T> {
  content: T[];
  totalElements: number;
}
export interface WithdrawalItem {
  id: number;
  memberId: number;
  type: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  refundPerMille: number | null;
  refundFen: number | null;
  memberName: string;
  code: string | null;
  activityId: number;
  createdAt: string;
}
export const adminActivities = () => api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { query: { size: 200, show: 0 } }).then((r) => r.content);
export const reviewList = (activityId: number) => api.get<Page<MemberItem>>('/api/admin/review', { query: { activityId, size: 500 } });
export const decideReview = (pass: boolean, memberIds: number[], reason?: string) =>
  api.post<{ resultStr: string }>(`/api/admin/review/${pass ? 'pass' : 'fail'}`, { memberIds, reason }, { silent: true });
export const withdrawalList = (status: WithdrawalItem['status']) => api.get<Page<WithdrawalItem>>('/api/admin/withdrawals', { query: { status, size: 500 } });
export const decideWithdrawal = (id: number, approve: boolean) =>
  api.post<{ resultStr: string; data: unknown }>(`/api/admin/withdrawals/${id}/${approve ? 'approve' : 'reject'}`, undefined, { silent: true });
export const generateCodes = (body: { activityId: number; type: 0 | 10 | 20; count: number; ownerUserId?: number | null; priceFen: number }) =>
  api.post<{ resultStr: string; data: unknown }>('/api/admin/redeemCodes/generate', body, { silent: true });
