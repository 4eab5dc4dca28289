import { useCallback, useRef, useState } from 'react';

/**
 * A form action of the public auth pages (TanStack Query stays off them): one at a time, `busy` while
 * it runs, a failure handed to `onError`.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>, onError: (error: unknown) => void) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onError(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
