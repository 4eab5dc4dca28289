import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from './every';

describe('every (the background loops of server.ts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a failed run is logged by its error name (never its message) and the next run retries; the loop lives on', async () => {
    const warn = vi.fn();
    let calls = 0;
    const stop = every(
      'outbox',
      1000,
      async () => {
        calls++;
        if (calls === 1) throw Object.assign(new Error('connection to 10.0.0.5 lost, phone 13800138000'), { name: 'ConnectionLost' });
      },
      { warn },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(warn).toHaveBeenCalledWith({ err: 'ConnectionLost' }, 'outbox: run failed, next run retries');
    expect(JSON.stringify(warn.mock.calls)).not.toContain('13800138000');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });

  it('never runs twice at once; a full batch goes on at once (10 runs a tick at most)', async () => {
    let running = 0;
    let most = 0;
    let calls = 0;
    const stop = every(
      'slow',
      100,
      async () => {
        running++;
        most = Math.max(most, running);
        calls++;
        await new Promise((r) => setTimeout(r, 350));
        running--;
        return false;
      },
      { warn: () => undefined },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(most).toBe(1);
    stop();
    let full = 0;
    const stop2 = every('full', 1000, async () => ++full < 100, { warn: () => undefined });
    await vi.advanceTimersByTimeAsync(1000);
    expect(full).toBe(10); // each run said "a full batch": ten in one tick, then the next tick
    stop2();
    expect(calls).toBeGreaterThan(0);
  });
});
