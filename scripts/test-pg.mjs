// The PostgreSQL tier: what only a real PostgreSQL server proves (every *.pg.test.ts, and the API files
// listed in vitest.config.ts's alsoOnPostgres) plus the Redis short-state store. One template database is
// migrated per run; each test file makes and drops its own copy of it there.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
};
console.log(`PostgreSQL tier on ${env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server-pg', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
