// Rush paths (issue 39 item 3): two instances of the built server (apps/server/dist/server.js, `npm run build`
// first) on one fresh PostgreSQL database, loaded with autocannon across both at once:
//  a. a coach's player list (GET /api/lTeamMember/web/list, 20 a page) against a bare Fastify route with one
//     hand-written SQL query serving the same rows (bench/rush-bare.mjs) — the ratio, goal ≥ 100 %; beside it the
//     CPU each request costs in Node and in PostgreSQL (/proc: utime + stime of the servers and of the database's
//     backends), which a busy machine moves far less than requests a second;
//  b. registrations: a player created and a code redeemed in one call (POST /api/lTeamMember/web/create with
//     `code`, as the portal's form does), 7 tries per team of 5 and one code in ten tried twice — per minute,
//     then 0 teams over their cap and 0 codes used twice, counted in the database;
//  c. paid registrations: fee order → sandbox payment → the payer pays on the hosted page → the gateway's
//     signed notification (the servers' own job loop) → paid; per minute, goal ≥ 10,000;
//  d. where the time goes: instance B runs with --cpu-prof; its samples inside each phase's window, mapped
//     through dist/server.js.map to their sources, grouped by plugin/module (self time), plus the rows each
//     successful write leaves per table (pg_stat_user_tables) and transactions per write.
// Every write carries an Idempotency-Key like the web client's. Ratios are printed beside raw figures so a
// busy (shared) machine does not mislead: compare figures of one run.
//
//   npm run bench:rush     BENCH_SECONDS=8 BENCH_CONNECTIONS=32 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//                          BENCH_SERVER_JS=<another build's server.js>  BENCH_PROFILE=0 (no profile)  BENCH_PORT=<base port>
//                          BENCH_PROFILE_KEEP=<file> (a copy of B's .cpuprofile)  BENCH_PHASES=list (only phase a, its profile included; default: all)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PROFILE = process.env.BENCH_PROFILE !== '0';
const serverJs = path.resolve(process.env.BENCH_SERVER_JS ?? path.join(root, 'apps/server/dist/server.js'));
const basePort = Number(process.env.BENCH_PORT ?? 41000 + Math.floor(Math.random() * 7900));
const PHASES = new Set((process.env.BENCH_PHASES ?? 'list,registration,paid').split(','));
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// how much each phase may use: generous for the default seconds, scaled for longer runs
const B_TEAMS = Math.ceil((SECONDS * 700) / 7);
const C_PLAYERS = Math.ceil(SECONDS * 350);
const COACHES = Math.max(100, Math.ceil(C_PLAYERS / 40));
if (!fs.existsSync(serverJs)) {
  console.error(`${path.relative(root, serverJs)} is missing: run \`flock /tmp/build.lock npm run build\` first`);
  process.exit(1);
}

// ——— database and servers ———
const dbName = `rp_bench_rush_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-rush-prof-'));
const running = new Set();

function start(name, args, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rp-bench-rush-${name}-`));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const s = { name, child, dataDir, log: '', port: Number(env.PORT ?? 0), statements: NaN, counts: 0 };
  const keep = (d) => {
    s.log = (s.log + d).slice(-6000);
    for (const m of String(d).matchAll(/STATEMENTS (\d+)\n/g)) [s.statements, s.counts] = [Number(m[1]), s.counts + 1];
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  s.exited = new Promise((r) => child.once('exit', r));
  running.add(s);
  return s;
}
async function stop(s) {
  if (!running.has(s)) return;
  running.delete(s);
  if (s.child.exitCode === null && s.child.signalCode === null) {
    s.child.kill('SIGTERM');
    const t = setTimeout(() => s.child.kill('SIGKILL'), 15_000);
    await s.exited;
    clearTimeout(t);
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}
process.on('exit', () => {
  for (const s of running) s.child.kill('SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void cleanUp().finally(() => process.exit(130)));
// a failure anywhere: servers stopped and the database dropped before the error is shown
process.once('uncaughtException', (e) => {
  console.error(e);
  void cleanUp().finally(() => process.exit(1));
});
async function cleanUp() {
  await Promise.all([...running].map(stop));
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  fs.rmSync(profDir, { recursive: true, force: true });
}

async function up(s, probe = '/api/health') {
  for (let i = 0; i < 240; i++) {
    if (s.child.exitCode !== null) throw new Error(`${s.name} exited ${s.child.exitCode}: ${s.log}`);
    const m = /READY (\d+)/.exec(s.log);
    if (m) s.port = Number(m[1]);
    if (s.port)
      try {
        if ((await fetch(`http://127.0.0.1:${s.port}${probe}`)).status < 500) return s;
      } catch {
        /* not yet */
      }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${s.name} did not start: ${s.log}`);
}

const traceFile = path.join(profDir, 'statements.txt');
const serverEnv = (port) => ({
  RUSH_TRACE: traceFile,
  DATABASE_URL: dbUrl,
  PII_KEY: piiKey,
  // the sandbox gateway is what pays here: development mode on a PostgreSQL database (a warning at start)
  NODE_ENV: 'development',
  PAYMENT_SANDBOX: 'true',
  SEED_DEMO: 'false',
  CAPTCHA_ENABLED: 'false',
  ADMIN_PASSWORD: 'bench-admin-1',
  AUTH_IP_LIMIT_FACTOR: '1000',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(port),
});
const piiKey = crypto.randomBytes(32).toString('hex');
const t00 = performance.now();
const counted = ['--import', pathToFileURL(path.join(root, 'bench/rush-count.mjs')).href, '--enable-source-maps'];
const A = await up(start('a', [...counted, serverJs], serverEnv(basePort))); // migrates
const B = await up(start('b', [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), ...counted, serverJs], serverEnv(basePort + 1)));
const servers = [A, B];
const db = new pg.Pool({ connectionString: dbUrl, max: 4 });
db.on('error', () => undefined); // the drop at the end ends its idle connections
const q = async (text, params) => (await db.query(text, params)).rows;

// ——— seed: an activity, a program of 5, a plan; coaches with sessions; teams; players; codes ———
const day = 86_400_000;
const [activity] = await q(
  `insert into activities (name_zh, name_en, year, begin_time, finish_time, sign_up_begin, sign_up_end, guardian_consent_required)
   values ('压测赛事', 'Rush bench', 2026, $1, $2, $3, $4, false) returning id`,
  [new Date(Date.now() + 60 * day), new Date(Date.now() + 62 * day), new Date(Date.now() - day), new Date(Date.now() + 30 * day)],
);
const aid = activity.id;
const [program] = await q(
  `insert into programs (activity_id, name_zh, name_en, type, max_members, min_age, max_age) values ($1, '创意赛', 'Creativity', 0, 5, 6, 18) returning id`,
  [aid],
);
const [plan] = await q(`insert into plans (activity_id, name_zh, name_en, price_fen) values ($1, '标准', 'Standard', 50000) returning id`, [aid]);
const coaches = await q(
  `insert into users (username, phone, password_hash, nick_name, roles, status)
   select '1390' || lpad(g::text, 7, '0'), '1390' || lpad(g::text, 7, '0'), 'bench-no-login', '教练' || g, '{member}', 1 from generate_series(1, $1) g
   returning id`,
  [COACHES],
);
const tokens = coaches.map(() => crypto.randomBytes(32).toString('base64url'));
await q(`insert into sessions (token_hash, user_id, expires_at) select h, u, now() + interval '1 day' from unnest($1::text[], $2::int[]) x(h, u)`, [
  tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex')),
  coaches.map((c) => c.id),
]);
const auth = (i) => `Bearer ${tokens[i % tokens.length]}`;
/** n teams of the program, round robin over the coaches; returns [{id, coach}] */
async function teams(n, prefix, planId) {
  const rows = await q(
    `insert into teams (activity_id, user_id, program_id, plan_id, name, number)
     select $1::int, u, $2::int, $3::int, $4::text || g, $1::int::text || '-' || $4::text || lpad(g::text, 5, '0') from unnest($5::int[]) with ordinality x(u, g) returning id, user_id`,
    [aid, program.id, planId, prefix, Array.from({ length: n }, (_, i) => coaches[i % COACHES].id)],
  );
  const coachOf = new Map(coaches.map((c, i) => [c.id, i]));
  return rows.map((r) => ({ id: r.id, coach: coachOf.get(r.user_id) }));
}
const regTeams = await teams(B_TEAMS, 'R', null);
const payTeams = await teams(Math.ceil(C_PLAYERS / 5), 'P', plan.id);
// phase c's players, unpaid, in full teams on the plan (written directly: what the create call would have left)
const payPlayers = await q(
  `insert into team_members (activity_id, user_id, team_id, program_id, plan_id, name, card_type, card_enc, card_hash, card_masked, birth, gender, emer_name, emer_phone)
   select $1, t.u, t.id, $2, $3, '选手' || g, 0, 'bench', md5(random()::text || g), '110105********123X', 20110505, 'M', '家长', '13800138000'
     from unnest($4::int[], $5::int[]) with ordinality t(id, u, g) returning id, team_id`,
  [
    aid,
    program.id,
    plan.id,
    payTeams.flatMap((t) => Array(5).fill(t.id)).slice(0, C_PLAYERS),
    payTeams.flatMap((t) => Array(5).fill(coaches[t.coach].id)).slice(0, C_PLAYERS),
  ],
);
await q(`update teams set status = 2 where plan_id = $1`, [plan.id]);
const coachOfTeam = new Map([...regTeams, ...payTeams].map((t) => [t.id, t.coach]));
const codes = (
  await q(
    `insert into redeem_codes (activity_id, code_name, type) select $1::int, 'RUSH' || $1::int::text || 'X' || lpad(g::text, 6, '0'), 0 from generate_series(1, $2) g returning code_name`,
    [aid, B_TEAMS * 7],
  )
).map((r) => r.code_name);
const setupS = ((performance.now() - t00) / 1000).toFixed(1);
console.log(
  `setup            two instances (ports ${A.port}, ${B.port}) on ${dbName}: ${COACHES} coaches, ${regTeams.length + payTeams.length} teams, ${payPlayers.length} players, ${codes.length} codes in ${setupS} s`,
);

// ——— helpers ———
const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** a valid mainland ID number (GB 11643 check digit), born in 2011 (no guardian's consent), n < 280,000 */
function card(n) {
  const body =
    `110105` +
    `2011${String(1 + (Math.floor(n / 28) % 10)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}` +
    String(Math.floor(n / 280) % 1000).padStart(3, '0');
  const sum = [...body].reduce((s, d, i) => s + Number(d) * W[i], 0);
  return body + '10X98765432'[sum % 11];
}
const key = () => crypto.randomBytes(12).toString('base64url');
const json = (authorization, extra = {}) => ({
  'content-type': 'application/json',
  authorization,
  'accept-language': 'zh-CN,zh;q=0.9',
  'idempotency-key': key(),
  ...extra,
});
/** autocannon against both instances at once (the connections split between them) for `seconds` */
async function both(seconds, opts) {
  const results = await Promise.all(
    servers.map(
      (s) =>
        new Promise((resolve, reject) =>
          autocannon({ url: `http://127.0.0.1:${s.port}`, connections: Math.ceil(CONNECTIONS / 2), duration: seconds, ...opts() }, (e, r) =>
            e ? reject(e) : resolve(r),
          ),
        ),
    ),
  );
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    statuses: results.flatMap((r) => Object.entries(r.statusCodeStats ?? {})).reduce((m, [k, v]) => m.set(k, (m.get(k) ?? 0) + v.count), new Map()),
  };
}
const now = () => process.hrtime.bigint() / 1000n; // µs, the monotonic clock V8's profile uses too
const windows = {};
/** SQL statements both servers have sent so far (bench/rush-count.mjs) */
async function statements() {
  const seen = servers.map((s) => s.counts);
  for (const s of servers) s.child.kill('SIGUSR2');
  for (let k = 0; k < 100 && servers.some((s, i) => s.counts === seen[i]); k++) await new Promise((r) => setTimeout(r, 20));
  return servers.reduce((n, s) => n + s.statements, 0);
}
async function tableStats() {
  const n = await statements();
  const rows = await q(`select relname, n_tup_ins i, n_tup_upd u, n_tup_del d from pg_stat_user_tables`);
  const [x] = await q(`select xact_commit + xact_rollback x from pg_stat_database where datname = current_database()`);
  return { tables: new Map(rows.map((r) => [r.relname, { i: Number(r.i), u: Number(r.u), d: Number(r.d) }])), xacts: Number(x.x), n };
}
/** rows written per successful operation between two snapshots (statistics reach the view within a second) */
function writesPer(before, after, n, requests = n) {
  const out = [];
  for (const [t, a] of after.tables) {
    const b = before.tables.get(t) ?? { i: 0, u: 0, d: 0 };
    const parts = [
      ['ins', a.i - b.i],
      ['upd', a.u - b.u],
      ['del', a.d - b.d],
    ].filter(([, v]) => v > 0);
    if (parts.length) out.push(`${t} ${parts.map(([k, v]) => `${k} ${(v / n).toFixed(2)}`).join(' ')}`);
  }
  const per = (x) => (requests === n ? (x / n).toFixed(1) : `${(x / n).toFixed(1)} (${(x / requests).toFixed(1)} a request)`);
  return `${per(after.n - before.n)} SQL statements, ${per(after.xacts - before.xacts)} transactions; rows ${out.sort().join(', ')}`;
}
/** CPU seconds (user + system) of these processes and of this database's PostgreSQL backends, from /proc (Linux) */
async function cpuOf(pids) {
  const backends = (await q(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).map((r) => r.pid);
  const ticks = (pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return NaN;
    }
  };
  const sum = (xs) =>
    xs
      .map(ticks)
      .filter((x) => !Number.isNaN(x))
      .reduce((a, b) => a + b, 0);
  return { node: sum(pids), pg: new Map(backends.map((p) => [p, ticks(p)])) };
}
/** ms of CPU per request between two cpuOf readings (backends that came or went in between are counted from 0 or left out) */
function cpuPer(a, b, requests) {
  const tick = 1000 / 100; // USER_HZ
  let pg = 0;
  for (const [pid, t] of b.pg) if (!Number.isNaN(t)) pg += t - (a.pg.get(pid) ?? 0);
  return { node: (((b.node - a.node) * tick) / requests).toFixed(2), pg: ((pg * tick) / requests).toFixed(2) };
}
const settle = () => new Promise((r) => setTimeout(r, 1200));
/** CPU per success without what the servers spend idle (phase a's idle rate over the phase's wall time) */
let idleRate = { node: 0, pg: 0 };
const netCpu = (c, wallMs, n) => ({
  node: (c.node - (idleRate.node * wallMs) / n).toFixed(2),
  pg: (c.pg - (idleRate.pg * wallMs) / n).toFixed(2),
  gross: `${c.node} + ${c.pg} ms`,
});
const perMin = (n, ms) => Math.round((n / ms) * 60_000);
/** BENCH_TRACE=1: the statements one call sends, printed (bench/rush-count.mjs) */
async function traced(what, fn) {
  if (!process.env.BENCH_TRACE) return fn();
  fs.writeFileSync(`${traceFile}.on`, '');
  fs.writeFileSync(traceFile, '');
  const r = await fn();
  await new Promise((res) => setTimeout(res, 300));
  fs.rmSync(`${traceFile}.on`);
  const lines = fs.readFileSync(traceFile, 'utf8').trim().split('\n');
  console.log(`trace: ${what}: ${lines.length} statements\n  ${lines.join('\n  ')}`);
  return r;
}

// ——— a. the coach's player list against the bare route ———
const coach0 = payTeams[0].coach;
const listPath = `/api/lTeamMember/web/list?activityId=${aid}&page=0&size=20`;
const ours = await (await fetch(`http://127.0.0.1:${A.port}${listPath}`, { headers: { authorization: auth(coach0) } })).json();
const bare = await up(start('bare', ['bench/rush-bare.mjs'], { DATABASE_URL: dbUrl, PORT: '0' }), '/list?activityId=0');
const bareJson = await (
  await fetch(`http://127.0.0.1:${bare.port}${listPath.replace('/api/lTeamMember/web', '')}`, { headers: { authorization: auth(coach0) } })
).json();
const sameRows =
  JSON.stringify(ours.content?.map((m) => [m.id, m.name, m.team?.name])) === JSON.stringify(bareJson.content?.map((m) => [m.id, m.name, m.team?.name]));
if (!sameRows || !ours.content?.length)
  throw new Error(`the two lists differ: ${JSON.stringify(ours).slice(0, 300)} / ${JSON.stringify(bareJson).slice(0, 300)}`);
const listHeaders = { authorization: auth(coach0), 'accept-language': 'zh-CN,zh;q=0.9' };
await traced('one player list', async () => {
  const t0 = performance.now();
  await (await fetch(`http://127.0.0.1:${A.port}${listPath}`, { headers: listHeaders })).text();
  console.log(`one list request: ${(performance.now() - t0).toFixed(1)} ms`);
});
const listSeconds = Math.max(3, Math.round(SECONDS * 0.6));
const runBare = (d) =>
  new Promise((res, rej) =>
    autocannon(
      { url: `http://127.0.0.1:${bare.port}${listPath.replace('/api/lTeamMember/web', '')}`, connections: CONNECTIONS, duration: d, headers: listHeaders },
      (e, r) => (e ? rej(e) : res(r)),
    ),
  );
await runBare(1);
const bareCpu0 = await cpuOf([bare.child.pid]);
const bareRes = await runBare(listSeconds);
const bareCpu = cpuPer(bareCpu0, await cpuOf([bare.child.pid]), bareRes.requests.total);
await stop(bare);
const listReq = () => ({ requests: [{ method: 'GET', path: listPath, headers: listHeaders }] });
await both(1, listReq);
windows.list = [now()];
const idle0 = await cpuOf(servers.map((s) => s.child.pid));
await new Promise((r) => setTimeout(r, 2000));
const idleCpu = cpuPer(idle0, await cpuOf(servers.map((s) => s.child.pid)), 2000); // per ms of wall time: idle work's share
idleRate = { node: Number(idleCpu.node), pg: Number(idleCpu.pg) };
const oursCpu0 = await cpuOf(servers.map((s) => s.child.pid));
const oursT0 = performance.now();
const listRes = await both(listSeconds, listReq);
const oursCpu = cpuPer(oursCpu0, await cpuOf(servers.map((s) => s.child.pid)), listRes.requests);
// what the servers spend anyway (their background loops, at the idle rate over the run) is not the requests'
const oursWall = performance.now() - oursT0;
const oursNet = {
  node: (oursCpu.node - (idleCpu.node * oursWall) / listRes.requests).toFixed(2),
  pg: (oursCpu.pg - (idleCpu.pg * oursWall) / listRes.requests).toFixed(2),
};
windows.list.push(now());
const listRatio = listRes.rps / bareRes.requests.average;
console.log(
  `a. player list    ours ${listRes.rps.toFixed(0)} req/s (p99 ${listRes.p99} ms, statuses ${[...listRes.statuses].map(([k, v]) => `${k} ×${v}`).join(' ')}) · bare Fastify + 1 SQL ${bareRes.requests.average.toFixed(0)} req/s (p99 ${bareRes.latency.p99} ms)`,
);
console.log(`                  ratio ${(listRatio * 100).toFixed(0)} % (goal ≥ 100 %), ${CONNECTIONS} connections, ${listSeconds} s each, 20 players a page`);
console.log(
  `                  CPU per request (less sensitive to a busy machine): ours ${oursNet.node} ms in Node + ${oursNet.pg} ms in PostgreSQL · bare ${bareCpu.node} + ${bareCpu.pg} ms (ours without their idle ${(idleCpu.node * 1000).toFixed(0)} + ${(idleCpu.pg * 1000).toFixed(0)} ms a second: ${oursCpu.node} + ${oursCpu.pg} ms with it)`,
);

// ——— b. registrations: create + redeem in one call ———
const over = { n: 0 };
let regMs = NaN;
let regOk = NaN;
const twice = { members: 0, codes: 0, redeemed: 0, used: 0 };
const checks = { doubles: 0, ledger: 0 };
if (PHASES.has('registration')) {
  let nextTry = 0;
  const regOut = { ok: 0, full: 0, used: 0, other: 0, otherCodes: new Map() };
  const regRequest = (req) => {
    const n = nextTry++;
    const team = regTeams[Math.floor(n / 7)];
    if (!team) return { ...req, method: 'GET', path: '/api/health', headers: {}, body: undefined };
    const code = codes[n - Math.floor(n / 10)];
    return {
      ...req,
      method: 'POST',
      path: '/api/lTeamMember/web/create',
      headers: json(auth(team.coach)),
      body: JSON.stringify({
        activityId: aid,
        name: `选手R${n}`,
        cardType: 0,
        card: card(n),
        emerName: '张妈妈',
        emerPhone: '13800138000',
        team: { id: team.id },
        program: { id: program.id },
        code,
      }),
    };
  };
  const regResponse = (status, body) => {
    if (status === 200) return void regOut.ok++;
    let c = 'unknown';
    try {
      c = JSON.parse(body).code;
    } catch {
      /* not JSON */
    }
    if (c === 'TEAM_FULL') regOut.full++;
    else if (c === 'CODE_ALREADY_USED') regOut.used++;
    else if (status !== 200 && c !== undefined) {
      regOut.other++;
      regOut.otherCodes.set(`${status} ${c}`, (regOut.otherCodes.get(`${status} ${c}`) ?? 0) + 1);
    }
  };
  await settle();
  await traced('one registration (create + redeem)', async () => {
    const r = regRequest({});
    const res = await fetch(`http://127.0.0.1:${A.port}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
    regResponse(res.status, await res.text());
  });
  await settle();
  const s0 = await tableStats();
  windows.registration = [now()];
  const regCpu0 = await cpuOf(servers.map((s) => s.child.pid));
  const tb = performance.now();
  const regRes = await both(SECONDS, () => ({ requests: [{ setupRequest: regRequest, onResponse: regResponse }] }));
  regMs = performance.now() - tb;
  const regCpu1 = await cpuOf(servers.map((s) => s.child.pid));
  regOk = regOut.ok || 1;
  windows.registration.push(now());
  await settle();
  const s1 = await tableStats();
  const tries = Math.min(nextTry, regTeams.length * 7);
  Object.assign(
    over,
    ...(await q(
      `select count(*)::int n from (select t.id from teams t join programs p on p.id = t.program_id join team_members m on m.team_id = t.id
   where t.activity_id = $1 group by t.id, p.max_members having count(m.id) > p.max_members) x`,
      [aid],
    )),
  );
  Object.assign(
    twice,
    ...(await q(
      `select (select count(*)::int from (select code from team_members where activity_id = $1 and code is not null group by code having count(*) > 1) d) members,
          (select count(*)::int from redeem_codes c where activity_id = $1 and status = 'used'
             and (member_id is null or (select count(*) from team_members m where m.code = c.code_name) <> 1)) codes,
          (select count(*)::int from team_members where activity_id = $1 and code is not null) redeemed,
          (select count(*)::int from redeem_codes where activity_id = $1 and status = 'used') used`,
      [aid],
    )),
  );
  console.log(
    `b. registrations  ${regOut.ok} of ${tries} tries in ${(regMs / 1000).toFixed(1)} s → ${perMin(regOut.ok, regMs)} / min (create + redeem in one call; ${regRes.rps.toFixed(0)} req/s, p99 ${regRes.p99} ms)`,
  );
  console.log(
    `                  refused: ${regOut.full} team full, ${regOut.used} code already used, ${regOut.other} other${regOut.other ? ` (${[...regOut.otherCodes].map(([k, v]) => `${k} ×${v}`).join(', ')})` : ''}`,
  );
  console.log(
    `                  checks: teams over their cap ${over.n}, codes used twice ${twice.members + twice.codes}, players with a code ${twice.redeemed} = codes used ${twice.used}`,
  );
  console.log(`                  per registration: ${writesPer(s0, s1, regOut.ok || 1, regOut.ok + regOut.full + regOut.used + regOut.other || 1)}`);
  const regCpu = netCpu(cpuPer(regCpu0, regCpu1, regOut.ok || 1), regMs, regOut.ok || 1);
  console.log(
    `                  CPU per registration: ${regCpu.node} ms in Node + ${regCpu.pg} ms in PostgreSQL (the servers' idle rate left out; ${regCpu.gross} with it; load average ${os.loadavg()[0].toFixed(1)})`,
  );
}

// ——— c. paid registrations: order → sandbox payment → hosted page → notification → paid ———
if (PHASES.has('paid')) {
  let nextPlayer = 0;
  const payOut = { ordered: 0, paying: 0, decided: 0, failed: new Map() };
  const fail = (step, status, body) => {
    let c = String(status);
    try {
      c = `${status} ${JSON.parse(body).code}`;
    } catch {
      /* not JSON */
    }
    payOut.failed.set(`${step} ${c}`, (payOut.failed.get(`${step} ${c}`) ?? 0) + 1);
  };
  const payChain = [
    {
      setupRequest: (req, ctx) => {
        const m = payPlayers[nextPlayer++];
        if (!m) return { ...req, method: 'GET', path: '/api/health', headers: {}, body: undefined };
        ctx.h = auth(coachOfTeam.get(m.team_id));
        return {
          ...req,
          method: 'POST',
          path: '/api/lOrder/web/createOrder',
          headers: json(ctx.h),
          body: JSON.stringify({ activityId: aid, type: 2, memberIds: [m.id] }),
        };
      },
      onResponse: (status, body, ctx) => {
        ctx.orderNo = null;
        if (status === 200) {
          ctx.orderNo = JSON.parse(body).data.orderNo;
          payOut.ordered++;
        } else if (ctx.h) fail('order', status, body);
      },
    },
    {
      setupRequest: (req, ctx) =>
        ctx.orderNo && {
          ...req,
          method: 'POST',
          path: '/api/lOrder/web/pay',
          headers: json(ctx.h),
          body: JSON.stringify({ orderNo: ctx.orderNo, channel: 'sandbox' }),
        },
      onResponse: (status, body, ctx) => {
        ctx.page = null;
        if (status === 200) {
          ctx.page = new URL(JSON.parse(body).data.action.url).pathname;
          payOut.paying++;
        } else fail('pay', status, body);
      },
    },
    {
      setupRequest: (req, ctx) =>
        ctx.page && { ...req, method: 'POST', path: ctx.page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=pay' },
      onResponse: (status, body) => (status === 303 ? payOut.decided++ : fail('hosted page', status, body)),
    },
  ];
  const paidNow = async () =>
    (await q(`select count(*)::int n from team_members where activity_id = $1 and plan_id = $2 and pay_status = 3`, [aid, plan.id]))[0].n;
  await traced('one paid registration (order, payment, hosted page, notification)', async () => {
    const ctx = {};
    for (const step of payChain) {
      const r = step.setupRequest({}, ctx);
      if (!r) return;
      const res = await fetch(`http://127.0.0.1:${A.port}${r.path}`, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual' });
      step.onResponse(res.status, await res.text(), ctx);
    }
    for (let i = 0; i < 50 && (await q(`select count(*)::int n from jobs where queue = 'sandbox-notify' and state = 'pending'`))[0].n > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
  });
  await settle();
  const s2 = await tableStats();
  windows.paid = [now()];
  const payCpu0 = await cpuOf(servers.map((s) => s.child.pid));
  const tc = performance.now();
  const payRes = await both(SECONDS, () => ({ requests: payChain }));
  const sentMs = performance.now() - tc;
  // the notifications still queued are part of the figure: wait until the gateway has none left (or 30 s)
  const queued = async () => (await q(`select count(*)::int n from jobs where queue = 'sandbox-notify' and state = 'pending'`))[0].n;
  for (let i = 0; i < 300 && (await queued()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
  const paid = await paidNow();
  const paidMs = performance.now() - tc;
  const payCpu1 = await cpuOf(servers.map((s) => s.child.pid));
  windows.paid.push(now());
  await settle();
  const s3 = await tableStats();
  Object.assign(
    checks,
    ...(await q(
      `select (select count(*)::int from (select order_id from payments where status in ('paid','abnormal') group by order_id having count(*) > 1) d) doubles,
          (select count(*)::int from orders o left join (select order_id, sum(amount_fen)::bigint s from ledger group by order_id) l on l.order_id = o.id
            where coalesce(l.s, 0) <> o.paid_fen - o.refunded_fen) ledger`,
    )),
  );
  console.log(
    `c. paid           ${paid} of ${payOut.decided} paid at the gateway in ${(paidMs / 1000).toFixed(1)} s → ${perMin(paid, paidMs)} / min (goal ≥ 10,000 / min); requests sent in ${(sentMs / 1000).toFixed(1)} s, ${payRes.rps.toFixed(0)} req/s, p99 ${payRes.p99} ms`,
  );
  console.log(
    `                  ${payOut.ordered} orders, ${payOut.paying} payments started, ${payOut.decided} paid on the hosted page; failures ${payOut.failed.size ? [...payOut.failed].map(([k, v]) => `${k} ×${v}`).join(', ') : 'none'}`,
  );
  console.log(`                  checks: double charges ${checks.doubles}, ledger mismatches ${checks.ledger}`);
  console.log(`                  per paid registration: ${writesPer(s2, s3, paid || 1)}`);
  const payCpu = netCpu(cpuPer(payCpu0, payCpu1, paid || 1), paidMs, paid || 1);
  console.log(
    `                  CPU per paid registration (its 3 requests and the notification's job): ${payCpu.node} ms in Node + ${payCpu.pg} ms in PostgreSQL (the servers' idle rate left out; ${payCpu.gross} with it; load average ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log(
    `                  ratio: a paid registration costs ${(paidMs / (paid || 1) / (regMs / regOk)).toFixed(2)}× a code registration (wall time per success, same run)`,
  );
}

// ——— stop the servers (B writes its profile on exit), drop the database ———
if (process.env.BENCH_DEBUG) for (const s of servers) console.log(`— ${s.name}'s log (last lines) —\n${s.log.slice(-3000)}`);
await Promise.all(servers.map(stop));
await db.end();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.end();

// ——— d. the profile ———
if (PROFILE) {
  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) console.log('d. profile        none written');
  else {
    if (process.env.BENCH_PROFILE_KEEP) {
      fs.copyFileSync(path.join(profDir, file), process.env.BENCH_PROFILE_KEEP);
      fs.writeFileSync(
        `${process.env.BENCH_PROFILE_KEEP}.windows.json`,
        JSON.stringify(windows, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)),
      );
    }
    printProfile(JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')));
  }
}
fs.rmSync(profDir, { recursive: true, force: true });
const failed = over.n > 0 || twice.members + twice.codes > 0 || twice.redeemed !== twice.used || checks.doubles > 0 || checks.ledger > 0;
if (failed) console.log('FAILED: a check above is not zero');
process.exit(failed ? 1 : 0);

function printProfile(prof) {
  const map = new SourceMap(JSON.parse(fs.readFileSync(`${serverJs}.map`, 'utf8')));
  const serverUrl = `file://${serverJs}`;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const ours = (src) => /^(apps\/server|packages\/shared)\/src\//.test(src);
  /** the nearest of our own files on the stack (the sample's own frame first): who asked for the work */
  const ownerOf = (n) => {
    for (let x = n; x; x = parent.get(x.id)) {
      const s = sourceOf(x);
      if (ours(s.src)) return s.src.replace(/^apps\/server\/src\/|^packages\/shared\/src\//, '');
    }
    return '(no file of ours on the stack: sockets, fastify, pg callbacks, GC)';
  };
  const where = new Map();
  /** the source of a frame: our bundle mapped back to its TypeScript file, else the package or Node's own */
  const sourceOf = (n) => {
    if (where.has(n.id)) return where.get(n.id);
    const f = n.callFrame;
    let src = f.url || f.functionName;
    let line = f.lineNumber + 1;
    if (f.url === serverUrl && f.lineNumber >= 0) {
      const e = map.findEntry(f.lineNumber, f.columnNumber);
      if (e?.originalSource) {
        const file = fileURLToPath(new URL(e.originalSource, serverUrl));
        src = /(?:apps\/server|packages\/shared)\/src\/.*/.exec(file)?.[0] ?? file;
        line = e.originalLine + 1;
      }
    }
    const r = { src, line, fn: f.functionName || '(anonymous)' };
    where.set(n.id, r);
    return r;
  };
  const groupOf = ({ src }) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src)?.[1];
    if (/plugins\/idempotency/.test(src)) return 'idempotency plugin';
    if (/src\/lib\/(outbox|events)/.test(src)) return 'outbox event publish';
    if (/src\/lib\/audit/.test(src)) return 'audit writes';
    if (pkg && /^(zod|fastify-type-provider-zod|fast-json-stringify|ajv|fast-uri|json-schema)/.test(pkg)) return 'zod / serialisation';
    if (pkg && /^(pg|pg-protocol|pg-pool|pg-types|postgres-|buffer-writer|packet-reader)/.test(pkg)) return 'pg driver';
    if (pkg === 'drizzle-orm') return 'drizzle (query building, row mapping)';
    if (pkg && /^(fastify|@fastify\/|find-my-way|light-my-request|avvio|secure-json-parse|fast-querystring|pino|process-warning|toad-cache)/.test(pkg))
      return pkg === 'pino' || pkg.startsWith('pino') ? 'logging' : 'fastify';
    if (pkg) return `package ${pkg}`;
    if (src.startsWith('apps/server/src/plugins/')) return `plugin ${path.basename(src, '.ts')}`;
    if (src.startsWith('apps/server/src/modules/')) return `module ${src.split('/')[4]}`;
    if (src.startsWith('apps/server/src/lib/')) return `lib ${path.basename(src, '.ts')}`;
    if (src.startsWith('apps/server/src/') || src.startsWith('packages/shared/'))
      return `our ${src.replace(/^apps\/server\/src\/|^packages\/shared\/src\//, '')}`;
    if (src === '(garbage collector)') return 'GC';
    if (src === '(idle)') return 'idle';
    if (src === '(program)') return '(program: native, compiled code)';
    return 'node internals';
  };
  // sample times: startTime + cumulative deltas (µs, monotonic)
  const times = [];
  let t = prof.startTime;
  for (const d of prof.timeDeltas) times.push((t += d));
  console.log(`d. profile        instance B (--cpu-prof), self time by plugin/module inside each phase's window (idle left out)`);
  for (const [phase, [from, to]] of Object.entries(windows)) {
    const groups = new Map();
    const fns = new Map();
    const owners = new Map();
    let busy = 0;
    let all = 0;
    prof.samples.forEach((id, i) => {
      if (times[i] < Number(from) || times[i] > Number(to)) return;
      all++;
      const n = byId.get(id);
      const s = sourceOf(n);
      const g = groupOf(s);
      if (g === 'idle') return;
      busy++;
      groups.set(g, (groups.get(g) ?? 0) + 1);
      const o = ownerOf(n);
      owners.set(o, (owners.get(o) ?? 0) + 1);
      const k = `${s.fn} ${s.src}:${s.line}`;
      fns.set(k, (fns.get(k) ?? 0) + 1);
    });
    if (!all) {
      console.log(`  ${phase}: no samples in the window`);
      continue;
    }
    const pct = (n) => `${((n / busy) * 100).toFixed(1).padStart(5)} %`;
    console.log(`  ${phase}: ${all} samples, busy ${((busy / all) * 100).toFixed(0)} %`);
    for (const [g, n] of [...groups].sort((x, y) => y[1] - x[1]).slice(0, 16)) console.log(`    ${pct(n)}  ${g}`);
    console.log(`    by our nearest file on the stack (its libraries' time included):`);
    for (const [g, n] of [...owners].sort((x, y) => y[1] - x[1]).slice(0, 14)) console.log(`    ${pct(n)}  ${g}`);
    console.log(`    top functions (self):`);
    for (const [f, n] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 12)) console.log(`    ${pct(n)}  ${f}`);
  }
}
