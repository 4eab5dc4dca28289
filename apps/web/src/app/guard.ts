import { redirect, type MiddlewareFunction } from 'react-router';
import type { User } from '@rp/shared';
import { ensureUserLoaded } from '../lib/auth-actions';
import { safeRedirect } from '../lib/safe-redirect';
import { getToken, getUser, hasPermission } from '../lib/session';
import { KNOWN_PATHS } from './route-meta';
import { langOfPath, localizePath, stripLang } from '../lib/lang-path';
import { currentLang, setLanguage } from '../lib/i18n';

/**
 * Navigation guard, spec 2.2, as a pure decision (`decideNavigation`, unit-tested) plus the router
 * middleware that feeds it. The middleware runs before any loader on every navigation.
 *
 * - Title: set by <RouteEffects/> from each route's `handle.titleKey`, not here, because the title must
 *   also change when the language changes without a navigation.
 * - A logged-in user opening /login or /regist goes to /.
 * - A token without a loaded user: /auth/info is fetched first; a 401 clears the token (visitor).
 * - Without a login only OPEN_PATHS are reachable; anything else → /login?redirect=<full path>.
 *
 * Paths open beyond the spec's list, and why:
 * - /404 and /401: error pages must render for everyone, or an unknown URL would loop through /login.
 * - /newsDetail: /news is open, and a news list whose articles sit behind a login wall makes no sense.
 * - /rules: spec §1 lists downloadable rules among what public visitors read; the nav shows it to all.
 * - /redirect/*: the helper only forwards; its target is guarded on the next step.
 * - Unknown paths: they render the 404 page inside the layout; nothing is protected there.
 * Everything else in spec 2.1 not listed (e.g. /onlineMatch, /audience, /volunteer_pc, /msg,
 * /userCenter, /admin) needs a login, as the spec's list says.
 */
export const OPEN_PATHS: readonly string[] = [
  // spec 2.2, verbatim
  '/home',
  '/news',
  '/pictures',
  '/pasted',
  '/picturesDetail',
  '/program',
  '/activityOrder',
  '/activity',
  '/file',
  '/partner',
  '/about',
  '/login',
  '/regist',
  '/programInfo',
  '/activityEnter',
  '/createTeam',
  '/createTeamer',
  '/registration',
  // decisions documented above
  '/',
  '/404',
  '/401',
  '/newsDetail',
  '/rules',
  // issue 13: certificate verification is for anyone holding a certificate (its QR code leads to /verify/<code>)
  '/verify',
  // issue 37: the policies are read before anything is given; a guardian answers a coach's SMS without an account
  '/privacy',
  '/childPrivacy',
  '/guardianConsent',
];

const OPEN = new Set(OPEN_PATHS.map((p) => p.toLowerCase()));
// react-router matches case-insensitively, so the guard compares case-insensitively too.
const KNOWN = new Set(KNOWN_PATHS.map((p) => p.toLowerCase()));

export const ADMIN_PERMISSION = 'admin.access';

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  user: Pick<User, 'permissions'> | null;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

function normalise(pathname: string): string {
  // /en/news is /news in English (issue 23): the same page, the same rules.
  const bare = stripLang(pathname);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return (trimmed || '/').toLowerCase();
}

export function isAdminPath(pathname: string): boolean {
  const p = normalise(pathname);
  return p === '/admin' || p.startsWith('/admin/');
}

export function isOpenPath(pathname: string): boolean {
  const p = normalise(pathname);
  if (OPEN.has(p) || p.startsWith('/redirect/') || p.startsWith('/verify/')) return true;
  // Unknown public paths render the 404 page; /admin/* is never "unknown".
  return !KNOWN.has(p) && !isAdminPath(p);
}

/** `/login?redirect=<full original path incl. query>`. */
export function loginRedirect(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

export function decideNavigation({ pathname, search, hasToken, user }: GuardInput): GuardDecision {
  const p = normalise(pathname);
  const loggedIn = hasToken && user !== null;

  if (loggedIn && (p === '/login' || p === '/regist')) return { kind: 'redirect', to: '/' };

  if (isAdminPath(p)) {
    if (!loggedIn) return { kind: 'redirect', to: loginRedirect(pathname, search) };
    if (!hasPermission(user, ADMIN_PERMISSION)) return { kind: 'redirect', to: '/401' };
    return { kind: 'allow' };
  }

  if (loggedIn || isOpenPath(p)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginRedirect(pathname, search) };
}

/** Target of /redirect/*: the rest of the path with the query; leading slashes are collapsed. */
export function redirectTarget(rest: string | undefined, search: string): string {
  const path = `/${(rest ?? '').replace(/^[/\\]+/, '')}`;
  return safeRedirect(path + search, '/home');
}

export { safeRedirect };

export const guardMiddleware: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  // An information page's address fixes its language; it is set before the loaders ask the server.
  const lang = langOfPath(url.pathname);
  if (lang && lang !== currentLang()) await setLanguage(lang);
  await ensureUserLoaded();
  const decision = decideNavigation({
    pathname: url.pathname,
    search: url.search,
    hasToken: getToken() !== null,
    user: getUser(),
  });
  // an English visitor sent on to an information page stays in English (/ → /en)
  if (decision.kind === 'redirect') throw redirect(localizePath(decision.to, currentLang()));
};
