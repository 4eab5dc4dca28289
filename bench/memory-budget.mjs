// `npm run budget:memory` (issue 39): the memory budget as a check, cheap enough for CI (which is CPU bound).
// The server as `npm start` runs it (apps/server/dist/server.js, a fresh data directory, the demo data): a
// short walk (each public page once, a sign-in, the admin's first lists), then MEMORY_SETTLE_MS (20 s) of
// settling, and the resident memory after the walk and after the settle against the budget —
// MEMORY_BUDGET_MB (300) on the embedded PGlite, MEMORY_PG_BUDGET_MB (150) on PostgreSQL when
// MEMORY_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made there and dropped)
// answers; MEMORY_PG_URL=off, or no PostgreSQL there, checks the embedded database only. Exits 1 above a
// budget. Needs a build (`npm run build`). The full figures (bare processes, heap snapshot by module, the
// 10-minute idle): `npm run bench:memory`.
import { buildToMeasure, measureServer, numberSetting, onFreshPg } from './memory.mjs';

const settleMs = numberSetting('MEMORY_SETTLE_MS', 20_000);
const budget = numberSetting('MEMORY_BUDGET_MB', 300);
const pgBudget = numberSetting('MEMORY_PG_BUDGET_MB', 150);
const { webDist, serverJs, pgBase, port } = buildToMeasure();

const failures = [];
async function check(label, limit, databaseUrl) {
  const r = await measureServer({ label, port, webDist, serverJs, databaseUrl, idleMs: settleMs, short: true });
  const worst = Math.max(...r.points.slice(1).map((p) => p.rss));
  const verdict = `${label}: ${worst.toFixed(0)} MB resident (budget ${limit} MB), first page after ${(r.startMs / 1000).toFixed(1)} s`;
  console.log(`  ${worst > limit ? 'FAILS' : 'holds'} — ${verdict}\n`);
  if (worst > limit) failures.push(verdict);
}

let code = 0;
try {
  console.log(`memory budget (issue 39): short walk, ${settleMs / 1000} s settle\n`);
  await check('embedded', budget);
  await onFreshPg(pgBase, (url) => check('postgres', pgBudget, url));
  if (failures.length) {
    console.error(`over budget:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    code = 1;
  }
} catch (err) {
  console.error(`budget:memory failed: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
}
process.exit(code);
