import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { certificateView, judgeItem, rankingRow, templateField, templateView } from '@rp/shared';
import { api } from '../../../lib/api-client';
import type { Page, ProgramItem } from '../../../lib/contract';
import { adminKeys } from '../../api';

/** The award screens of issue 13: judges and results, certificates (grant, list, batch download), templates. */
export type Judge = z.infer<typeof judgeItem>;
export type RankingRow = z.infer<typeof rankingRow>;
export type Certificate = z.infer<typeof certificateView>;
export type Template = z.infer<typeof templateView>;
export type TemplateField = z.input<typeof templateField>;
export type AwardKind = Certificate['kind'];
export const AWARD_KINDS: readonly AwardKind[] = ['team', 'player', 'leader', 'volunteer'];
export interface AwardRow {
  id: number;
  name: string;
  nameZh: string;
  nameEn: string;
  kind: AwardKind;
  rank: number;
  promotes: boolean;
  programId: number | null;
}
interface Data<T> {
  data: T;
  resultStr: string;
}

export const awardKeys = {
  all: [...adminKeys.all, 'awards'] as const,
  programs: (activityId: number) => [...awardKeys.all, 'programs', activityId] as const,
  judges: (activityId: number) => [...awardKeys.all, 'judges', activityId] as const,
  ranking: (activityId: number, programId: number) => [...awardKeys.all, 'ranking', activityId, programId] as const,
  list: (activityId: number) => [...awardKeys.all, 'list', activityId] as const,
  certificates: (q: object) => [...awardKeys.all, 'certificates', q] as const,
  template: (activityId: number, kind: AwardKind) => [...awardKeys.all, 'template', activityId, kind] as const,
  candidates: (resource: string, activityId: number) => [...awardKeys.all, 'candidates', resource, activityId] as const,
};

export const programsQuery = (activityId: number) =>
  queryOptions({
    queryKey: awardKeys.programs(activityId),
    queryFn: ({ signal }) => api.get<Page<ProgramItem>>('/api/lProgram/web/list', { signal, query: { activityId, size: 200 } }).then((r) => r.content),
  });
export const judgesQuery = (activityId: number) =>
  queryOptions({
    queryKey: awardKeys.judges(activityId),
    queryFn: ({ signal }) => api.get<Data<Judge[]>>('/api/admin/judges', { signal, query: { activityId } }).then((r) => r.data),
  });
export const rankingQuery = (activityId: number, programId: number) =>
  queryOptions({
    queryKey: awardKeys.ranking(activityId, programId),
    queryFn: ({ signal }) =>
      api.get<Data<{ published: boolean; rows: RankingRow[] }>>('/api/lAward/web/ranking', { signal, query: { activityId, programId } }).then((r) => r.data),
    // scores arrive while staff watch
    refetchInterval: 10_000,
  });
export const awardListQuery = (activityId: number) =>
  queryOptions({
    queryKey: awardKeys.list(activityId),
    queryFn: ({ signal }) => api.get<{ content: AwardRow[] }>('/api/lAward/web/list', { signal, query: { activityId } }).then((r) => r.content),
  });
export const certificatesQuery = (q: { activityId: number; status: 'valid' | 'void' | 'all'; page: number; size: number }) =>
  queryOptions({
    queryKey: awardKeys.certificates(q),
    queryFn: ({ signal }) => api.get<Data<{ total: number; rows: Certificate[] }>>('/api/admin/certificates', { signal, query: { ...q } }).then((r) => r.data),
  });
export const templateQuery = (activityId: number, kind: AwardKind) =>
  queryOptions({
    queryKey: awardKeys.template(activityId, kind),
    queryFn: ({ signal }) => api.get<Data<Template>>('/api/lAward/template', { signal, query: { activityId, type: kind } }).then((r) => r.data),
  });

/** People an award of a kind can go to (players, coaches, volunteers of the activity), as select options. */
const CANDIDATE_RESOURCE: Record<Exclude<AwardKind, 'team'>, string> = { player: 'players', leader: 'leaders', volunteer: 'volunteers' };
export const candidatesQuery = (kind: Exclude<AwardKind, 'team'>, activityId: number) =>
  queryOptions({
    queryKey: awardKeys.candidates(CANDIDATE_RESOURCE[kind], activityId),
    queryFn: ({ signal }) =>
      api
        .get<Page<{ id: number; name: string; phone?: string | null; teamId?: number | null }>>(`/api/admin/${CANDIDATE_RESOURCE[kind]}`, {
          signal,
          query: { activityId, size: 500 },
        })
        .then((r) => r.content),
  });

export const awardsApi = {
  addJudge: (body: { activityId: number; programId: number | null; phone: string }) => api.post<Data<Judge>>('/api/admin/judges', body, { silent: true }),
  removeJudge: (id: number) => api.delete<{ resultStr: string }>(`/api/admin/judges/${id}`, { silent: true }),
  publish: (activityId: number, programId: number) =>
    api.post<{ resultStr: string }>('/api/admin/results/publish', { activityId, programId }, { silent: true }),
  grant: (body: { awardId: number; teamNumbers?: string[]; memberIds?: number[]; leaderIds?: number[]; volunteerIds?: number[] }) =>
    api.post<Data<Certificate[]>>('/api/admin/awards/grant', body, { silent: true }),
  reissue: (id: number) => api.post<Data<Certificate>>(`/api/admin/certificates/${id}/reissue`, {}, { silent: true }),
  teamNumbers: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<Data<{ numbers: string[] }>>('/api/admin/awards/teamNumbers', form, { silent: true, timeoutMs: 60_000 }).then((r) => r.data.numbers);
  },
  startExport: (activityId: number) =>
    api.post<Data<{ jobId: string; total: number; done: number; ready: boolean; failed: boolean }>>(
      '/api/admin/certificates/export',
      { activityId },
      { silent: true },
    ),
  exportStatus: (jobId: string) =>
    api
      .get<Data<{ jobId: string; total: number; done: number; ready: boolean; failed: boolean }>>(`/api/admin/certificates/export/${jobId}`, { silent: true })
      .then((r) => r.data),
  exportFile: (jobId: string) => api.get<Blob>(`/api/admin/certificates/export/${jobId}/file`, { responseType: 'blob', timeoutMs: 300_000, silent: true }),
  uploadBackground: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api
      .post<Data<{ key: string; url: string; width: number; height: number }>>('/api/admin/awardTemplates/background', form, {
        silent: true,
        timeoutMs: 120_000,
      })
      .then((r) => r.data);
  },
  saveTemplate: (body: { activityId: number; kind: AwardKind; background: string | null; fields: TemplateField[] }) =>
    api.put<Data<Template>>('/api/admin/awardTemplates', body, { silent: true }),
  preview: (body: { activityId: number; kind: AwardKind; background: string | null; fields: TemplateField[] }) =>
    api.post<Blob>('/api/admin/awardTemplates/preview', body, { responseType: 'blob', silent: true, timeoutMs: 60_000 }),
};
