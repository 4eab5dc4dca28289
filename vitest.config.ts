import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { isolatedWebTests } from './apps/web/src/test/isolation';

const server = {
  environment: 'node' as const,
  testTimeout: 30000,
  hookTimeout: 60000,
};

/**
 * The API test files that also run in the PostgreSQL tier, because PostgreSQL can prove something about
 * them that PGlite cannot (one connection, one transaction at a time, its own driver). Every other API file
 * runs in the fast tier only; the PostgreSQL tier adds every *.pg.test.ts, the fuzz of every operation among
 * them. A file belongs here when it runs writes at once, SQL whose result or parameters node-postgres
 * handles differently (raw SQL, dates, time zones), or the contains filters on trigram indexes.
 */
const alsoOnPostgres = [
  // hostile values (NUL bytes, out-of-range numbers and dates) reach PostgreSQL through node-postgres; its errors must map to 4xx
  'apps/server/src/hostile.test.ts',
  // the Redis store runs only there, and take/setIfAbsent/incr must stay atomic with 10–25 callers on separate connections
  'apps/server/src/lib/short-store.test.ts',
  // 20 pays of one order and 100 copies of one notification at once: FOR UPDATE and the conditional settle; ledger sums in raw SQL
  'apps/server/src/modules/payments/payments.test.ts',
  // redemptions of one code at once (FOR UPDATE on the code); players' name filters (ilike on pg_trgm indexes)
  'apps/server/src/modules/registration/registration.test.ts',
  // the player list in one statement: subqueries for what each player shows (json_build_object), count(*) over () as node-postgres sends it
  'apps/server/src/modules/registration/present.test.ts',
  // 10 imports at once while health pings: on PostgreSQL they hold pool connections and the activity's advisory lock
  'apps/server/src/modules/registration/sheets.test.ts',
  // China-day series: to_char(… at time zone 'UTC') + interval, timestamps as node-postgres parses and sends them
  'apps/server/src/modules/admin/dashboard.test.ts',
  // raw SQL (unnest … count(*)::int, array_replace on roles), ilike account search, FOR UPDATE on the last administrator
  'apps/server/src/modules/admin/access.test.ts',
  // keyset paging on timestamps (Date parameters against microsecond columns) and ilike filters
  'apps/server/src/modules/content/gallery.test.ts',
  // the admin resource every list is built on: FOR UPDATE on update/delete, contains filters, date ranges, sorts
  'apps/server/src/modules/content/admin.test.ts',
  // a broadcast is one insert … returning inside a CTE, counted as ::int in raw SQL
  'apps/server/src/modules/consult/consult.test.ts',
];

const isolatedWeb = isolatedWebTests(fileURLToPath(new URL('./apps/web', import.meta.url)));

// One run covers every workspace: unit tests (shared, web) and API integration tests (server, PGlite).
export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the cores: one worker on CI's two. The main process mostly
    // waits, so two workers keep both cores busy (measured: the fast tier in about half the time).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // *.pg.test.ts only make sense on a real server (races across connections, killed backends, the fuzz of
      // every operation, two instances with S3): they run in the PostgreSQL tier only. Every file starts from
      // one PGlite migrated once per run (globalSetup).
      {
        test: {
          name: 'server',
          ...server,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          env: { DB_KIND: 'pglite' },
          globalSetup: ['apps/server/src/test/pglite-snapshot.ts'],
          // Files of one worker share its loaded modules (the app, drizzle, PGlite's wasm) instead of importing
          // them again per file: each file still opens its own database and app (useTestApp), and no server test
          // mocks a module or stubs a global.
          isolate: false,
        },
      },
      // The PostgreSQL tier when TEST_DATABASE_URL is set: each file gets a copy of one template database
      // migrated once per run (globalSetup).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                ...server,
                include: ['apps/server/src/**/*.pg.test.ts', ...alsoOnPostgres],
                env: { DB_KIND: 'postgres' },
                globalSetup: ['apps/server/src/test/pg-template.ts'],
                isolate: false,
              },
            },
          ]
        : []),
      // The web tests in jsdom, in two projects (issue 35; `--project 'web*'` runs both). Files that mock a module,
      // stub a global, spy, fake the clock or set process-wide state (testing-library's or the app's configuration,
      // the signed-in user) keep an environment of their own (web-isolated); the others share one jsdom and React,
      // antd and the app's modules per worker (web), so a file no longer pays for a new environment and fresh
      // imports; shared-env-setup.ts unmounts every render and puts the language and storage back between files.
      // apps/web/src/test/isolation.ts sorts the files by what each contains, at the start of every run.
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...isolatedWeb, '**/node_modules/**'],
          environment: 'jsdom',
          root: './apps/web',
          setupFiles: ['src/test/shared-env-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-isolated', include: isolatedWeb, environment: 'jsdom', root: './apps/web' },
      },
    ],
  },
});
