import { api } from '../../lib/api-client';
import type { ActivityItem } from '../../lib/contract';
import type { LeaderItem, MemberItem, TeamItem } from '@rp/shared';
import type { MemberPayload, TeamPayload } from './model';

/** Calls of the registration screens (spec 7.4–7.6). Forms pass `silent` and show the server's text inline. */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}
interface Data<T> {
  data: T;
  resultStr?: string;
}
const quiet = { silent: true } as const;

export type { LeaderItem, MemberItem, TeamItem };

export async function fetchActivity(id: number): Promise<ActivityItem | null> {
  const res = await api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { query: { id, award: true } });
  return res.content[0] ?? null;
}
/** Clothes sizes: materials of type 1 of the activity (spec 7.3). */
export const listClothes = (activityId: number) =>
  api.get<Page<{ id: number; name: string }>>('/api/lMaterials/web/list', { query: { activityId, type: 1, size: 100 } }).then((r) => r.content);
export const fetchFinishedActivities = () => api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { query: { status: 4, size: 100 } }).then((r) => r.content);

export interface MemberQuery {
  activityId: number;
  payStatus?: number;
  hasTeam?: 0 | 1;
  teamId?: number;
  name?: string;
  page?: number;
  size?: number;
}
export const listMembers = (q: MemberQuery) => api.get<Page<MemberItem>>('/api/lTeamMember/web/list', { query: { size: 30, page: 0, ...q } });
export const memberDetail = (id: number) => api.get<Data<MemberItem>>('/api/lTeamMember/web/detail', { query: { id }, ...quiet }).then((r) => r.data);
export const createMember = (body: MemberPayload) => api.post<Data<MemberItem> & { resultStr: string }>('/api/lTeamMember/web/create', body, quiet);
export const updateMember = (body: MemberPayload & { id: number }) => api.put<Data<MemberItem> & { resultStr: string }>('/api/lTeamMember/web/update', body, quiet);
export const deleteMembers = (ids: number[]) => api.delete<{ resultStr: string }>('/api/lTeamMember/web/delete', { body: { ids }, ...quiet });
export const moveOutMembers = (ids: number[]) => api.delete<{ resultStr: string }>('/api/lTeamMember/web/moveOut', { body: { ids }, ...quiet });
export const submitMembers = (ids: number[]) => api.post<{ resultStr: string }>('/api/lTeamMember/web/submit', ids.map((memberId) => ({ memberId })), quiet);
export const assignTeam = (body: { teamId: number; teamMemberIdList: number[]; activityId: number; confirm?: boolean }) =>
  api.put<{ resultStr: string }>('/api/lTeamMember/web/assignTeam', body, quiet);
export const changeProgram = (body: { programId: number; teamMemberIdList: number[]; activityId: number }) =>
  api.put<{ resultStr: string }>('/api/lTeamMember/web/batchUpdateProgram', body, quiet);
export const redeemCode = (body: { id: number; activityId: number; code: string }) => api.put<Data<MemberItem> & { resultStr: string }>('/api/lTeamMember/web/useCode', body, quiet);
export const withdraw = (body: { name: string; type: 2 | 3; teamMember: { id: number } }) => api.post<{ resultStr: string }>('/api/lTeamMember/web/withdraw', body, quiet);
export const pickCode = (activityId: number, memberId: number) =>
  api.get<Data<{ codeName: string; type: number }>>('/api/lRedeemCode/web/pickCode', { query: { activityId, memberId }, ...quiet }).then((r) => r.data);

export interface TeamQuery {
  activityId: number;
  id?: number;
  /** name contains (pickers) */
  name?: string;
  status?: number;
  payStatus?: number;
  page?: number;
  size?: number;
}
export const listTeams = (q: TeamQuery) => api.get<Page<TeamItem>>('/api/lTeam/web/find', { query: { size: 30, page: 0, ...q } });
export const createTeam = (body: TeamPayload) => api.post<Data<TeamItem> & { resultStr: string }>('/api/lTeam/web/create', body, quiet);
export const updateTeam = (body: TeamPayload & { id: number; confirm?: boolean }) => api.put<Data<TeamItem> & { resultStr: string }>('/api/lTeam/web/update', body, quiet);
export const deleteTeams = (ids: number[]) => api.delete<{ resultStr: string }>('/api/lTeam/web/delete', { body: { ids }, ...quiet });
export const batchCreate = (body: { activityId: number; team: Omit<TeamPayload, 'activityId'>; members: Omit<MemberPayload, 'activityId'>[] }) =>
  api.post<Data<TeamItem> & { resultStr: string }>('/api/lTeam/web/batchCreate', body, quiet);
export const batchCreateTeams = (body: { activityId: number; teams: Omit<TeamPayload, 'activityId'>[] }) =>
  api.post<{ resultStr: string }>('/api/lTeam/web/batchCreateTeam', body, quiet);
export const bindOrg = (body: { activityId: number; orgId: number; orgCode: string; teamIds: string[] }) =>
  api.post<{ resultStr: string }>('/api/lTeam/web/batchBindOrg', body, quiet);
export interface OrgCheck {
  orgName: string | null;
  id: number | null;
  verify: number;
}
export const checkOrg = (orgCode: string) => api.get<Data<OrgCheck>>('/api/lOrg/web/check', { query: { orgCode }, ...quiet }).then((r) => r.data);

export const listLeaders = (activityId: number, name?: string) =>
  api.get<Page<LeaderItem>>('/api/lLeader', { query: { activityId, name, page: 0, size: 100 } });
export const queryLeaders = (activityId: number, name: string) =>
  api.get<Page<LeaderItem>>('/api/lLeader/queryLeader', { query: { activityId, name: name || undefined, page: 0, size: 9999 }, ...quiet }).then((r) => r.content);
export interface LeaderPayload {
  activityId: number;
  name: string;
  phone: string;
  address: string;
  code?: string | null;
  photoUrl?: string | null;
  status?: number;
  type?: number;
}
export const createLeader = (body: LeaderPayload) => api.post<Data<LeaderItem> & { resultStr: string }>('/api/lLeader', body, quiet);
export const updateLeader = (body: LeaderPayload & { id: number }) => api.put<Data<LeaderItem> & { resultStr: string }>('/api/lLeader', body, quiet);
export const deleteLeaders = (ids: number[]) => api.delete<{ resultStr: string }>('/api/lLeader', { body: { ids }, ...quiet });

/** oss/upload: avatars carry player name + timestamp as `phone`; attachments kind=attachment + the teacher's phone. */
export function upload(file: Blob, fileName: string, activityId: number, phone: string, kind?: 'attachment' | 'batchAvatar') {
  const fd = new FormData();
  fd.append('activityId', String(activityId));
  fd.append('phone', phone);
  if (kind) fd.append('kind', kind);
  fd.append('file', file, fileName);
  return api.post<{ data: string }>('/api/lCloudConfig/oss/upload', fd, quiet).then((r) => r.data);
}

export interface MyRegistration {
  activityId: number;
  activityName: string;
  beginTime: string;
  reviewRequired: boolean;
  teams: number;
  players: number;
  playersByPayStatus: Record<string, number>;
}
export const myRegistrations = () => api.post<{ data: MyRegistration[] }>('/api/lTeam/my', {}).then((r) => r.data);

/** Promotion team code (spec 7.4): a team number of the chosen promotion-zone activity. */
export const checkTeamCode = (activityId: number, sourceActivityId: number, teamCode: string) =>
  api.get<Data<{ teamName: string | null; verify: number }>>('/api/lTeam/web/checkTeamCode', { query: { activityId, sourceActivityId, teamCode }, ...quiet }).then((r) => r.data);
