import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { FaqListResponse } from '../../lib/contract';

/** Spec 9: FAQ page size 10; help messages poll every 10 s while the panel is open (chat, later issue). */
export const FAQ_PAGE_SIZE = 10;
export const HELP_POLL_MS = 10_000;

/** Kept across logins (lib/query-client.ts spares the 'help' root). */
export const helpKeys = {
  all: ['help'] as const,
  faq: (lang: string) => [...helpKeys.all, 'faq', lang] as const,
};

/** FAQ in the request language (the key carries the language so a switch refetches). */
export function faqQuery(lang: string) {
  return queryOptions({
    queryKey: helpKeys.faq(lang),
    queryFn: ({ signal }) =>
      api.get<FaqListResponse>('/api/lMessage/web/faq', { signal, silent: true, noRedirect: true, query: { page: 0, size: FAQ_PAGE_SIZE } }),
    staleTime: 5 * 60_000,
  });
}
