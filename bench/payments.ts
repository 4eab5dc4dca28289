// Paid registrations per minute for one activity on PostgreSQL with two app instances on one database:
// each registration = create a fee order for a player, start a sandbox payment, pay on the hosted page,
// the gateway's signed notification delivered and settled (player 2 → 3). Then a rush for a plan with
// limited stock (more buyers than codes). Prints throughput, the ratio to creating orders alone (same run),
// and the checks: zero oversell, zero double charge, ledger = paid − refunded.
//
//   npm run bench:payments            BENCH_PLAYERS=1200 BENCH_CONCURRENCY=16 BENCH_PG_URL=postgres://…/postgres
//
// Both instances run in this process (one event loop, two pools): a conservative setup — separate processes
// would add a core each.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DbShortStore } from '../apps/server/src/lib/short-store';
import { orders, payments, plans, redeemCodes, teamMembers, teams } from '../apps/server/src/db/schema/index';
import { buildActivity, buildProgram, buildUser, loginAs } from '../apps/server/src/test/factories';
import { multipart } from '../apps/server/src/test/images';
import { injectDeliver } from '../apps/server/src/test/context';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1200);
const CONC = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PER_COACH = 30;
const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rp_bench_pay_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const piiKey = crypto.randomBytes(32);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-pay-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  CAPTCHA_ENABLED: 'false',
  DATABASE_URL: url,
  PII_KEY: piiKey.toString('hex'),
  SEED_DEMO: 'false',
});

async function instance(migrate: boolean) {
  const database = await openDatabase({ url, migrate });
  const app = await buildApp({ config, database, store: new DbShortStore(database.db), piiKey });
  await app.ready();
  app.deps.payments.sandbox.deliver = injectDeliver(app);
  return { app, database };
}
const a = await instance(true);
const b = await instance(false);
const db = a.database.db;
const apps: FastifyInstance[] = [a.app, b.app];

// ——— setup: one activity, a plan of 500 yuan, coaches with imported teams of players ———
const activity = await buildActivity(db, { beginTime: new Date(Date.now() + 60 * 86_400_000), finishTime: new Date(Date.now() + 62 * 86_400_000) });
await buildProgram(db, activity.id, { nameZh: '机器人创意赛', nameEn: 'Robot Creativity', maxMembers: 5, minAge: 6, maxAge: 18 });
const [plan] = await db.insert(plans).values({ activityId: activity.id, nameZh: '标准', nameEn: 'Standard', priceFen: 50_000 }).returning();
const coaches: { h: Record<string, string>; ids: number[] }[] = [];
let k = 0;
for (let c = 0; c < Math.ceil(PLAYERS / PER_COACH); c++) {
  const u = await buildUser(db);
  const h = await loginAs(a.app, u.phone, u.password);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  ws.addRow(['姓名', '证件类型', '证件号码', '出生日期', '性别', '队伍名称', '赛项', '紧急联系人', '紧急联系电话']);
  for (let i = 0; i < PER_COACH; i++, k++) {
    const day = String((k % 28) + 1).padStart(2, '0');
    const card = `${String(110100 + (k % 900)).padStart(6, '0')}2012${String((k % 12) + 1).padStart(2, '0')}${day}${String(Math.floor(k / 900) % 1000).padStart(3, '0')}X`;
    ws.addRow([`选手${k}`, '身份证', card, '', '', `队伍${c}-${Math.floor(i / 5)}`, '机器人创意赛', '家长', '13800138000']);
  }
  const m = multipart([{ name: 'file', filename: 'p.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) }]);
  const r = await a.app.inject({
    method: 'POST',
    url: `/api/lTeamMember/web/import?activityId=${activity.id}&mode=commit&atomic=1`,
    headers: { ...h, ...m.headers },
    payload: m.payload,
  });
  if (r.statusCode !== 200) throw new Error(`import: ${r.body}`);
  const ids = (await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.userId, u.id))).map((x) => x.id);
  coaches.push({ h, ids });
}
await db.update(teams).set({ planId: plan!.id }).where(eq(teams.activityId, activity.id));
const work = coaches.flatMap((c) => c.ids.map((id) => ({ h: c.h, id }))).slice(0, PLAYERS);
console.log(`setup: ${work.length} players of ${coaches.length} coaches on PostgreSQL (${name}), two instances, concurrency ${CONC}`);

async function pool<T>(items: T[], fn: (x: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}
const call = (app: FastifyInstance, h: Record<string, string>, method: 'GET' | 'POST', u: string, payload?: object) =>
  app.inject({ method, url: u, headers: h, payload });

// ——— 1. the whole paid registration, half through each instance ———
const half = Math.floor(work.length / 2);
let failures = 0;
const t0 = performance.now();
await pool(work.slice(0, half), async (w, i) => {
  const app = apps[i % 2]!;
  const o = await call(app, w.h, 'POST', '/api/lOrder/web/createOrder', { activityId: activity.id, type: 2, memberIds: [w.id] });
  if (o.statusCode !== 200) return void failures++;
  const p = await call(app, w.h, 'POST', '/api/lOrder/web/pay', { orderNo: o.json().data.orderNo, channel: 'sandbox' });
  const page = new URL(p.json().data.action.url).pathname;
  await apps[(i + 1) % 2]!.inject({ method: 'POST', url: page, payload: 'decision=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  await apps[i % 2]!.deps.payments.sandbox.deliverDue(5);
});
await a.app.deps.payments.sandbox.deliverDue(1000);
const fullMs = performance.now() - t0;

// ——— 2. creating orders alone (the same kind of request, no payment), for the ratio ———
const t1 = performance.now();
await pool(work.slice(half), async (w, i) => {
  const o = await call(apps[i % 2]!, w.h, 'POST', '/api/lOrder/web/createOrder', { activityId: activity.id, type: 2, memberIds: [w.id] });
  if (o.statusCode !== 200) failures++;
});
const createMs = performance.now() - t1;

// ——— 3. a rush on a plan with 100 codes: 1,000 buyers at once ———
const [limited] = await db.insert(plans).values({ activityId: activity.id, nameZh: '限量', nameEn: 'Limited', priceFen: 30_000, stock: 100 }).returning();
const buyers = await Promise.all(
  Array.from({ length: 1000 }, async (_, i) => {
    return coaches[i % coaches.length]!.h;
  }),
);
const rush = { ok: 0, soldOut: 0, other: 0 };
const t2 = performance.now();
await pool(buyers, async (h, i) => {
  const r = await call(apps[i % 2]!, h, 'POST', '/api/lOrder/web/createOrder', { activityId: activity.id, type: 1, planId: limited!.id, quantity: 1 });
  if (r.statusCode === 200) rush.ok++;
  else if (r.json().code === 'OUT_OF_STOCK') rush.soldOut++;
  else rush.other++;
});
const rushMs = performance.now() - t2;

// ——— checks ———
const registered = (
  await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(eq(teamMembers.payStatus, 3))
)[0]!.n;
const rowsOf = (r: unknown) => (r as { rows: unknown[] }).rows;
const doubleCharged = rowsOf(
  await db.execute(sql`select order_id from ${payments} where status in ('paid','abnormal') group by order_id having count(*) > 1`),
).length;
const ledgerOff = rowsOf(
  await db.execute(
    sql`select o.id from ${orders} o left join (select order_id, sum(amount_fen)::bigint s from ledger group by order_id) l on l.order_id = o.id where coalesce(l.s,0) <> o.paid_fen - o.refunded_fen`,
  ),
).length;
const [stock] = await db.select({ stock: plans.stock }).from(plans).where(eq(plans.id, limited!.id));
const limitedOrders = (
  await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.planId, limited!.id))
)[0]!.n;
void redeemCodes;

const perMin = (n: number, ms: number) => Math.round((n / ms) * 60_000);
console.log(`paid registrations   ${registered} of ${half} in ${(fullMs / 1000).toFixed(1)} s → ${perMin(registered, fullMs)} / min (goal ≥ 3,000 / min)`);
console.log(`orders created alone ${work.length - half} in ${(createMs / 1000).toFixed(1)} s → ${perMin(work.length - half, createMs)} / min`);
console.log(`ratio                a paid registration costs ${(fullMs / half / (createMs / (work.length - half))).toFixed(2)}× an order creation`);
console.log(
  `stock rush           1000 buyers, 100 codes: ${rush.ok} orders, ${rush.soldOut} sold out, ${rush.other} other, stock left ${stock?.stock}, orders on the plan ${limitedOrders} in ${(rushMs / 1000).toFixed(1)} s`,
);
console.log(
  `checks               oversell ${limitedOrders > 100 ? 'YES' : 'none'}, double charges ${doubleCharged}, ledger mismatches ${ledgerOff}, failed requests ${failures}`,
);

await a.app.close();
await b.app.close();
await a.database.close();
await b.database.close();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
fs.rmSync(dataDir, { recursive: true, force: true });
if (limitedOrders > 100 || doubleCharged || ledgerOff || registered !== half) process.exit(1);
