import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedWebTests, needsIsolation, webTestFiles } from './isolation';

/** apps/web */
const WEB = join(__dirname, '..', '..');

// What a file in the shared project (isolate: false) may call on vi: nothing here outlives the file (the stubs,
// spies and fake timers are put back after every file by shared-state.ts's resetSharedState).
const SHARED_SAFE = new Set([
  'vi.fn',
  'vi.waitFor',
  'vi.waitUntil',
  'vi.clearAllMocks',
  'vi.stubGlobal',
  'vi.unstubAllGlobals',
  'vi.stubEnv',
  'vi.unstubAllEnvs',
  'vi.spyOn',
  'vi.restoreAllMocks',
  'vi.useFakeTimers',
  'vi.useRealTimers',
  'vi.isFakeTimers',
  'vi.setSystemTime',
  'vi.advanceTimersByTime',
  'vi.advanceTimersByTimeAsync',
  'vi.runAllTimers',
  'vi.runAllTimersAsync',
  'vi.runOnlyPendingTimers',
  'vi.runOnlyPendingTimersAsync',
]);

describe('which web test files share one environment per worker (issue 35)', () => {
  it('keeps a file that mocks a module or sets module-wide state nothing puts back apart', () => {
    for (const text of [
      "vi.mock('../lib/api-client', () => ({ api: {} }));",
      "vi.doMock('./upload');",
      'const mocks = vi.hoisted(() => ({ get: vi.fn() }));',
      'vi.resetModules();',
      'configureApiClient({ fetch: fakeFetch });',
      'await entry.configure(ssrTestSetup());',
      "import { configure, render } from '../entry-server';\nawait configure(ssrTestSetup());",
      'setRenderScope(scope);',
      'loadPublicConfig();',
    ])
      expect(needsIsolation(text), text).toBe(true);
  });

  it('lets a file share whose changes shared-state.ts puts back after it (stubs, spies, fake timers, the user, the API)', () => {
    for (const text of [
      "vi.stubGlobal('fetch', fetchMock);",
      "vi.stubEnv('MODE', 'production');",
      "vi\n  .spyOn(console, 'error');",
      'vi.useFakeTimers();',
      'vi.setSystemTime(new Date(0));',
      "import { act, configure, render } from '@testing-library/react';\nconfigure({ asyncUtilTimeout: 10_000 });",
      "setUser({ id: 1, nickName: 'Coach Li', permissions: [] });",
      'const http = fakeApi({ get: vi.fn() });',
    ])
      expect(needsIsolation(text), text).toBe(false);
  });

  it('lets a file that renders, waits and uses vi.fn share one', () => {
    const text = [
      "import { render, screen } from '@testing-library/react';",
      'const onChange = vi.fn();',
      'render(<TextField onChange={onChange} />);',
      'await vi.waitFor(() => expect(onChange).toHaveBeenCalled());',
    ].join('\n');
    expect(needsIsolation(text)).toBe(false);
  });

  it('finds no vi call in a shared file beyond the ones known to leave nothing behind (else: add its pattern to isolation.ts)', () => {
    const isolated = new Set(isolatedWebTests(WEB));
    const shared = webTestFiles(WEB).filter((file) => !isolated.has(file));
    expect(shared.length).toBeGreaterThan(0);
    const unknown = shared.flatMap((file) =>
      (readFileSync(join(WEB, file), 'utf8').match(/\bvi\s*\.\s*\w+/g) ?? [])
        .map((call) => call.replace(/\s/g, ''))
        .filter((call) => !SHARED_SAFE.has(call))
        .map((call) => `${file}: ${call}`),
    );
    expect(unknown).toEqual([]);
  });
});
