import { configure, getConfig } from '@testing-library/react';
import { vi } from 'vitest';
import { api } from '../lib/api-client';
import { clearSession } from '../lib/session';

/**
 * What the web project's files (one jsdom and one module cache per worker, isolate: false; test/isolation.ts) may
 * change for the length of a file because shared-env-setup.ts puts it back after every file (resetSharedState):
 * stubbed globals and environment variables, spies (vi.spyOn), fake timers and the fixed clock, testing library's
 * configuration, the signed-in user and the cookies, and the API client's methods (fakeApi). A module mock
 * (vi.mock) cannot be put back, nor can the app's module-wide settings that have no undo (isolation.ts keeps those
 * files apart).
 */

/** What the worker started with, taken the first time this module is loaded (before any file changed it). */
const start = {
  testingLibrary: { ...getConfig() },
  api: { ...api },
};

/**
 * Answers the app's API calls with `fake` until the file ends: the API client's `api.get`/`post`/`put`/`delete`
 * become the fake's (the app calls them through the one `api` object, so every screen sees them), and
 * shared-env-setup.ts puts the real ones back after the file. Returns `fake`, whose vi.fn()s record the calls.
 */
export function fakeApi<T extends { [K in keyof typeof api]?: (...args: never[]) => unknown }>(fake: T): T {
  Object.assign(api, fake);
  return fake;
}

/** Every cookie of the page, expired (the session's token among them). */
function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Puts back what a file of the shared project may change (above); shared-env-setup.ts calls it after every file. */
export function resetSharedState(): void {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  configure(start.testingLibrary);
  Object.assign(api, start.api);
  // (a file may run in node's environment: no page, no cookies)
  if (typeof document === 'undefined') return;
  clearCookies();
  clearSession();
}
