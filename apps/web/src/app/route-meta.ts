import type { RouteMeta } from '../lib/page-meta';

/**
 * Route metadata shared by the router, the guard, the title effect and the header.
 * Title keys are literal 'routes:…' strings so the locale test can check them.
 */
export type NavKey = 'home' | 'news' | 'pasted' | 'program' | 'activity' | 'rules' | 'partner' | 'about' | 'userCenter';

export interface RouteHandle {
  titleKey?: string;
  /** For pages whose title depends on the query (e.g. /regist?mode=reset). */
  titleKeyFor?: (search: URLSearchParams) => string;
  /** The top-navigation item highlighted on this route. */
  nav?: NavKey;
  /** <meta name="description"> of the page ('routes:descriptions.…'). */
  descriptionKey?: string;
  /** Title and description from the route's loader data (e.g. a news article's title and summary). */
  meta?: (data: unknown) => RouteMeta | undefined;
  /** A section (the admin area): its name follows every inner page's title in the tab ("Refunds · Administration"). */
  titleSectionKey?: string;
}

export type { RouteMeta };

export interface ContentRoute {
  path: string;
  titleKey: string;
  descriptionKey: string;
  nav?: NavKey;
  /**
   * The query parameters the page reads (numbers: ids, a page, a year, a version). Its loader gets these and
   * no other (content-routes.tsx), and the server's page cache keys on them (entry-server.tsx renderKey): the
   * one list of what makes two addresses of the page different (issue 39).
   */
  params?: readonly string[];
}

/** Public content pages (spec 2.1) built in this issue; each has its own lazy chunk and loader. */
export const CONTENT_ROUTES = {
  news: { path: 'news', titleKey: 'routes:news', descriptionKey: 'routes:descriptions.news', nav: 'news', params: ['page'] },
  newsDetail: { path: 'newsDetail', titleKey: 'routes:newsDetail', descriptionKey: 'routes:descriptions.news', nav: 'news', params: ['id'] },
  pasted: { path: 'pasted', titleKey: 'routes:pictures', descriptionKey: 'routes:descriptions.pictures', nav: 'pasted', params: ['year'] },
  pictures: { path: 'pictures', titleKey: 'routes:pictures', descriptionKey: 'routes:descriptions.pictures', nav: 'pasted', params: ['year'] },
  picturesDetail: { path: 'picturesDetail', titleKey: 'routes:pictures', descriptionKey: 'routes:descriptions.pictures', nav: 'pasted', params: ['consoleId'] },
  program: { path: 'program', titleKey: 'routes:program', descriptionKey: 'routes:descriptions.program', nav: 'program', params: ['activityId'] },
  programInfo: { path: 'programInfo', titleKey: 'routes:program', descriptionKey: 'routes:descriptions.program', nav: 'program', params: ['id'] },
  activity: { path: 'activity', titleKey: 'routes:activity', descriptionKey: 'routes:descriptions.activity', nav: 'activity', params: ['page'] },
  activityOrder: {
    path: 'activityOrder',
    titleKey: 'routes:activityOrder',
    descriptionKey: 'routes:descriptions.activity',
    nav: 'activity',
    params: ['id', 'orderNo'],
  },
  registration: { path: 'registration', titleKey: 'routes:registration', descriptionKey: 'routes:descriptions.registration', nav: 'activity' },
  rules: { path: 'rules', titleKey: 'routes:rules', descriptionKey: 'routes:descriptions.rules', nav: 'rules', params: ['year'] },
  file: { path: 'file', titleKey: 'routes:file', descriptionKey: 'routes:descriptions.rules', nav: 'rules', params: ['year'] },
  partner: { path: 'partner', titleKey: 'routes:partner', descriptionKey: 'routes:descriptions.partner', nav: 'partner' },
  about: { path: 'about', titleKey: 'routes:about', descriptionKey: 'routes:descriptions.about', nav: 'about' },
  privacy: { path: 'privacy', titleKey: 'routes:privacy', descriptionKey: 'routes:descriptions.privacy', params: ['version'] },
  childPrivacy: { path: 'childPrivacy', titleKey: 'routes:childPrivacy', descriptionKey: 'routes:descriptions.childPrivacy', params: ['version'] },
} as const satisfies Record<string, ContentRoute>;

export interface PlaceholderRoute {
  path: string;
  titleKey: string;
  nav?: NavKey;
}

/** Routes of spec 2.1 whose screens come in later issues: a bilingual placeholder until then. */
export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [];

/** Ticket screens (issue 11): portal chunks with antd, behind login. */
export const TICKET_ROUTES = [
  { path: 'audience', titleKey: 'routes:audience', view: 'audience' },
  { path: 'audienceOrder', titleKey: 'routes:audience', view: 'order' },
  { path: 'workShopTickets', titleKey: 'routes:activityRegistration', view: 'workshop' },
  { path: 'onlineMatch', titleKey: 'routes:onlineMatch', view: 'online' },
  { path: 'onlineReservation', titleKey: 'routes:onlineReservation', view: 'online' },
] as const;
export type TicketView = (typeof TICKET_ROUTES)[number]['view'];

/** Registration screens (spec 2.4–2.6): lazy portal chunks with antd; the view is chosen by the path. */
export const REGISTRATION_ROUTES = ['activityEnter', 'createTeamer', 'createTeam', 'createTandP', 'createAllTeam', 'enter'] as const;
export type RegistrationView = (typeof REGISTRATION_ROUTES)[number];

/** Every path the public router knows (used by the guard to tell a 404 from a protected page). */
export const KNOWN_PATHS: readonly string[] = [
  '/',
  '/home',
  '/login',
  '/regist',
  '/userCenter',
  '/msg',
  '/404',
  '/401',
  '/volunteer_pc',
  '/verify',
  '/judge',
  '/guardianConsent',
  ...PLACEHOLDER_ROUTES.map((r) => `/${r.path}`),
  ...TICKET_ROUTES.map((r) => `/${r.path}`),
  ...REGISTRATION_ROUTES.map((p) => `/${p}`),
  ...Object.values(CONTENT_ROUTES).map((r) => `/${r.path}`),
];

/** Top-navigation items in order (spec 2.3). */
export const NAV_ITEMS: readonly { key: NavKey; to: string; labelKey: string }[] = [
  { key: 'home', to: '/home', labelKey: 'nav:home' },
  { key: 'news', to: '/news', labelKey: 'nav:news' },
  { key: 'pasted', to: '/pasted', labelKey: 'nav:pasted' },
  { key: 'program', to: '/program', labelKey: 'nav:program' },
  { key: 'activity', to: '/activity', labelKey: 'nav:activity' },
  { key: 'rules', to: '/rules', labelKey: 'nav:rules' },
  { key: 'partner', to: '/partner', labelKey: 'nav:partner' },
  { key: 'about', to: '/about', labelKey: 'nav:about' },
];

export interface ResolvedMeta extends Pick<RouteMeta, 'image' | 'ogType' | 'jsonLd'> {
  titleKey?: string;
  title?: string;
  titleSectionKey?: string;
  descriptionKey?: string;
  description?: string;
}

/** Title and description of the current page: the deepest route's loader-data meta wins over its keys. */
export function resolveMeta(matches: readonly { handle: unknown; loaderData?: unknown }[], search: URLSearchParams): ResolvedMeta {
  const out: ResolvedMeta = {};
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    if (!h) continue;
    if (h.titleSectionKey) out.titleSectionKey = h.titleSectionKey;
    const key = resolveTitleKey(h, search);
    if (key) {
      out.titleKey = key;
      out.title = undefined;
    }
    if (h.descriptionKey) {
      out.descriptionKey = h.descriptionKey;
      out.description = undefined;
    }
    // A content route without loader data after navigating has thrown (its error boundary shows 404).
    const meta = h.meta ? (m.loaderData !== undefined ? h.meta(m.loaderData) : { titleKey: 'routes:notFound' }) : undefined;
    if (meta?.titleKey) out.titleKey = meta.titleKey;
    if (meta?.title) out.title = meta.title;
    if (meta?.description) out.description = meta.description;
    if (meta?.image) out.image = meta.image;
    if (meta?.ogType) out.ogType = meta.ogType;
    if (meta?.jsonLd) out.jsonLd = meta.jsonLd;
  }
  return out;
}

/** The page's own title, followed by its section's name inside a section ("Refunds · Administration"); undefined without one. */
export function pageTitleOf(meta: ResolvedMeta, t: (key: string) => string): string | undefined {
  const page = meta.title ?? (meta.titleKey ? t(meta.titleKey) : undefined);
  const section = meta.titleSectionKey ? t(meta.titleSectionKey) : undefined;
  return page && section && page !== section ? `${page} · ${section}` : page;
}

export function resolveTitleKey(handle: RouteHandle | undefined, search: URLSearchParams): string | undefined {
  if (!handle) return undefined;
  return handle.titleKeyFor ? handle.titleKeyFor(search) : handle.titleKey;
}

/** The id of the admin area's route (admin-routes.tsx adminRoute; the browser's router adds it when /admin is first visited). */
export const ADMIN_ROUTE_ID = 'admin';
