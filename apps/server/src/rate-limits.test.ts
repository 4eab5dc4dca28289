import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, translate, type RateLimitName } from '@rp/shared';
import { contextReady, useTestApp } from './test/context';
import { buildUser, loginAs } from './test/factories';
import type { RouteInfo } from './plugins/route-rules';

const t = useTestApp();
// the file's one test would otherwise spend its first hook's minute waiting for the app on a busy machine
beforeAll(() => contextReady(t), 600_000);

/**
 * Issue 36: every request ceiling comes from RATE_LIMITS (packages/shared/src/limits.ts), named by the routes'
 * config.limits. The test walks the route table: for each ceiling, its first route takes N requests (none
 * refused), the N+1st is 429 RATE_LIMITED with Retry-After and today's text in zh and en, and every other route
 * naming the ceiling is refused too (one count). Requests carry no body: the ceilings count before validation.
 */
describe('request ceilings from one table (issue 36)', () => {
  it('each ceiling lets N requests through, refuses the N+1st with Retry-After in zh and en, on every route that names it', { timeout: 600_000 }, async () => {
    const { app, config } = t();
    const db = t().database.db;
    const routes = app.routeTable.filter((r) => r.limits.length > 0);
    const byLimit = new Map<RateLimitName, RouteInfo[]>();
    for (const r of routes) for (const n of r.limits) byLimit.set(n, [...(byLimit.get(n) ?? []), r]);
    // every ceiling of the table is used by a route, and every route's ceiling is in the table
    expect([...byLimit.keys()].sort()).toEqual(Object.keys(RATE_LIMITS).sort());

    // staff with every permission (the gate's scans need one); a fresh account whenever an account ceiling would be met
    // first. They log in from inject's default address, the walks come from others.
    const accounts: { authorization: string }[] = [];
    const account = async (i: number) => {
      while (accounts.length <= i) {
        const u = await buildUser(db, { roles: ['admin'] });
        accounts.push(await loginAs(app, u.username, u.password));
      }
      return accounts[i]!;
    };
    const url = (r: RouteInfo) => r.url.replace(/:\w+/g, '1');
    const contract = (lang: 'zh' | 'en') =>
      expect.objectContaining({ status: 429, code: 'RATE_LIMITED', resultCode: 0, resultStr: translate(lang, 'error.rateLimited') });

    const walked: string[] = [];
    for (const [name, [first, ...others]] of byLimit) {
      await db.execute(sql`delete from kv where key like 'rl:%'`);
      const limit = RATE_LIMITS[name];
      const n = limit.per === 'address' ? limit.max * config.AUTH_IP_LIMIT_FACTOR : limit.max;
      // what must not be met first: another account ceiling of the route (address walks change account) or its
      // address ceiling (account walks come from a new address each time)
      const otherAccountMax = Math.min(...first!.limits.filter((o) => o !== name && RATE_LIMITS[o].per === 'account').map((o) => RATE_LIMITS[o].max as number));
      const send = async (r: RouteInfo, i: number, lang: 'zh' | 'en' = 'zh') => {
        const headers = { ...(await account(limit.per === 'address' ? Math.floor(i / Math.min(otherAccountMax, n + 2)) : 0)), 'accept-language': lang };
        const remoteAddress = limit.per === 'address' ? '203.0.113.7' : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        return app.inject({ method: r.method as 'GET', url: url(r), headers, remoteAddress });
      };
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push((await send(first!, i)).statusCode);
      expect({ name, route: `${first!.method} ${first!.url}`, refused: statuses.filter((s) => s === 429).length }).toEqual({
        name,
        route: `${first!.method} ${first!.url}`,
        refused: 0,
      });
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
      walked.push(name);
    }
    expect(walked.length).toBe(Object.keys(RATE_LIMITS).length);
  });
});
