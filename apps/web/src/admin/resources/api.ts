import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Page } from '../../lib/contract';
import type { Row } from './model';

/** GET/POST/PUT/DELETE /api/admin/<name>… (generated on the server from the same definitions). */
const base = (name: string) => `/api/admin/${encodeURIComponent(name)}`;

export interface DataResponse<T> {
  resultCode: number;
  resultStr: string;
  data: T;
}

export interface StoredUpload {
  key: string;
  url: string;
  fileName: string;
  size: number;
  mime: string;
  width: number | null;
  height: number | null;
}

export interface UploadedPicture {
  id: number;
  name: string;
  width: number;
  height: number;
  thumbUrl: string;
}

/** Query keys of the generic resource screens: one root per resource, so a write refreshes its lists and rows. */
export const resourceKeys = {
  all: ['admin', 'resource'] as const,
  resource: (name: string) => [...resourceKeys.all, name] as const,
  list: (name: string, query: Record<string, string | number>) => [...resourceKeys.resource(name), 'list', query] as const,
  row: (name: string, id: number) => [...resourceKeys.resource(name), 'row', id] as const,
  options: (name: string) => [...resourceKeys.resource(name), 'options'] as const,
};

export function resourceListQuery(name: string, query: Record<string, string | number>) {
  return queryOptions({
    queryKey: resourceKeys.list(name, query),
    queryFn: ({ signal }) => api.get<Page<Row>>(base(name), { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function resourceRowQuery(name: string, id: number) {
  return queryOptions({
    queryKey: resourceKeys.row(name, id),
    queryFn: ({ signal }) => api.get<DataResponse<Row>>(`${base(name)}/${id}`, { signal, silent: true }).then((r) => r.data),
    retry: false,
  });
}

const PICK_LISTS = ['activities', 'programs'];

/** Rows of another resource for a select (spec: size 500 is plenty for the referenced lists). */
export function refOptionsQuery(name: string) {
  return queryOptions({
    queryKey: resourceKeys.options(name),
    // silent: a person whose role cannot list the referenced rows sees their ids instead of an error notice
    queryFn: ({ signal }) =>
      // activities and programs come from the pick list every staff member may read, within their data scope
      // (the generic lists need content.edit: a regional organiser's filters would stay empty — issue 24)
      PICK_LISTS.includes(name)
        ? api.get<{ content: Row[] }>(`/api/admin/options/${name}`, { signal, silent: true, noRedirect: true }).then((p) => p.content)
        : api.get<Page<Row>>(base(name), { signal, query: { page: 0, size: 500 }, silent: true, noRedirect: true }).then((p) => p.content),
    staleTime: 60_000,
    retry: false,
  });
}

/** Create (no id) or update one row; the resource's lists and rows refetch. */
export function saveResourceMutation(name: string) {
  return mutationOptions({
    mutationKey: [...resourceKeys.resource(name), 'save'],
    mutationFn: ({ id, body }: { id: number | null; body: Row }) => (id === null ? resourceApi.create(name, body) : resourceApi.update(name, id, body)),
    onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: resourceKeys.resource(name) }),
  });
}

export function removeResourceMutation(name: string) {
  return mutationOptions({
    mutationKey: [...resourceKeys.resource(name), 'remove'],
    mutationFn: (id: number) => resourceApi.remove(name, id),
    onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: resourceKeys.resource(name) }),
  });
}

/** Bulk actions (issue 14): one change to the ticked rows, their deletion, a message to their owners. */
export function bulkResourceMutation(name: string) {
  return mutationOptions({
    mutationKey: [...resourceKeys.resource(name), 'bulk'],
    mutationFn: (
      a: { kind: 'update'; ids: number[]; patch: Row } | { kind: 'delete'; ids: number[] } | { kind: 'message'; ids: number[]; text: BulkMessage },
    ) =>
      a.kind === 'update'
        ? api.put<{ resultStr: string; data: { count: number } }>(`${base(name)}/bulk`, { ids: a.ids, patch: a.patch }, { silent: true })
        : a.kind === 'delete'
          ? api.delete<{ resultStr: string }>(base(name), { body: { ids: a.ids }, silent: true })
          : api.post<{ resultStr: string; data: { count: number } }>(`${base(name)}/message`, { ids: a.ids, ...a.text }, { silent: true }),
    onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: resourceKeys.resource(name) }),
  });
}

export interface BulkMessage {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
}

/** A content upload (image or file) for a form field; nothing cached changes until the form is saved. */
export const uploadMutation = mutationOptions({
  mutationKey: [...resourceKeys.all, 'upload'],
  mutationFn: ({ file, kind }: { file: File; kind: 'image' | 'file' }) => resourceApi.upload(file, kind),
});

export interface ExportJob {
  jobId: string;
  total: number;
  done: number;
  ready: boolean;
  failed: boolean;
}

export const resourceApi = {
  create: (name: string, body: Row) => api.post<DataResponse<Row>>(base(name), body, { silent: true }),
  update: (name: string, id: number, body: Row) => api.put<DataResponse<Row>>(`${base(name)}/${id}`, body, { silent: true }),
  remove: (name: string, id: number) => api.delete<{ resultStr: string }>(`${base(name)}/${id}`, { silent: true }),
  /** The filtered list as an export job (issue 14): started here, its progress and file by id. */
  startExport: (name: string, query: Record<string, string | number>) =>
    api.post<DataResponse<ExportJob>>(`${base(name)}/export-jobs`, undefined, { query }).then((r) => r.data),
  exportStatus: (jobId: string) => api.get<DataResponse<ExportJob>>(`/api/admin/export-jobs/${jobId}`, { silent: true }).then((r) => r.data),
  exportFile: (jobId: string) => api.get<Blob>(`/api/admin/export-jobs/${jobId}/file`, { responseType: 'blob', timeoutMs: 120_000 }),
  upload: (file: File, kind: 'image' | 'file') => {
    const form = new FormData();
    form.append('file', file);
    return api.post<DataResponse<StoredUpload>>('/api/admin/uploads', form, { query: { kind }, silent: true, timeoutMs: 120_000 }).then((r) => r.data);
  },
  /** One picture of a bulk upload, with the optional names applied to the batch. */
  uploadPicture: (photoId: number, file: File, names: { teamName?: string; memberName?: string; programName?: string }) => {
    const form = new FormData();
    // Text fields first: the server reads the parts in order.
    for (const [k, v] of Object.entries(names)) if (v && v.trim()) form.append(k, v.trim());
    form.append('file', file);
    return api
      .post<DataResponse<UploadedPicture>>(`/api/admin/photos/${photoId}/pictures`, form, { silent: true, noRedirect: false, timeoutMs: 120_000 })
      .then((r) => r.data);
  },
};
