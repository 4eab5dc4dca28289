import { configure, getConfig } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { getToken, getUser, setUser, startSession } from '../lib/session';
import { fakeApi, resetSharedState } from './shared-state';

// What the web project's files may change because it is put back after each of them (issue 35): if
// resetSharedState missed one, the next file in the worker would start with it.
describe('resetSharedState puts back what a file of the shared project changed', () => {
  it('stubbed globals and environment variables, spies, fake timers and the clock', () => {
    const realFetch = globalThis.fetch;
    const realNow = Date.now();
    const target = { greet: () => 'hello' };
    vi.stubGlobal('fetch', vi.fn());
    vi.stubEnv('VITE_SHARED_STATE_PROBE', 'on');
    const spy = vi.spyOn(target, 'greet').mockReturnValue('stubbed');
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
    expect(target.greet()).toBe('stubbed');
    expect(Date.now()).toBe(Date.parse('2001-01-01T00:00:00Z'));

    resetSharedState();

    expect(globalThis.fetch).toBe(realFetch);
    expect(import.meta.env.VITE_SHARED_STATE_PROBE).toBeUndefined();
    expect(target.greet()).toBe('hello');
    expect(spy).not.toBe(target.greet);
    expect(vi.isFakeTimers()).toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(realNow);
  });

  it('testing library’s configuration, the signed-in user and the cookies, the API client’s methods', async () => {
    const timeout = getConfig().asyncUtilTimeout;
    const realGet = api.get;
    configure({ asyncUtilTimeout: timeout + 12_345 });
    startSession({ token: 'probe-token', rememberMe: false, user: { id: 7, nickName: 'Probe' } as never });
    setUser({ id: 8, nickName: 'Probe 2' } as never);
    document.cookie = 'probe=1; path=/';
    const http = fakeApi({ get: vi.fn(async () => ({ data: 'faked' })) });
    expect(await api.get('/api/x')).toEqual({ data: 'faked' });
    expect(http.get).toHaveBeenCalledWith('/api/x');
    expect(getToken()).toBe('probe-token');

    resetSharedState();

    expect(getConfig().asyncUtilTimeout).toBe(timeout);
    expect(api.get).toBe(realGet);
    expect(getUser()).toBeNull();
    expect(getToken()).toBeNull();
    expect(document.cookie).toBe('');
  });
});
