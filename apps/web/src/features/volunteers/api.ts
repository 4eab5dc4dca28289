import type { z } from 'zod';
import type { myVolunteersResponse, VolunteerApplyBody, volunteerListResponse } from '@rp/shared';
import { api } from '../../lib/api-client';

/** Calls of /volunteer_pc and the user center's volunteering tab (issue 12; spec 7.3 lVolunteer/web/list). */
export type VolunteerPageData = z.infer<typeof volunteerListResponse>['data'];
export type MyVolunteer = z.infer<typeof myVolunteersResponse>['content'][number];
export type { VolunteerApplyBody };

export const volunteerKeys = {
  page: (activityId: number) => ['volunteer', activityId] as const,
  mine: () => ['volunteer', 'mine'] as const,
};
export const fetchVolunteerPage = (activityId: number) =>
  api.get<{ data: VolunteerPageData }>('/api/lVolunteer/web/list', { query: { activityId }, silent: true }).then((r) => r.data);
export const applyVolunteer = (body: VolunteerApplyBody) => api.post<{ resultStr: string }>('/api/lVolunteer/web/apply', body, { silent: true });
export const myVolunteering = () => api.get<{ content: MyVolunteer[] }>('/api/lVolunteer/web/mine').then((r) => r.content);
/** A resume: a private attachment (jpeg, png, doc, docx ≤ 3 MB), checked by content on the server. */
export function uploadResume(file: File, phone: string) {
  const form = new FormData();
  form.append('kind', 'attachment');
  form.append('phone', phone);
  form.append('file', file);
  return api.post<{ data: string }>('/api/lCloudConfig/oss/upload', form, { silent: true }).then((r) => r.data);
}
