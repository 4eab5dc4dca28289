import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAuth from '../../locales/en/auth.json';
import zhAuth from '../../locales/zh/auth.json';
import i18n from '../../lib/i18n';
import { WechatSignUp } from './WechatSignUp';

/**
 * Issue 33: a WeChat is linked to an existing account only after a yes. The server answers the phone and its
 * code with a question (the masked phone, the WeChat's name); the screen asks it, and only "Link and sign in"
 * sends { ticket, confirm: true }.
 */
const TICKET = 'a'.repeat(64);
const sent: { url: string; body: unknown }[] = [];
const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n.addResourceBundle('zh', 'auth', zhAuth, true, true);
  i18n.addResourceBundle('en', 'auth', enAuth, true, true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sent.length = 0;
});

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url: input, body });
      if (!input.endsWith('/auth/web/wxSignUp')) return reply({ resultCode: 1, resultStr: 'ok', data: null });
      if (body.confirm)
        return reply({
          resultCode: 1,
          resultStr: 'ok',
          token: 't'.repeat(32),
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          user: { id: 7, username: '13812341234', nickName: 'Parent', phone: '13812341234', avatar: null, roles: ['member'], lang: 'en' },
          created: false,
          redirect: '/userCenter',
        });
      return reply({ resultCode: 1, resultStr: 'ok', confirm: { phone: '138****1234', wechatName: 'Teacher Wang' }, redirect: '/userCenter' });
    }),
  );
}

async function proveThePhone(lang: 'zh' | 'en') {
  const t = i18n.getFixedT(lang, 'auth');
  await act(async () => {
    fireEvent.change(screen.getByRole('textbox', { name: t('sms.phone') }), { target: { value: '13812341234' } });
    fireEvent.change(screen.getByRole('textbox', { name: t('sms.code') }), { target: { value: '123456' } });
    // the privacy policy's box, never pre-ticked (issue 37)
    fireEvent.click(screen.getByRole('checkbox'));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t('wechat.signUpSubmit') }));
  });
  return t;
}

describe('WechatSignUp asks before linking an existing account', () => {
  it.each(['zh', 'en'] as const)('shows the masked phone and the WeChat name; "Don’t link" sends nothing more (%s)', async (lang) => {
    await act(() => i18n.changeLanguage(lang));
    stubServer();
    render(
      <MemoryRouter>
        <WechatSignUp ticket={TICKET} name="Teacher Wang" />
      </MemoryRouter>,
    );
    const t = await proveThePhone(lang);
    const title = t('wechat.confirmTitle', { name: 'Teacher Wang', phone: '138****1234' });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(title).toContain('138****1234');
    expect(sent.filter((r) => r.url.endsWith('/auth/web/wxSignUp')).map((r) => r.body)).toEqual([
      { ticket: TICKET, phone: '13812341234', code: '123456', acceptPrivacy: true },
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t('wechat.confirmNo') }));
    });
    expect(screen.getByText(t('wechat.declined'))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: title })).toBeNull();
    expect(sent.filter((r) => r.url.endsWith('/auth/web/wxSignUp'))).toHaveLength(1);
  });

  it('"Link and sign in" sends the yes with the ticket only', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubServer();
    render(
      <MemoryRouter>
        <WechatSignUp ticket={TICKET} name="Teacher Wang" />
      </MemoryRouter>,
    );
    const t = await proveThePhone('en');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: t('wechat.confirmYes') }));
    });
    await vi.waitFor(() => expect(sent.filter((r) => r.url.endsWith('/auth/web/wxSignUp')).at(-1)!.body).toEqual({ ticket: TICKET, confirm: true }));
  });
});
