import type { GatePass } from '@rp/shared';
import { deviceCall, GateCallError } from './device';
import { PassBook, toTuple, type PassTuple, type Use } from './model';
import { flushQueue, type SyncResult } from './queue';
import type { DeviceMeta, GateStoreApi } from './store';

/** passes per download page */
export const PAGE_SIZE = 2000;
/** how often, while online, the gate sends waiting scans and reads the other gates' admissions */
export const POLL_MS = 3000;

export type Verdict =
  | { kind: 'admitted'; name: string; count: number; offline: boolean }
  | { kind: 'used'; name: string; at: string; gate: string; offline: boolean }
  | { kind: 'unknown'; code: string; offline: boolean }
  | { kind: 'refused'; message: string };

export interface GateState {
  phase: 'loading' | 'setup' | 'downloading' | 'ready';
  meta?: DeviceMeta;
  online: boolean;
  waiting: number;
  verdict?: Verdict;
  progress?: { done: number; total: number };
  /** why the device was wiped: revoked / expired, or signed out */
  wiped?: 'revoked' | 'signedOut';
  /** conflicts the server reported for this device's offline admissions */
  conflicts: number;
}

type Listener = () => void;

/**
 * The gate's behaviour, outside React: the passes in memory (PassBook) and on the device (GateStore), online
 * scans with the gate's own decision as the fallback, the queue of offline scans and the poll of the other
 * gates' admissions. GateApp.tsx only draws its state.
 */
export class GateEngine {
  private book = new PassBook();
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private busy = false;
  state: GateState = { phase: 'loading', online: true, waiting: 0, conflicts: 0 };

  constructor(
    private store: GateStoreApi,
    private lang: () => string,
    private fetchImpl: typeof fetch = (...a) => fetch(...a),
  ) {}

  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.state;
  private set(patch: Partial<GateState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private call<T>(method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs?: number) {
    return deviceCall<T>(this.state.meta!.token, this.lang(), method, path, body, timeoutMs, this.fetchImpl);
  }

  /** The device as stored: its passes into memory, the loop started; or the setup screen. */
  async load(): Promise<void> {
    const meta = await this.store.meta();
    if (!meta) return this.set({ phase: 'setup' });
    const [pages, used, waiting] = await Promise.all([this.store.pages(), this.store.used(), this.store.waiting()]);
    this.book = new PassBook();
    for (const page of pages) for (const t of page) this.book.add(t);
    for (const [id, u] of used) this.book.markUsed(id, u);
    this.set({ phase: 'ready', meta, waiting: waiting.length });
    this.schedule(0);
  }

  /** "Ready for offline": the device session is made (by the signed-in staff member) and the passes are downloaded. */
  async download(created: { token: string; device: { id: number; gate: string; sessionId: number; sessionName: string; expiresAt: string } }) {
    const d = created.device;
    const meta: DeviceMeta = {
      token: created.token,
      deviceId: d.id,
      gate: d.gate,
      sessionId: d.sessionId,
      sessionName: d.sessionName,
      expiresAt: d.expiresAt,
      total: 0,
      counter: 0,
      cursor: 0,
    };
    await this.store.wipe();
    this.book = new PassBook();
    this.set({ phase: 'downloading', meta, progress: { done: 0, total: 0 }, wiped: undefined, verdict: undefined, waiting: 0, conflicts: 0 });
    let after: string | null = null;
    let n = 0;
    let done = 0;
    try {
      do {
        const q: string = `/api/gate/passes?size=${PAGE_SIZE}${after ? `&after=${after}` : ''}`;
        const r = await this.call<{ data: { passes: GatePass[]; next: string | null; total: number } }>('GET', q, undefined, 30_000);
        const tuples: PassTuple[] = r.data.passes.map(toTuple);
        const used: [number, Use][] = r.data.passes
          .filter((p) => p.kind === 'visitor' && p.usedAt)
          .map((p) => [p.id, { at: p.usedAt!, gate: p.usedGate ?? '' }]);
        await this.store.savePage(n++, tuples, used);
        for (const t of tuples) this.book.add(t);
        for (const [id, u] of used) this.book.markUsed(id, u);
        done += r.data.passes.filter((p) => p.kind === 'visitor').length;
        this.set({ progress: { done: Math.min(done, r.data.total), total: r.data.total } });
        after = r.data.next;
      } while (after);
    } catch (e) {
      await this.store.wipe();
      this.set({ phase: 'setup', meta: undefined, progress: undefined });
      throw e;
    }
    meta.total = this.book.people;
    await this.store.saveMeta(meta);
    this.set({ phase: 'ready', meta });
    this.schedule(0);
  }

  /**
   * One scan. Online (and nothing waiting to be sent, so the server hears this gate's scans in order) the server
   * decides within two seconds; otherwise — or when it does not answer in time — the gate decides from its list
   * and keeps the scan to send later.
   */
  async scan(raw: string): Promise<Verdict> {
    const code = raw.trim();
    if (this.state.online && this.state.waiting === 0) {
      try {
        const r = await this.call<{ data: { admitted: number; names: string[] } }>('POST', '/api/gate/scan', { code });
        const pass = this.book.find(code);
        if (pass) {
          const use = { at: new Date().toISOString(), gate: this.state.meta!.gate };
          const entries = this.book.targets(pass).map((id): [number, Use] => [id, use]);
          for (const [id, u] of entries) this.book.markUsed(id, u);
          await this.store.markUsed(entries);
        }
        return this.verdict({ kind: 'admitted', name: r.data.names[0] ?? pass?.name ?? '', count: r.data.admitted, offline: false });
      } catch (e) {
        if (!(e instanceof GateCallError)) throw e;
        if (e.kind === 'wipe') {
          await this.wipe('revoked');
          return this.verdict({ kind: 'refused', message: e.message });
        }
        if (e.kind === 'refused') return this.verdict({ kind: 'refused', message: e.message });
        this.set({ online: false });
      }
    }
    const now = new Date();
    const d = this.book.decide(code, this.state.meta!.gate, now);
    const uses: [number, Use][] = d.result === 'admitted' ? this.book.targets(d.pass).map((id) => [id, this.book.used.get(id)!]) : [];
    await this.store.queue({ code: code.slice(0, 64), at: now.toISOString(), admitted: d.result === 'admitted' }, uses);
    this.set({ waiting: this.state.waiting + 1 });
    if (d.result === 'admitted') return this.verdict({ kind: 'admitted', name: d.name, count: d.count, offline: true });
    if (d.result === 'used') return this.verdict({ kind: 'used', name: d.name, at: d.at, gate: d.gate, offline: true });
    return this.verdict({ kind: 'unknown', code, offline: true });
  }

  private verdict(v: Verdict): Verdict {
    this.set({ verdict: v });
    return v;
  }

  /** Waiting scans sent, then the other gates' admissions read; either failing marks the gate offline. */
  async tick(): Promise<void> {
    if (this.busy || this.state.phase !== 'ready') return;
    this.busy = true;
    try {
      const results: SyncResult[] = await flushQueue(this.store, (body) =>
        this.call<{ data: { results: SyncResult[] } }>('POST', '/api/gate/sync', body, 10_000).then((r) => r.data),
      );
      const conflicts = results.filter((r) => r.outcome === 'conflict' && !r.repeated).length;
      let more = true;
      while (more) {
        const cursor = this.state.meta!.cursor;
        const r = await this.call<{ data: { admissions: { visitorId: number; at: string; gate: string }[]; cursor: number; more: boolean } }>(
          'GET',
          `/api/gate/admissions?since=${cursor}`,
        );
        const entries = r.data.admissions.map((a): [number, Use] => [a.visitorId, { at: a.at, gate: a.gate }]);
        for (const [id, u] of entries) this.book.markUsed(id, u);
        await this.store.markUsed(entries, r.data.cursor);
        this.set({ meta: { ...this.state.meta!, cursor: r.data.cursor } });
        more = r.data.more;
      }
      this.set({ online: true, waiting: (await this.store.waiting()).length, conflicts: this.state.conflicts + conflicts });
    } catch (e) {
      if (e instanceof GateCallError && e.kind === 'wipe') await this.wipe('revoked');
      else this.set({ online: false, waiting: (await this.store.waiting()).length });
    } finally {
      this.busy = false;
    }
  }

  schedule(ms = POLL_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.tick().finally(() => {
        if (this.state.phase === 'ready') this.schedule();
      });
    }, ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** Signing out: the device session ended on the server when it answers, the passes wiped here either way. */
  async signOut(): Promise<void> {
    if (this.state.meta) await this.call('POST', '/api/gate/signout', {}).catch(() => undefined);
    await this.wipe('signedOut');
  }

  private async wipe(why: GateState['wiped']): Promise<void> {
    this.stop();
    await this.store.wipe();
    this.book = new PassBook();
    this.set({ phase: 'setup', meta: undefined, waiting: 0, wiped: why, progress: undefined, verdict: undefined, online: true, conflicts: 0 });
  }
}
