import './styles/global.css';
import { readStoredLang, rememberLang } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureServerRichText } from './lib/server-rich';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { createAppRouter, createRoutes } from './app/router';
import { langOfPath, localizePath } from './lib/lang-path';
import { HYDRATION_DATA_ID, PUBLIC_CONFIG_ID, readHydrationData, readScriptJson } from './app/hydration';
import { seedPublicConfig, type PublicConfig } from './lib/public-config';
import { ensureUserLoaded } from './lib/auth-actions';

/**
 * The browser entry. An information page arrives rendered by the server with its loader data beside it
 * (issue 23): the lazy route modules of that page are loaded first, then React hydrates the HTML.
 * Every other page (portal, admin) renders from scratch as before.
 */
async function boot(): Promise<void> {
  const { pathname, search, hash } = window.location;
  // Old links keep working: a visitor who chose English and opens a Chinese address reads the English one. Not when
  // a link of this site led here: the language switch of a page that had not hydrated yet is a plain link (issue 39)
  if (langOfPath(pathname) === 'zh' && readStoredLang() === 'en' && !fromThisSite()) {
    window.location.replace(localizePath(pathname + search + hash, 'en'));
    return;
  }
  rememberLang();
  const container = document.getElementById('root')!;
  const hydrationData = readHydrationData(document.getElementById(HYDRATION_DATA_ID));
  const routes = createRoutes();
  if (hydrationData) await resolveLazyRoutes(routes, pathname);
  const router = createAppRouter(routes, hydrationData ?? undefined);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (hydrationData) {
    // the footer's legal lines as the server drew them (lib/public-config.ts): the first render must match
    seedPublicConfig(readScriptJson<PublicConfig>(document.getElementById(PUBLIC_CONFIG_ID)));
    captureServerRichText(container);
    hydrateRoot(container, app);
    // the server rendered the page for anyone; a signed-in visitor's name appears once the session loads
    void ensureUserLoaded();
  } else createRoot(container).render(app);
}

/** Whether the visitor followed a link of this site to this page (the referrer: strict-origin-when-cross-origin). */
function fromThisSite(): boolean {
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The server rendered the page with its lazy modules in place; the first client render must match. */
async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved);
      route.lazy = undefined;
    }),
  );
}

void boot();
