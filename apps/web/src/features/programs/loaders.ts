import type { LoaderFunctionArgs } from 'react-router';
import { contentApi, notFound, orNotFound } from '../../lib/content-api';
import type { OfficialFileItem, ProgramItem } from '../../lib/contract';
import { htmlToText, parseId } from '../../lib/format';
import type { RouteMeta } from '../../lib/page-meta';

export interface ProgramListData {
  programs: ProgramItem[];
  activityId: number | null;
}

/** /program[?activityId=]: the programs of shown activities (spec 7.3: size 50). */
export async function programListLoader({ request }: LoaderFunctionArgs): Promise<ProgramListData> {
  const activityId = parseId(new URL(request.url).searchParams.get('activityId'));
  const res = await contentApi.programs({ activityId: activityId ?? undefined, size: 50 }, { signal: request.signal });
  return { programs: res.content, activityId };
}

export interface ProgramDetailData {
  program: ProgramItem & { files: OfficialFileItem[] };
}

export async function programDetailLoader({ request }: LoaderFunctionArgs): Promise<ProgramDetailData> {
  const id = parseId(new URL(request.url).searchParams.get('id'));
  if (id === null) notFound();
  const res = await orNotFound(contentApi.program(id, { signal: request.signal }));
  return { program: res.data };
}

export function programDetailMeta(data: unknown): RouteMeta | undefined {
  const { program } = data as ProgramDetailData;
  // the same program runs in several activities: the activity tells their pages apart (issue 34)
  return { title: `${program.name} · ${program.activityName}`, description: htmlToText(program.intro) || undefined, image: program.coverUrl ?? undefined };
}

/** Groups programs by activity, keeping the server's order (newest activity first). */
export function groupByActivity(programs: readonly ProgramItem[]): { activityId: number; activityName: string; programs: ProgramItem[] }[] {
  const groups = new Map<number, { activityId: number; activityName: string; programs: ProgramItem[] }>();
  for (const p of programs) {
    let g = groups.get(p.activityId);
    if (!g) {
      g = { activityId: p.activityId, activityName: p.activityName, programs: [] };
      groups.set(p.activityId, g);
    }
    g.programs.push(p);
  }
  return [...groups.values()];
}
