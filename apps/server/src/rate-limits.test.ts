import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, translate, type RateLimitName } from '@rp/shared';
import { contextReady, useTestApp } from './test/context';
import { buildUser, loginAs } from './test/factories';
import type { RouteInfo } from './plugins/route-rules';

// one world for the file: the staff account below is built once; each test clears the counters it uses
const t = useTestApp({}, { shareWorld: true });

/**
 * Issue 36: every request ceiling comes from RATE_LIMITS (packages/shared/src/limits.ts), named by the routes'
 * config.limits. The test walks the route table: for each ceiling, its first route is asked once (counted: the
 * store holds one count under the ceiling's name), the count is then moved to N-2 in the store as N-3 more
 * requests would have moved it, two more requests pass (the N-1st and the Nth: N from the table, times
 * AUTH_IP_LIMIT_FACTOR per address), the N+1st is 429 RATE_LIMITED with Retry-After and today's text in zh and
 * en, and every other route naming the ceiling is refused too (one count). Requests carry no body: the ceilings
 * count before validation. (Sending all N requests, 3,400 of them, cost minutes of CPU and proved nothing more:
 * the ceiling is the limiter's comparison of that count with N.)
 */
const { app: routesOf } = await contextReady(t);
const byLimit = new Map<RateLimitName, RouteInfo[]>();
for (const r of routesOf.routeTable.filter((x) => x.limits.length > 0)) for (const n of r.limits) byLimit.set(n, [...(byLimit.get(n) ?? []), r]);
const names = [...byLimit.keys()].sort();

// staff with every permission (the gate's scans need one); it logs in from inject's default address, the walks come from others
let staff: { authorization: string };
beforeAll(async () => {
  const { app, database } = await contextReady(t);
  const u = await buildUser(database.db, { roles: ['admin'] });
  staff = await loginAs(app, u.username, u.password);
});

describe('request ceilings from one table (issue 36)', () => {
  it('every ceiling of the table is used by a route, and every route’s ceiling is in the table', () => {
    expect(names).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it.each(names)('%s lets N requests through, refuses the N+1st with Retry-After in zh and en, on every route that names it', async (name) => {
    const { app, config } = t();
    const db = t().database.db;
    const [first, ...others] = byLimit.get(name)!;
    await db.execute(sql`delete from kv where key like 'rl:%'`);
    const limit = RATE_LIMITS[name];
    const n = limit.per === 'address' ? limit.max * config.AUTH_IP_LIMIT_FACTOR : limit.max;
    expect(n).toBeGreaterThanOrEqual(3);
    const url = (r: RouteInfo) => r.url.replace(/:\w+/g, '1');
    const contract = (lang: 'zh' | 'en') =>
      expect.objectContaining({ status: 429, code: 'RATE_LIMITED', resultCode: 0, resultStr: translate(lang, 'error.rateLimited') });
    // account walks come from a new address each time (the route's address ceiling is not met first); address
    // walks keep one account (the few real requests stay far below any account ceiling of the route)
    const send = async (r: RouteInfo, i: number, lang: 'zh' | 'en' = 'zh') => {
      const remoteAddress = limit.per === 'address' ? '203.0.113.7' : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      return app.inject({ method: r.method as 'GET', url: url(r), headers: { ...staff, 'accept-language': lang }, remoteAddress });
    };
    const route = `${first!.method} ${first!.url}`;
    const counts = async () =>
      ((await db.execute(sql`select key, value from kv where key like ${`rl:${name}:%`}`)) as unknown as { rows: { key: string; value: string }[] }).rows;

    // the first request is counted once, under this ceiling
    expect({ name, route, status: (await send(first!, 0)).statusCode }).not.toMatchObject({ status: 429 });
    const [counter, ...more] = await counts();
    expect({ name, route, counters: more.length, count: counter?.value }).toEqual({ name, route, counters: 0, count: '1' });
    // requests 2 … N-2, counted as the limiter counts them
    await db.execute(sql`update kv set value = (value::int + ${n - 3})::text where key = ${counter!.key}`);
    const statuses = [(await send(first!, n - 2)).statusCode, (await send(first!, n - 1)).statusCode];
    expect({ name, route, refused: statuses.filter((s) => s === 429).length }).toEqual({ name, route, refused: 0 });
    expect((await counts()).map((c) => c.value)).toEqual([String(n)]);

    const lang: ('zh' | 'en')[] = ['zh', 'en'];
    for (const [k, r] of [first!, first!, ...others].entries()) {
      const res = await send(r, n + k, lang[k % 2]);
      const retryAfter = Number(res.headers['retry-after']);
      expect({ name, route: `${r.method} ${r.url}`, status: res.statusCode, body: res.json() }).toEqual({
        name,
        route: `${r.method} ${r.url}`,
        status: 429,
        body: contract(lang[k % 2]!),
      });
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= limit.windowS, `${name} Retry-After ${res.headers['retry-after']}`).toBe(true);
    }
  });
});
