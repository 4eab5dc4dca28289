import { useSyncExternalStore } from 'react';

const never = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False on the server and in the browser's first render of a page it hydrates (which must draw what the server
 * drew); true right after, and from the start in a page the browser renders from scratch. For controls whose
 * server-rendered form works without JavaScript and whose hydrated form needs it (issue 39: the language switch).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, inBrowser, onServer);
}
