import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import i18n, { htmlLang, preloadAllNamespaces, setRenderScope, type AppLang } from './lib/i18n';
import { configureApiClient } from './lib/api-client';
import { setServerSanitizer } from './lib/sanitize-server';
import { langOfPath, localizePath, mainAddress, stripLang } from './lib/lang-path';
import { adminRoute } from './app/admin-routes';
import { createRoutes } from './app/router';
import { CONTENT_ROUTES, NAV_ITEMS, resolveMeta, type RouteHandle } from './app/route-meta';
import { HYDRATION_DATA_ID, PUBLIC_CONFIG_ID, serializeForScript, serializeHydrationData } from './app/hydration';
import { loadPublicConfig, PublicConfigProvider } from './lib/public-config';
import type { SiteContext } from './lib/page-meta';

/**
 * The server renderer of the information pages (issue 23), built by `vite build --ssr` into
 * apps/web/dist-ssr and loaded by the server (apps/server/src/plugins/ssr.ts). The same route table,
 * loaders and components as the browser; the loaders' API calls are answered in-process.
 *
 * Renders run concurrently (issue 39): each has the i18next instance of its language (a clone sharing the
 * loaded texts), handed to the components by I18nextProvider and to everything else (currentLang(), the
 * API client's Accept-Language) through an AsyncLocalStorage, so a Chinese and an English render at the
 * same moment do not see each other's language.
 */
export interface RenderSetup {
  /** Answers the loaders' API calls (the server passes an in-process fetch). */
  fetch: typeof fetch;
  /** The server's allow-list sanitiser for rich text. */
  sanitize: (html: string) => string;
  /** PUBLIC_BASE_URL without a trailing slash: every absolute link comes from it. */
  base: string;
  /** The built index.html and Vite's manifest (.vite/manifest.json) of the client build. */
  template: string;
  manifest: Record<string, ManifestChunk>;
}

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type RenderResult =
  | { kind: 'html'; status: number; html: string; lang: AppLang }
  | { kind: 'redirect'; status: number; location: string }
  /** Not an information page, or its loader failed: the server answers with the client shell. */
  | { kind: 'skip'; status: number };

/** Whether the server renders this address (everything else gets the client shell). */
export function isServerRendered(pathname: string): boolean {
  return langOfPath(pathname) !== null;
}

/**
 * Whether the web app has a page at this address (the portal, the admin, an information page): an address
 * it does not know gets its not-found page with the status 404, not 200 (issue 34: crawlers indexed them).
 */
export function isKnownPage(pathname: string): boolean {
  // matchRoutes flattens and ranks the whole route table (the admin's too) on every call: ~1 ms for each
  // request of the client shell (issue 39); the table does not change, so an address's answer does not either
  const known = knownPages.get(pathname);
  if (known !== undefined) return known;
  allRoutes ??= createRoutes([adminRoute()]);
  const matches = matchRoutes(allRoutes, pathname);
  const answer = (matches?.at(-1)?.route.handle as RouteHandle | undefined)?.titleKey !== 'routes:notFound';
  if (knownPages.size >= KNOWN_PAGES_ENTRIES) knownPages.delete(knownPages.keys().next().value!);
  knownPages.set(pathname, answer);
  return answer;
}
/** isKnownPage's answers by address, the oldest dropped first past this many (any address can be asked). */
const KNOWN_PAGES_ENTRIES = 2000;
const knownPages = new Map<string, boolean>();
/** Every page of the web app, the admin's too (the renderer's own table leaves those out). */
let allRoutes: RouteObject[] | null = null;

/** Each information page's lazy module, to link its CSS and preload its script with the HTML. */
const PAGE_MODULES: Record<string, string> = {
  home: 'src/features/home/HomePage.tsx',
  news: 'src/features/news/NewsListPage.tsx',
  newsdetail: 'src/features/news/NewsDetailPage.tsx',
  pasted: 'src/features/gallery/HighlightsPage.tsx',
  pictures: 'src/features/gallery/HighlightsPage.tsx',
  picturesdetail: 'src/features/gallery/GalleryPage.tsx',
  program: 'src/features/programs/ProgramListPage.tsx',
  programinfo: 'src/features/programs/ProgramDetailPage.tsx',
  activity: 'src/features/activities/ActivityListPage.tsx',
  registration: 'src/features/activities/RegistrationPage.tsx',
  rules: 'src/features/rules/RulesPage.tsx',
  file: 'src/features/rules/RulesPage.tsx',
  partner: 'src/features/partners/PartnersPage.tsx',
  about: 'src/features/about/AboutPage.tsx',
  privacy: 'src/features/privacy/PolicyPage.tsx',
  childprivacy: 'src/features/privacy/PolicyPage.tsx',
  verify: 'src/features/awards/VerifyPage.tsx',
};

/**
 * The query parameters each information page reads, from the route table (route-meta.ts CONTENT_ROUTES
 * `params`: its loader gets those and no other); every other one (WeChat's `from=singlemessage`, utm_…, a
 * page number where there is no paging) is not part of its address. Home and verify read none.
 */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries([
  ['home', []],
  ['verify', []],
  ...Object.values(CONTENT_ROUTES).map((r): [string, readonly string[]] => [r.path.toLowerCase(), 'params' in r ? r.params : []]),
]);

/** Each page's own spelling (react-router matches without case; the address we publish has one). */
const SPELLING: Record<string, string> = Object.fromEntries(
  ['home', 'verify', ...Object.values(CONTENT_ROUTES).map((r) => r.path)].map((p) => [p.toLowerCase(), p]),
);

/**
 * The address a request renders and is cached under: the page's own spelling under its language prefix,
 * with only the parameters it reads (the first page of a list is the list itself). Exported for the server's cache.
 */
export function renderKey(url: string): string {
  const parsed = new URL(url, 'http://ssr.invalid');
  const lang = langOfPath(parsed.pathname);
  const bare = stripLang(parsed.pathname);
  const segments = bare.split('/');
  const first = segments[1]?.toLowerCase() ?? '';
  if (SPELLING[first]) segments[1] = SPELLING[first];
  const params = new URLSearchParams();
  for (const name of PAGE_PARAMS[first] ?? []) {
    const raw = parsed.searchParams.get(name)?.trim() ?? '';
    // numbers as numbers (?page=01 is ?page=1, which is the list itself); anything else the page cannot read
    if (!/^\d{1,9}$/.test(raw)) continue;
    const value = String(Number(raw));
    if (!(name === 'page' && Number(value) <= 1)) params.set(name, value);
  }
  const query = params.toString();
  const path = segments.join('/').replace(/(.)\/+$/, '$1');
  return localizePath(path, lang ?? 'zh') + (query ? `?${query}` : '');
}

let setup: RenderSetup | null = null;
let handler: ReturnType<typeof createStaticHandler> | null = null;
/** The i18next instance of the render in progress (lib/i18n activeI18n() reads it). */
const renderI18n = new AsyncLocalStorage<I18n>();

export async function configure(next: RenderSetup): Promise<void> {
  setup = next;
  configureApiClient({ fetch: next.fetch, timeoutMs: 10_000 });
  setServerSanitizer(next.sanitize);
  setRenderScope(() => renderI18n.getStore());
  await preloadAllNamespaces();
  // the browser's table (main.tsx createRoutes(): the admin's pages join it on the first visit to /admin), so the
  // route ids of the hydration data are the browser's; without the admin's pages each render matches its
  // address among far fewer routes (issue 39: matching was ~4 % of a render)
  handler = createStaticHandler(createRoutes());
}

/** Renders in progress at most; past it a visitor gets the client shell at once (a stalled database must not pile up requests). */
export const MAX_RENDERING = 32;
let rendering = 0;

/** The i18next instance of each language's renders. */
const languageInstances = new Map<AppLang, I18n>();

/** Renders `url` (path and query); renders run concurrently, each with the i18next instance of its language. */
export async function render(url: string): Promise<RenderResult> {
  if (!setup || !handler) throw new Error('renderer not configured');
  const lang = langOfPath(new URL(url, 'http://ssr.invalid').pathname);
  if (!lang) return { kind: 'skip', status: 200 };
  if (rendering >= MAX_RENDERING) return { kind: 'skip', status: 503 };
  rendering++;
  try {
    // a clone shares the loaded texts (every namespace, both languages) and has its own language; nothing in a
    // render changes it, so one per language serves all its renders (a clone per render was 2 % of the time)
    let instance = languageInstances.get(lang);
    if (!instance) languageInstances.set(lang, (instance = i18n.cloneInstance({ lng: lang, initAsync: false })));
    return await renderI18n.run(instance, () => renderNow(url, lang, instance, setup!, handler!));
  } finally {
    rendering--;
  }
}

async function renderNow(
  url: string,
  lang: AppLang,
  instance: I18n,
  setup: RenderSetup,
  handler: ReturnType<typeof createStaticHandler>,
): Promise<RenderResult> {
  const parsed = new URL(url, 'http://ssr.invalid');

  const request = new Request(new URL(parsed.pathname + parsed.search, setup.base), { headers: { 'accept-language': htmlLang(lang) } });
  // the site's configuration (the footer's legal lines): drawn by this render and sent with it for the browser's first render
  const [context, config] = await Promise.all([handler.query(request), loadPublicConfig()]);
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    return { kind: 'skip', status: context.status };
  }
  // A loader that threw (unknown id → 404 page, a failed API call): the browser renders that state as today.
  if (context.errors) return { kind: 'skip', status: context.statusCode };
  // /news/anything: the not-found page inside the layout; search engines hear 404 (and it is not cached)
  if (context.matches.at(-1)?.route.path === '*') return { kind: 'skip', status: 404 };

  const router = staticRouter(handler, context);
  const view = componentView(instance);
  const body = renderToString(
    <StrictMode>
      <I18nextProvider i18n={view}>
        <PublicConfigProvider value={config}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PublicConfigProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  const data = serializeHydrationData({ loaderData: hydrationLoaderData(context), actionData: context.actionData, errors: context.errors });
  const head = headFor(context, parsed, lang, setup, view);
  const assets = pageAssets(context, setup).join('\n    ');
  // (function replacers: a `$&` or `$'` in a page's text is text, not a replacement pattern)
  const html = setup.template
    // data-ssr: the page's buttons look unavailable until it has hydrated (PublicLayout.module.css)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${htmlLang(lang)}" data-ssr`)
    .replace(/<title>[^<]*<\/title>/, () => head)
    // after the entry's stylesheet, where the browser would add the page's own when it loads the chunk
    .replace('</head>', () => `  ${assets}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${body}</div><script type="application/json" id="${HYDRATION_DATA_ID}">${data}</script>` +
        `<script type="application/json" id="${PUBLIC_CONFIG_ID}">${serializeForScript(config)}</script>`,
    );
  return { kind: 'html', status: 200, html, lang };
}

/**
 * createStaticRouter(handler.dataRoutes, context) without converting the route table anew for every render (a
 * copy of every route of both languages: 3 % of a render, issue 39 profile): its routes and manifest depend on the
 * table alone and are made once; what comes from the render's context (location, matches on the manifest's
 * routes, loader data, errors) is this render's. StaticRouterProvider reads state, routes, manifest and future.
 */
export function staticRouter(handler: StaticHandler, context: StaticHandlerContext): StaticRouter {
  let shared = staticRouters.get(handler);
  // a page's lazy module, once loaded, is written into the handler's routes (its loader and component): the copy
  // is made again when a matched route has changed since (each page's first render in a process, no more)
  const stale = (r: StaticRouter) =>
    context.matches.some((m) => {
      const copy = r.manifest[m.route.id];
      return !copy || copy.lazy !== m.route.lazy || copy.loader !== m.route.loader;
    });
  if (!shared || stale(shared)) staticRouters.set(handler, (shared = createStaticRouter(handler.dataRoutes, context)));
  const base = shared;
  const matches = context.matches.map((m) => ({ ...m, route: base.manifest[m.route.id] ?? m.route }));
  return Object.create(base, {
    basename: { get: () => context.basename },
    state: {
      get: () => ({
        ...base.state,
        location: context.location,
        matches,
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      }),
    },
  }) as StaticRouter;
}
type StaticHandler = ReturnType<typeof createStaticHandler>;
type StaticRouter = ReturnType<typeof createStaticRouter>;
const staticRouters = new WeakMap<StaticHandler, StaticRouter>();

/**
 * The render's i18next instance as its components get it: an object with no properties of its own whose
 * prototype is the instance (every read and method reaches it). react-i18next's useTranslation copies every
 * own property of the instance it is given into a fresh object, in each component on the server (where no
 * memo survives): with the instance itself that was a fifth of the rendering time (issue 39 profile).
 */
function componentView(instance: I18n): I18n {
  const view = Object.create(instance) as I18n;
  // i18next's t() spreads its options into a fresh object and resolves the key anew on every call: a tenth of a
  // render (issue 39 profile). A text asked by its key alone, or with values that are all strings, numbers or
  // booleans ("© {{year}}"), is the same in every render of its language (the texts are loaded once, before the
  // first render): remembered here, shared by the renders.
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  (view as unknown as { getFixedT: unknown }).getFixedT = (lng: unknown, ns?: unknown, keyPrefix?: unknown, fixedOpts?: { scopeNs?: unknown }) => {
    const fixedT = getFixedT(lng, ns, keyPrefix, fixedOpts);
    const scope = `${String(lng)}\u0000${String(ns)}\u0000${String(keyPrefix ?? '')}\u0000${String(fixedOpts?.scopeNs ?? '')}`;
    let texts = plainTexts.get(scope);
    if (!texts) plainTexts.set(scope, (texts = new Map()));
    const known = texts;
    const remembered = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string' || rest.length > 1) return fixedT(key, ...rest);
      let id = key;
      if (rest.length === 1) {
        if (!plainValues(rest[0])) return fixedT(key, ...rest);
        id = `${key}\u0000${JSON.stringify(rest[0])}`;
      }
      const text = known.get(id);
      if (text !== undefined) return text;
      const resolved = fixedT(key, ...rest);
      // (an object asked with returnObjects is not shared: a render could change it)
      if (typeof resolved !== 'string') return resolved;
      if (++rememberedTexts > PLAIN_TEXTS) forgetTexts();
      known.set(id, resolved);
      return resolved;
    };
    return Object.assign(remembered, { lng: fixedT.lng, lngs: fixedT.lngs, ns: fixedT.ns, keyPrefix: fixedT.keyPrefix });
  };
  return view;
}
/** Options whose values are all strings, numbers, booleans (or absent): the text depends on nothing else. */
function plainValues(options: unknown): boolean {
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype) return false;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'undefined') return false;
  }
  return true;
}
/** Texts remembered by componentView, by language, namespace and prefix, then by key and values; emptied past this many. */
const PLAIN_TEXTS = 20_000;
const plainTexts = new Map<string, Map<string, string>>();
let rememberedTexts = 0;
/** Forgets the remembered texts (for the tests). */
export function forgetTexts(): void {
  plainTexts.clear();
  rememberedTexts = 0;
}
type FixedT = ((...args: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };

/**
 * The loader data the browser hydrates with, with an entry (null) for every matched route that has none: the
 * root has no loader but has middleware (the guard), and the browser's router counts such a route as not yet
 * loaded. It then started with a navigation that waited for the guard — for a signed-in visitor, the
 * account's request — and drew its loading screen where the server had drawn the page (React #418, the
 * tree re-rendered from scratch). With the entry it starts on the server's page, as for anyone.
 */
function hydrationLoaderData(context: StaticHandlerContext): Record<string, unknown> {
  const loaderData: Record<string, unknown> = { ...context.loaderData };
  for (const m of context.matches) if (!(m.route.id in loaderData)) loaderData[m.route.id] = null;
  return loaderData;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON-LD inside <script type="application/ld+json">: nothing in the data may close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The page's address without its language prefix (the hreflang pairs are built from it). */
function canonicalPath(parsed: URL): string {
  const key = new URL(renderKey(parsed.pathname + parsed.search), 'http://ssr.invalid');
  return mainAddress(stripLang(key.pathname)) + key.search;
}

function headFor(context: StaticHandlerContext, parsed: URL, lang: AppLang, s: RenderSetup, view: I18n): string {
  // the render's componentView: its texts are remembered too
  const t = view.getFixedT(lang);
  const matches = context.matches.map((m) => ({ handle: m.route.handle as unknown, loaderData: context.loaderData[m.route.id] }));
  const meta = resolveMeta(matches, parsed.searchParams);
  const site = t('common:siteName');
  const pageTitle = meta.title ?? (meta.titleKey ? t(meta.titleKey) : undefined);
  const title = pageTitle ? `${pageTitle} - ${site}` : site;
  const description = meta.description ?? (meta.descriptionKey ? t(meta.descriptionKey) : t('routes:descriptions.default'));

  const path = canonicalPath(parsed);
  const url = (p: string, l: AppLang = lang) => s.base + localizePath(p, l);
  const defaultImage = `${s.base}/share-card.png`;
  const image = meta.image ? (/^https?:\/\//i.test(meta.image) ? meta.image : s.base + meta.image) : defaultImage;
  const ctx: SiteContext = { base: s.base, lang, siteName: site, defaultImage, url: (p) => url(p) };

  // a certificate's verification names people (often children): readable by whoever holds the link, not indexed
  const personal = /^\/verify\/./i.test(stripLang(parsed.pathname));
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    ...(personal ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url(path))}" />`,
    `<link rel="alternate" hreflang="zh-CN" href="${escapeHtml(url(path, 'zh'))}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(url(path, 'en'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url(path, 'zh'))}" />`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site)}" />`,
    `<meta property="og:title" content="${escapeHtml(pageTitle ?? site)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url(path))}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    ...(image === defaultImage ? ['<meta property="og:image:width" content="1200" />', '<meta property="og:image:height" content="630" />'] : []),
    `<meta property="og:locale" content="${lang === 'zh' ? 'zh_CN' : 'en_US'}" />`,
    `<meta property="og:locale:alternate" content="${lang === 'zh' ? 'en_US' : 'zh_CN'}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta itemprop="name" content="${escapeHtml(pageTitle ?? site)}" />`,
    `<meta itemprop="image" content="${escapeHtml(image)}" />`,
  ];
  const ld = [...(meta.jsonLd?.(ctx) ?? []), breadcrumbs(context, pageTitle, t, ctx, path)];
  for (const item of ld) tags.push(`<script type="application/ld+json">${jsonForScript(item)}</script>`);
  return tags.join('\n    ');
}

/** Home › section › page, from the route's navigation entry and the page's own title. */
function breadcrumbs(context: StaticHandlerContext, pageTitle: string | undefined, t: (key: string) => string, site: SiteContext, path: string) {
  const handle = context.matches.map((m) => m.route.handle as RouteHandle | undefined).findLast((h) => h?.nav);
  const items: { name: string; item: string }[] = [{ name: t('nav:home'), item: site.url('/home') }];
  const section = handle?.nav && handle.nav !== 'home' ? NAV_ITEMS.find((n) => n.key === handle.nav) : undefined;
  if (section) items.push({ name: t(section.labelKey), item: site.url(section.to) });
  const last = items[items.length - 1]!;
  if (pageTitle && pageTitle !== last.name && site.url(path) !== last.item) items.push({ name: pageTitle, item: site.url(path) });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((x, i) => ({ '@type': 'ListItem', position: i + 1, name: x.name, item: x.item })),
  };
}

/** The page's own chunk: its stylesheet (no flash of unstyled content) and a preload of its script. */
function pageAssets(context: StaticHandlerContext, s: RenderSetup): string[] {
  const first = stripLang(context.location.pathname).split('/')[1]?.toLowerCase() ?? '';
  const entry = PAGE_MODULES[first];
  if (!entry) return [];
  // the build's manifest and template do not change: a page's tags are worked out once
  let tags = assetTags.get(s)?.get(entry);
  if (!tags) {
    tags = chunkTags(entry, s);
    if (!assetTags.has(s)) assetTags.set(s, new Map());
    assetTags.get(s)!.set(entry, tags);
  }
  return tags;
}
const assetTags = new WeakMap<RenderSetup, Map<string, string[]>>();

function chunkTags(entry: string, s: RenderSetup): string[] {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = s.manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entry);
  // what the entry script already brings is in the template
  const inTemplate = (file: string) => s.template.includes(`/${file}`);
  return [
    ...[...css].filter((f) => !inTemplate(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
    ...[...js].filter((f) => !inTemplate(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
  ];
}
