import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from './errors';

/**
 * Short-lived shared state (captcha answers, SMS codes, rate-limit counters). It lives in the database
 * by default and in Redis when REDIS_URL is set, never only in one process, so several instances agree.
 */
export interface ShortStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: at most one caller gets the value. */
  take(key: string): Promise<string | null>;
  /** Sets only when absent (or expired); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Increments a counter whose window starts at its first increment; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /**
   * incr by `by` (-1 gives back a count of something that did not happen), and when the window ends (for an
   * answer that says when to try again).
   */
  incrWindow(key: string, ttlSeconds: number, by?: number): Promise<{ count: number; endsAt: Date }>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
  /** Whether the store answers (for /api/health): Redis is pinged; the database store is the database. */
  ping?(): Promise<boolean>;
}

type Row = Record<string, unknown>;
function rows(result: unknown): Row[] {
  // node-postgres returns { rows }, PGlite returns { rows } too; be tolerant of arrays.
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

export class DbShortStore implements ShortStore {
  private timer: NodeJS.Timeout;
  constructor(private readonly db: Db) {
    this.timer = setInterval(() => void this.sweep(), 10 * 60_000);
    this.timer.unref();
  }

  async set(key: string, value: string, ttl: number) {
    await this.db.execute(sql`insert into kv (key, value, expires_at)
      values (${key}, ${value}, now() + make_interval(secs => ${ttl}))
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
  }

  async get(key: string) {
    const r = rows(await this.db.execute(sql`select value from kv where key = ${key} and expires_at > now()`));
    return (r[0]?.value as string | undefined) ?? null;
  }

  async take(key: string) {
    const r = rows(await this.db.execute(sql`delete from kv where key = ${key} returning value, expires_at > now() as live`));
    return r[0] && r[0].live ? (r[0].value as string) : null;
  }

  async setIfAbsent(key: string, value: string, ttl: number) {
    const r = rows(
      await this.db.execute(sql`insert into kv (key, value, expires_at)
        values (${key}, ${value}, now() + make_interval(secs => ${ttl}))
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
        where kv.expires_at <= now()
        returning key`),
    );
    return r.length === 1;
  }

  async incr(key: string, ttl: number) {
    return (await this.incrWindow(key, ttl)).count;
  }

  async incrWindow(key: string, ttl: number, by = 1) {
    const first = String(Math.max(by, 0));
    const r = rows(
      await this.db.execute(sql`insert into kv (key, value, expires_at)
        values (${key}, ${first}, now() + make_interval(secs => ${ttl}))
        on conflict (key) do update set
          value = case when kv.expires_at <= now() then ${first} else greatest((kv.value)::int + ${by}, 0)::text end,
          expires_at = case when kv.expires_at <= now() then excluded.expires_at else kv.expires_at end
        returning value, expires_at`),
    );
    return { count: Number(r[0]?.value ?? 1), endsAt: new Date(r[0]?.expires_at as string | Date) };
  }

  async del(key: string) {
    await this.db.execute(sql`delete from kv where key = ${key}`);
  }

  async sweep() {
    try {
      await this.db.execute(sql`delete from kv where expires_at <= now()`);
    } catch {
      /* the next sweep tries again */
    }
  }

  async close() {
    clearInterval(this.timer);
  }
}

/** How long one Redis command may take before the request gets 503 CACHE_UNAVAILABLE instead of waiting. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Redis as the short store. Every command has a time limit (a paused or unreachable Redis answers 503
 * CACHE_UNAVAILABLE within about a second, never a hang); commands are not queued while disconnected (they
 * fail at once); the client reconnects by itself with backoff — also when Redis is down as the instance
 * starts — and its errors become one log line naming REDIS_URL, without a stack (at most one per state
 * change), never an unhandled 'error' event.
 */
export class RedisShortStore implements ShortStore {
  private up = true;
  private constructor(
    private readonly redis: import('ioredis').Redis,
    private readonly log: (level: 'warn' | 'info', msg: string, fields: object) => void,
    /** host:port, for the log (never the URL: it may hold a password) */
    private readonly address = '',
  ) {
    redis.on('error', (err: Error & { code?: string }) => this.down(err.code ?? err.name));
    redis.on('ready', () => {
      if (!this.up) this.log('info', 'redis is back', { address: this.address });
      this.up = true;
    });
  }

  static async connect(url: string, log: RedisShortStore['log'] = defaultLog, opts: { commandTimeout?: number } = {}): Promise<RedisShortStore> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, {
      lazyConnect: true,
      keyPrefix: 'rp:',
      commandTimeout: opts.commandTimeout ?? REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(100 * 2 ** times, 2000),
    });
    const store = new RedisShortStore(redis, log, `${redis.options.host}:${redis.options.port}`);
    // Redis down at start is an outage like any other (issue 33): the instance starts, the client goes on
    // reconnecting with the backoff above, and the requests that need Redis answer 503 until it is there.
    await redis.connect().catch(() => {});
    return store;
  }

  /** Whether the last command or connection attempt worked (for /api/health). */
  get healthy(): boolean {
    return this.up && this.redis.status === 'ready';
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  private down(reason: string) {
    if (this.up)
      this.log('warn', `REDIS_URL: redis at ${this.address} unavailable (${reason}); requests that need it answer 503 CACHE_UNAVAILABLE until it is back`, {
        reason,
        address: this.address,
      });
    this.up = false;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (e) {
      this.down((e as { code?: string; name?: string }).code ?? (e as Error).name ?? 'error');
      throw new AppError('CACHE_UNAVAILABLE');
    }
  }

  async set(key: string, value: string, ttl: number) {
    await this.run(() => this.redis.set(key, value, 'EX', ttl));
  }
  async get(key: string) {
    return this.run(() => this.redis.get(key));
  }
  async take(key: string) {
    return this.run(() => this.redis.getdel(key));
  }
  async setIfAbsent(key: string, value: string, ttl: number) {
    return (await this.run(() => this.redis.set(key, value, 'EX', ttl, 'NX'))) === 'OK';
  }
  async incr(key: string, ttl: number) {
    const result = await this.run(() => this.redis.multi().incr(key).expire(key, ttl, 'NX').exec());
    if (!result) throw new AppError('CACHE_UNAVAILABLE');
    const [[err, count]] = result as [[Error | null, number], unknown];
    if (err) throw new AppError('CACHE_UNAVAILABLE');
    return count;
  }
  async incrWindow(key: string, ttl: number, by = 1) {
    // a count given back just after its window ended may leave -1 for a while: one more ask, never one fewer
    const result = await this.run(() => this.redis.multi().incrby(key, by).expire(key, ttl, 'NX').pttl(key).exec());
    const [[err, count], , [ttlErr, ms]] = (result ?? [[null], [null], [null]]) as [[Error | null, number], unknown, [Error | null, number]];
    if (!result || err || ttlErr) throw new AppError('CACHE_UNAVAILABLE');
    return { count, endsAt: new Date(Date.now() + Math.max(0, ms)) };
  }
  async del(key: string) {
    await this.run(() => this.redis.del(key));
  }
  async close() {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

const defaultLog: RedisShortStore['log'] = (level, msg, fields) => console.error(JSON.stringify({ level, msg, ...fields }));
