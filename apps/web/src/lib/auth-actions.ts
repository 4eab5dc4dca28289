import { api, isApiError } from './api-client';
import type { UserResponse } from './contract';
import { clearSession, getToken, getUser, setUser } from './session';

let pending: Promise<void> | null = null;

/**
 * Spec 2.2: a token but no user → fetch /auth/info first. A 401 clears the token (the client does
 * that) and the visitor carries on as a visitor; other failures keep the token for the next try.
 */
export function ensureUserLoaded(): Promise<void> {
  if (!getToken() || getUser()) return Promise.resolve();
  pending ??= api
    .get<UserResponse>('/auth/info', { silent: true, noRedirect: true })
    .then((res) => setUser(res.user ?? res.data))
    .catch((error: unknown) => {
      if (isApiError(error, 'UNAUTHORIZED', 'SESSION_EXPIRED')) clearSession();
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** DELETE /auth/logout; the local token is cleared whether it succeeds or not, then the page reloads. */
export async function logout(): Promise<void> {
  try {
    await api.delete('/auth/logout', { silent: true, noRedirect: true, timeoutMs: 5000 });
  } catch {
    // Spec 7.1: cleared whether it succeeds or fails.
  }
  clearSession();
  window.location.reload();
}
