import { expect, test, type APIRequestContext, type Page } from './support/test';
import { createHash } from 'node:crypto';
import { adminHeaders, T, type Lang } from './support/content';
import { registerMember, signIn } from './support/foundation';

/**
 * Issue 23: information pages arrive rendered by the server, each language at its own address, with
 * the tags search engines and share cards read; the browser hydrates them without a mismatch.
 * Preconditions come through the API; the browser is used for hydration, JavaScript-off reading and XSS.
 */
const SPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
const en = (path: string) => (path === '/' ? '/en' : `/en${path}`);
const at = (path: string, lang: Lang) => (lang === 'zh' ? path : en(path));

/** Every server-rendered route with what its HTML must say: from the API in that language, or the page's heading key. */
interface RouteCase {
  path: string;
  /** The page's own title (from its data) or its route's title key. */
  title: (lang: Lang, api: Api) => Promise<string>;
  /** Real text of the page body. */
  text: (lang: Lang, api: Api) => Promise<string>;
  /** An alias's main address (issue 34): its canonical and its alternates name that one. */
  main?: string;
}

type Api = (path: string, lang: Lang) => Promise<Record<string, unknown>>;

const key = (k: string) => async (lang: Lang) => T(lang, k);
const first =
  (url: string, field: string) =>
  async (lang: Lang, api: Api): Promise<string> => {
    const body = await api(url, lang);
    const list = (body.content ?? (body.data as Record<string, unknown>)?.list) as Record<string, string>[];
    return list[0]![field]!;
  };
const detail =
  (url: string, field: string) =>
  async (lang: Lang, api: Api): Promise<string> =>
    ((await api(url, lang)).data as Record<string, string>)[field]!;

const ROUTES: RouteCase[] = [
  { path: '/home', title: key('routes:home'), text: first('/api/lNews/web/list?page=0&size=5', 'title') },
  { path: '/news', title: key('routes:news'), text: first('/api/lNews/web/list?page=0&size=10', 'title') },
  { path: '/newsDetail?id=1', title: detail('/api/lNews/web/detail?id=1', 'title'), text: detail('/api/lNews/web/detail?id=1', 'title') },
  { path: '/pasted', title: key('routes:pictures'), text: key('content:gallery.title') },
  { path: '/pictures', title: key('routes:pictures'), text: key('content:gallery.title'), main: '/pasted' },
  { path: '/picturesDetail?consoleId=1', title: albumName, text: albumName },
  { path: '/program', title: key('routes:program'), text: first('/api/lProgram/web/list?size=50', 'name') },
  {
    path: '/programInfo?id=1',
    // the program's name and its activity's (issue 34: one program runs in several activities)
    title: async (lang, api) =>
      `${await detail('/api/lProgram/web/detail?id=1', 'name')(lang, api)} · ${await detail('/api/lProgram/web/detail?id=1', 'activityName')(lang, api)}`,
    text: detail('/api/lProgram/web/detail?id=1', 'name'),
  },
  { path: '/activity', title: key('routes:activity'), text: first('/api/lActivity/web/listV2?page=0&size=12&show=1', 'name') },
  { path: '/registration', title: key('routes:registration'), text: first('/api/lActivity/web/listV2?id=568&award=true&show=1', 'name') },
  { path: '/rules', title: key('routes:rules'), text: key('content:rules.title') },
  { path: '/file', title: key('routes:file'), text: key('content:rules.title'), main: '/rules' },
  { path: '/partner', title: key('routes:partner'), text: first('/api/lPartner/web/list?size=100', 'name') },
  { path: '/about', title: key('routes:about'), text: key('routes:about') },
  { path: '/verify', title: key('routes:verify'), text: key('routes:verify') },
];

async function albumName(lang: Lang, api: Api): Promise<string> {
  const body = await api('/api/lGlobalMessage/photoListNoToken', lang);
  return ((body.data as Record<string, unknown>).photo as Record<string, string>).name!;
}

function apiFor(request: APIRequestContext): Api {
  return async (path, lang) => {
    const headers = { 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' };
    const res = path.endsWith('NoToken') ? await request.post(path, { headers, data: { consoleId: 1 } }) : await request.get(path, { headers });
    expect(res.ok(), path).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attr = (html: string, re: RegExp) => decode(re.exec(html)?.[1] ?? '');

test.describe('server-rendered information pages (issue 23)', () => {
  test('every information page in both languages arrives rendered for a spider without JavaScript, with its own tags', async ({ request, baseURL }) => {
    const api = apiFor(request);
    const base = baseURL!.replace(/\/$/, '');
    const seen: string[] = [];
    for (const route of ROUTES) {
      for (const lang of ['zh', 'en'] as const) {
        const url = at(route.path, lang);
        const res = await request.get(url, { headers: { 'user-agent': SPIDER } });
        expect(res.status(), url).toBe(200);
        const html = await res.text();
        const body = html.slice(html.indexOf('<div id="root">'));
        // (React hoists an image preload of the page's first picture ahead of the shell)
        expect(body, `${url}: rendered, not the empty shell`).toMatch(/^<div id="root">(<link [^>]*>)*<div/);
        expect(html).toContain(`<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"`);

        const pageTitle = await route.title(lang, api);
        const title = attr(html, /<title>([^<]*)<\/title>/);
        expect(title, url).toBe(`${pageTitle} - ${T(lang, 'common:siteName')}`);
        const text = await route.text(lang, api);
        expect(decode(body), `${url} shows "${text}"`).toContain(text);

        const description = attr(html, /<meta name="description" content="([^"]*)"/);
        expect(description.length, `${url} description`).toBeGreaterThan(10);
        const bare = route.main ?? route.path;
        expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(base + at(bare, lang));
        expect(attr(html, /<link rel="alternate" hreflang="zh-CN" href="([^"]*)"/)).toBe(base + bare);
        expect(attr(html, /<link rel="alternate" hreflang="en" href="([^"]*)"/)).toBe(base + en(bare));
        expect(attr(html, /<link rel="alternate" hreflang="x-default" href="([^"]*)"/)).toBe(base + bare);
        expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(pageTitle);
        expect(attr(html, /<meta property="og:description" content="([^"]*)"/)).toBe(description);
        expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(base + at(bare, lang));
        expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(/^https?:\/\/.+\.(png|jpe?g|webp)(\?.*)?$/);
        // every JSON-LD block parses, and there is a breadcrumb trail
        const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
        expect(ld.map((x) => x['@type'])).toContain('BreadcrumbList');
        if (route.path.startsWith('/newsDetail')) expect(ld.map((x) => x['@type'])).toContain('NewsArticle');
        if (route.path === '/activity' || route.path === '/registration') expect(ld.map((x) => x['@type'])).toContain('Event');
        seen.push(`${url} — ${title}`);
      }
    }
    console.log(`server-rendered routes × languages:\n  ${seen.join('\n  ')}`);
  });

  test('an activity with sign-up open is an Event with its lowest price in yuan', async ({ request }) => {
    const html = await (await request.get('/en/activity', { headers: { 'user-agent': SPIDER } })).text();
    const events = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .filter((x) => x['@type'] === 'Event');
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.name).toEqual(expect.any(String));
      expect(Date.parse(String(e.startDate))).not.toBeNaN();
      expect((e.location as Record<string, string>)['@type']).toBe('Place');
      expect((e.organizer as Record<string, string>).name).toBe(T('en', 'common:siteName'));
      const offer = e.offers as Record<string, string> | undefined;
      if (offer) {
        expect(offer.priceCurrency).toBe('CNY');
        expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  test('old links keep working: / leads home, a visitor who chose English is taken to the English address', async ({ page, request }) => {
    const root = await request.get('/', { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers().location).toBe('/home');
    expect((await request.get('/en', { maxRedirects: 0 })).headers().location).toBe('/en/home');

    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
    await page.goto('/news?page=1');
    await expect(page).toHaveURL(/\/en\/news\?page=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('en', 'content:news.title'));
    // the switch moves to the Chinese address of the same page (and remembers it)
    await page.getByRole('button', { name: T('en', 'common:lang.current', { name: T('en', 'common:lang.en') }) }).click();
    await page.getByRole('button', { name: T('en', 'common:lang.zh'), exact: true }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/news\?page=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('zh', 'content:news.title'));
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('zh');
  });

  test('an unknown article or album answers 404 (the page still shows the 404 screen in the layout)', async ({ request }) => {
    for (const url of ['/newsDetail?id=999999', '/en/newsDetail?id=999999', '/en/programInfo?id=999999']) {
      const res = await request.get(url, { headers: { 'user-agent': SPIDER } });
      expect(res.status(), url).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  test('hostile addresses: no redirect off the site, `$` in a page is text, a path below a page is a 404, a verification is not indexed', async ({
    request,
  }) => {
    for (const url of ['/en//evil.example', '/EN//evil.example/x?y=1', '/en/%5Cevil.example']) {
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(302);
      expect(res.headers().location, url).toMatch(/^\/[^/\\]/);
    }
    const weird = await (await request.get('/en/verify/AB$%60CD$&EF')).text();
    expect(weird.match(/<!doctype/gi)).toHaveLength(1);
    const data = /<script type="application\/json" id="rr-data">([\s\S]*?)<\/script>/.exec(weird)?.[1];
    if (data) expect(() => JSON.parse(data)).not.toThrow();
    expect(weird).toContain('<meta name="robots" content="noindex, nofollow" />');
    for (const url of ['/news/anything', '/en/home/x']) expect((await request.get(url)).status(), url).toBe(404);
    // the same page however its address is typed: one canonical
    const canonical = async (url: string) => /<link rel="canonical" href="([^"]*)"/.exec(await (await request.get(url)).text())?.[1];
    expect(await canonical('/news?page=01&from=singlemessage&isappinstalled=0')).toBe(await canonical('/news'));
    expect(await canonical('/News/')).toBe(await canonical('/news'));
  });

  test('the pages hydrate in Chromium without a warning and without moving', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message.slice(0, 200)}`));
    for (const route of ROUTES) {
      for (const lang of ['zh', 'en'] as const) {
        await page.goto(at(route.path, lang));
        // hydrated: the router's links respond (the language button opens its menu)
        await page.waitForLoadState('networkidle');
        const shift = await layoutShift(page);
        expect(shift, `${at(route.path, lang)} layout shift`).toBeLessThan(0.05);
      }
    }
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor gets the same first HTML as anyone: no hydration mismatch (React #418), then the account in the header', async ({
    browser,
    request,
  }) => {
    const member = await registerMember(request, 'SSR Visitor');
    const context = await browser.newContext();
    await signIn(context, member.token);
    const page = await context.newPage();
    // the account arrives while the page hydrates, as on a slow connection (it used to hold the router's first
    // navigation, so the browser drew its loading screen where the server had drawn the page)
    await page.route('**/auth/info', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message.slice(0, 200)}`));
    // Chinese first: a visitor who has read an English page is sent on to the English addresses
    for (const lang of ['zh', 'en'] as const) {
      for (const path of ['/home', '/news', '/about']) {
        await page.goto(at(path, lang));
        await expect(page).toHaveURL(new RegExp(`${at(path, lang)}$`));
        await expect(page.locator('html[data-hydrated="1"]')).toBeAttached();
        // the account's link replaces the login link once the session has loaded
        await expect(page.getByRole('banner').getByRole('link', { name: T(lang, 'nav:userCenter') })).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: T(lang, 'nav:login'), exact: true })).toHaveCount(0);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('with JavaScript off a visitor reads the news and sees the activities', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('en', 'content:news.title'));
    const firstNews = page
      .getByRole('list', { name: T('en', 'content:news.title') })
      .getByRole('link')
      .first();
    await expect(firstNews).toBeVisible();
    // a plain link to the article's English address
    await firstNews.click();
    await expect(page).toHaveURL(/\/en\/newsDetail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('zh', 'content:activity.title'));
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await context.close();
  });

  test('hostile news renders inert in the server HTML and in the data it carries to the browser', async ({ page, request }) => {
    const h = await adminHeaders(request);
    const payload = `"><script>window.__xss=1</script><img src=x onerror="window.__xss=2"></script><!--`;
    const res = await request.post('/api/admin/news', {
      headers: h,
      data: {
        titleZh: `恶意标题 ${payload}`,
        titleEn: `Hostile ${payload}`,
        summaryZh: `摘要 ${payload}`,
        summaryEn: `Summary ${payload}`,
        contentZh: `<p>正文</p><script>window.__xss=3</script><img src="x" onerror="window.__xss=4"><a href="javascript:window.__xss=5">x</a>`,
        contentEn: `<p>Body</p><script>window.__xss=3</script><img src="x" onerror="window.__xss=4"><iframe src="javascript:alert(1)"></iframe>`,
        status: 1,
        publishedAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    for (const lang of ['zh', 'en'] as const) {
      const html = await (await request.get(at(`/newsDetail?id=${id}`, lang))).text();
      // one script element per piece: the entry, the loader data, the JSON-LD blocks — none from the news
      expect(html).not.toContain('<script>window.__xss');
      expect(html).not.toMatch(/<img[^>]*onerror/i);
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).not.toContain('<iframe');
      const data = /<script type="application\/json" id="rr-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
      expect(data).not.toMatch(/<|>/);
      expect(JSON.stringify(JSON.parse(data))).toContain(lang === 'zh' ? '恶意标题' : 'Hostile');
      for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(m[1]).not.toMatch(/</);
      await page.goto(at(`/newsDetail?id=${id}`, lang));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(lang === 'zh' ? '恶意标题' : 'Hostile');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    }
  });

  test('the sitemap and robots ignore a forged Host; every URL in the sitemap is an information page that answers 200', async ({ request, baseURL }) => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const robots = await (await request.get('/robots.txt', { headers: forged })).text();
    expect(robots).not.toContain('evil.example');
    const sitemap = await (await request.get('/sitemap.xml', { headers: forged })).text();
    expect(sitemap).not.toContain('evil.example');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]!));
    expect(locs.length).toBeGreaterThan(20);
    expect(locs.filter((l) => l.includes('/en/')).length).toBe(locs.length / 2);
    const origin = new URL(baseURL!).origin;
    // a sample of every kind (the demo has many news items): each answers 200 rendered
    const kinds = new Map<string, string>();
    for (const loc of locs) kinds.set(new URL(loc).pathname, loc);
    for (const loc of kinds.values()) {
      const url = new URL(loc);
      expect(url.origin).toBe(origin);
      expect(url.pathname).not.toMatch(/activityOrder|userCenter|admin|login/);
      const res = await request.get(url.pathname + url.search, { headers: { 'user-agent': SPIDER } });
      expect(res.status(), loc).toBe(200);
      expect(await res.text(), loc).toMatch(/<div id="root">(<link [^>]*>)*<div/);
    }
  });
});

/** The simulated official account (apps/server/src/modules/wechat/mp.ts): its app id and fixed JS-SDK ticket. */
const SIM_MP_APP_ID = 'wx10ca1516a1a7e001';
const SIM_JSAPI_TICKET = 'local0simulation0jsapi0ticket0000000000000000000000000000000000000000000000000000000';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';

test('inside WeChat, the JS-SDK is configured with a signature of the page address and the share cards carry the page', async ({
  browser,
  baseURL,
  request,
}) => {
  // (WeChat's browser at a desktop width, where the header's links are in view)
  const context = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 1280, height: 800 } });
  // WeChat's bridge, as a recording double: the SDK's calls arrive here
  await context.addInitScript(() => {
    const w = window as unknown as { __calls: { name: string; params: Record<string, unknown> }[]; WeixinJSBridge: unknown };
    w.__calls = [];
    w.WeixinJSBridge = {
      invoke: (name: string, params: Record<string, unknown>, callback: (res: unknown) => void) => {
        w.__calls.push({ name, params });
        callback({ err_msg: `${name}:ok`, networkType: 'wifi' });
      },
      on: () => undefined,
    };
  });
  const page = await context.newPage();
  const calls = () => page.evaluate(() => (window as unknown as { __calls: { name: string; params: Record<string, string> }[] }).__calls);
  const base = baseURL!.replace(/\/$/, '');
  const news = ((await (await request.get('/api/lNews/web/detail?id=1', { headers: { 'accept-language': 'en' } })).json()) as { data: { title: string } }).data;

  await page.goto('/en/newsDetail?id=1');
  await expect.poll(async () => (await calls()).some((c) => c.name === 'updateAppMessageShareData')).toBe(true);
  let all = await calls();
  const verify = all.find((c) => c.name === 'preVerifyJSAPI')!.params;
  expect(verify.verifyAppId).toBe(SIM_MP_APP_ID);
  const signed = `jsapi_ticket=${SIM_JSAPI_TICKET}&noncestr=${verify.verifyNonceStr}&timestamp=${verify.verifyTimestamp}&url=${base}/en/newsDetail?id=1`;
  expect(verify.verifySignature).toBe(createHash('sha1').update(signed).digest('hex'));
  const card = all.find((c) => c.name === 'updateAppMessageShareData')!.params;
  expect(card.title).toBe(news.title);
  expect(card.link).toBe(`${base}/en/newsDetail?id=1`);
  expect(card.desc).toBe(await page.locator('meta[name="description"]').getAttribute('content'));
  expect(card.imgUrl).toMatch(/^https?:\/\/.+\.(png|jpe?g|webp)$/);
  expect(all.find((c) => c.name === 'updateTimelineShareData')?.params.link).toBe(card.link);

  // a navigation in the page: signed again for the new address, and the card follows
  await page.evaluate(() => ((window as unknown as { __calls: unknown[] }).__calls.length = 0));
  await page
    .getByRole('banner')
    .getByRole('link', { name: T('en', 'nav:news') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/news$/);
  await expect.poll(async () => (await calls()).some((c) => c.name === 'updateAppMessageShareData')).toBe(true);
  all = await calls();
  expect(all.find((c) => c.name === 'updateAppMessageShareData')!.params).toMatchObject({ title: T('en', 'routes:news'), link: `${base}/en/news` });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}/en/news`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${base}/en/news`);
  await context.close();
});

/** Cumulative layout shift since navigation, read from the buffered layout-shift entries. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}
