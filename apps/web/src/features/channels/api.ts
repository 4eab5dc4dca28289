import type { z } from 'zod';
import type { channelApplicationView, ChannelApplyBody, channelSelfResponse, RebateWithdrawBody } from '@rp/shared';
import { api } from '../../lib/api-client';

/** Calls of the user center's channel partner tab (issue 12; spec 7.6 lOrgRobotex/web/apply|list|listBySelf). */
export type ChannelApplication = z.infer<typeof channelApplicationView>;
export type ChannelSelf = z.infer<typeof channelSelfResponse>['content'][number];
export type { ChannelApplyBody, RebateWithdrawBody };

export const channelKeys = { all: ['channel'] as const };
export const myChannelApplications = () => api.get<{ content: ChannelApplication[] }>('/api/lOrgRobotex/web/list').then((r) => r.content);
export const channelSelf = () => api.get<{ content: ChannelSelf[] }>('/api/lOrgRobotex/web/listBySelf').then((r) => r.content);
export const applyChannel = (body: ChannelApplyBody) => api.post<{ resultStr: string }>('/api/lOrgRobotex/web/apply', body, { silent: true });
export const withdrawRebate = (body: RebateWithdrawBody) => api.post<{ resultStr: string }>('/api/lOrgRobotex/web/withdraw', body, { silent: true });
