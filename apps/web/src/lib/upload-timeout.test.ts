import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, uploadTimeoutMs, UPLOAD_TIMEOUT_MAX_MS } from './api-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('upload time limit (issue 40: a slow phone on a large file)', () => {
  it('grows with the file at a weak uplink, within the spec’s 20 minutes', () => {
    expect(uploadTimeoutMs(0)).toBe(30_000);
    // a 5 MB avatar at 32 KB/s: 160 s more than a plain request
    expect(uploadTimeoutMs(5 * 1024 * 1024)).toBe(190_000);
    expect(uploadTimeoutMs(1024 * 1024 * 1024)).toBe(UPLOAD_TIMEOUT_MAX_MS);
  });

  it('an upload still sending after 30 s is not cut off; a JSON request is', async () => {
    vi.useFakeTimers();
    const never = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    vi.stubGlobal('fetch', vi.fn(never));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'big.jpg');
    let uploadDone = false;
    const upload = api.post('/api/x', form, { silent: true }).finally(() => (uploadDone = true));
    upload.catch(() => undefined);
    const json = api.post('/api/y', { a: 1 }, { silent: true });
    const jsonFailed = expect(json).rejects.toMatchObject({ code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(31_000);
    await jsonFailed;
    expect(uploadDone).toBe(false);
    await vi.advanceTimersByTimeAsync(uploadTimeoutMs(2 * 1024 * 1024) - 31_000 + 1000);
    await expect(upload).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
