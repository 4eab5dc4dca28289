// Shared by limits.test.ts (PGlite, one call at a time) and limits.pg.test.ts (PostgreSQL, races, two instances).
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/index';
import { buildActivity, buildProgram, buildUser, idCard, loginAs } from '../../test/factories';
import { multipart } from '../../test/images';

let k = 0;
/**
 * A fresh valid ID number (born January to October 2012, so 14 or older from November 2026: no guardian's consent
 * needed, issue 37) per call: 28,000 before it repeats.
 */
export function nextCard(): string {
  const n = k++;
  const dd = String(1 + (n % 28)).padStart(2, '0');
  const mm = String(1 + (Math.floor(n / 28) % 10)).padStart(2, '0');
  return idCard(`2012${mm}${dd}`, false, Math.floor(n / 280) % 100);
}

export const HEAD = ['姓名', '证件类型', '证件号码', '队伍名称', '赛项'];
export async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type Call = ReturnType<typeof client>;
/** Calls as one logged-in coach through the given app instance. */
export function client(app: FastifyInstance, h: Record<string, string>, lang = 'zh') {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { ...h, 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    post: (url: string, p: unknown) => call('POST', url, p),
    put: (url: string, p: unknown) => call('PUT', url, p),
    del: (url: string, p: unknown) => call('DELETE', url, p),
    get: (url: string) => call('GET', url),
    upload: (url: string, data: Buffer) => {
      const m = multipart([{ name: 'file', filename: 'players.xlsx', data }]);
      return app.inject({ method: 'POST', url, headers: { ...h, ...m.headers, 'accept-language': lang }, payload: m.payload });
    },
  };
}

/** An open activity (player limit as given, 0 = none), one program of `max` members, one coach. */
export async function setupLimits(db: Db, app: FastifyInstance, opts: { max?: number; playerLimit?: number } = {}) {
  const activity = await buildActivity(db, { playerLimit: opts.playerLimit ?? 0 });
  const program = await buildProgram(db, activity.id, { nameZh: '创意赛', nameEn: 'Creativity', maxMembers: opts.max ?? 5 });
  const small = await buildProgram(db, activity.id, { nameZh: '相扑赛', nameEn: 'Sumo', maxMembers: 2 });
  const user = await buildUser(db);
  const h = await loginAs(app, user.phone, user.password);
  return { activity, program, small, user, h };
}

export const playerBody = (activityId: number, over: Record<string, unknown> = {}) => ({
  activityId,
  name: '张小明',
  cardType: 0,
  card: nextCard(),
  emerName: '张妈妈',
  emerPhone: '13800138000',
  ...over,
});

export async function newTeam(c: Call, activityId: number, programId: number, name = 'T' + Math.random().toString(36).slice(2, 8)) {
  const r = await c.post('/api/lTeam/web/create', { activityId, name, program: { id: programId } });
  if (r.statusCode !== 200) throw new Error(`team: ${r.body}`);
  return r.json().data as { id: number; name: string };
}

export async function looseMember(c: Call, activityId: number, programId: number) {
  const body = playerBody(activityId, { program: { id: programId } });
  const r = await c.post('/api/lTeamMember/web/create', body);
  if (r.statusCode !== 200) throw new Error(`member: ${r.body}`);
  return { id: r.json().data.id as number, body };
}

export async function teamSize(db: Db, teamId: number) {
  const [r] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Number(r!.n);
}
export async function activityPlayers(db: Db, activityId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.activityId, activityId), notInArray(teamMembers.payStatus, [5, 6])));
  return Number(r!.n);
}
export async function teamsOf(db: Db, activityId: number) {
  return db.select().from(teams).where(eq(teams.activityId, activityId));
}
export async function inTeams(db: Db, activityId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.activityId, activityId), isNotNull(teamMembers.teamId)));
  return Number(r!.n);
}
