import { queryOptions } from '@tanstack/react-query';
import { consultEtag } from '@rp/shared/rules/consult';
import type { ConsultLine } from '@rp/shared/schemas/people';
import { api } from '../../lib/api-client';
import type { FaqListResponse } from '../../lib/contract';

/** Spec 9: FAQ page size 10; help messages poll every 10 s while the panel is open; 100 lines kept. */
export const FAQ_PAGE_SIZE = 10;
export const LINES_KEPT = 100;
export { HELP_POLL_MS, QUESTION_MAX } from '@rp/shared/rules/consult';

/** Kept across logins (lib/query-client.ts spares the 'help' root). */
export const helpKeys = {
  all: ['help'] as const,
  faq: (lang: string, page: number) => [...helpKeys.all, 'faq', lang, page] as const,
};
/** The conversation is the account's: removed at logout with every other root. */
export const consultKeys = {
  lines: (userId: number) => ['consult', userId] as const,
};

/** FAQ in the request language (the key carries the language so a switch refetches). */
export function faqQuery(lang: string, page = 0) {
  return queryOptions({
    queryKey: helpKeys.faq(lang, page),
    queryFn: ({ signal }) =>
      api.get<FaqListResponse>('/api/lMessage/web/faq', { signal, silent: true, noRedirect: true, query: { page, size: FAQ_PAGE_SIZE } }),
    staleTime: 5 * 60_000,
  });
}

export interface Conversation {
  lastId: number;
  lines: ConsultLine[];
}
interface ChatList {
  content: ConsultLine[];
  lastId: number;
}

/**
 * What is new since `prev`: the poll sends the conversation's ETag, and an unchanged conversation answers
 * 304 without a body (the api client resolves it as undefined): `prev` is kept as it is.
 */
export async function fetchNewLines(prev: Conversation | undefined, signal?: AbortSignal): Promise<Conversation> {
  const r = await api.get<ChatList | undefined>('/api/lMessage/web/chat/list', {
    signal,
    silent: true,
    noRedirect: true,
    query: { after: prev?.lastId ?? 0, page: 0, size: LINES_KEPT },
    headers: prev ? { 'If-None-Match': consultEtag(prev.lastId) } : undefined,
  });
  if (!r) return prev ?? { lastId: 0, lines: [] };
  return { lastId: r.lastId, lines: [...(prev?.lines ?? []), ...r.content].slice(-LINES_KEPT) };
}

export const askQuestion = (content: string) => api.post<{ data: ConsultLine; resultStr: string }>('/api/lMessage/web/chat', { content }, { silent: true });
