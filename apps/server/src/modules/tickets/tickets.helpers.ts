// Shared by tickets.test.ts (PGlite and PostgreSQL) and tickets.pg.test.ts (races across two instances).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { eventSessions, tickets } from '../../db/schema/index';
import { buildActivity, buildProgram, buildUser, loginAs } from '../../test/factories';
import { client, newTeam } from '../registration/limits.helpers';

const H = 3_600_000;

/** An activity with audience enrollment on, one session of `max` places (0 = unlimited) tomorrow, one ticket. */
export async function setupTickets(
  db: Db,
  app: FastifyInstance,
  opts: { max?: number; priceFen?: number; kind?: 'audience' | 'workshop'; requireIdCard?: boolean; audience?: boolean; lang?: string } = {},
) {
  const activity = await buildActivity(db, { audienceEnabled: opts.audience ?? true });
  const start = Date.now() + 24 * H;
  const [session] = await db
    .insert(eventSessions)
    .values({
      activityId: activity.id,
      kind: opts.kind ?? 'audience',
      nameZh: '上午场',
      nameEn: 'Morning',
      areaZh: 'A 馆',
      areaEn: 'Hall A',
      maxPeople: opts.max ?? 10,
      entryTime: new Date(start - H),
      startTime: new Date(start),
      endTime: new Date(start + 3 * H),
      requireIdCard: opts.requireIdCard ?? false,
    })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({
      activityId: activity.id,
      sessionId: session!.id,
      type: opts.kind === 'workshop' ? 2 : 1,
      nameZh: '观众票',
      nameEn: 'Audience ticket',
      priceFen: opts.priceFen ?? 5_000,
      maxPeople: 5,
    })
    .returning();
  const user = await buildUser(db);
  const h = await loginAs(app, user.phone, user.password);
  return { activity, session: session!, ticket: ticket!, user, h, c: client(app, h, opts.lang ?? 'zh') };
}

export const visitor = (i: number, over: Record<string, unknown> = {}) => ({ name: `观众${i}`, phone: `1380013${String(8000 + i).padStart(4, '0')}`, ...over });

export async function buyTickets(c: ReturnType<typeof client>, activityId: number, ticketId: number, n: number) {
  const r = await c.post('/api/lOrder/web/createOrder', { activityId, type: 3, ticketId, visitors: Array.from({ length: n }, (_, i) => visitor(i)) });
  return r;
}

/** An activity with two online match sessions (`max` slots each) and a coach with a team in it. */
export async function setupOnline(db: Db, app: FastifyInstance, opts: { max?: number; entryPast?: boolean } = {}) {
  const activity = await buildActivity(db);
  const program = await buildProgram(db, activity.id, { maxMembers: 5 });
  const start = Date.now() + 24 * H;
  const mk = (name: string, offset: number) =>
    db
      .insert(eventSessions)
      .values({
        activityId: activity.id,
        kind: 'online',
        nameZh: name,
        nameEn: name,
        maxPeople: opts.max ?? 2,
        teamCodePrefix: 'OL',
        entryTime: opts.entryPast ? new Date(Date.now() - H) : new Date(start + offset - H),
        startTime: new Date(start + offset),
        endTime: new Date(start + offset + 2 * H),
      })
      .returning();
  const [[first], [second]] = await Promise.all([mk('第一轮', 0), mk('第二轮', 4 * H)]);
  const user = await buildUser(db);
  const h = await loginAs(app, user.phone, user.password);
  const c = client(app, h);
  const team = await newTeam(c, activity.id, program.id);
  return { activity, program, sessions: [first!, second!], user, h, c, team };
}
