import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `start(seconds)` runs out; based on an end time so it survives slow tabs. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [endAt, setEndAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndAt(t + seconds * 1000);
  }, []);

  return [Math.max(0, Math.ceil((endAt - now) / 1000)), start];
}
