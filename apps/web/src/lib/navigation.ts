/**
 * Router-agnostic navigation. The router registers itself at start-up; code outside React (the API
 * client, session handling) navigates through here, so it stays unit-testable without a router.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let impl: NavigateFn | null = null;

export function registerNavigator(fn: NavigateFn | null): void {
  impl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (impl) impl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The path the user is on, with its query: what a login redirect should bring them back to. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** /login?redirect=<path>, without a redirect when the user is already on an auth page. */
export function loginUrl(returnTo: string = currentPath()): string {
  const path = returnTo.split('?')[0] ?? '';
  if (path === '/login' || path === '/regist' || path === '/' || path === '') return '/login';
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}
