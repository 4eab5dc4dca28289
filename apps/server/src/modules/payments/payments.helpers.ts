// Shared by payments.test.ts (PGlite and PostgreSQL) and payments.pg.test.ts (races across two instances).
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledger, orders, plans, teams } from '../../db/schema/index';
import { buildActivity, buildProgram, buildUser, loginAs } from '../../test/factories';
import { client, newTeam, playerBody, type Call } from '../registration/limits.helpers';

/** An open activity 40 days away (refund tier 99.4 %), a program, a plan of 500 yuan, a coach. */
export async function setupMoney(db: Db, app: FastifyInstance, opts: { stock?: number | null; begin?: Date; lang?: string } = {}) {
  const activity = await buildActivity(db, {
    beginTime: opts.begin ?? new Date(Date.now() + 40 * 86_400_000),
    finishTime: new Date(Date.now() + 42 * 86_400_000),
  });
  const program = await buildProgram(db, activity.id, { maxMembers: 5 });
  const [plan] = await db
    .insert(plans)
    .values({ activityId: activity.id, nameZh: '标准报名', nameEn: 'Standard entry', priceFen: 50_000, stock: opts.stock ?? null })
    .returning();
  const user = await buildUser(db);
  const h = await loginAs(app, user.phone, user.password);
  return { activity, program, plan: plan!, user, h, c: client(app, h, opts.lang ?? 'zh') };
}

/** A team of `n` players on the plan, all at payStatus 0. */
export async function teamWithPlayers(db: Db, c: Call, activityId: number, programId: number, planId: number, n: number) {
  const team = await newTeam(c, activityId, programId);
  await db.update(teams).set({ planId }).where(eq(teams.id, team.id));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await c.post('/api/lTeamMember/web/create', playerBody(activityId, { name: `选手${i}`, program: { id: programId }, team: { id: team.id } }));
    if (r.statusCode !== 200) throw new Error(`member: ${r.body}`);
    ids.push(r.json().data.id as number);
  }
  return { team, ids };
}

export async function buyCodes(c: Call, activityId: number, planId: number, quantity: number) {
  const r = await c.post('/api/lOrder/web/createOrder', { activityId, type: 1, planId, quantity });
  if (r.statusCode !== 200) throw new Error(`order: ${r.body}`);
  return r.json().data as { orderNo: string; amountFen: number; items: { id: number }[] };
}

/** Pays an order at the sandbox's hosted page as the payer would, and lets the gateway deliver its notification. */
export async function payWithSandbox(app: FastifyInstance, c: Call, orderNo: string, decision: 'pay' | 'fail' = 'pay') {
  const url = await decideOnHostedPage(app, c, orderNo, decision);
  await app.deps.payments.sandbox.deliverDue();
  return url;
}

/** Pays (or fails) an order at the sandbox's hosted page as the payer would; the gateway's notification waits for deliverDue. */
export async function decideOnHostedPage(app: FastifyInstance, c: Call, orderNo: string, decision: 'pay' | 'fail' = 'pay') {
  const r = await c.post('/api/lOrder/web/pay', { orderNo, channel: 'sandbox' });
  if (r.statusCode !== 200) throw new Error(`pay: ${r.body}`);
  const url = new URL(r.json().data.action.url as string);
  const page = await app.inject({ method: 'GET', url: url.pathname });
  if (page.statusCode !== 200) throw new Error(`hosted page: ${page.statusCode}`);
  const done = await app.inject({
    method: 'POST',
    url: url.pathname,
    payload: `decision=${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (done.statusCode !== 303) throw new Error(`hosted page post: ${done.statusCode} ${done.body}`);
  return url;
}

/** Per order: sum(ledger) = paid − refunded. Returns the orders where it does not hold. */
export async function ledgerMismatches(db: Db) {
  const r = await db.execute(sql`
    select o.id from ${orders} o left join (select order_id, sum(amount_fen)::bigint s from ${ledger} group by order_id) l on l.order_id = o.id
    where coalesce(l.s, 0) <> o.paid_fen - o.refunded_fen`);
  return ((r as unknown as { rows: { id: number }[] }).rows ?? []).map((x) => x.id);
}
