import { cleanup } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach } from 'vitest';
import i18n, { DEFAULT_LANG } from '../lib/i18n';
import { resetSharedState } from './shared-state';

// The web project's files share one jsdom and one module cache per worker (isolate: false, vitest.config.ts;
// which files: test/isolation.ts). Every test's render is unmounted after it, and what a file changed in the
// page's process-wide state is put back before the next file, which then starts as it would in a fresh jsdom:
// the language (Chinese, nothing stored), i18n's texts (the bundles the app starts with; a file that added the
// admin texts of its own leaves none behind), dayjs's locale (AntdProvider sets it; dayjs starts in English),
// storage, and what shared-state.ts lists (stubbed globals, spies, fake timers, testing library's configuration, the
// signed-in user and cookies, the API client's methods a file faked with fakeApi).

// This file runs before every file; the first time in a worker nothing has touched i18n yet.
const state = globalThis as { webStartBundles?: Set<string> };
const bundles = () => Object.entries(i18n.store.data).flatMap(([lng, byNs]) => Object.keys(byNs).map((ns) => [lng, ns] as const));
state.webStartBundles ??= new Set(bundles().map(([lng, ns]) => `${lng}/${ns}`));
const start = state.webStartBundles;

afterEach(() => cleanup());

afterAll(async () => {
  cleanup();
  // first: the real timers back before anything below waits
  resetSharedState();
  if (i18n.language !== DEFAULT_LANG) await i18n.changeLanguage(DEFAULT_LANG);
  for (const [lng, ns] of bundles()) if (!start.has(`${lng}/${ns}`)) i18n.removeResourceBundle(lng, ns);
  dayjs.locale('en');
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
