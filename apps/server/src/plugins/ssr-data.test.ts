import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextReady, useTestApp } from '../test/context';
import { appWithFakeWeb } from '../test/fake-web';
import { buildNews, buildUser, loginAs } from '../test/factories';

/**
 * Issue 39: the renders share the answers of the API their loaders ask for (SSR_DATA_TTL_MS), with the page
 * cache off too: the same question asked by many pages at once reaches the API once, an admin write is seen by
 * the next render, and nothing is shared after the TTL. A web build of this test's own: its server entry asks
 * for the news list (and, on /verify, the certificate check) through the fetch the server gives it and writes
 * the answer into the page.
 */
const t = useTestApp({}, { shareWorld: true });
let close: (() => Promise<void>) | undefined;
let app: FastifyInstance;
const asked: string[] = [];

const ENTRY = `
let api;
export async function configure(setup) { api = setup.fetch; }
export function isServerRendered(pathname) { return pathname.startsWith('/p') || pathname === '/verify'; }
export function isKnownPage() { return true; }
export function renderKey(url) { return url; }
export async function render(url) {
  const u = new URL(url, 'http://x');
  const call = u.pathname === '/verify' ? '/api/lAward/verifyCertCode?certCode=ZZZZZZZZZZZZZZZZ' : '/api/lNews/web/list?page=0&size=3';
  const r = await api(call, { headers: { 'accept-language': u.searchParams.get('lang') ?? 'zh-CN' } });
  return { kind: 'html', status: 200, html: '<pre id="api">' + r.status + ' ' + (await r.text()).replace(/</g, '&lt;') + '</pre>' };
}
`;

// long enough for two renders in a row on a busy machine
const TTL = 2000;
beforeAll(async () => {
  const ctx = await contextReady(t);
  await buildNews(ctx.database.db, { titleZh: '第一条', titleEn: 'First' });
  // every request renders (SSR_CACHE_TTL_MS 0): what is shared is the loaders' answers only
  ({ app, close } = await appWithFakeWeb(ctx, ENTRY, { SSR_CACHE_TTL_MS: '0', SSR_DATA_TTL_MS: String(TTL) }, (a) =>
    a.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/api/lNews/web/list') || req.url.startsWith('/api/lAward/verifyCertCode'))
        asked.push(`${req.headers['accept-language']} ${req.url}`);
    }),
  ));
});
afterAll(() => close?.());

const page = async (url: string) => {
  const r = await app.inject({ url });
  expect(r.statusCode, url).toBe(200);
  return /<pre id="api">([\s\S]*)<\/pre>/.exec(r.body)![1]!.replace(/&lt;/g, '<');
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the renders share their loaders' API answers (issue 39)", () => {
  it('many pages at once ask the API once per question and language, and all draw the same answer', async () => {
    asked.length = 0;
    const zh = await Promise.all(Array.from({ length: 8 }, (_, i) => page(`/p${i}`)));
    const en = await Promise.all(Array.from({ length: 4 }, (_, i) => page(`/p${i}?lang=en`)));
    expect(asked).toEqual(['zh-CN /api/lNews/web/list?page=0&size=3', 'en /api/lNews/web/list?page=0&size=3']);
    expect(new Set(zh).size).toBe(1);
    expect(zh[0]).toMatch(/^200 .*第一条/);
    expect(new Set(en).size).toBe(1);
    expect(en[0]).toMatch(/^200 .*First/);
  });

  it('an admin write is in the next render; after the TTL the API is asked again', async () => {
    expect(await page('/p1?lang=en')).not.toContain('Second');
    const editor = await buildUser(t().database.db, { roles: ['editor'] });
    const headers = await loginAs(app, editor.phone, editor.password);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers,
      payload: {
        titleZh: '第二条',
        titleEn: 'Second',
        contentZh: '<p>二</p>',
        contentEn: '<p>2</p>',
        status: 1,
        publishedAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(200);
    asked.length = 0;
    expect(await page('/p2?lang=en')).toContain('Second');
    expect(await page('/p3?lang=en')).toContain('Second');
    expect(asked).toHaveLength(1);
    await sleep(TTL + 100);
    await page('/p4?lang=en');
    expect(asked).toHaveLength(2);
  });

  it("the certificate check is never shared: each render's counts against its visitor (issue 33)", async () => {
    asked.length = 0;
    expect(await page('/verify')).toMatch(/^(200|400|404) /);
    await page('/verify');
    expect(asked).toHaveLength(2);
  });
});
