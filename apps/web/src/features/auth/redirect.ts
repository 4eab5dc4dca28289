/** Where a new member goes after registering when no ?redirect= says otherwise: the personal center. */
export const AFTER_REGISTER = '/userCenter?t=1';

/** Keeps ?redirect= when moving between login and register. */
export function withRedirect(to: string, redirect: string | null): string {
  if (!redirect) return to;
  return `${to}${to.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}`;
}

/** Where a person goes after login without a ?redirect= (or a WeChat return): staff to the admin, members home (issue 24). */
export function afterLoginFallback(user: { isStaff: boolean }): string {
  return user.isStaff ? '/admin' : '/';
}
