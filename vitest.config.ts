import { defineConfig } from 'vitest/config';

const server = {
  environment: 'node' as const,
  testTimeout: 30000,
  hookTimeout: 60000,
};

// One run covers every workspace: unit tests (shared, web) and API integration tests (server, PGlite).
export default defineConfig({
  test: {
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
        },
      },
      // The same API tests on PostgreSQL when TEST_DATABASE_URL is set: each file gets a copy of one template
      // database migrated once per run (globalSetup).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                ...server,
                include: ['apps/server/src/**/*.test.ts'],
                env: { DB_KIND: 'postgres' },
                globalSetup: ['apps/server/src/test/pg-template.ts'],
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', root: './apps/web' },
      },
    ],
  },
});
