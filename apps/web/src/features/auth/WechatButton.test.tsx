import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAuth from '../../locales/en/auth.json';
import zhAuth from '../../locales/zh/auth.json';
import i18n from '../../lib/i18n';
import { WechatButton } from './WechatLogin';

/** Issue 34: inside WeChat there is no QR code to scan; the simulation's hint says what it simulates there. */
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n.addResourceBundle('zh', 'auth', zhAuth, true, true);
  i18n.addResourceBundle('en', 'auth', enAuth, true, true);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ resultCode: 1, resultStr: 'ok', data: { wechatLogin: 'simulated', wechatMp: 'simulated' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function hint(lang: 'zh' | 'en', ua: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  await act(async () => void (await i18n.changeLanguage(lang)));
  await act(async () => {
    render(
      <MemoryRouter>
        <WechatButton redirect={null} />
      </MemoryRouter>,
    );
  });
  return (await screen.findByRole('button')).parentElement!.textContent!;
}

describe('the simulated WeChat sign-in hint', () => {
  it.each(['zh', 'en'] as const)('inside WeChat (%s) speaks of the official account, not of scanning', async (lang) => {
    const text = await hint(lang, WECHAT_UA);
    expect(text).toContain(i18n.getFixedT(lang, 'auth')('wechat.simulatedMp'));
    expect(text).not.toMatch(/scan|扫码/i);
  });

  it.each(['zh', 'en'] as const)('in another browser (%s) still names the scan login', async (lang) => {
    expect(await hint(lang, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toContain(i18n.getFixedT(lang, 'auth')('wechat.simulated'));
  });
});
