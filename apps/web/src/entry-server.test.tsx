// @vitest-environment node
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoaderFunction, RouteObject } from 'react-router';
import { createStaticHandler, createStaticRouter } from 'react-router';
import { configure, forgetTexts, isKnownPage, isServerRendered, PAGE_PARAMS, render, renderKey, staticRouter } from './entry-server';
import { createRoutes } from './app/router';
import i18n from './lib/i18n';
import { onlyParams } from './app/content-routes';
import { expectConcurrentRendersAgree, SSR_BASE, SSR_PUBLIC_CONFIG, ssrTestSetup } from './test/ssr-setup';

/**
 * Issue 34, item 13: the server renderer with the real route table, loaders and components; its API calls
 * answered here the way the server answers them.
 */
const BASE = SSR_BASE;

beforeAll(async () => {
  await configure(ssrTestSetup());
});

const html = async (url: string) => {
  const r = await render(url);
  if (r.kind !== 'html') throw new Error(`${url}: ${r.kind} ${r.status}`);
  return r.html;
};
const canonical = (page: string) => /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1];
const alternate = (page: string, lang: string) => new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)"`).exec(page)?.[1];

describe('server-rendered heads (issue 34)', () => {
  it('an alias names its main address as canonical, in both languages; the main one names itself', async () => {
    expect(canonical(await html('/pasted'))).toBe(`${BASE}/pasted`);
    expect(canonical(await html('/pictures?year=2024'))).toBe(`${BASE}/pasted?year=2024`);
    expect(canonical(await html('/en/pictures'))).toBe(`${BASE}/en/pasted`);
    expect(canonical(await html('/rules'))).toBe(`${BASE}/rules`);
    const file = await html('/en/file');
    expect(canonical(file)).toBe(`${BASE}/en/rules`);
    expect(alternate(file, 'zh-CN')).toBe(`${BASE}/rules`);
    expect(/<meta property="og:url" content="([^"]*)"/.exec(file)?.[1]).toBe(`${BASE}/en/rules`);
  });

  it("a program's page is titled with its activity (one program runs in several activities)", async () => {
    expect(/<title>([^<]*)<\/title>/.exec(await html('/en/programInfo?id=7'))?.[1]).toMatch(/^Creative Robot \[en\] · IYRC 2025 Shanghai - /);
  });

  it('a certificate number of the wrong length is "not found", not a generic validation message', async () => {
    const page = await html('/en/verify/NOSUCHCODE1');
    expect(page).toContain('No valid certificate has this number (NOSUCHCODE1)');
    expect(page).not.toContain('Some of the data is not valid');
  });

  it('knows which addresses are pages: an unknown one is not', () => {
    for (const p of ['/', '/home', '/userCenter', '/login', '/admin', '/admin/withdrawals', '/en/login', '/pictures', '/verify/ABC'])
      expect(isKnownPage(p), p).toBe(true);
    // an admin address without a screen is drawn as "Page not found · Administration": a 404 like any other
    for (const p of ['/nosuch', '/404', '/userCenter/extra', '/admin/anything']) expect(isKnownPage(p), p).toBe(false);
  });
});

/** Every server-rendered route of the table under its full path (lazy: its loader comes with the chunk). */
async function walk(routes: RouteObject[], parent = ''): Promise<{ path: string; loader?: LoaderFunction }[]> {
  const out: { path: string; loader?: LoaderFunction }[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path !== undefined && isServerRendered(path) && !path.endsWith('*') && path.split('/').at(-1) !== 'en') {
      const lazy = typeof route.lazy === 'function' ? await route.lazy() : {};
      const loader = (lazy as RouteObject).loader ?? route.loader;
      out.push({ path, loader: typeof loader === 'function' ? loader : undefined });
    }
    if (route.children) out.push(...(await walk(route.children, path)));
  }
  return out;
}

/** The query parameter names asked for (get, getAll, has) while `run` runs, whether present or not. */
async function namesRead(run: () => Promise<unknown>): Promise<Set<string>> {
  const names = new Set<string>();
  const spies = (['get', 'getAll', 'has'] as const).map((method) => {
    const original = URLSearchParams.prototype[method] as (this: URLSearchParams, name: string) => unknown;
    return vi.spyOn(URLSearchParams.prototype, method).mockImplementation(function (this: URLSearchParams, name: string) {
      names.add(name);
      return original.call(this, name);
    } as never);
  });
  try {
    await run().catch(() => undefined);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return names;
}

describe('the page cache key comes from what each page reads (issue 39)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("every server-rendered route's loader reads only its declared parameters, and each gets its own cache entry per value", async () => {
    const pages = await walk(createRoutes());
    // both languages' trees: home, verify and every content page
    expect(pages).toHaveLength(2 * Object.keys(PAGE_PARAMS).filter((page) => isServerRendered(`/${page}`)).length);
    let readSome = 0;
    for (const { path, loader } of pages) {
      const address = path.replace(/\/:\w+\?$/, '');
      const page = address
        .replace(/^\/en(?=\/)/, '')
        .split('/')[1]!
        .toLowerCase();
      const declared = PAGE_PARAMS[page];
      expect(declared, `${path} has an entry in the route table`).toBeDefined();
      if (!loader) continue;
      const read = await namesRead(async () =>
        loader({ request: new Request(`https://iyrc.example.cn${address}?id=1`), params: {}, context: {} } as never, undefined),
      );
      for (const name of read) {
        expect(declared, `${path}'s loader reads "${name}": declare it in the route table (route-meta.ts params)`).toContain(name);
        // a different value is a different page: its own cache entry
        expect(renderKey(`${address}?${name}=2`), `${path}?${name}`).not.toBe(renderKey(`${address}?${name}=3`));
        readSome++;
      }
      // anything else is not part of the address
      expect(renderKey(`${address}?utm_source=x&from=singlemessage`)).toBe(renderKey(address));
    }
    // the walk reached the loaders that pick content by a parameter (news, detail pages, years…)
    expect(readSome).toBeGreaterThanOrEqual(10);
  });

  it("what a page's components read is declared too (a rendered page reads no parameter outside its key)", async () => {
    for (const address of ['/rules', '/en/file', '/news', '/pasted', '/program', '/activity', '/privacy', '/en/programInfo']) {
      const page = address
        .replace(/^\/en(?=\/)/, '')
        .split('/')[1]!
        .toLowerCase();
      const read = await namesRead(() => render(address));
      for (const name of read) expect(PAGE_PARAMS[page], `${address} reads "${name}"`).toContain(name);
    }
  });

  it('a loader gets the parameters its route declares and no other', async () => {
    let seen = '';
    const loader = onlyParams(['id', 'page'], ({ request }) => {
      seen = new URL(request.url).search;
      return null;
    });
    await loader(
      { request: new Request('https://x.example/newsDetail?utm_source=a&id=4&from=singlemessage&page=2'), params: {}, context: {} } as never,
      undefined,
    );
    expect(seen).toBe('?id=4&page=2');
  });
});

describe('hydration data (issue 39)', () => {
  it("has an entry for every route of the page, the guard's root too: the browser's router starts on the server's page", async () => {
    for (const url of ['/news', '/en/about', '/programInfo?id=7']) {
      const data = JSON.parse(/<script type="application\/json" id="rr-data">([\s\S]*?)<\/script>/.exec(await html(url))![1]!) as {
        loaderData: Record<string, unknown>;
      };
      // the root has middleware and no loader: without its entry the browser ran the guard before hydrating
      expect(data.loaderData, url).toHaveProperty('root', null);
      const page = Object.entries(data.loaderData).filter(([, v]) => v !== null);
      expect(page.length, url).toBeGreaterThan(0);
    }
  });
});

describe("the footer's legal lines (issues 37, 39)", () => {
  it("are in the server's HTML of every page, in both languages, and the configuration they come from travels with it", async () => {
    for (const url of ['/home', '/news', '/en/about', '/programInfo?id=7']) {
      const page = await html(url);
      const footer = /<footer[\s\S]*<\/footer>/.exec(page)?.[0] ?? '';
      expect(footer, url).toContain('沪ICP备00000000号-1');
      expect(footer, url).toContain('沪公网安备31000000000000号');
      expect(footer, url).toContain('IYRC Org');
      // the browser's first render is seeded with it (main.tsx): the same footer, no hydration mismatch
      const sent = /<script type="application\/json" id="rp-config">([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(sent && JSON.parse(sent), url).toEqual(SSR_PUBLIC_CONFIG);
    }
  });
});

describe('the language switch before the page has hydrated (issue 39)', () => {
  it('is a link to the same page in the other language (it works without JavaScript)', async () => {
    const link = (page: string) => /<header[\s\S]*?<a href="([^"]*)" hrefLang="([^"]*)"[^>]*aria-label="([^"]*)"/.exec(page)?.slice(1);
    expect(link(await html('/news'))).toEqual(['/en/news', 'en', 'EN – 切换到English']);
    expect(link(await html('/en/programInfo?id=7'))).toEqual(['/programInfo?id=7', 'zh-CN', '中文 – Switch to 中文']);
  });
});

describe('texts (issue 39)', () => {
  it('a text asked by its key alone, or with plain values, is resolved by i18next once per language, not in every render', async () => {
    // every i18next instance's texts are resolved by a Translator (one class)
    const t = vi.spyOn(
      Object.getPrototypeOf((i18n as unknown as { translator: object }).translator) as { translate: (...a: unknown[]) => unknown },
      'translate',
    );
    try {
      forgetTexts();
      const first = await html('/en/about');
      const once = t.mock.calls.length;
      t.mockClear();
      expect(await html('/en/about')).toBe(first);
      expect(once).toBeGreaterThan(0);
      // texts with values that are strings or numbers ("© {{year}}", "Page {{n}}") and the head's own too
      expect(t.mock.calls.length).toBe(0);
    } finally {
      t.mockRestore();
    }
  });
});

describe('the static router of a render (issue 39)', () => {
  it("is what createStaticRouter makes of the render's context, with the route table converted once", async () => {
    const handler = createStaticHandler(createRoutes());
    for (const url of ['/home', '/en/newsDetail?id=1', '/rules', '/en/about', '/news?page=2']) {
      const context = await handler.query(new Request(new URL(url, BASE)));
      if (context instanceof Response) throw new Error(`${url}: ${context.status}`);
      const mine = staticRouter(handler, context);
      const theirs = createStaticRouter(handler.dataRoutes, context);
      expect(mine.state, url).toEqual(theirs.state);
      expect(mine.basename).toBe(theirs.basename);
      expect(mine.routes).toEqual(theirs.routes);
      expect(mine.manifest).toEqual(theirs.manifest);
      expect(mine.future).toEqual(theirs.future);
      // the route objects the matches name are the router's own (the components find them in its manifest)
      for (const m of mine.state.matches) expect(m.route).toBe(mine.manifest[m.route.id]);
    }
    expect(staticRouter(handler, (await handler.query(new Request(new URL('/home', BASE)))) as never).routes).toBe(
      staticRouter(handler, (await handler.query(new Request(new URL('/news', BASE)))) as never).routes,
    );
  });
});

describe('renders run concurrently (issue 39)', () => {
  it('16 renders at once (Chinese and English side by side) make the same pages as one at a time', async () => {
    await expectConcurrentRendersAgree(html);
  });
});
