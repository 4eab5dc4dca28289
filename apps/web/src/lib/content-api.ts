import { data } from 'react-router';
import type { PolicyDetail, PolicyKind } from '@rp/shared';
import { api, isApiError, isNotFound, type RequestOptions } from './api-client';
import type {
  AboutItem,
  ActivityItem,
  AlbumMeta,
  ConsoleItem,
  DictItem,
  LiveItem,
  NewsDetail,
  NewsItem,
  OfficialFileItem,
  Page,
  PartnerItem,
  PhotoListResponse,
  PictureListData,
  ProgramItem,
} from './contract';

/**
 * Public content reads (spec 7.3, 7.8) used by the route loaders of public pages. No token needed.
 * Texts come in the visitor's language (the client sends Accept-Language); loaders re-run when the
 * language changes. Loaders pass the navigation's AbortSignal so a superseded navigation stops its calls.
 */
type Opts = Pick<RequestOptions, 'signal'>;
// Loaders handle failures themselves (an error page or an empty block), so no global notice.
const quiet = (o?: Opts): RequestOptions => ({ silent: true, noRedirect: true, signal: o?.signal });

export interface DetailResponse<T> {
  resultCode: number;
  resultStr: string;
  data: T;
}

/** A 404 the route's error boundary shows as the not-found page inside the layout. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** Runs a detail request; a server 404 (or a failed id) becomes the route's 404. */
export async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (isNotFound(e)) notFound();
    throw e;
  }
}

/** For optional blocks (home page, side lists): a failure gives null, the page still renders. */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (isApiError(e) && e.kind === 'aborted') throw e;
    return null;
  }
}

export const contentApi = {
  newsList: (page0: number, size: number, o?: Opts) => api.get<Page<NewsItem>>('/api/lNews/web/list', { ...quiet(o), query: { page: page0, size } }),
  newsDetail: (id: number, o?: Opts) => api.get<DetailResponse<NewsDetail>>('/api/lNews/web/detail', { ...quiet(o), query: { id } }),

  /** The list form (page, size) of listV2; visitors always get shown activities (show=1). */
  activities: (q: { page: number; size: number; year?: number; status?: number }, o?: Opts) =>
    api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { ...quiet(o), query: { ...q, show: 1 } }),
  /** The one-activity form (id, award=true): with its programs and plans. */
  activity: (id: number, o?: Opts) =>
    api.get<Page<ActivityItem>>('/api/lActivity/web/listV2', { ...quiet(o), query: { id, award: true, show: 1 } }).then((p) => p.content[0] ?? null),

  /** The activity's live streams (spec 7.3 lLive/web/list); none → an empty list. */
  lives: (activityId: number, o?: Opts) =>
    api.get<{ content: LiveItem[] }>('/api/lLive/web/list', { ...quiet(o), query: { activityId } }).then((r) => r.content),

  programs: (q: { activityId?: number; size?: number }, o?: Opts) =>
    api.get<Page<ProgramItem>>('/api/lProgram/web/list', { ...quiet(o), query: { activityId: q.activityId, size: q.size ?? 50 } }),
  program: (id: number, o?: Opts) =>
    api.get<DetailResponse<ProgramItem & { files: OfficialFileItem[] }>>('/api/lProgram/web/detail', { ...quiet(o), query: { id } }),

  officialFiles: (q: { year?: number; activityId?: number }, o?: Opts) =>
    api.get<Page<OfficialFileItem>>('/api/lOfficialFile/web/list', { ...quiet(o), query: { ...q, size: 500 } }),
  partners: (type: 1 | 2 | undefined, o?: Opts) => api.get<Page<PartnerItem>>('/api/lPartner/web/list', { ...quiet(o), query: { type, size: 100 } }),
  /** /privacy and /childPrivacy (issue 37): a version, or the one in force. */
  policy: (kind: PolicyKind, version: number | undefined, o?: Opts) =>
    api.get<DetailResponse<PolicyDetail>>('/api/lPolicy/web/detail', { ...quiet(o), query: { kind, version } }),
  about: (o?: Opts) => api.get<{ content: AboutItem[]; totalElements: number }>('/api/lAbout/web/list', quiet(o)),
  dict: (dictName: string, o?: Opts) => api.get<Page<DictItem>>('/api/dictDetail', { ...quiet(o), query: { dictName, page: 0, size: 100 } }),

  consoles: (q: { year?: number; size?: number }, o?: Opts) =>
    api.post<Page<ConsoleItem>>('/api/lCloudConfig/consoleListNoToken', { year: q.year, page: 0, size: q.size ?? 50 }, quiet(o)),
  album: (consoleId: number, o?: Opts): Promise<AlbumMeta> =>
    api.post<PhotoListResponse>('/api/lGlobalMessage/photoListNoToken', { consoleId }, quiet(o)).then((r) => r.data),
  pictures: async (body: PictureQuery, o?: Opts): Promise<PictureListData> => {
    const res = await api.post<{ data: string }>('/api/lGlobalMessage/pictureListNoToken', body, quiet(o));
    // data is JSON text holding list, totalCount and nextCursor (spec 7.8)
    return JSON.parse(res.data) as PictureListData;
  },
};

export interface PictureQuery {
  photoId: number;
  pageNum: number;
  sortStr: 'asc' | 'desc';
  cursor?: string;
  teamName?: string;
  memberName?: string;
  programName?: string;
}
