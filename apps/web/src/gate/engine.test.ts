import { describe, expect, it, vi } from 'vitest';
import { GATE_BATCH_MAX, type GatePass } from '@rp/shared';
import { GateEngine } from './engine';
import { PassBook, toTuple, type PassTuple, type Use } from './model';
import { BATCH_MAX, flushQueue, type QueuedScan } from './queue';
import type { DeviceMeta, GateStoreApi } from './store';

const SHORT_V = 'ABCD2345EFGH';
const SHORT_G = 'HJKM6789NPQR';
const visitor = (id: number, groupId: number | null, extra: Partial<GatePass> = {}): GatePass => ({
  id,
  kind: 'visitor',
  passCode: `P${String(id).padStart(22, '0')}`,
  shortCode: null,
  groupSize: 1,
  groupId,
  name: '王**',
  usedAt: null,
  usedGate: null,
  ...extra,
});
const group = (id: number, size: number): GatePass => ({
  id,
  kind: 'group',
  passCode: `G${String(id).padStart(22, '0')}`,
  shortCode: SHORT_G,
  groupSize: size,
  groupId: null,
  name: '李**',
  usedAt: null,
  usedGate: null,
});
const PASSES = [visitor(1, null, { shortCode: SHORT_V }), visitor(2, 7), visitor(3, 7), group(7, 2)];

/** The store in memory: the same contract as IndexedDB's. */
function memoryStore(meta?: DeviceMeta, pages: PassTuple[][] = []) {
  const s = { meta, pages: [...pages], used: new Map<number, Use>(), scans: new Map<number, QueuedScan>() };
  const api: GateStoreApi = {
    meta: async () => s.meta,
    saveMeta: async (m) => void (s.meta = m),
    savePage: async (n, page, used) => {
      s.pages[n] = page;
      for (const [id, u] of used) s.used.set(id, u);
    },
    pages: async () => s.pages,
    used: async () => [...s.used],
    markUsed: async (entries, cursor) => {
      for (const [id, u] of entries) s.used.set(id, u);
      if (cursor !== undefined && s.meta) s.meta = { ...s.meta, cursor };
    },
    queue: async (scan, uses) => {
      const counter = s.meta!.counter + 1;
      s.meta = { ...s.meta!, counter };
      s.scans.set(counter, { ...scan, counter });
      for (const [id, u] of uses) s.used.set(id, u);
      return { ...scan, counter };
    },
    waiting: async () => [...s.scans.values()],
    remove: async (counters) => counters.forEach((c) => s.scans.delete(c)),
    wipe: async () => {
      s.meta = undefined;
      s.pages = [];
      s.used.clear();
      s.scans.clear();
    },
  };
  return { s, api };
}
const META: DeviceMeta = {
  token: 't',
  deviceId: 9,
  gate: 'East gate',
  sessionId: 4,
  sessionName: 'Morning',
  expiresAt: '2026-11-28T16:00:00Z',
  total: 4,
  counter: 0,
  cursor: 0,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** a server that never answers (the 2 s timeout aborts the call) */
const hanging: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

describe('the offline decision (PassBook)', () => {
  it('admits a pass once, then refuses it with the time and gate of the first admission', () => {
    const book = new PassBook();
    PASSES.map(toTuple).forEach((t) => book.add(t));
    const first = book.decide(` ${SHORT_V.toLowerCase().slice(0, 4)} ${SHORT_V.slice(4)} `, 'East gate', new Date('2026-11-28T02:01:00Z'));
    expect(first).toMatchObject({ result: 'admitted', count: 1, name: '王**' });
    const again = book.decide(SHORT_V, 'West gate', new Date('2026-11-28T02:03:00Z'));
    expect(again).toMatchObject({ result: 'used', at: '2026-11-28T02:01:00.000Z', gate: 'East gate' });
  });

  it("a group pass admits its order's visitors still unused; a visitor admitted elsewhere is not counted again", () => {
    const book = new PassBook();
    PASSES.map(toTuple).forEach((t) => book.add(t));
    book.markUsed(2, { at: '2026-11-28T01:00:00.000Z', gate: 'North' });
    expect(book.decide(SHORT_G, 'East gate', new Date())).toMatchObject({ result: 'admitted', count: 1 });
    expect(book.decide(visitor(3, 7).passCode, 'East gate', new Date())).toMatchObject({ result: 'used', gate: 'East gate' });
    expect(book.decide(group(7, 2).passCode, 'East gate', new Date()).result).toBe('used');
  });

  it('a code that is no pass of the session is refused', () => {
    const book = new PassBook();
    PASSES.map(toTuple).forEach((t) => book.add(t));
    expect(book.decide('ZZZZ2222ZZZZ', 'East gate', new Date()).result).toBe('unknown');
    expect(book.decide('hello', 'East gate', new Date()).result).toBe('unknown');
  });
});

describe('the batch queue', () => {
  it("sends waiting scans in counter order, in batches of the server's size, and removes only what was answered", async () => {
    expect(BATCH_MAX).toBe(GATE_BATCH_MAX);
    const { s, api } = memoryStore({ ...META });
    for (let i = 0; i < 5; i++) await api.queue({ code: `C${i}`, at: new Date().toISOString(), admitted: true }, []);
    const sent: { counters: number[]; pending: number }[] = [];
    const results = await flushQueue(
      api,
      async (b) => {
        sent.push({ counters: b.scans.map((x) => x.counter), pending: b.pending });
        return { results: b.scans.map((x) => ({ counter: x.counter, outcome: 'admitted', repeated: false, reason: '' })) };
      },
      2,
    );
    expect(sent).toEqual([
      { counters: [1, 2], pending: 3 },
      { counters: [3, 4], pending: 1 },
      { counters: [5], pending: 0 },
    ]);
    expect(results).toHaveLength(5);
    expect(s.scans.size).toBe(0);
  });

  it('keeps a batch whose sending failed, with the same counters for the next try', async () => {
    const { s, api } = memoryStore({ ...META });
    await api.queue({ code: 'A', at: new Date().toISOString(), admitted: true }, []);
    await expect(flushQueue(api, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect([...s.scans.keys()]).toEqual([1]);
  });
});

describe('the gate engine: online first, its own decision after two seconds', () => {
  it('decides itself when the server does not answer in time, says how many scans wait, and sends them once online', async () => {
    vi.useFakeTimers();
    try {
      const { s, api } = memoryStore({ ...META }, [PASSES.map(toTuple)]);
      let server: typeof fetch = hanging;
      const engine = new GateEngine(
        api,
        () => 'en',
        (url, init) => server(url, init),
      );
      await engine.load();
      engine.stop();

      const first = engine.scan(SHORT_V);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await first).toMatchObject({ kind: 'admitted', offline: true });
      expect(engine.state).toMatchObject({ online: false, waiting: 1 });

      // known offline: the second scan is decided at once, refused with the first's time and gate
      const second = await engine.scan(SHORT_V);
      expect(second).toMatchObject({ kind: 'used', gate: 'East gate', offline: true });
      expect(engine.state.waiting).toBe(2);
      expect([...s.scans.values()].map((x) => [x.counter, x.admitted])).toEqual([
        [1, true],
        [2, false],
      ]);

      // the network returns: the batch goes to /api/gate/sync, then the other gates' admissions are read
      const calls: string[] = [];
      server = async (url, init) => {
        calls.push(`${init?.method} ${String(url)}`);
        if (String(url) === '/api/gate/sync') {
          const body = JSON.parse(String(init!.body)) as { scans: QueuedScan[] };
          return json(200, {
            resultCode: 1,
            data: { results: body.scans.map((x) => ({ counter: x.counter, outcome: 'admitted', repeated: false, reason: '' })) },
          });
        }
        return json(200, {
          resultCode: 1,
          data: { admissions: [{ visitorId: 2, at: '2026-11-28T02:00:00.000Z', gate: 'West gate' }], cursor: 41, more: false },
        });
      };
      await engine.tick();
      expect(calls).toEqual(['POST /api/gate/sync', 'GET /api/gate/admissions?since=0']);
      expect(engine.state).toMatchObject({ online: true, waiting: 0 });
      expect(s.scans.size).toBe(0);
      // a pass used at another gate is refused here too (offline), naming that gate
      server = hanging;
      engine.state.online = false;
      expect(await engine.scan(visitor(2, 7).passCode)).toMatchObject({ kind: 'used', gate: 'West gate' });
      expect(s.meta!.cursor).toBe(41);
    } finally {
      vi.useRealTimers();
    }
  });

  it("online, the server's refusal is shown as it is and nothing waits", async () => {
    const { s, api } = memoryStore({ ...META }, [PASSES.map(toTuple)]);
    const engine = new GateEngine(
      api,
      () => 'en',
      async () => json(409, { status: 409, resultCode: 0, resultStr: 'Already used at West gate', code: 'PASS_USED' }),
    );
    await engine.load();
    engine.stop();
    expect(await engine.scan(SHORT_V)).toEqual({ kind: 'refused', message: 'Already used at West gate' });
    expect(s.scans.size).toBe(0);
  });

  it('a revoked device wipes its passes and waiting scans', async () => {
    const { s, api } = memoryStore({ ...META }, [PASSES.map(toTuple)]);
    await api.queue({ code: 'X', at: new Date().toISOString(), admitted: true }, []);
    const engine = new GateEngine(
      api,
      () => 'en',
      async () => json(401, { status: 401, resultCode: 0, resultStr: 'revoked', code: 'GATE_DEVICE_REVOKED' }),
    );
    await engine.load();
    engine.stop();
    await engine.tick();
    expect(engine.state).toMatchObject({ phase: 'setup', wiped: 'revoked' });
    expect(s.meta).toBeUndefined();
    expect(s.pages).toEqual([]);
    expect(s.scans.size).toBe(0);
  });
});
