import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enReg from '../../locales/en/registration.json';
import zhReg from '../../locales/zh/registration.json';
import i18n from '../../lib/i18n';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the dialog loads the players through api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
const { BatchAvatarDialog } = await import('./BatchTools');

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'registration', enReg, true, true);
  i18n.addResourceBundle('zh', 'registration', zhReg, true, true);
  URL.createObjectURL ??= () => 'blob:x';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('batch avatars', { timeout: 30_000 }, () => {
  it.each(['en', 'zh'] as const)('pictures chosen before the player list arrives are matched once it does (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    let answer: (v: unknown) => void = () => undefined;
    http.get.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BatchAvatarDialog open activityId={600} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'Lin Xiaoyu.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await act(async () => {
      answer({ content: [{ id: 7, name: 'Lin Xiaoyu', card: '110105201705040021' }], totalElements: 1 });
    });
    expect(await screen.findByText('Lin Xiaoyu.png')).toBeTruthy();
    expect(screen.getAllByText('Lin Xiaoyu').length).toBeGreaterThan(0);
    expect(screen.queryByText(i18n.t('registration:batch.noMatch'))).toBeNull();
  });
});
