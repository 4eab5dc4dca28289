import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api-client';
import type { UnreadCountResponse } from '../../lib/contract';
import { subscribeSession } from '../../lib/session';

/**
 * The header's unread count (red dot), polled every minute while the tab is visible and someone is
 * logged in. A tiny store rather than TanStack Query so the query library stays off public pages;
 * the portal calls refreshUnread() after marking a message read.
 */
export const UNREAD_POLL_MS = 60_000;

let count = 0;
let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function set(next: number): void {
  if (next === count) return;
  count = next;
  for (const l of listeners) l();
}

export async function refreshUnread(): Promise<void> {
  try {
    // Background call: a dead session only flips the header to logged-out (no notice, no redirect).
    const res = await api.get<UnreadCountResponse>('/api/lMessage/web/count', { silent: true, noRedirect: true });
    set(res.data);
  } catch {
    // Keep the last known value.
  }
}

function onVisibility(): void {
  if (!document.hidden) void refreshUnread();
}

function startPolling(): void {
  void refreshUnread();
  timer = setInterval(() => {
    if (!document.hidden) void refreshUnread();
  }, UNREAD_POLL_MS);
  document.addEventListener('visibilitychange', onVisibility);
}

function stopPolling(): void {
  clearInterval(timer);
  timer = undefined;
  document.removeEventListener('visibilitychange', onVisibility);
}

subscribeSession(() => set(0));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current unread count; polls while at least one mounted component asks for it. */
export function useUnreadCount(): number {
  useEffect(() => {
    if (users++ === 0) startPolling();
    return () => {
      if (--users === 0) stopPolling();
    };
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => count,
  );
}
