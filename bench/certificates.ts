// Certificate pictures (issue 13): p95 per certificate when rendered cold (first request of each code) and
// cached (the same code again), and certificates per second, through the real route on one instance.
// Goal: p95 ≤ 300 ms cold, ≤ 20 ms cached on this machine. Then the staff's zip of all of them, timed end to end.
//
//   npm run bench:certificates          (embedded database; BENCH_CERTS=200; BENCH_CERTS=1000 for the zip of 1,000)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DbShortStore } from '../apps/server/src/lib/short-store';
import { awardsSetup, buildTeam } from '../apps/server/src/modules/awards/awards.helpers';

const N = Number(process.env.BENCH_CERTS ?? 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-cert-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false', AUTH_IP_LIMIT_FACTOR: '1000' });
const database = await openDatabase({ migrate: true });
const app = await buildApp({ config, database, store: new DbShortStore(database.db), piiKey: crypto.randomBytes(32) });
await app.ready();

const s = await awardsSetup(app, database.db);
const teamIds: number[] = [];
for (let i = 0; i < N; i++) teamIds.push((await buildTeam(database.db, s.activity.id, s.sumo.id, s.coach.id)).team.id);
const awardId = (await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '一等奖', nameEn: 'First prize', kind: 'team' })).json().data.id;
const granted = await s.staff.post('/api/admin/awards/grant', { awardId, teamIds });
const codes: string[] = granted.json().data.map((c: { certCode: string }) => c.certCode);

async function run(label: string, list: string[]): Promise<{ p95: number; perSecond: number }> {
  const times: number[] = [];
  const start = performance.now();
  for (const code of list) {
    const t0 = performance.now();
    const r = await app.inject({ method: 'GET', url: `/api/lAward/cert/${code}` });
    if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return { p95: times[Math.floor(times.length * 0.95)]!, perSecond: (list.length / total) * 1000 };
}

const cold = await run('cold', codes);
// the picture cache holds the 300 latest pictures per instance (about 30 MB): the cached pass asks for those
const recent = codes.slice(-250);
const cached = await run('cached', recent);
console.log(`certificates: ${codes.length}`);
console.log(`cold:   p95 ${cold.p95.toFixed(1)} ms, ${cold.perSecond.toFixed(1)} certificates/s`);
console.log(`cached: p95 ${cached.p95.toFixed(1)} ms, ${cached.perSecond.toFixed(1)} certificates/s (the ${recent.length} latest, held in memory)`);
console.log(`cached is ${(cold.p95 / cached.p95).toFixed(1)}× faster at p95`);

// the staff's batch download: every certificate of the activity into one zip, through the job and its progress
// (the job draws each picture anew: a template may have changed since)
const t0 = performance.now();
const started = await s.staff.post('/api/admin/certificates/export', { activityId: s.activity.id });
if (started.statusCode !== 200) throw new Error(`export: ${started.body}`);
const { jobId } = started.json().data;
let polls = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  const st = (await s.staff.get(`/api/admin/certificates/export/${jobId}`)).json().data;
  polls += 1;
  if (st.failed) throw new Error('zip job failed');
  if (st.ready) break;
}
const file = await s.staff.get(`/api/admin/certificates/export/${jobId}/file`);
const zipMs = performance.now() - t0;
console.log(
  `zip:    ${codes.length} certificates in ${(zipMs / 1000).toFixed(1)} s (${((codes.length / zipMs) * 1000).toFixed(1)} certificates/s, ${(file.rawPayload.length / 1e6).toFixed(1)} MB, ${polls} progress polls)`,
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
