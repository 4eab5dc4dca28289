import { act, cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import enReg from '../locales/en/registration.json';
import zhReg from '../locales/zh/registration.json';
import i18n from '../lib/i18n';
import { stubAntdDom } from './antd-dom';

/** A coach's registration screen under test: act environment, antd's DOM stubs, both registration bundles; cleaned after each test. */
export function setupRegistrationScreen(): void {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    stubAntdDom();
    i18n.addResourceBundle('en', 'registration', enReg, true, true);
    i18n.addResourceBundle('zh', 'registration', zhReg, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });
}

/** A click and whatever it sets off (queries, state) settled. */
export async function click(el: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(el);
  });
}
