import { useSyncExternalStore } from 'react';
import type { Permission, User } from '@rp/shared';
import { getCookie, removeCookie, setCookie } from './cookies';

/**
 * The signed-in state: the token lives in the `token` cookie (spec 6), the user object in memory.
 * A tiny external store so the header, guard and API client share one truth without a framework.
 */
export const TOKEN_COOKIE = 'token';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SessionState {
  token: string | null;
  user: User | null;
}

let state: SessionState = { token: readToken(), user: null };
const listeners = new Set<() => void>();

function readToken(): string | null {
  if (typeof document === 'undefined') return null;
  const value = getCookie(TOKEN_COOKIE);
  return value ? value : null;
}

function emit(next: SessionState): void {
  state = next;
  for (const l of listeners) l();
}

export function getToken(): string | null {
  // The cookie is the source of truth: another tab may have logged out.
  const token = readToken();
  if (token !== state.token) emit({ token, user: token ? state.user : null });
  return token;
}

export function getUser(): User | null {
  return state.user;
}

export interface StartSession {
  token: string;
  user: User;
  rememberMe: boolean;
  /** The server's expiry; the cookie never outlives it, and never outlives one day (spec 6, 9). */
  expiresAt?: string;
}

export function startSession({ token, user, rememberMe, expiresAt }: StartSession): void {
  let expires: Date | undefined;
  if (rememberMe) {
    const dayLater = Date.now() + DAY_MS;
    const server = expiresAt ? Date.parse(expiresAt) : Number.NaN;
    expires = new Date(Number.isFinite(server) ? Math.min(server, dayLater) : dayLater);
  }
  setCookie(TOKEN_COOKIE, token, { expires });
  emit({ token, user });
}

export function setUser(user: User | null): void {
  emit({ token: readToken(), user });
}

/** Forget the token and the user (logout, expired session). */
export function clearSession(): void {
  removeCookie(TOKEN_COOKIE);
  emit({ token: null, user: null });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): SessionState {
  return state;
}

/**
 * What the server rendered with: nobody signed in (it renders each page once for everyone). A server-rendered
 * page hydrates with it whatever the session holds by then, and shows the account right after (issue 39: an
 * account loaded while the page hydrated made the header differ from the server's HTML, React #418).
 */
const SIGNED_OUT: SessionState = { token: null, user: null };
const serverSnapshot = () => SIGNED_OUT;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, snapshot, serverSnapshot);
}

export function hasPermission(user: Pick<User, 'permissions'> | null | undefined, permission: Permission): boolean {
  return !!user && user.permissions.includes(permission);
}

/**
 * The activities a permission of the person reaches (issue 24): null = every activity; a list when the person holds
 * it only through roles limited to some activities. Pickers offer only these; the server refuses the others.
 */
export function activityScopeOf(user: Pick<User, 'permissions' | 'scopes'> | null | undefined, permission: Permission): readonly number[] | null {
  if (!user || !user.permissions.includes(permission)) return [];
  return user.scopes?.[permission] ?? null;
}

/** Whether an activity is within reach of a permission of the person (see activityScopeOf). */
export function reaches(user: Pick<User, 'permissions' | 'scopes'> | null | undefined, permission: Permission, activityId: number): boolean {
  const scope = activityScopeOf(user, permission);
  return scope === null || scope.includes(activityId);
}
