import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { TestContext } from './context';

/**
 * An app serving a web build of a test's own (the server renderer's tests): an empty client build and
 * `entry` as its server entry (apps/web/dist-ssr/entry-server.js), on the test file's database. `env` adds
 * settings; `beforeReady` may add hooks. close() stops the app and removes the build.
 */
export async function appWithFakeWeb(
  ctx: TestContext,
  entry: string,
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-ssr-'));
  fs.mkdirSync(path.join(root, 'dist', '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(root, 'dist', '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), entry);
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: ctx.config.dataDir,
    WEB_DIST: path.join(root, 'dist'),
    ...env,
  });
  const app = await buildApp({ config, database: ctx.database, store: ctx.app.deps.store, piiKey: ctx.piiKey, serveWeb: true });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
