import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { ensureAdmin, seedDemo, seedDemoGallery } from './db/seed/index';
import { DbShortStore, RedisShortStore, type ShortStore } from './lib/short-store';
import { buildApp } from './app';
import { createStorage } from './lib/storage';
import { loadPiiKey } from './lib/pii';

async function main() {
  let config: Config;
  let pii: Buffer;
  try {
    config = loadConfig();
    pii = loadPiiKey(config);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite') });
  const store: ShortStore = config.REDIS_URL ? await RedisShortStore.connect(config.REDIS_URL) : new DbShortStore(database.db);
  await ensureAdmin(database.db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }, (line) => console.log(line));
  const storage = await createStorage(config);
  if (config.SEED_DEMO) await seedDemo(database.db);

  const app = await buildApp({
    config,
    database,
    store,
    storage,
    piiKey: pii,
    serveWeb: true,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.oldPassword', '*.card', '*.token'],
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await store.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  console.log(`Ready on http://${config.HOST}:${config.PORT} (database: ${database.kind})`);
  if (config.SEED_DEMO) {
    app.deps.seeding.active = true;
    seedDemoGallery(database.db, storage, app.log)
      .then(() => app.deps.galleryCache.clear())
      .catch((err: unknown) => app.log.error({ err }, 'demo gallery seed failed'))
      .finally(() => (app.deps.seeding.active = false));
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
