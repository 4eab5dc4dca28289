import { describe, expect, it } from 'vitest';
import { DbShortStore, RedisShortStore, type ShortStore } from './short-store';
import { useTestApp } from '../test/context';

const t = useTestApp();
const redisUrl = process.env.TEST_REDIS_URL;

const kinds: [string, () => Promise<ShortStore>][] = [['database', async () => new DbShortStore(t().database.db)]];
if (redisUrl && process.env.DB_KIND === 'postgres') kinds.push(['redis', () => RedisShortStore.connect(redisUrl)]);

describe.each(kinds)('short-lived store on %s', (_kind, make) => {
  const key = (k: string) => `test:${process.pid}:${Math.random().toString(36).slice(2)}:${k}`;

  it('sets, gets and deletes', async () => {
    const s = await make();
    const k = key('a');
    await s.set(k, 'v', 60);
    expect(await s.get(k)).toBe('v');
    await s.del(k);
    expect(await s.get(k)).toBeNull();
    await s.close();
  });

  it('take() gives the value to exactly one of many concurrent callers', async () => {
    const s = await make();
    const k = key('once');
    await s.set(k, 'secret', 60);
    const results = await Promise.all(Array.from({ length: 20 }, () => s.take(k)));
    expect(results.filter((r) => r === 'secret')).toHaveLength(1);
    await s.close();
  });

  it('setIfAbsent() lets one caller in per window', async () => {
    const s = await make();
    const k = key('nx');
    const results = await Promise.all(Array.from({ length: 10 }, () => s.setIfAbsent(k, '1', 60)));
    expect(results.filter(Boolean)).toHaveLength(1);
    await s.close();
  });

  it('incr() counts concurrently without losing updates, and expired values are gone', async () => {
    const s = await make();
    const k = key('n');
    await Promise.all(Array.from({ length: 25 }, () => s.incr(k, 60)));
    expect(await s.incr(k, 60)).toBe(26);
    const e = key('exp');
    await s.set(e, 'x', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await s.get(e)).toBeNull();
    expect(await s.take(e)).toBeNull();
    await s.close();
  });

  it('incrWindow() says when the window ends, and -1 gives a count back without moving the end', async () => {
    const s = await make();
    const k = key('w');
    const before = Date.now();
    const first = await s.incrWindow(k, 3600);
    expect(first.count).toBe(1);
    expect(first.endsAt.getTime()).toBeGreaterThanOrEqual(before + 3599_000);
    expect(first.endsAt.getTime()).toBeLessThanOrEqual(Date.now() + 3601_000);
    expect((await s.incrWindow(k, 3600)).count).toBe(2);
    const back = await s.incrWindow(k, 3600, -1);
    expect(back.count).toBe(1);
    expect(Math.abs(back.endsAt.getTime() - first.endsAt.getTime())).toBeLessThan(1500);
    await s.close();
  });
});
