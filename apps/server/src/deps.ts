import type { Config } from './config';
import type { Database } from './db/client';
import type { ShortStore } from './lib/short-store';
import type { Storage } from './lib/storage';
import type { TtlCache, CachedBody } from './lib/ttl-cache';
import type { Pii } from './lib/pii';
import type { Metrics } from './lib/metrics';
import type { SmsAdapter } from './lib/sms';
import type { EventBus } from './lib/events';
import type { ResourceExports } from './lib/crud/export-job';

export type { Db, DbOrTx, Tx, Database } from './db/client';

/**
 * What the composition root (app.ts) hands every module: the one kernel type modules and the root both
 * import (issue 25). The kernel imports no module, not even a type: a module that owns a runtime adds its
 * field by augmentation, e.g. payments/runtime.ts:
 *
 *   declare module '../../deps' { interface AppDeps { payments: PaymentsRuntime } }
 *
 * Services take only what they use (a `Db`/`Tx`, or `Pick<AppDeps, …>`) where they can.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  store: ShortStore;
  sms: SmsAdapter;
  storage: Storage;
  /** serialized public gallery pages (plain and gzip), a few seconds */
  galleryCache: TtlCache<CachedBody>;
  /** background demo seeding after first boot (reported by /api/health) */
  seeding: { active: boolean };
  pii: Pii;
  /** counters and latencies for GET /metrics */
  metrics: Metrics;
  /** this app's event subscribers, made from the ones buildApp is handed (lib/events.ts publish reads them) */
  events: EventBus;
  /** this app's resource exports by name (lib/crud/resource.ts adds each it serves; the export jobs read them) */
  resourceExports: ResourceExports;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
