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
}

export interface PlaceholderRoute {
  path: string;
  titleKey: string;
  nav?: NavKey;
}

/** Routes of spec 2.1 whose screens come in later issues: a bilingual placeholder until then. */
export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [
  { path: 'news', titleKey: 'routes:news', nav: 'news' },
  { path: 'newsDetail', titleKey: 'routes:newsDetail', nav: 'news' },
  { path: 'pasted', titleKey: 'routes:pictures', nav: 'pasted' },
  { path: 'pictures', titleKey: 'routes:pictures', nav: 'pasted' },
  { path: 'picturesDetail', titleKey: 'routes:pictures', nav: 'pasted' },
  { path: 'program', titleKey: 'routes:program', nav: 'program' },
  { path: 'programInfo', titleKey: 'routes:program', nav: 'program' },
  { path: 'activity', titleKey: 'routes:activity', nav: 'activity' },
  { path: 'activityOrder', titleKey: 'routes:activityOrder', nav: 'activity' },
  { path: 'onlineMatch', titleKey: 'routes:onlineMatch', nav: 'activity' },
  { path: 'onlineReservation', titleKey: 'routes:onlineReservation', nav: 'activity' },
  { path: 'createTeam', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'createTeamer', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'activityEnter', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'createAllTeam', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'createTandP', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'enter', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'workShopTickets', titleKey: 'routes:activityRegistration', nav: 'activity' },
  { path: 'audience', titleKey: 'routes:audience', nav: 'activity' },
  { path: 'audienceOrder', titleKey: 'routes:audience', nav: 'activity' },
  { path: 'registration', titleKey: 'routes:registration', nav: 'activity' },
  { path: 'volunteer_pc', titleKey: 'routes:volunteer' },
  { path: 'rules', titleKey: 'routes:rules', nav: 'rules' },
  { path: 'partner', titleKey: 'routes:partner', nav: 'partner' },
  { path: 'about', titleKey: 'routes:about', nav: 'about' },
  { path: 'file', titleKey: 'routes:file', nav: 'rules' },
];

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
  ...PLACEHOLDER_ROUTES.map((r) => `/${r.path}`),
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

export function resolveTitleKey(handle: RouteHandle | undefined, search: URLSearchParams): string | undefined {
  if (!handle) return undefined;
  return handle.titleKeyFor ? handle.titleKeyFor(search) : handle.titleKey;
}
