import type { LoaderFunctionArgs } from 'react-router';
import { contentApi } from '../../lib/content-api';
import type { OfficialFileItem } from '../../lib/contract';

export interface RulesData {
  files: OfficialFileItem[];
}

/** /rules: every published rule and material file (newest year first, the server's order). */
export async function rulesLoader({ request }: LoaderFunctionArgs): Promise<RulesData> {
  const res = await contentApi.officialFiles({}, { signal: request.signal });
  return { files: res.content };
}

export interface FileGroup {
  year: number;
  activities: { activityId: number | null; activityName: string | null; files: OfficialFileItem[] }[];
}

/**
 * Files by year (descending) — the year of their activity, or their own year when they have none —
 * then by activity (files without one come last), keeping the order within.
 */
export function groupFiles(files: readonly OfficialFileItem[]): FileGroup[] {
  const years = new Map<number, Map<string, { activityId: number | null; activityName: string | null; files: OfficialFileItem[] }>>();
  for (const f of files) {
    const year = f.activityYear ?? f.year;
    let byActivity = years.get(year);
    if (!byActivity) years.set(year, (byActivity = new Map()));
    const key = f.activityId === null ? 'none' : String(f.activityId);
    let g = byActivity.get(key);
    if (!g) byActivity.set(key, (g = { activityId: f.activityId, activityName: f.activityName, files: [] }));
    g.files.push(f);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, acts]) => ({
      year,
      activities: [...acts.values()].sort((a, b) => (a.activityId === null ? 1 : 0) - (b.activityId === null ? 1 : 0)),
    }));
}
