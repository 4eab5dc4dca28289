import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config';
import { unpackMigratedPglite } from './test/pglite-dir';

/**
 * The server as it ships, built once for this file into a folder of its own (build.mjs, SERVER_BUILD_DIR, under
 * apps/server/node_modules so its imports resolve): plain `node` starts it in about a second of CPU, where tsx
 * compiled the whole app from its sources for each start (measured 2.7 CPU-s a start, 35-60 s on a busy machine).
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(serverDir, 'node_modules/.cache', `config-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
const builtServer = () => path.join(buildDir, 'server.js');
beforeAll(() => {
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8', env: { ...process.env, SERVER_BUILD_DIR: buildDir } });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
});
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

const KEY = crypto.randomBytes(32).toString('hex');
const SITE = 'https://iyrc.example.cn';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ HOST: '127.0.0.1', PORT: 8080, CAPTCHA_ENABLED: true, ADMIN_USERNAME: 'admin' });
  });
  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres/],
    [{ CAPTCHA_ENABLED: 'maybe' }, /CAPTCHA_ENABLED/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD: must be at least 8/],
    // several instances on one database must share the ID-number key (issue 9, finding 3)
    [{ DATABASE_URL: 'postgres://db/app' }, /^Invalid configuration: PII_KEY: required with DATABASE_URL/],
    [{ PII_KEY: 'abc' }, /PII_KEY: must be 32 bytes/],
    [{ PII_KEY: crypto.randomBytes(31).toString('base64') }, /PII_KEY: must be 32 bytes/],
    [{ STORAGE: 'ftp' }, /STORAGE/],
    [{ STORAGE: 's3', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }, /S3_ENDPOINT: required with STORAGE=s3/],
    [{ STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }, /S3_BUCKET: required with STORAGE=s3/],
    [
      { STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
      /S3_BUCKET: must be a valid bucket name/,
    ],
  ])('fails with one clear line for %o', (env, re) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(re);
  });

  it('takes a shared key with DATABASE_URL (hex or base64) and S3 settings with a default region', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', PII_KEY: KEY, PUBLIC_BASE_URL: SITE }).PII_KEY).toBe(KEY);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app', PII_KEY: crypto.randomBytes(32).toString('base64'), PUBLIC_BASE_URL: SITE })).not.toThrow();
    const s3 = loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect(s3).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1' });
    expect(loadConfig({}).STORAGE).toBe('local');
  });

  describe('production mode (issue 21)', () => {
    const PG = { DATABASE_URL: 'postgres://db/app', PII_KEY: KEY };
    it('is what DATABASE_URL means unless NODE_ENV says otherwise; a laptop is development', () => {
      expect(loadConfig({}).NODE_ENV).toBe('development');
      expect(loadConfig({ ...PG, PUBLIC_BASE_URL: SITE }).NODE_ENV).toBe('production');
      expect(loadConfig({ ...PG, NODE_ENV: 'development' }).NODE_ENV).toBe('development');
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: SITE }).NODE_ENV).toBe('production');
    });
    it('offers no simulation and seeds no demo unless forced; development keeps them', () => {
      const dev = loadConfig({});
      expect(dev).toMatchObject({ PAYMENT_SANDBOX: true, sandboxForced: false, SEED_DEMO: true });
      expect(loadConfig({ PAYMENT_SANDBOX: 'false' }).PAYMENT_SANDBOX).toBe(false);
      const prod = loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: SITE });
      expect(prod).toMatchObject({ PAYMENT_SANDBOX: false, sandboxForced: false, SEED_DEMO: false });
      expect(loadConfig({ ...PG, PUBLIC_BASE_URL: SITE, PAYMENT_SANDBOX: 'force' })).toMatchObject({ PAYMENT_SANDBOX: true, sandboxForced: true });
      expect(loadConfig({ ...PG, PUBLIC_BASE_URL: SITE, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    });
    it.each([
      [{ ...PG }, /^Invalid configuration: PUBLIC_BASE_URL: required in production mode, because DATABASE_URL is set/],
      [{ NODE_ENV: 'production' }, /^Invalid configuration: PUBLIC_BASE_URL: required in NODE_ENV=production/],
      [{ ...PG, PUBLIC_BASE_URL: SITE, PAYMENT_SANDBOX: 'true' }, /^Invalid configuration: PAYMENT_SANDBOX: .*PAYMENT_SANDBOX=force/],
      [
        {
          NODE_ENV: 'production',
          PUBLIC_BASE_URL: SITE,
          PAYMENT_SANDBOX: 'yes',
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_PRIVATE_KEY_FILE: '/k',
          ALIPAY_PUBLIC_KEY_FILE: '/p',
        },
        /^Invalid configuration: PAYMENT_SANDBOX: the sandbox gateway pays for nothing/,
      ],
      [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY: a bare true believes every X-Forwarded-For hop/],
      [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: a bare true/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY: must be false, the number of proxies/],
      [{ TRUST_PROXY: 'evil.example' }, /^Invalid configuration: TRUST_PROXY: must be false/],
      // issue 33: a range of every address is a bare true in disguise
      [{ TRUST_PROXY: '0.0.0.0/0' }, /^Invalid configuration: TRUST_PROXY: 0\.0\.0\.0\/0 is every address/],
      [{ TRUST_PROXY: '127.0.0.1, ::/0' }, /^Invalid configuration: TRUST_PROXY: ::\/0 is every address/],
      // development on a real database with a public address is a live site offering the simulations
      [
        { ...PG, NODE_ENV: 'development', PUBLIC_BASE_URL: SITE },
        /^Invalid configuration: NODE_ENV: development with DATABASE_URL and the public address iyrc\.example\.cn/,
      ],
      [{ ...PG, NODE_ENV: 'test', PUBLIC_BASE_URL: SITE }, /^Invalid configuration: NODE_ENV: test with DATABASE_URL .*NODE_ENV=production/],
    ])('refuses %o with one line naming the variable', (env, re) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(re);
    });
    it('TRUST_PROXY takes a hop count or addresses and ranges', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    });
  });

  describe('warnings at start (issue 33): one line each, naming the variable and the risk', () => {
    const SMS = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'sign',
      SMS_TEMPLATE_REGISTER: 'SMS_1',
      SMS_TEMPLATE_LOGIN: 'SMS_2',
      SMS_TEMPLATE_PASSWORD: 'SMS_3',
    };
    const PROD = { DATABASE_URL: 'postgres://db/app', PII_KEY: KEY, PUBLIC_BASE_URL: SITE, TRUST_PROXY: '1', ICP_NUMBER: '京ICP备12345678号-1', ...SMS };
    it('none for a production site set up as docs/DEPLOY.md says, nor for a laptop', () => {
      expect(configWarnings(loadConfig(PROD))).toEqual([]);
      expect(configWarnings(loadConfig({}))).toEqual([]);
      expect(configWarnings(loadConfig({ ...PROD, TRUST_PROXY: '10.0.0.0/8' }))).toEqual([]);
    });
    it.each([
      [{ TRUST_PROXY: '2' }, /^TRUST_PROXY=2: the last 2 X-Forwarded-For hops are believed; with fewer proxies in front a client writes its own address/],
      [{ WECHAT_LOGIN: 'force' }, /^WECHAT_LOGIN=force: .*anyone can sign in as any WeChat account/],
      [{ CAPTCHA_ENABLED: 'false' }, /^CAPTCHA_ENABLED=false: sign-in, registration and SMS sends ask no captcha/],
      [{ SMS_PROVIDER: 'outbox' }, /^SMS_PROVIDER=outbox: no SMS leaves the site; every code is .*readable in Admin/],
      [{ PUBLIC_BASE_URL: 'http://iyrc.example.cn' }, /^PUBLIC_BASE_URL is http: /],
      [
        { NODE_ENV: 'development', PUBLIC_BASE_URL: undefined },
        /^NODE_ENV=development with DATABASE_URL: the payment sandbox, the WeChat login simulation and the demo seed are on/,
      ],
      [{ NODE_ENV: 'test', PUBLIC_BASE_URL: 'http://localhost:8080' }, /^NODE_ENV=test with DATABASE_URL/],
      [{ ICP_NUMBER: undefined }, /^ICP_NUMBER is not set: the footer shows no ICP filing number/],
    ])('production with %o starts with one warning', (env, re) => {
      const warnings = configWarnings(loadConfig({ ...PROD, ...env }));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(re);
    });
  });

  it('never echoes a key it refuses', () => {
    const bad = 'k'.repeat(40);
    try {
      loadConfig({ PII_KEY: bad });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).not.toContain(bad);
    }
  });

  it('the server refuses to start on PostgreSQL without PII_KEY: one line on stderr, exit 1, nothing written', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-cfg-'));
    const r = spawnSync(process.execPath, [builtServer()], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 25_000,
    });
    expect(r.status, r.signal ? `killed (${r.signal}) after 25 s` : r.stderr).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PII_KEY: required with DATABASE_URL/);
    expect(fs.existsSync(path.join(dataDir, 'pii.key'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('payment providers: all settings of a group or none; a bad value names its variable', () => {
    expect(() => loadConfig({ WECHATPAY_MCHID: '1900000001' })).toThrow(/^Invalid configuration: WECHATPAY_APPID: required with WECHATPAY_MCHID/);
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY_FILE: '/x' })).toThrow(
      /ALIPAY_PUBLIC_KEY_FILE: required with ALIPAY_APP_ID/,
    );
    expect(() => loadConfig({ WECHATPAY_APIV3_KEY: 'short' })).toThrow(/WECHATPAY_APIV3_KEY/);
    expect(() => loadConfig({ ORDER_EXPIRE_MINUTES: '0' })).toThrow(/ORDER_EXPIRE_MINUTES/);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://portal.example.org/' }).PUBLIC_BASE_URL).toBe('https://portal.example.org');
  });

  // the whole start up to building the app (1.8 CPU-s): over 25 s of wall on a machine loaded 25 deep
  it('the server refuses to start with an unreadable payment key file: one line naming the variable, no key text, exit 1', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-cfg-'));
    const secret = path.join(dataDir, 'not-a-key.pem');
    fs.writeFileSync(secret, '-----BEGIN PRIVATE KEY-----\nTOPSECRETNOTAKEY\n-----END PRIVATE KEY-----\n');
    // the key files are read as the app is built, after the embedded database opens: it opens the run's migrated
    // snapshot (a site already set up) instead of migrating a new one (measured 1.8 CPU-s for the start, 6.7 without)
    unpackMigratedPglite(path.join(dataDir, 'pglite'));
    const r = spawnSync(process.execPath, [builtServer()], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        PORT: '0',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY_FILE: secret,
        ALIPAY_PUBLIC_KEY_FILE: path.join(dataDir, 'missing.pem'),
      },
      encoding: 'utf8',
      timeout: 25_000,
    });
    expect(r.status, r.signal ? `killed (${r.signal}) after 25 s` : r.stderr).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: ALIPAY_/);
    expect(r.stderr).not.toContain('TOPSECRET');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
