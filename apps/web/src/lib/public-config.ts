import { createContext, useContext, useEffect, useState } from 'react';
import { api } from './api-client';
import type { PublicConfigResponse } from './contract';

export type PublicConfig = PublicConfigResponse['data'];

/**
 * GET /api/config/public (no login), fetched once per page load and shared by the home loader and
 * the header's exam launch. Never rejects: a failure yields null and is retried on the next call.
 * (Plain promise cache instead of TanStack Query: the query library stays out of the public entry.)
 */
let value: PublicConfig | null = null;
let pending: Promise<PublicConfig | null> | null = null;
const listeners = new Set<(config: PublicConfig | null) => void>();

export function loadPublicConfig(): Promise<PublicConfig | null> {
  if (value) return Promise.resolve(value);
  pending ??= api
    .get<PublicConfigResponse>('/api/config/public', { silent: true, noRedirect: true, timeoutMs: 8000 })
    .then((res) => {
      value = res.data;
      for (const l of listeners) l(value);
      return value;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The configuration a server render draws with (entry-server.tsx provides it and sends it beside the page),
 * and the browser is seeded with before it hydrates (main.tsx seedPublicConfig), so the footer's legal lines
 * (issue 37: on every page) are in the server's HTML and the first client render draws the same (issue 39).
 */
const RenderedConfig = createContext<PublicConfig | null | undefined>(undefined);
export const PublicConfigProvider = RenderedConfig.Provider;

/** The browser, before hydrating a server-rendered page: the configuration the server rendered it with. */
export function seedPublicConfig(config: PublicConfig | null): void {
  if (config && !value) value = config;
}

export function usePublicConfig(): PublicConfig | null {
  const rendered = useContext(RenderedConfig);
  // On the server, the render's own configuration (the module is shared between visitors: never what an earlier
  // render loaded); in the browser, what it holds (seeded with the server's before hydration: the same HTML)
  const [config, setConfig] = useState(() => (rendered !== undefined ? rendered : typeof window === 'undefined' ? null : value));
  useEffect(() => {
    listeners.add(setConfig);
    void loadPublicConfig();
    return () => void listeners.delete(setConfig);
  }, []);
  return config;
}
