import { useCallback, type ComponentProps } from 'react';
import { createPath, parsePath, resolvePath, Link as RouterLink, useNavigate as useRouterNavigate, type NavigateOptions, type To } from 'react-router';
import { localizePath } from './lang-path';
import { useLang } from './use-lang';

/**
 * react-router's Link and useNavigate, with the address of the current language (issue 23): a link to an
 * information page (`/news`) leads to `/en/news` while the visitor reads English; portal, admin and
 * relative links are unchanged. Every component imports these instead of react-router's.
 */
export function localizeTo(to: To, lang: 'zh' | 'en'): To {
  if (typeof to === 'string') return localizePath(to, lang);
  if (to.pathname) return { ...to, pathname: localizePath(to.pathname, lang) };
  return to;
}

type LinkProps = ComponentProps<typeof RouterLink>;

export function Link({ to, ...props }: LinkProps) {
  const lang = useLang();
  const localized = localizeTo(to, lang);
  if (onServer && typeof localized === 'string' && serverDrawable(localized, props)) return serverLink(localized, props);
  return <RouterLink to={localized} {...props} />;
}

/** Rendering on the server (no window): nothing is clicked there, a link is its element. */
const onServer = typeof window === 'undefined';

/** What react-router's Link does with a prop other than drawing it (those links keep react-router's Link). */
const ROUTER_ONLY = ['relative', 'reloadDocument', 'mask', 'prefetch', 'discover'] as const;

/** An address from the site's root (not `//host`, not `scheme:`), with nothing that changes how it resolves. */
function serverDrawable(to: string, props: Omit<LinkProps, 'to'>): boolean {
  return to.startsWith('/') && !to.startsWith('//') && ROUTER_ONLY.every((p) => props[p] === undefined);
}

/**
 * The element react-router's Link draws on the server for an address from the root, worked out without it:
 * its hooks (the route matches turned into JSON and back, twice; a navigate function, a click handler, a
 * prefetch state) were a twelfth of a page's rendering time (issue 39 profile) for an `<a href>` that hydrates
 * into the same Link in the browser. Same attributes in the same order (link.test.tsx compares the two).
 */
export function serverLink(to: string, props: Omit<LinkProps, 'to'>) {
  const {
    onClick: _onClick,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ref: _ref,
    target,
    ...rest
  } = props as Omit<LinkProps, 'to'> & { ref?: unknown };
  return <a {...rest} href={serverHref(to)} target={target} data-discover="true" />;
}

/** react-router's href of an address from the root (resolveTo, with its trailing slash rule, then createHref). */
export function serverHref(to: string): string {
  const path = resolvePath(to);
  const asked = parsePath(to).pathname;
  if (asked && asked !== '/' && asked.endsWith('/') && !path.pathname.endsWith('/')) path.pathname += '/';
  return createPath(path);
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useRouterNavigate();
  const lang = useLang();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(localizeTo(to, lang), options);
    },
    [navigate, lang],
  );
}
