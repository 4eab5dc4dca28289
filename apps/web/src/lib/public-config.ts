import { useEffect, useState } from 'react';
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

export function usePublicConfig(): PublicConfig | null {
  // The server renderer shares this module between visitors: it renders without what an earlier render loaded,
  // as the browser's hydrating first render (which has not fetched yet) does (issue 39: React #418)
  const [config, setConfig] = useState(() => (typeof window === 'undefined' ? null : value));
  useEffect(() => {
    listeners.add(setConfig);
    void loadPublicConfig();
    return () => void listeners.delete(setConfig);
  }, []);
  return config;
}
