import { defineConfig } from 'vitest/config';

const server = {
  include: ['apps/server/src/**/*.test.ts'],
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
      // every operation, two instances with S3): they run in the PostgreSQL tier only.
      { test: { name: 'server', ...server, exclude: ['**/*.pg.test.ts', '**/node_modules/**'], env: { DB_KIND: 'pglite' } } },
      // The same API tests on PostgreSQL (a fresh database per file) when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL ? [{ test: { name: 'server-pg', ...server, env: { DB_KIND: 'postgres' } } }] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', root: './apps/web' },
      },
    ],
  },
});
