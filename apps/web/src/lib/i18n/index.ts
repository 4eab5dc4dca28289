import i18n, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { langOfPath } from '../lang-path';

/**
 * i18next set up synchronously from the JSON files in src/locales/<lang>/<namespace>.json.
 * Key style (checked by locales.test.ts): always a namespaced literal, `t('ns:key.path')`.
 */
export const LANGS = ['zh', 'en'] as const;
export type AppLang = (typeof LANGS)[number];
export const DEFAULT_LANG: AppLang = 'zh';
export const LANG_STORAGE_KEY = 'lang';

type Json = Record<string, unknown>;

// Namespaces every public page needs ship with the entry (both languages, so a switch is instant).
const coreFiles = import.meta.glob<Json>('../../locales/*/{common,nav,routes,errors,footer,help}.json', { eager: true, import: 'default' });
// The rest arrive with the lazy chunks that use them (see loadNamespaces and app/router.tsx).
const lazyFiles = import.meta.glob<Json>(['../../locales/*/*.json', '!../../locales/*/{common,nav,routes,errors,footer,help}.json'], {
  import: 'default',
});

export type LazyNamespace =
  | 'auth'
  | 'user'
  | 'messages'
  | 'admin'
  | 'content'
  | 'registration'
  | 'orders'
  | 'tickets'
  | 'people'
  | 'exam'
  | 'awards'
  | 'feedback'
  // the guardian's consent page (issue 37)
  | 'consent'
  // the offline gate's page (issue 38, its own entry: gate.html)
  | 'gate'
  // the home page's texts load with it (the other pages' first load does not carry them)
  | 'home';

function parsePath(file: string): [lang: string, ns: string] | null {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  return match ? [match[1]!, match[2]!] : null;
}

function buildResources(): { resources: Resource; namespaces: string[] } {
  const resources: Resource = {};
  const namespaces = new Set<string>();
  for (const [file, content] of Object.entries(coreFiles)) {
    const parsed = parsePath(file);
    if (!parsed) continue;
    const [lang, ns] = parsed;
    resources[lang] ??= {};
    resources[lang][ns] = content;
    namespaces.add(ns);
  }
  return { resources, namespaces: [...namespaces].sort() };
}

// Lazy namespaces some route has asked for; a language switch loads them in the new language first.
const requested = new Set<LazyNamespace>();

async function loadBundles(langs: readonly string[], namespaces: readonly LazyNamespace[]): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const [file, load] of Object.entries(lazyFiles)) {
    const parsed = parsePath(file);
    if (!parsed) continue;
    const [lang, ns] = parsed;
    if (!langs.includes(lang) || !namespaces.includes(ns as LazyNamespace) || i18n.hasResourceBundle(lang, ns)) continue;
    jobs.push(
      load().then(async (content) => {
        // the admin resources' labels live in the shared package (the server's exports and audit trail read them too)
        if (ns === 'admin') i18n.addResourceBundle(lang, ns, (await import('@rp/shared/resources/labels')).RESOURCE_LABELS[lang as AppLang], true, false);
        i18n.addResourceBundle(lang, ns, content, true, false);
      }),
    );
  }
  await Promise.all(jobs);
}

/**
 * Adds lazy namespaces before a lazy route renders: the current language only (every byte counts on a
 * public page's first load); setLanguage() fetches the other language of what is in use before switching.
 */
export async function loadNamespaces(...namespaces: LazyNamespace[]): Promise<void> {
  for (const ns of namespaces) requested.add(ns);
  await loadBundles([currentLang()], namespaces);
}

/** The server renderer (issue 23) renders either language at any moment: every namespace, both languages. */
export async function preloadAllNamespaces(): Promise<void> {
  const all = new Set<LazyNamespace>();
  for (const file of Object.keys(lazyFiles)) {
    const parsed = parsePath(file);
    if (parsed) all.add(parsed[1] as LazyNamespace);
  }
  await loadBundles(LANGS, [...all]);
}

export function isAppLang(value: unknown): value is AppLang {
  return value === 'zh' || value === 'en';
}

export function readStoredLang(): AppLang {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isAppLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** BCP 47 tag for <html lang> and Accept-Language. */
export function htmlLang(lang: AppLang): 'zh-CN' | 'en' {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

/**
 * The server renderer's instance of the render in progress (issue 39): renders run concurrently, each with
 * its own i18next instance in its own language; in the browser there is none and the app's instance holds.
 */
let renderScope: (() => I18n | undefined) | null = null;

/** The server renderer tells where its per-render instance is kept (an AsyncLocalStorage). */
export function setRenderScope(get: () => I18n | undefined): void {
  renderScope = get;
}

/** The i18next instance in charge here: the render's own on the server, the app's one in the browser. */
export function activeI18n(): I18n {
  return renderScope?.() ?? i18n;
}

export function currentLang(): AppLang {
  const { language } = activeI18n();
  return isAppLang(language) ? language : DEFAULT_LANG;
}

/** The Accept-Language header the API client sends (design §3). */
export function acceptLanguage(): 'zh-CN' | 'en' {
  return htmlLang(currentLang());
}

function applyToDocument(lang: AppLang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lang);
}

const { resources, namespaces } = buildResources();

/** An information page's address fixes its language (issue 23); elsewhere the stored choice holds. */
function initialLang(): AppLang {
  const fromPath = typeof location === 'undefined' ? null : langOfPath(location.pathname);
  return fromPath ?? readStoredLang();
}

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: initialLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
  react: { useSuspense: false },
});

applyToDocument(currentLang());

/** The browser entry keeps the language an address chose (after deciding whether to move to the English one). */
export function rememberLang(): void {
  storeLang(currentLang());
}

function storeLang(lang: AppLang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode (or the server renderer): the choice lasts for this page only.
  }
}

i18n.on('languageChanged', (lng) => {
  const lang = isAppLang(lng) ? lng : DEFAULT_LANG;
  applyToDocument(lang);
  storeLang(lang);
});

/**
 * Switch language: the lazy namespaces in use arrive in the new language first (no flash of keys), then
 * <html lang>, localStorage.lang, titles, (in portal/admin) antd + dayjs, and the public pages' data follow.
 */
export async function setLanguage(lang: AppLang): Promise<unknown> {
  // A failed chunk must not block the switch: i18next falls back to Chinese for missing texts.
  await loadBundles([lang], [...requested]).catch(() => undefined);
  return activeI18n().changeLanguage(lang);
}

export default i18n;
