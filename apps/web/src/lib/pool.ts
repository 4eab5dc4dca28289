export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `worker` over `items` with at most `limit` running at once (bulk uploads: a few files in
 * flight keep the server and the browser responsive). Never rejects: every item gets its own result,
 * reported through `onSettled` as soon as it is known, in the order of `items` in the returned array.
 */
export async function runPool<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<R>,
  onSettled?: (index: number, result: Settled<R>) => void,
  signal?: { aborted: boolean },
): Promise<Settled<R>[]> {
  const results: Settled<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      let r: Settled<R>;
      try {
        r = { ok: true, value: await worker(items[i]!, i) };
      } catch (error) {
        r = { ok: false, error };
      }
      results[i] = r;
      onSettled?.(i, r);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
