import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, configWarnings, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { ensureAdmin, seedDemo, seedDemoGallery } from './db/seed/index';
import { ensurePolicies } from './db/seed/policies';
import { DbShortStore, RedisShortStore, type ShortStore } from './lib/short-store';
import { buildApp } from './app';
import { reconcileTimer } from './modules/payments/index';
import { noticeQueue } from './modules/messages/index';
import { offerExpiryTimer } from './modules/tickets/index';
import { outboxQueues, pruneEvents } from './lib/outbox';
import { startJobs } from './lib/jobs';
import { webhookQueue } from './modules/integrations/index';
import { retentionTimer } from './modules/rights/index';
import { certificateZipQueue } from './modules/awards/index';
import { exportQueue } from './lib/crud/export-job';
import { mpMessagesFor } from './modules/wechat/index';
import { createStorage } from './lib/storage';
import { loadPiiKey } from './lib/pii';
import { dbLogFields, isConnectionError, safeErrorLog } from './lib/db-errors';
import { trackConnections } from './lib/connections';
import { publicBase } from './lib/public-base';
import { watchLocalUploads } from './lib/local-uploads-check';

interface Log {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
  fatal(o: object, msg: string): void;
}
const line = (level: string) => (o: object, msg: string) => console.error(JSON.stringify({ level, msg, ...o }));
/** console until the app's logger exists */
let log: Log = { info: line('info'), warn: line('warn'), error: line('error'), fatal: line('fatal') };

/**
 * Last line of defence: a database connection that dies outside any request (a stray pg 'error', a
 * rejected promise nobody awaited) is logged and the server keeps running — the pool reconnects and
 * /api/health reports the outage. Anything else is a bug: logged (without SQL parameters), exit 1.
 */
function guardProcess() {
  const stray = (kind: string) => (err: unknown) => {
    if (isConnectionError(err)) {
      log.warn({ db: dbLogFields(err), kind }, 'database connection lost outside a request; still running');
      return;
    }
    log.fatal({ kind, ...safeErrorLog(err) }, 'unexpected error; exiting');
    process.exit(1);
  };
  process.on('uncaughtException', stray('uncaughtException'));
  process.on('unhandledRejection', stray('unhandledRejection'));
}

async function main() {
  guardProcess();
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
  // settings a site may run with but its operator should know about: one line each, naming the variable
  for (const warning of configWarnings(config)) log.warn({ setting: warning.split(/[:=\s]/)[0] }, warning);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
    onConnectionError: (code) => log.warn({ db: { sqlState: code } }, 'database connection lost; the pool reconnects'),
  });
  // the embedded database is this process's: `npm run backup` reads this to refuse copying it while it runs
  const pidFile = config.DATABASE_URL ? null : path.join(config.dataDir, 'server.pid');
  if (pidFile) fs.writeFileSync(pidFile, String(process.pid));
  const store: ShortStore = config.REDIS_URL
    ? await RedisShortStore.connect(config.REDIS_URL, (level, msg, fields) => log[level](fields, msg))
    : new DbShortStore(database.db);
  await ensureAdmin(database.db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }, (line) => console.log(line));
  const storage = await createStorage(config);
  // the privacy policy and the children's rules exist from the first start (issue 37); staff publish later versions
  await ensurePolicies(database.db);
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
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.oldPassword', '*.card', '*.token', '*.tempToken'],
      // request lines carry the path only: query strings hold search terms (names, phone numbers)
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
      },
    },
  });
  log = app.log;
  const connections = trackConnections(app.server);

  // Graceful shutdown (SIGTERM from a container runtime, Ctrl-C): stop accepting, serve every request that
  // still arrives (answered with Connection: close), close the connections that serve none (pre-connected or
  // half-sent after 1 s, idle keep-alive ones once idle 2.5 s: lib/connections.ts), let the requests in
  // flight finish, close the store and the database pool, exit 0. A request still running after 10 s → exit 1.
  let closing = false;
  let stopJobs = () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, connections: connections.open() }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ connections: connections.open() }, 'requests still running after 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    let code = 0;
    try {
      stopJobs();
      const closed = app.close();
      connections.drain();
      await closed;
      await store.close();
      await database.close();
      if (pidFile) fs.rmSync(pidFile, { force: true });
    } catch (err) {
      log.error(safeErrorLog(err), 'error while shutting down');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // the one job loop (lib/jobs.ts): every queue's due jobs, each run once by whichever instance claims it —
  // domain events' deliveries (one queue per outbox subscriber), webhooks (signed, retried for 24 h), SMS and
  // WeChat notices, the sandbox gateway's notifications — and the timers: reconciliation and expiry of unpaid
  // orders, waiting-list offers not taken in time, retention (ended activities past their period anonymised,
  // issue 37); staff's exports and certificate zips (long: one at a time beside the rest); events older than a
  // month pruned hourly
  const queues = [
    ...outboxQueues(app.deps.events),
    webhookQueue(config.WEBHOOK_TIMEOUT_MS),
    noticeQueue({ wechat: mpMessagesFor(app) }),
    app.deps.payments.sandbox.queue,
    reconcileTimer,
    offerExpiryTimer,
    retentionTimer,
    exportQueue,
    certificateZipQueue,
  ];
  const stopQueueJobs = startJobs(database.db, app.deps, queues, app.log, 1000, () => pruneEvents(database.db));
  // uploads on local disk and a shared database: warn when another instance keeps its uploads elsewhere
  const uploadsCheck =
    config.DATABASE_URL && config.STORAGE === 'local'
      ? watchLocalUploads(database.db, path.join(config.dataDir, 'uploads'), (f, m) => app.log.warn(f, m))
      : null;
  stopJobs = () => {
    stopQueueJobs();
    uploadsCheck?.stop();
  };
  console.log(`Ready on http://${config.HOST}:${config.PORT} (database: ${database.kind}, ${config.NODE_ENV} mode, links to ${publicBase(config)})`);
  if (config.sandboxForced)
    log.warn({ PAYMENT_SANDBOX: 'force' }, 'the sandbox gateway is offered in production: its payments move no money and are marked as sandbox ones');
  if (config.SEED_DEMO) {
    app.deps.seeding.active = true;
    seedDemoGallery(database.db, storage, app.log)
      .then(() => app.deps.galleryCache.clear())
      .catch((err: unknown) => {
        if (!closing) app.log.error(safeErrorLog(err), 'demo gallery seed failed');
      })
      .finally(() => (app.deps.seeding.active = false));
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
