/**
 * Each language of a public information page has its own address (issue 23): Chinese at today's paths
 * (the default), English under `/en`. The member portal and the admin keep one address and switch their
 * language in place, so a half-filled form survives a switch.
 *
 * Pure functions on paths, shared by the router, the links, the server renderer and the sitemap tests.
 */
export type PathLang = 'zh' | 'en';

export const EN_PREFIX = '/en';

/** The server-rendered information pages (first path segment, lower case; react-router matches without case). */
export const PUBLIC_PAGES = [
  'home',
  'news',
  'newsdetail',
  'pasted',
  'pictures',
  'picturesdetail',
  'program',
  'programinfo',
  'activity',
  'registration',
  'rules',
  'file',
  'partner',
  'about',
  'privacy',
  'childprivacy',
  'verify',
] as const;
const PUBLIC = new Set<string>(PUBLIC_PAGES);

function split(pathname: string): { en: boolean; rest: string } {
  const lower = pathname.toLowerCase();
  if (lower === EN_PREFIX || lower === `${EN_PREFIX}/`) return { en: true, rest: '/' };
  if (lower.startsWith(`${EN_PREFIX}/`)) return { en: true, rest: pathname.slice(EN_PREFIX.length) };
  return { en: false, rest: pathname };
}

/** Whether `pathname` without its language prefix is an information page (`/` included: it leads to /home). */
export function isPublicPage(pathname: string): boolean {
  const rest = split(pathname).rest;
  if (rest === '/' || rest === '') return true;
  const first = rest.split('/')[1]?.toLowerCase() ?? '';
  return PUBLIC.has(first);
}

/** The language an address fixes: `en` under /en, `zh` for an unprefixed information page, null elsewhere. */
export function langOfPath(pathname: string): PathLang | null {
  const { en } = split(pathname);
  if (en) return isPublicPage(pathname) ? 'en' : null;
  return isPublicPage(pathname) ? 'zh' : null;
}

/**
 * Older addresses that show the same page as another (issue 34): the main address is the page's canonical one
 * and the only one in the sitemap; the alias stays reachable (old links) and names the main one as canonical.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = { pictures: 'pasted', file: 'rules' };

/** `path` (with its language prefix, ?query and #hash) at its page's main address. */
export function mainAddress(path: string): string {
  const m = /^(\/en)?\/([^/?#]+)(.*)$/i.exec(path);
  const main = m ? PAGE_ALIASES[m[2]!.toLowerCase()] : undefined;
  return m && main ? `${m[1] ?? ''}/${main}${m[3]}` : path;
}

/** The path without its language prefix. */
export function stripLang(pathname: string): string {
  return split(pathname).rest;
}

/**
 * The address of `path` (which may carry ?query and #hash) in `lang`: information pages move under or out
 * of /en, every other path (portal, admin, API, relative links) is returned as it is.
 */
export function localizePath(path: string, lang: PathLang): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const tail = cut === -1 ? '' : path.slice(cut);
  if (!isPublicPage(pathname)) return path;
  const rest = stripLang(pathname);
  if (lang === 'zh') return rest + tail;
  return (rest === '/' ? EN_PREFIX : EN_PREFIX + rest) + tail;
}
