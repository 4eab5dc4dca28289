import type { z } from 'zod';
import type { examTempTokenResponse } from '@rp/shared/schemas/exam';
import type { myRegistrationsResponse } from '@rp/shared/schemas/registration';
import { api } from '../../lib/api-client';

/** Calls of the "take an exam" launch (spec 2.3, 7.6). Quiet: the launcher words its own failures. */
export type ExamActivity = Pick<z.infer<typeof myRegistrationsResponse>['data'][number], 'activityId' | 'activityName' | 'beginTime'>;

const quiet = { silent: true, noRedirect: true } as const;
/** The account's activities change rarely while a page is open: asked again after 30 s (at once while it has none). */
const FRESH_MS = 30_000;

let cache: { userId: number; at: number; promise: Promise<ExamActivity[]>; value?: ExamActivity[] } | null = null;

/** The activities the account has a team or player in (POST api/lTeam/my), latest first; shared by hover and click. */
export function examActivities(userId: number): Promise<ExamActivity[]> {
  if (cache && cache.userId === userId && Date.now() - cache.at < FRESH_MS) return cache.promise;
  const entry: NonNullable<typeof cache> = {
    userId,
    at: Date.now(),
    promise: api
      .post<z.infer<typeof myRegistrationsResponse>>('/api/lTeam/my', undefined, quiet)
      .then(
        (res) =>
          (entry.value = res.data
            .filter((a) => a.teams > 0 || a.players > 0)
            .map(({ activityId, activityName, beginTime }) => ({ activityId, activityName, beginTime }))),
      ),
  };
  // a failure or no activity yet is not remembered: the next hover or click asks again
  entry.promise.then(
    (list) => {
      if (!list.length && cache === entry) cache = null;
    },
    () => {
      if (cache === entry) cache = null;
    },
  );
  cache = entry;
  return entry.promise;
}

/** The activities when they are already known (no waiting: a click must open its window at once). */
export function knownExamActivities(userId: number): ExamActivity[] | undefined {
  return cache && cache.userId === userId && Date.now() - cache.at < FRESH_MS ? cache.value : undefined;
}

/** GET api/lTeamMember/web/tempToken: a single-use token for the learning site, with the program's settings. */
export const examTempToken = (activityNo: number) =>
  api.get<z.infer<typeof examTempTokenResponse>>('/api/lTeamMember/web/tempToken', { query: { activityNo }, ...quiet }).then((r) => r.data);
