import type { PassTuple, Use } from './model';
import type { QueuedScan, ScanQueueStore } from './queue';

/**
 * The gate's IndexedDB (plain API, no library): `meta` (the device session and counters), `pages` (the
 * downloaded passes, one record per download page of tuples — compact and written in few transactions),
 * `used` (visitor id → use, from the download, this gate and the other gates' admissions) and `scans` (the
 * offline scans waiting to be sent, by counter). Signing out or a revoked device wipes all of it.
 */
export const DB_NAME = 'rp-gate';
const STORES = ['meta', 'pages', 'used', 'scans'] as const;
type StoreName = (typeof STORES)[number];

export interface DeviceMeta {
  token: string;
  deviceId: number;
  gate: string;
  sessionId: number;
  sessionName: string;
  expiresAt: string;
  /** visitor passes on the device (the people it may admit) */
  total: number;
  /** the last scan counter given (the nonce's second half) */
  counter: number;
  /** the other gates' admissions read up to this check-in id */
  cursor: number;
}

const req = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

export function openGateDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore('meta');
    db.createObjectStore('pages');
    db.createObjectStore('used');
    db.createObjectStore('scans', { keyPath: 'counter' });
  };
  return req(open);
}

export class GateStore implements ScanQueueStore {
  constructor(private db: IDBDatabase) {}

  private tx(stores: StoreName | StoreName[], mode: IDBTransactionMode = 'readonly') {
    return this.db.transaction(stores, mode);
  }

  async meta(): Promise<DeviceMeta | undefined> {
    return req<DeviceMeta | undefined>(this.tx('meta').objectStore('meta').get('device'));
  }
  async saveMeta(m: DeviceMeta): Promise<void> {
    const tx = this.tx('meta', 'readwrite');
    tx.objectStore('meta').put(m, 'device');
    await done(tx);
  }
  async savePage(n: number, page: PassTuple[], used: [number, Use][]): Promise<void> {
    const tx = this.tx(['pages', 'used'], 'readwrite');
    tx.objectStore('pages').put(page, n);
    for (const [id, u] of used) tx.objectStore('used').put(u, id);
    await done(tx);
  }
  async pages(): Promise<PassTuple[][]> {
    return req<PassTuple[][]>(this.tx('pages').objectStore('pages').getAll());
  }
  async used(): Promise<[number, Use][]> {
    const tx = this.tx('used');
    const [keys, values] = await Promise.all([req(tx.objectStore('used').getAllKeys()), req<Use[]>(tx.objectStore('used').getAll())]);
    return keys.map((k, i) => [Number(k), values[i]!]);
  }
  async markUsed(entries: [number, Use][], cursor?: number): Promise<void> {
    const tx = this.tx(['used', 'meta'], 'readwrite');
    for (const [id, u] of entries) tx.objectStore('used').put(u, id);
    if (cursor !== undefined) {
      const m = await req<DeviceMeta | undefined>(tx.objectStore('meta').get('device'));
      if (m) tx.objectStore('meta').put({ ...m, cursor }, 'device');
    }
    await done(tx);
  }
  /**
   * An offline scan kept with the next counter (never reused on this device), and the uses it made, in one
   * transaction: after a crash either both are there or neither.
   */
  async queue(scan: Omit<QueuedScan, 'counter'>, uses: [number, Use][]): Promise<QueuedScan> {
    const tx = this.tx(['meta', 'scans', 'used'], 'readwrite');
    const m = await req<DeviceMeta | undefined>(tx.objectStore('meta').get('device'));
    if (!m) throw new Error('no device');
    const counter = m.counter + 1;
    tx.objectStore('meta').put({ ...m, counter }, 'device');
    const row = { ...scan, counter };
    tx.objectStore('scans').put(row);
    for (const [id, u] of uses) tx.objectStore('used').put(u, id);
    await done(tx);
    return row;
  }
  async waiting(): Promise<QueuedScan[]> {
    return req<QueuedScan[]>(this.tx('scans').objectStore('scans').getAll());
  }
  async remove(counters: number[]): Promise<void> {
    if (!counters.length) return;
    const tx = this.tx('scans', 'readwrite');
    for (const c of counters) tx.objectStore('scans').delete(c);
    await done(tx);
  }
  /** Everything gone: passes, uses, waiting scans, the device's token. */
  async wipe(): Promise<void> {
    const tx = this.tx([...STORES], 'readwrite');
    for (const s of STORES) tx.objectStore(s).clear();
    await done(tx);
  }
}

/** What the engine needs of the store (the tests give it one in memory). */
export type GateStoreApi = Pick<GateStore, 'meta' | 'saveMeta' | 'savePage' | 'pages' | 'used' | 'markUsed' | 'queue' | 'waiting' | 'remove' | 'wipe'>;
