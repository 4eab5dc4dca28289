import { useCallback, useSyncExternalStore } from 'react';

/**
 * True while window.innerWidth > min (spec 2.3: the help widget shows only above 1200). The server (and a
 * hydrating browser, through the server snapshot) says false, so hydration matches; the browser's width
 * follows right after.
 */
export function useWideScreen(min: number): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    window.addEventListener('resize', onChange);
    return () => window.removeEventListener('resize', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth > min,
    () => false,
  );
}
