import { useCallback, type RefObject } from 'react';

/** Below this width the list and the detail stack: tapping an item scrolls its detail into view. */
export const STACKED_QUERY = '(max-width: 900px)';

/** On phones (stacked layout) bring the detail card into view after the person picks a team or player. */
export function useScrollToDetail(ref: RefObject<HTMLElement | null>) {
  return useCallback(() => {
    if (typeof window === 'undefined' || !window.matchMedia(STACKED_QUERY).matches) return;
    // after React has rendered the newly chosen detail
    requestAnimationFrame(() => ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }, [ref]);
}
