import { defineConfig } from 'vitest/config';

// One run covers every workspace: unit tests (shared, web) and API integration tests (server, PGlite).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom', root: './apps/web' },
      },
    ],
  },
});
