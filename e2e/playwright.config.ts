import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './chromium';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
export const ADMIN_PASSWORD = 'e2e-admin-pass-1';
/** the fake WeChat Pay gateway of the journeys (its /__cashier stands in for the WeChat client) */
export const WXPAY_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 1000}`;
const dataDir = path.join(os.tmpdir(), `rp-e2e-${process.pid}`);

/**
 * WeChat Pay and Alipay are configured as a merchant would, against local fakes (issue 22: JSAPI pay inside
 * WeChat, the Alipay overlay there): keys made once per machine, written before any server starts (this file
 * is read by the runner first; a worker finds them in place). The official account is the server's own
 * simulation (development mode), whose app id the fake gateway accepts for JSAPI orders.
 */
const wxPort = port + 1000;
const keysDir = path.join(os.tmpdir(), 'rp-e2e-merchant-keys');
const SIMULATED_MP_APP_ID = 'wx10ca1516a1a7e001';
const WXPAY = {
  mchid: '1900000109',
  appid: 'wxd678efh567hg6787',
  merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  publicKeyId: 'PUB_KEY_ID_0119000000000000000000000001',
  apiV3Key: 'e2e0journey0api0v3key00000000001',
};
function writeOnce(file: string, content: string) {
  const target = path.join(keysDir, file);
  if (fs.existsSync(target)) return;
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  try {
    fs.linkSync(tmp, target);
  } catch {
    // another process wrote it first: theirs stands
  }
  fs.rmSync(tmp, { force: true });
}
const pemPair = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), pub: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
fs.mkdirSync(keysDir, { recursive: true });
if (!fs.existsSync(path.join(keysDir, 'done'))) {
  const merchant = pemPair();
  const platform = pemPair();
  const alipayApp = pemPair();
  const alipay = pemPair();
  writeOnce('apiclient_key.pem', merchant.key);
  writeOnce('platform_key.pem', platform.key);
  writeOnce(
    'pub_key.pem',
    crypto
      .createPublicKey(fs.readFileSync(path.join(keysDir, 'platform_key.pem'), 'utf8'))
      .export({ type: 'spki', format: 'pem' })
      .toString(),
  );
  writeOnce('alipay_app_key.pem', alipayApp.key);
  writeOnce('alipay_public_key.pem', alipay.pub);
  writeOnce('ids.json', JSON.stringify({ ...WXPAY, appids: [WXPAY.appid, SIMULATED_MP_APP_ID] }));
  writeOnce('done', '1');
}

/**
 * Debian's chromium-headless-shell when it is installed (.ci/run installs it): the same Chromium without the
 * desktop browser's shell: 32 page loads with screenshots cost it 13.9-15.4 CPU-s against chromium's 20.7-21.7
 * (2026-11-28, README, Tests); else the desktop chromium in headless mode. CHROMIUM_PATH names another.
 */

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
  // A run whose tests failed 10 times (first tries and retries alike) is not going to pass: CI stops it there
  // instead of spending the rest of the journeys' ~15 minutes on it (E2E_MAX_FAILURES to change; 0 never stops).
  maxFailures: Number(process.env.E2E_MAX_FAILURES ?? (process.env.CI ? 10 : 0)),
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
    // Flags tried for less renderer CPU and not kept (issue 35, 2026-11-28; content.spec.ts's six sweeps, twice each:
    // 35.8 and 32.3 CPU-s without): --in-process-gpu 34.6 and 32.2; --disable-renderer-backgrounding --mute-audio
    // --disable-extensions --disable-dev-shm-usage 32.8 and 33.8. A browser has one renderer per page here (one
    // origin), so the process-model flags have nothing to merge.
    launchOptions: {
      executablePath: chromiumPath(),
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
  webServer: [
    {
      command: 'node --import tsx ./wechatpay-gateway.ts',
      url: `http://127.0.0.1:${wxPort}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { WXPAY_KEYS_DIR: keysDir, WXPAY_PORT: String(wxPort) },
    },
    {
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
        WECHATPAY_MCHID: WXPAY.mchid,
        WECHATPAY_APPID: WXPAY.appid,
        WECHATPAY_SERIAL: WXPAY.merchantSerial,
        WECHATPAY_PRIVATE_KEY_FILE: path.join(keysDir, 'apiclient_key.pem'),
        WECHATPAY_APIV3_KEY: WXPAY.apiV3Key,
        WECHATPAY_PUBLIC_KEY_FILE: path.join(keysDir, 'pub_key.pem'),
        WECHATPAY_PUBLIC_KEY_ID: WXPAY.publicKeyId,
        WECHATPAY_BASE_URL: `http://127.0.0.1:${wxPort}`,
        // offered (the overlay inside WeChat), never reached in the journeys
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY_FILE: path.join(keysDir, 'alipay_app_key.pem'),
        ALIPAY_PUBLIC_KEY_FILE: path.join(keysDir, 'alipay_public_key.pem'),
        ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
        // the integrations journey's webhook receiver listens on this machine (private addresses are refused otherwise)
        WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
      },
    },
  ],
});
