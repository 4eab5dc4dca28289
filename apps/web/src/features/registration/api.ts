import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import type { ActivityItem } from '../../lib/contract';
import type { HistoryItem, LeaderItem, MemberItem, TeamItem } from '@rp/shared';
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

export type { HistoryItem, LeaderItem, MemberItem, TeamItem };

export async function fetchActivity(id: number): Promise<ActivityItem | null> {
  const res = await api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { query: { id, award: true } });
  return res.content[0] ?? null;
}
/** Clothes sizes: materials of type 1 of the activity (spec 7.3). */
export const listClothes = (activityId: number) =>
  api.get<Page<{ id: number; name: string }>>('/api/lMaterials/web/list', { query: { activityId, type: 1, size: 100 } }).then((r) => r.content);
export const fetchFinishedActivities = () =>
  api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { query: { status: 4, size: 100 } }).then((r) => r.content);

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
export const updateMember = (body: MemberPayload & { id: number }) =>
  api.put<Data<MemberItem> & { resultStr: string }>('/api/lTeamMember/web/update', body, quiet);
export const deleteMembers = (ids: number[]) => api.delete<{ resultStr: string }>('/api/lTeamMember/web/delete', { body: { ids }, ...quiet });
export const moveOutMembers = (ids: number[]) => api.delete<{ resultStr: string }>('/api/lTeamMember/web/moveOut', { body: { ids }, ...quiet });
export const submitMembers = (ids: number[]) =>
  api.post<{ resultStr: string }>(
    '/api/lTeamMember/web/submit',
    ids.map((memberId) => ({ memberId })),
    quiet,
  );
/** A guardian's consent for a player under 14 (issue 37): the account holder's declaration, or an SMS link to the guardian. */
export const declareConsent = (body: { memberId: number; guardianName: string; relationship: string; agree: true }) =>
  api.post<{ resultStr: string; data: { memberId: number; consent: MemberItem['consent'] } }>('/api/lTeamMember/web/consent/declare', body, quiet);
export const requestConsent = (body: { memberId: number; guardianName: string; guardianPhone: string; relationship: string }) =>
  api.post<{ resultStr: string; data: { memberId: number; consent: MemberItem['consent'] } }>('/api/lTeamMember/web/consent/request', body, quiet);
export const assignTeam = (body: { teamId: number; teamMemberIdList: number[]; activityId: number; confirm?: boolean; confirmSize?: number }) =>
  api.put<{ resultStr: string }>('/api/lTeamMember/web/assignTeam', body, quiet);
export const changeProgram = (body: { programId: number; teamMemberIdList: number[]; activityId: number }) =>
  api.put<{ resultStr: string }>('/api/lTeamMember/web/batchUpdateProgram', body, quiet);
export const redeemCode = (body: { id: number; activityId: number; code: string }) =>
  api.put<Data<MemberItem> & { resultStr: string }>('/api/lTeamMember/web/useCode', body, quiet);
export const withdraw = (body: { name: string; type: 2 | 3; teamMember: { id: number } }) =>
  api.post<{ resultStr: string }>('/api/lTeamMember/web/withdraw', body, quiet);
/** The account's players of other activities, masked (spec 7.5 findHistory; copied with fromMemberId). */
export const findHistory = (activityId: number) =>
  api.get<{ content: HistoryItem[] }>('/api/lTeamMember/web/findHistory', { query: { activityId } }).then((r) => r.content);
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
export const updateTeam = (body: TeamPayload & { id: number; confirm?: boolean; confirmSize?: number }) =>
  api.put<Data<TeamItem> & { resultStr: string }>('/api/lTeam/web/update', body, quiet);
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
  api
    .get<Page<LeaderItem>>('/api/lLeader/queryLeader', { query: { activityId, name: name || undefined, page: 0, size: 9999 }, ...quiet })
    .then((r) => r.content);
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
  api
    .get<Data<{ teamName: string | null; verify: number }>>('/api/lTeam/web/checkTeamCode', { query: { activityId, sourceActivityId, teamCode }, ...quiet })
    .then((r) => r.data);

/*
 * Query keys, queries and writes of the registration screens. Every key starts with 'reg'; a write
 * invalidates what it can change (most change teams, players and the summaries together: regKeys.all).
 */
export const regKeys = {
  all: ['reg'] as const,
  activity: (id: number) => [...regKeys.all, 'activity', id] as const,
  clothes: (activityId: number) => [...regKeys.all, 'clothes', activityId] as const,
  zones: () => [...regKeys.all, 'zones'] as const,
  members: (q: MemberQuery) => [...regKeys.all, 'members', q] as const,
  member: (id: number) => [...regKeys.all, 'member', id] as const,
  history: (activityId: number) => [...regKeys.all, 'history', activityId] as const,
  teams: (q: TeamQuery) => [...regKeys.all, 'teams', q] as const,
  leaders: () => [...regKeys.all, 'leaders'] as const,
  leaderList: (activityId: number) => [...regKeys.leaders(), activityId, 'list'] as const,
  leaderSearch: (activityId: number, name: string) => [...regKeys.leaders(), activityId, 'q', name] as const,
  mine: () => [...regKeys.all, 'my'] as const,
};

export const activityQuery = (id: number) => queryOptions({ queryKey: regKeys.activity(id), queryFn: () => fetchActivity(id) });
export const clothesQuery = (activityId: number) =>
  queryOptions({ queryKey: regKeys.clothes(activityId), queryFn: () => listClothes(activityId), staleTime: 10 * 60_000 });
/** Finished activities: the promotion zones a promoted team comes from. */
export const zonesQuery = () => queryOptions({ queryKey: regKeys.zones(), queryFn: fetchFinishedActivities });
export const membersQuery = (q: MemberQuery) => queryOptions({ queryKey: regKeys.members(q), queryFn: () => listMembers(q) });
export const historyQuery = (activityId: number) => queryOptions({ queryKey: regKeys.history(activityId), queryFn: () => findHistory(activityId) });
export const memberQuery = (id: number) => queryOptions({ queryKey: regKeys.member(id), queryFn: () => memberDetail(id) });
export const teamsQuery = (q: TeamQuery) => queryOptions({ queryKey: regKeys.teams(q), queryFn: () => listTeams(q) });
export const leadersQuery = (activityId: number) => queryOptions({ queryKey: regKeys.leaderList(activityId), queryFn: () => listLeaders(activityId) });
export const leaderSearchQuery = (activityId: number, name: string) =>
  queryOptions({ queryKey: regKeys.leaderSearch(activityId, name), queryFn: () => queryLeaders(activityId, name) });
export const myRegistrationsQuery = () => queryOptions({ queryKey: regKeys.mine(), queryFn: myRegistrations });

/** A write that may change teams, players, codes and the summaries: everything under 'reg' refetches. */
function regWrite<TData, TVars>(name: string, mutationFn: (vars: TVars) => Promise<TData>) {
  return mutationOptions({
    mutationKey: [...regKeys.all, name],
    mutationFn,
    // not awaited: the screen's own success step (notice, close) runs first, as the lists refetch
    onSuccess: (_data: TData, _vars: TVars, _r: unknown, { client }) => void client.invalidateQueries({ queryKey: regKeys.all }),
  });
}
/** A teacher's write: only the teacher lists refetch. */
function leaderWrite<TData, TVars>(name: string, mutationFn: (vars: TVars) => Promise<TData>) {
  return mutationOptions({
    mutationKey: [...regKeys.leaders(), name],
    mutationFn,
    onSuccess: (_data: TData, _vars: TVars, _r: unknown, { client }) => void client.invalidateQueries({ queryKey: regKeys.leaders() }),
  });
}

export const saveMemberMutation = regWrite('saveMember', (body: MemberPayload & { id?: number }) =>
  body.id ? updateMember({ ...body, id: body.id }) : createMember(body),
);
export const declareConsentMutation = regWrite('declareConsent', declareConsent);
export const requestConsentMutation = regWrite('requestConsent', requestConsent);
export const deleteMembersMutation = regWrite('deleteMembers', deleteMembers);
export const moveOutMembersMutation = regWrite('moveOutMembers', moveOutMembers);
export const submitMembersMutation = regWrite('submitMembers', submitMembers);
export const assignTeamMutation = regWrite('assignTeam', assignTeam);
export const changeProgramMutation = regWrite('changeProgram', changeProgram);
export const redeemCodeMutation = regWrite('redeemCode', redeemCode);
export const withdrawMutation = regWrite('withdraw', withdraw);
export const saveTeamMutation = regWrite('saveTeam', (body: TeamPayload & { id?: number; confirm?: boolean; confirmSize?: number }) =>
  body.id ? updateTeam({ ...body, id: body.id }) : createTeam(body),
);
export const deleteTeamsMutation = regWrite('deleteTeams', deleteTeams);
export const batchCreateMutation = regWrite('batchCreate', batchCreate);
export const batchCreateTeamsMutation = regWrite('batchCreateTeams', batchCreateTeams);
export const bindOrgMutation = regWrite('bindOrg', bindOrg);
export const saveLeaderMutation = leaderWrite('saveLeader', (body: LeaderPayload & { id?: number }) =>
  body.id ? updateLeader({ ...body, id: body.id }) : createLeader(body),
);
export const deleteLeadersMutation = leaderWrite('deleteLeaders', deleteLeaders);

export interface RedeemResult {
  teamerId: number;
  codeName: string;
  ok: boolean;
  message: string;
}
export interface BatchRedeemBody {
  activityId: number;
  teams: { teamId: number; name: string; program?: number; teamers: { name: string; teamerId: number; emerPhone?: string; codeName: string }[] }[];
}
/** The team batch redeem (spec 7.4/7.6): a result per player. */
export const batchRedeemMutation = regWrite('batchRedeem', (body: BatchRedeemBody) =>
  api.post<{ data: RedeemResult[] }>('/api/lRedeemCode/web/redeemCode', body, quiet).then((r) => r.data),
);
/** Codes read from a code sheet (nothing is stored). */
export const parseCodesMutation = mutationOptions({
  mutationKey: [...regKeys.all, 'parseCodes'],
  mutationFn: (file: File) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return api
      .post<{ data: string | string[] }>('/api/lRedeemCode/web/parseCodes', fd, quiet)
      .then((r) => (Array.isArray(r.data) ? r.data : String(r.data).split(',').filter(Boolean)));
  },
});

/** Downloads (spreadsheets): the browser saves them; an error's message comes from the JSON error blob. */
/** The import template (public): linked from the page, in the page's language. */
export const templateUrl = (activityId: number, lang: 'zh' | 'en') => `/api/lTeamMember/web/importTemplate?activityId=${activityId}&lang=${lang}`;
export async function exportPlayers(activityId: number) {
  const blob = await api.get<Blob>('/api/lTeamMember/web/export', { query: { activityId }, responseType: 'blob' });
  saveBlob(blob, `players-${activityId}.xlsx`);
}

export interface ImportResult {
  total: number;
  valid: number;
  written: number;
  errors: { row: number; column: string; message: string }[];
  /** players under 14 whose guardian is (to be) sent a consent link by SMS (issue 37) */
  consentLinks: number;
}
/** Spreadsheet import: a preview (nothing written), or the commit (the lists refetch). */
export const importPlayersMutation = mutationOptions({
  mutationKey: [...regKeys.all, 'import'],
  mutationFn: ({ file, activityId, mode, atomic }: { file: File; activityId: number; mode: 'preview' | 'commit'; atomic: boolean }) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return api.post<{ data: ImportResult; resultStr: string }>('/api/lTeamMember/web/import', fd, {
      query: { activityId, mode, atomic: atomic ? 1 : 0 },
      ...quiet,
    });
  },
  onSuccess: (_res, vars, _r, { client }) => {
    if (vars.mode === 'commit') void client.invalidateQueries({ queryKey: regKeys.all });
  },
});

/** Binds uploaded batch avatars to their players: a result per player. */
export const bindAvatarsMutation = regWrite('bindAvatars', (body: { activityId: number; memberPhotoVoList: { memberId: number; headImg: string }[] }) =>
  api.post<{ data: { memberId: number; ok: boolean; message: string }[] }>('/api/lTeamMember/web/updateMemberHead', body, quiet).then((r) => r.data),
);

/** A private upload (player photo, teacher attachment, batch avatar): only a key comes back, nothing cached changes. */
export const uploadMutation = mutationOptions({
  mutationKey: [...regKeys.all, 'upload'],
  mutationFn: ({
    file,
    fileName,
    activityId,
    phone,
    kind,
  }: {
    file: Blob;
    fileName: string;
    activityId: number;
    phone: string;
    kind?: 'attachment' | 'batchAvatar';
  }) => upload(file, fileName, activityId, phone, kind),
});
/** On-demand checks (a channel code, a promotion team code) and the account's next fitting code: reads, run as actions. */
export const checkOrgMutation = mutationOptions({ mutationKey: [...regKeys.all, 'checkOrg'], mutationFn: checkOrg });
export const checkTeamCodeMutation = mutationOptions({
  mutationKey: [...regKeys.all, 'checkTeamCode'],
  mutationFn: ({ activityId, sourceActivityId, teamCode }: { activityId: number; sourceActivityId: number; teamCode: string }) =>
    checkTeamCode(activityId, sourceActivityId, teamCode),
});
export const pickCodeMutation = mutationOptions({
  mutationKey: [...regKeys.all, 'pickCode'],
  mutationFn: ({ activityId, memberId }: { activityId: number; memberId: number }) => pickCode(activityId, memberId),
});

/** Team fee labels (spec 3): total fee, paid amount, amount to be paid, and who can be paid for now. */
export interface TeamFees {
  teamId: number;
  totalFen: number;
  paidFen: number;
  dueFen: number;
  payableMemberIds: number[];
  /** what each active player not yet settled owes, and whether she can be paid for now (issue 34) */
  owed: { memberId: number; name: string; payStatus: number; dueFen: number; payable: boolean }[];
}
export const teamFeesQuery = (activityId: number, teamId: number) =>
  queryOptions({
    queryKey: ['team-fees', activityId, teamId],
    queryFn: () => api.get<Data<TeamFees[]>>('/api/lTeam/web/fees', { query: { activityId, teamId } }).then((r) => r.data[0] ?? null),
  });
