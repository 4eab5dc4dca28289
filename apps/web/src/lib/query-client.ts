import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { getToken, subscribeSession } from './session';

/**
 * One QueryClient for the lazy areas (portal, admin, help panel). Public pages load their data in
 * route loaders and never import this module, which keeps TanStack Query off the first load.
 * The API client already shows notices, so queries never retry 4xx.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status !== null && error.status < 500) return false;
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});

// A different (or no) user: nothing cached for the previous one may show.
let lastToken = getToken();
subscribeSession(() => {
  const token = getToken();
  if (token === lastToken) return;
  lastToken = token;
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'help' });
});
