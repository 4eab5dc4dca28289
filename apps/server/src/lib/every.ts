/** What a background loop logs with: a failed run's error name, never its message (it may carry data). */
export interface JobLog {
  warn: (o: object, m: string) => void;
}

/**
 * A background loop of one instance (startJobs' two — lib/jobs.ts: its batches and its long jobs — are the only ones): runs `run` every `everyMs`, never two runs at
 * once, and never throws — a failed run (a dropped database connection, a provider outage) is logged by its
 * error's name and the next run retries. `run` returns true when it did a full batch: it goes on at once (up
 * to 10 times) instead of waiting for the next tick. Returns the function that stops the loop.
 */
export function every(name: string, everyMs: number, run: () => Promise<boolean | void>, log: JobLog): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (let i = 0; i < 10 && (await run()) === true; i++);
    } catch (e) {
      log.warn({ err: (e as Error)?.name ?? 'error' }, `${name}: run failed, next run retries`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
