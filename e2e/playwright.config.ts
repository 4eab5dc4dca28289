import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
export const ADMIN_PASSWORD = 'e2e-admin-pass-1';
const dataDir = path.join(os.tmpdir(), `rp-e2e-${process.pid}`);

// Journeys run against the built production server on a fresh embedded database.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // a test's own test.setTimeout stays at or under 120 s
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test makes its own accounts and activities and finds its rows by their own names, so tests of one
  // file run side by side too; two workers share the one server (E2E_WORKERS=1 runs them one at a time).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // at most one retry, in CI; a test that needed it is listed as flaky at the end (and the run still passes)
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // One folder per port, so journeys on different ports can run side by side.
  outputDir: process.env.E2E_PORT ? `./test-results-${port}` : './test-results',
  use: {
    baseURL,
    // The journeys ask for reduced motion, as a person may: the footer's dot canvas is then drawn once and antd
    // skips its motion (AntdProvider). The endless canvas animation kept Chromium's compositor (software GL)
    // busy on every page with a footer: about half a core for the whole run. foundation.spec.ts keeps motion on.
    reducedMotion: 'reduce',
    // A trace records a screenshot of every frame the page draws: about 60 % more Chromium CPU on every test. CI
    // records it on the retry of a failed test (its first failure keeps a screenshot); locally on any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // pictures of the screens are taken on failure; E2E_SCREENSHOTS=1 also writes the journeys' own into screenshots/
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // what `npm start` runs: the compiled server (built by `npm run test:e2e`; rebuilt here only when
    // older than its sources, and the web app too unless WEB_DIST names another build)
    command: `rm -rf ${dataDir} && exec node ../scripts/start.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: 'false',
      // Every journey registers its own members from 127.0.0.1: more than one person's hourly ceiling.
      AUTH_IP_LIMIT_FACTOR: '20',
      LOG_LEVEL: 'warn',
    },
  },
});
