/** the server's GATE_BATCH_MAX (schemas/gate.ts; queue.test.ts keeps them equal): not imported, zod stays off the gate's page */
export const BATCH_MAX = 500;

/** A scan decided by the gate itself, waiting to be sent: the nonce is this device + its counter. */
export interface QueuedScan {
  counter: number;
  code: string;
  at: string;
  admitted: boolean;
}
export interface SyncResult {
  counter: number;
  outcome: string;
  repeated: boolean;
  reason: string;
}
/** Where the waiting scans are kept (IndexedDB on the device, memory in tests). */
export interface ScanQueueStore {
  waiting(): Promise<QueuedScan[]>;
  remove(counters: number[]): Promise<void>;
}
export type SendBatch = (body: { sentAt: string; pending: number; scans: QueuedScan[] }) => Promise<{ results: SyncResult[] }>;

/**
 * Sends the waiting scans in counter order, in batches of at most BATCH_MAX, each removed only once the
 * server answered for it (a batch lost on the way is sent again with the same counters: the server applies a
 * nonce once). Stops at the first batch that fails and rethrows; what was answered stays removed.
 */
export async function flushQueue(store: ScanQueueStore, send: SendBatch, max = BATCH_MAX): Promise<SyncResult[]> {
  const all: SyncResult[] = [];
  for (;;) {
    const waiting = (await store.waiting()).sort((a, b) => a.counter - b.counter);
    if (!waiting.length) return all;
    const batch = waiting.slice(0, max);
    const { results } = await send({ sentAt: new Date().toISOString(), pending: waiting.length - batch.length, scans: batch });
    const answered = new Set(results.map((r) => r.counter));
    await store.remove(batch.map((s) => s.counter).filter((c) => answered.has(c)));
    all.push(...results);
    // the server answered none of them: do not spin on the same batch
    if (!answered.size) return all;
  }
}
