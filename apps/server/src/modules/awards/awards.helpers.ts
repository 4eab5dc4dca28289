import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/index';
import { buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';

let seq = 0;
/** A team of the coach in a program, with its number, and optionally players. */
export async function buildTeam(db: Db, activityId: number, programId: number, userId: number, players: string[] = []) {
  seq += 1;
  const [team] = await db
    .insert(teams)
    .values({ activityId, programId, userId, name: `Team ${seq}`, number: `${activityId}-${String(1000 + seq)}`, status: 2 })
    .returning();
  const members = [];
  for (const name of players) {
    seq += 1;
    const [m] = await db
      .insert(teamMembers)
      .values({ activityId, userId, teamId: team!.id, programId, name, cardEnc: 'x', cardHash: `aw-${seq}-${Math.random()}`, cardMasked: 'm', payStatus: 3 })
      .returning();
    members.push(m!);
  }
  return { team: team!, members };
}

/** An activity with two programs, a coach with two sumo teams and one girls' team, staff, a judge of sumo. */
export async function awardsSetup(app: FastifyInstance, db: Db, lang = 'zh') {
  const { activity, sumo, girls } = await buildRegistrationActivity(db);
  const coach = await buildUser(db, { nickName: 'Coach' });
  const a = await buildTeam(db, activity.id, sumo.id, coach.id, ['Ann', 'Ben']);
  const b = await buildTeam(db, activity.id, sumo.id, coach.id);
  const g = await buildTeam(db, activity.id, girls.id, coach.id);
  const admin = await buildUser(db, { roles: ['admin'] });
  const judgeUser = await buildUser(db, { nickName: 'Judge Wang' });
  const staff = client(app, await loginAs(app, admin.phone, admin.password), lang);
  const added = await staff.post('/api/admin/judges', { activityId: activity.id, programId: sumo.id, phone: judgeUser.phone });
  if (added.statusCode !== 200) throw new Error(added.body);
  const judge = client(app, await loginAs(app, judgeUser.phone, judgeUser.password), lang);
  return { activity, sumo, girls, coach, a, b, g, admin, staff, judgeUser, judge, owner: client(app, await loginAs(app, coach.phone, coach.password), lang) };
}
