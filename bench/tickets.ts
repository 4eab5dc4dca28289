// Tickets under a rush and check-in at one gate (issue 11), on PostgreSQL with two app instances on one database:
//  1. a rush: 10× more buyers than places for one session (BENCH_PLACES places), each buying one ticket and
//     paying it with the sandbox → tickets sold per minute, and the checks: sold = capacity, never more;
//  2. the gate: every sold pass scanned once at one gate (sequentially, like one scanner) → check-ins per second,
//     then every pass scanned again → all refused as used.
//
//   npm run bench:tickets            BENCH_PLACES=600 BENCH_CONCURRENCY=16 BENCH_PG_URL=postgres://…/postgres
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DbShortStore } from '../apps/server/src/lib/short-store';
import { eventSessions, tickets, visitors } from '../apps/server/src/db/schema/index';
import { buildActivity, buildUser, loginAs } from '../apps/server/src/test/factories';
import { injectDeliver } from '../apps/server/src/test/context';

const PLACES = Number(process.env.BENCH_PLACES ?? 600);
const BUYERS = PLACES * 10;
const CONC = Number(process.env.BENCH_CONCURRENCY ?? 16);
const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rp_bench_tix_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const piiKey = crypto.randomBytes(32);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-tix-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  CAPTCHA_ENABLED: 'false',
  DATABASE_URL: url,
  PII_KEY: piiKey.toString('hex'),
  SEED_DEMO: 'false',
  // the buyers all log in from this machine: the per-IP login ceiling is another rule
  AUTH_IP_LIMIT_FACTOR: '1000',
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

// ——— setup: an activity with audience enrollment, one session of PLACES places, one ticket; buyers ———
const activity = await buildActivity(db, { audienceEnabled: true });
const start = Date.now() + 86_400_000;
const [session] = await db
  .insert(eventSessions)
  .values({
    activityId: activity.id,
    nameZh: '决赛日',
    nameEn: 'Finals',
    maxPeople: PLACES,
    entryTime: new Date(start - 3_600_000),
    startTime: new Date(start),
    endTime: new Date(start + 3 * 3_600_000),
  })
  .returning();
const [ticket] = await db
  .insert(tickets)
  .values({ activityId: activity.id, sessionId: session!.id, nameZh: '观众票', priceFen: 5_000, maxPeople: 6 })
  .returning();
// every account may place 120 orders a minute: enough accounts that the limit is not what answers
const accounts = await Promise.all(
  Array.from({ length: Math.ceil(BUYERS / 100) }, async () => {
    const u = await buildUser(db);
    return loginAs(a.app, u.phone, u.password);
  }),
);
const staff = await buildUser(db, { roles: ['admin'] });
const staffH = await loginAs(a.app, staff.phone, staff.password);
console.log(`setup: ${BUYERS} buyers for ${PLACES} places on PostgreSQL (${name}), two instances, concurrency ${CONC}`);

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

// ——— 1. the rush: order one ticket, pay it with the sandbox ———
const rush = { sold: 0, full: 0, other: 0 };
let soldOutMs = 0;
const t0 = performance.now();
await pool(
  Array.from({ length: BUYERS }, (_, i) => i),
  async (i) => {
    const app = apps[i % 2]!;
    const h = accounts[i % accounts.length]!;
    const o = await app.inject({
      method: 'POST',
      url: '/api/lOrder/web/createOrder',
      headers: h,
      payload: { activityId: activity.id, type: 3, ticketId: ticket!.id, visitors: [{ name: `观众${i}`, phone: '13800138000' }] },
    });
    if (o.statusCode !== 200) {
      if (o.json().code === 'SESSION_FULL') rush.full++;
      else rush.other++;
      return;
    }
    const p = await app.inject({ method: 'POST', url: '/api/lOrder/web/pay', headers: h, payload: { orderNo: o.json().data.orderNo, channel: 'sandbox' } });
    const page = new URL(p.json().data.action.url).pathname;
    await apps[(i + 1) % 2]!.inject({ method: 'POST', url: page, payload: 'decision=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await app.deps.payments.sandbox.deliverDue(5);
    if (++rush.sold === PLACES) soldOutMs = performance.now() - t0;
  },
);
await a.app.deps.payments.sandbox.deliverDue(10_000);
const rushMs = performance.now() - t0;

// ——— 2. one gate: every pass once, then again ———
const passes = (await db.select({ code: visitors.passCode }).from(visitors).where(eq(visitors.status, 'valid'))).map((v) => v.code);
const t1 = performance.now();
let admitted = 0;
for (const code of passes) {
  const r = await a.app.inject({ method: 'POST', url: '/api/admin/checkin', headers: staffH, payload: { code, gate: 'Gate 1', sessionId: session!.id } });
  if (r.statusCode === 200) admitted++;
}
const gateMs = performance.now() - t1;
let refused = 0;
for (const code of passes.slice(0, 200)) {
  const r = await b.app.inject({ method: 'POST', url: '/api/admin/checkin', headers: staffH, payload: { code, gate: 'Gate 2' } });
  if (r.statusCode === 409) refused++;
}

const [s] = await db.select().from(eventSessions).where(eq(eventSessions.id, session!.id));
const [{ n: held } = { n: 0 }] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(visitors)
  .where(sql`${visitors.status} in ('held', 'valid', 'used')`);
const perMin = (n: number, ms: number) => Math.round((n / ms) * 60_000);
console.log(
  `ticket rush          ${BUYERS} buyers, ${PLACES} places: ${rush.sold} sold and paid in ${(soldOutMs / 1000).toFixed(1)} s while the others queued → ${perMin(rush.sold, soldOutMs)} tickets / min (goal ≥ 3,000 / min)`,
);
console.log(
  `                     all ${BUYERS} answered in ${(rushMs / 1000).toFixed(1)} s (${rush.full} told "full", ${rush.other} other) → ${perMin(BUYERS, rushMs)} order requests / min`,
);
console.log(
  `gate                 ${admitted} of ${passes.length} passes admitted in ${(gateMs / 1000).toFixed(1)} s → ${((admitted / gateMs) * 1000).toFixed(0)} check-ins / s at one gate`,
);
console.log(
  `checks               oversell ${held > PLACES || s!.taken > PLACES ? 'YES' : 'none'} (taken ${s!.taken}, visitors ${held}), second scans refused ${refused} of ${Math.min(200, passes.length)}`,
);

await a.app.close();
await b.app.close();
await a.database.close();
await b.database.close();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
fs.rmSync(dataDir, { recursive: true, force: true });
if (held > PLACES || s!.taken > PLACES || rush.sold !== PLACES || admitted !== passes.length || refused !== Math.min(200, passes.length)) process.exit(1);
