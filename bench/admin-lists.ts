// Admin lists and the dashboard on 100,000 players (issue 14's budgets): players and teams lists (first page, a
// deep page, every declared filter, every sortable column), the audit log, and the dashboard's season query,
// through the real app (buildApp + app.inject with an administrator's session) on PostgreSQL. The list
// requests must answer in ≤ 100 ms p95, the dashboard in ≤ 300 ms p95. The count(*) of each list's filter is
// also timed alone (straight SQL), since on 100k rows it is often the slow half of a page.
//
//   npm run bench:admin        DATABASE_URL=postgres://…/postgres (default postgres://postgres@127.0.0.1:5432/postgres)
//                              BENCH_PLAYERS=100000 BENCH_RUNS=60 BENCH_KEEP=1 (keep the database to EXPLAIN)
//
// Creates and drops its own database. Seeding is INSERT … SELECT generate_series (a few seconds), then ANALYZE.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DbShortStore } from '../apps/server/src/lib/short-store';
import { buildUser, loginAs } from '../apps/server/src/test/factories';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const RUNS = Math.max(50, Number(process.env.BENCH_RUNS ?? 60));
const ACTIVITIES = 5;
const PROGRAMS = 4; // per activity
const PER_TEAM = 5;
const TEAMS = Math.ceil(PLAYERS / PER_TEAM);
const COACHES = Math.ceil(TEAMS / 10);
const LIST_MS = 100;
const DASHBOARD_MS = 300;

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rp_bench_admin_${crypto.randomBytes(4).toString('hex')}`;
const root = new pg.Client({ connectionString: base });
await root.connect();
await root.query(`create database ${name}`);
const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-admin-'));
const piiKey = crypto.randomBytes(32);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  CAPTCHA_ENABLED: 'false',
  DATABASE_URL: url,
  PII_KEY: piiKey.toString('hex'),
  SEED_DEMO: 'false',
});
const database = await openDatabase({ url, migrate: true });
const app = await buildApp({ config, database, store: new DbShortStore(database.db), piiKey });
await app.ready();
const sqlc = new pg.Client({ connectionString: url });
await sqlc.connect();

try {
  // ——— seed: 5 activities of 2026 × 4 programs, coaches, teams of 5, players over 120 days, codes, channels, money, audit ———
  const t0 = performance.now();
  const q = (text: string) => sqlc.query(text);
  await q(`insert into activities (name_zh, name_en, year, begin_time, finish_time)
           select '赛事' || i, 'Event ' || i, 2026, now() + interval '60 days', now() + interval '62 days' from generate_series(1, ${ACTIVITIES}) i`);
  await q(`insert into programs (activity_id, name_zh, name_en, type, max_members)
           select a.id, '赛项' || a.id || '-' || p, 'Program ' || a.id || '-' || p, p % 2, ${PER_TEAM} from activities a, generate_series(1, ${PROGRAMS}) p`);
  await q(`insert into users (username, phone, password_hash, nick_name, roles)
           select 'coach' || i, '138' || lpad(i::text, 8, '0'), 'x', 'Coach ' || i, '{member}' from generate_series(1, ${COACHES}) i`);
  await q(`insert into orgs (name, code) select 'Channel ' || i, 'CH' || lpad(i::text, 4, '0') from generate_series(1, 20) i`);
  await q(`create temp table acts as select row_number() over (order by id) - 1 as k, id from activities`);
  await q(`create temp table progs as select row_number() over (order by id) - 1 as k, id, activity_id from programs`);
  await q(`create temp table coaches as select row_number() over (order by id) - 1 as k, id from users where username like 'coach%'`);
  // team i: activity i % 5, program i % 20 of that activity's 4, coach i % coaches, 30 % bound to a channel
  await q(`insert into teams (activity_id, user_id, program_id, name, number, status, org_id, org_code, created_at)
           select p.activity_id, c.id, p.id,
                  (array['Falcons','雄鹰','Tigers','飞龙','Robins','星火','Comets','先锋'])[1 + i % 8] || ' ' || i,
                  p.activity_id || '-' || lpad(i::text, 6, '0'), (array[1,2,7])[1 + i % 3],
                  case when i % 10 < 3 then o.id end, case when i % 10 < 3 then o.code end,
                  now() - ((i % 120) || ' days')::interval
           from generate_series(0, ${TEAMS - 1}) i
           join progs p on p.k = i % ${ACTIVITIES * PROGRAMS}
           join coaches c on c.k = i % ${COACHES}
           left join orgs o on o.id = (select min(id) from orgs) + i % 20`);
  await q(`create temp table tms as select row_number() over (order by id) - 1 as k, id, activity_id, program_id, user_id, created_at from teams`);
  await q(`insert into team_members (activity_id, user_id, team_id, program_id, name, card_enc, card_hash, card_masked, birth, gender, pay_status, code, created_at)
           select t.activity_id, t.user_id, t.id, t.program_id,
                  (array['张','王','李','赵','Smith','Chen','Liu','Garcia'])[1 + i % 8] || (array['伟','芳','娜','Alex','Sam','敏','静','Lee'])[1 + (i / 8) % 8] || i,
                  'x', 'h' || i, '1101**********' || lpad((i % 10000)::text, 4, '0'), 20120101 + i % 28, case when i % 2 = 0 then 'M' else 'F' end,
                  (array[0,1,3,3,3,3,7,8,4,5])[1 + i % 10],
                  case when i % 10 in (2,3,4,5) then 'RC' || lpad(i::text, 10, '0') end,
                  t.created_at + ((i % 24) || ' hours')::interval
           from generate_series(0, ${PLAYERS - 1}) i join tms t on t.k = i / ${PER_TEAM}`);
  await q(`insert into redeem_codes (activity_id, code_name, status, created_at)
           select a.id, 'RC' || lpad(i::text, 10, '0'), case when i % 10 in (2,3,4,5) then 'used' when i % 10 = 9 then 'void' else 'available' end, now() - ((i % 120) || ' days')::interval
           from generate_series(0, ${PLAYERS / 2 - 1}) i join acts a on a.k = i % ${ACTIVITIES}`);
  await q(`insert into orders (order_no, user_id, activity_id, type, status, amount_fen, paid_fen, refunded_fen, expires_at, created_at)
           select 'O' || i, c.id, a.id, 1, 'paid', 50000, 50000, case when i % 10 = 0 then 20000 else 0 end, now(), now() - ((i % 120) || ' days')::interval
           from generate_series(0, 9999) i join acts a on a.k = i % ${ACTIVITIES} join coaches c on c.k = i % ${COACHES}`);
  await q(`insert into ledger (order_id, kind, amount_fen, channel, provider_ref, created_at)
           select id, 'payment', 50000, 'sandbox', 'P' || id, created_at from orders
           union all select id, 'refund', -20000, 'sandbox', 'R' || id, created_at + interval '3 days' from orders where refunded_fen > 0`);
  await q(`insert into audit_log (user_id, resource, record_id, action, after, at)
           select c.id, (array['teams','players','news','activities'])[1 + i % 4], (i % 5000)::text, (array['create','update','delete'])[1 + i % 3], '{}',
                  now() - ((i % 720) || ' hours')::interval
           from generate_series(0, ${PLAYERS - 1}) i join coaches c on c.k = i % ${COACHES}`);
  await q('analyze');
  const seeded = await q(`select (select count(*) from team_members) p, (select count(*) from teams) t, (select count(*) from audit_log) a`);
  console.log(`seeded ${JSON.stringify(seeded.rows[0])} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${name})`);

  const admin = await buildUser(database.db, { username: 'bench-admin', roles: ['admin'] });
  const headers = await loginAs(app, 'bench-admin', admin.password);
  const one = async (sql: string) => (await q(sql)).rows[0] as Record<string, string | number>;
  const ids = await one(
    `select (select min(id) from activities) a, (select min(id) from programs) p, (select id from teams order by id limit 1 offset 777) t, (select id from users where username = 'coach7') u`,
  );

  interface Case {
    label: string;
    url: string;
    budget: number;
    /** the same filter's count(*) alone */
    count?: string;
  }
  const deep = Math.floor(PLAYERS / 25) - 10; // page size 25: the last pages
  const deepTeams = Math.floor(TEAMS / 25) - 10;
  const cases: Case[] = [
    { label: 'players: page 0', url: '/api/admin/players', budget: LIST_MS, count: 'select count(*) from team_members' },
    { label: `players: page ${deep} (deep)`, url: `/api/admin/players?page=${deep}`, budget: LIST_MS },
    {
      label: 'players: activityId =',
      url: `/api/admin/players?activityId=${ids.a}`,
      budget: LIST_MS,
      count: `select count(*) from team_members where activity_id = ${ids.a}`,
    },
    {
      label: 'players: teamId =',
      url: `/api/admin/players?teamId=${ids.t}`,
      budget: LIST_MS,
      count: `select count(*) from team_members where team_id = ${ids.t}`,
    },
    {
      label: 'players: programId =',
      url: `/api/admin/players?programId=${ids.p}`,
      budget: LIST_MS,
      count: `select count(*) from team_members where program_id = ${ids.p}`,
    },
    {
      label: 'players: payStatus = 7',
      url: '/api/admin/players?payStatus=7',
      budget: LIST_MS,
      count: 'select count(*) from team_members where pay_status = 7',
    },
    {
      label: 'players: name like 李娜',
      url: `/api/admin/players?name=${encodeURIComponent('李娜')}`,
      budget: LIST_MS,
      count: `select count(*) from team_members where name ilike '%李娜%'`,
    },
    {
      label: 'players: name like 4242 (rare)',
      url: '/api/admin/players?name=4242',
      budget: LIST_MS,
      count: `select count(*) from team_members where name ilike '%4242%'`,
    },
    {
      label: 'players: code like 00001234',
      url: '/api/admin/players?code=00001234',
      budget: LIST_MS,
      count: `select count(*) from team_members where code ilike '%00001234%'`,
    },
    { label: 'players: sort id asc', url: '/api/admin/players?sort=id,asc', budget: LIST_MS },
    { label: 'players: sort payStatus asc', url: '/api/admin/players?sort=payStatus,asc', budget: LIST_MS },
    { label: 'players: sort payStatus asc, deep', url: `/api/admin/players?sort=payStatus,asc&page=${deep}`, budget: LIST_MS },
    { label: 'players: sort payStatus desc', url: '/api/admin/players?sort=payStatus,desc', budget: LIST_MS },
    { label: 'players: sort payStatus desc, deep', url: `/api/admin/players?sort=payStatus,desc&page=${deep}`, budget: LIST_MS },
    { label: 'players: activity + payStatus + sort', url: `/api/admin/players?activityId=${ids.a}&payStatus=3&sort=payStatus,asc`, budget: LIST_MS },
    { label: 'teams: page 0', url: '/api/admin/teams', budget: LIST_MS, count: 'select count(*) from teams' },
    { label: `teams: page ${deepTeams} (deep)`, url: `/api/admin/teams?page=${deepTeams}`, budget: LIST_MS },
    {
      label: 'teams: activityId =',
      url: `/api/admin/teams?activityId=${ids.a}`,
      budget: LIST_MS,
      count: `select count(*) from teams where activity_id = ${ids.a}`,
    },
    {
      label: 'teams: programId =',
      url: `/api/admin/teams?programId=${ids.p}`,
      budget: LIST_MS,
      count: `select count(*) from teams where program_id = ${ids.p}`,
    },
    { label: 'teams: status = 7', url: '/api/admin/teams?status=7', budget: LIST_MS, count: 'select count(*) from teams where status = 7' },
    {
      label: 'teams: number like 001234',
      url: '/api/admin/teams?number=001234',
      budget: LIST_MS,
      count: `select count(*) from teams where number ilike '%001234%'`,
    },
    {
      label: 'teams: name like 雄鹰',
      url: `/api/admin/teams?name=${encodeURIComponent('雄鹰')}`,
      budget: LIST_MS,
      count: `select count(*) from teams where name ilike '%雄鹰%'`,
    },
    {
      label: 'teams: name like 1234 (rare)',
      url: '/api/admin/teams?name=1234',
      budget: LIST_MS,
      count: `select count(*) from teams where name ilike '%1234%'`,
    },
    {
      label: 'teams: orgCode like CH0003',
      url: '/api/admin/teams?orgCode=CH0003',
      budget: LIST_MS,
      count: `select count(*) from teams where org_code ilike '%CH0003%'`,
    },
    { label: 'teams: sort id asc', url: '/api/admin/teams?sort=id,asc', budget: LIST_MS },
    { label: 'audit: page 0', url: '/api/admin/audit', budget: LIST_MS, count: 'select count(*) from audit_log' },
    { label: 'audit: deep page', url: `/api/admin/audit?page=${Math.floor(PLAYERS / 20) - 10}`, budget: LIST_MS },
    { label: 'audit: userId =', url: `/api/admin/audit?userId=${ids.u}`, budget: LIST_MS, count: `select count(*) from audit_log where user_id = ${ids.u}` },
    {
      label: 'audit: resource = teams',
      url: '/api/admin/audit?resource=teams',
      budget: LIST_MS,
      count: `select count(*) from audit_log where resource = 'teams'`,
    },
    { label: 'audit: one day', url: `/api/admin/audit?from=${day(-3)}&to=${day(-3)}`, budget: LIST_MS },
    { label: 'dashboard: season 2026', url: '/api/admin/dashboard?year=2026', budget: DASHBOARD_MS },
    { label: 'dashboard: season, one activity', url: `/api/admin/dashboard?year=2026&activityId=${ids.a}`, budget: DASHBOARD_MS },
  ];

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  const results: { label: string; p50: number; p95: number; budget: number; countP95?: number; note?: string }[] = [];
  for (const c of cases) {
    const probe = await app.inject({ method: 'GET', url: c.url, headers });
    if (probe.statusCode === 404 && c.url.startsWith('/api/admin/audit')) {
      results.push({ label: c.label, p50: NaN, p95: NaN, budget: c.budget, note: 'skipped: no /api/admin/audit' });
      continue;
    }
    if (probe.statusCode !== 200) throw new Error(`${c.label}: ${probe.statusCode} ${probe.body.slice(0, 300)}`);
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: c.url, headers });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const r = await app.inject({ method: 'GET', url: c.url, headers });
      times.push(performance.now() - s);
      if (r.statusCode !== 200) throw new Error(`${c.label}: ${r.statusCode}`);
    }
    let countP95: number | undefined;
    if (c.count) {
      const ct: number[] = [];
      for (let i = 0; i < 20; i++) {
        const s = performance.now();
        await q(c.count);
        ct.push(performance.now() - s);
      }
      countP95 = pct(ct, 95);
    }
    const total = (probe.json() as { totalElements?: number }).totalElements;
    results.push({ label: c.label, p50: pct(times, 50), p95: pct(times, 95), budget: c.budget, countP95, note: total === undefined ? '' : `${total} rows` });
  }

  const f = (x: number | undefined) => (x === undefined ? '' : Number.isNaN(x) ? '—' : x.toFixed(1));
  console.log(`\n${RUNS} requests each, sequential, app.inject with an administrator's session; count = the filter's count(*) alone (20 runs, p95)\n`);
  console.log(`${'request'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'count'.padStart(7)} ${'budget'.padStart(7)}  result`);
  let failed = 0;
  for (const r of results) {
    const verdict = Number.isNaN(r.p95) ? 'SKIP' : r.p95 <= r.budget ? 'PASS' : 'FAIL';
    if (verdict === 'FAIL') failed++;
    console.log(
      `${r.label.padEnd(40)} ${f(r.p50).padStart(8)} ${f(r.p95).padStart(8)} ${f(r.countP95).padStart(7)} ${String(r.budget).padStart(7)}  ${verdict} ${r.note ?? ''}`,
    );
  }
  // the export of all 100,000 players as a job (rows streamed to the workbook in batches, progress polled)
  {
    const s = performance.now();
    const started = await app.inject({ method: 'POST', url: '/api/admin/players/export-jobs?sort=id,asc', headers });
    if (started.statusCode !== 200) throw new Error(`export: ${started.statusCode} ${started.body.slice(0, 200)}`);
    const { jobId, total } = (started.json() as { data: { jobId: string; total: number } }).data;
    let polls = 0;
    let last = { done: 0, ready: false, failed: false };
    while (!last.ready && !last.failed) {
      await new Promise((r) => setTimeout(r, 250));
      last = (await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${jobId}`, headers })).json().data;
      polls++;
    }
    const file = await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${jobId}/file`, headers });
    const secs = (performance.now() - s) / 1000;
    console.log(
      `\nexport of ${total} players as a job: ${last.failed ? 'FAILED' : 'ready'} in ${secs.toFixed(1)} s (${polls} progress polls, ${(file.rawPayload.length / 1e6).toFixed(1)} MB xlsx, ${Math.round(total / secs)} rows/s)`,
    );
    if (last.failed) failed++;
  }
  console.log(failed ? `\n${failed} over budget` : '\nall within budget');
  process.exitCode = failed ? 1 : 0;
} finally {
  await sqlc.end();
  await app.close();
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await root.query(`drop database if exists ${name} with (force)`);
  await root.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function day(offset: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}
