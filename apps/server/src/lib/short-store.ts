import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

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
  del(key: string): Promise<void>;
  close(): Promise<void>;
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
    const r = rows(
      await this.db.execute(sql`insert into kv (key, value, expires_at)
        values (${key}, '1', now() + make_interval(secs => ${ttl}))
        on conflict (key) do update set
          value = case when kv.expires_at <= now() then '1' else ((kv.value)::int + 1)::text end,
          expires_at = case when kv.expires_at <= now() then excluded.expires_at else kv.expires_at end
        returning value`),
    );
    return Number(r[0]?.value ?? 1);
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

export class RedisShortStore implements ShortStore {
  private constructor(private readonly redis: import('ioredis').Redis) {}

  static async connect(url: string): Promise<RedisShortStore> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, keyPrefix: 'rp:' });
    await redis.connect();
    return new RedisShortStore(redis);
  }

  async set(key: string, value: string, ttl: number) {
    await this.redis.set(key, value, 'EX', ttl);
  }
  async get(key: string) {
    return this.redis.get(key);
  }
  async take(key: string) {
    return this.redis.getdel(key);
  }
  async setIfAbsent(key: string, value: string, ttl: number) {
    return (await this.redis.set(key, value, 'EX', ttl, 'NX')) === 'OK';
  }
  async incr(key: string, ttl: number) {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, ttl, 'NX').exec()) as [[null, number], unknown];
    return count;
  }
  async del(key: string) {
    await this.redis.del(key);
  }
  async close() {
    await this.redis.quit();
  }
}
