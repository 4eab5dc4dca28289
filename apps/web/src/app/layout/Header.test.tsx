import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enCommon from '../../locales/en/common.json';
import enNav from '../../locales/en/nav.json';
import zhCommon from '../../locales/zh/common.json';
import zhNav from '../../locales/zh/nav.json';
import i18n from '../../lib/i18n';
import { clearSession, startSession } from '../../lib/session';
import type { RouteHandle } from '../route-meta';
import { Header } from './Header';

function renderAt(path: string, handle: RouteHandle) {
  const router = createMemoryRouter([{ path: '*', element: <Header />, handle }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it.each([
    ['zh', zhNav, zhCommon],
    ['en', enNav, enCommon],
  ] as const)('renders the navigation in %s for a visitor', async (lang, nav, common) => {
    await act(() => i18n.changeLanguage(lang));
    renderAt('/onlineMatch', { nav: 'activity' });

    const main = screen.getByRole('navigation', { name: nav.mainLabel });
    for (const label of [nav.home, nav.news, nav.pasted, nav.program, nav.activity, nav.rules, nav.partner, nav.about]) {
      expect(within(main).getByRole('link', { name: label })).toBeTruthy();
    }
    // /onlineMatch highlights the activity item.
    expect(within(main).getByRole('link', { name: nav.activity }).getAttribute('aria-current')).toBe('page');
    expect(within(main).getByRole('link', { name: nav.home }).getAttribute('aria-current')).toBeNull();

    expect(screen.getByRole('link', { name: nav.login }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: nav.register }).getAttribute('href')).toBe('/regist');
    const logo = screen.getByRole('link', { name: common.logoLabel });
    // information pages have an address per language (issue 23)
    expect(logo.getAttribute('href')).toBe(lang === 'zh' ? '/home' : '/en/home');
    expect(within(main).getByRole('link', { name: nav.news }).getAttribute('href')).toBe(lang === 'zh' ? '/news' : '/en/news');
    // its name starts with the words it shows (WCAG 2.5.3, axe label-content-name-mismatch): speech users say what they see
    // (with the words apart: axe joins the shown text as it stands in the page)
    expect(logo.textContent).toBe(`${common.siteShortName} ${common.siteName}`);
    expect(common.logoLabel.startsWith(logo.textContent!)).toBe(true);
    const switcher = screen.getByRole('button', { name: new RegExp(`^${common.lang[lang === 'zh' ? 'shortZh' : 'shortEn']} `) });
    expect(switcher.getAttribute('aria-label')!.startsWith(switcher.textContent!)).toBe(true);
    expect(document.documentElement.lang).toBe(lang === 'zh' ? 'zh-CN' : 'en');
  });

  it('on an information page, the switch moves to the same page at the address of the other language', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const { router } = renderAt('/newsDetail?id=7', { nav: 'news' });
    fireEvent.click(
      screen.getByRole('button', { name: zhCommon.lang.current.replace('{{short}}', zhCommon.lang.shortZh).replace('{{name}}', zhCommon.lang.zh) }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(router.state.location.pathname + router.state.location.search).toBe('/en/newsDetail?id=7');
  });

  it('elsewhere, switches language in place and remembers it in localStorage.lang', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const { router } = renderAt('/onlineMatch', { nav: 'activity' });
    const button = screen.getByRole('button', {
      name: zhCommon.lang.current.replace('{{short}}', zhCommon.lang.shortZh).replace('{{name}}', zhCommon.lang.zh),
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(localStorage.getItem('lang')).toBe('en');
    expect(screen.getByRole('link', { name: enNav.news })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(router.state.location.pathname).toBe('/onlineMatch');
  });

  it('shows the nickname with an unread dot and the account menu for a logged-in admin', async () => {
    await act(() => i18n.changeLanguage('en'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).startsWith('/api/lMessage/web/count')
          ? json({ resultCode: 1, resultStr: 'ok', data: 3 })
          : json({ resultCode: 1, resultStr: 'ok', data: { examUrl: 'https://learn.example/exam', captchaEnabled: true } }),
      ),
    );
    startSession({
      token: 't',
      rememberMe: false,
      user: { id: 1, username: 'admin', nickName: 'Ada', avatar: null, phone: '13800000000', roles: ['admin'], permissions: ['admin.access'], isStaff: true },
    });
    renderAt('/userCenter?t=1', { nav: 'userCenter' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });

    expect(screen.queryByRole('link', { name: enNav.login })).toBeNull();
    expect(screen.getByRole('link', { name: enNav.userCenter }).getAttribute('aria-current')).toBe('page');
    // the account menu arrives with its own chunk (visitors never load it)
    // (and the unread count with its own request: wait for both rather than for whichever comes first)
    const unread = enNav.userMenu.unread.replace('{{count}}', '3');
    const menuButton = await screen.findByRole('button', { name: (name) => name.includes('Ada') && name.includes(unread) });
    expect(menuButton.getAttribute('aria-label')).toContain(unread);
    // named by what it shows first (WCAG 2.5.3): the initial of an account without a picture is drawn, not written
    expect(menuButton.textContent).toBe('Ada');
    expect(menuButton.getAttribute('aria-label')!.startsWith(menuButton.textContent!)).toBe(true);
    expect(screen.getByTestId('unread-dot')).toBeTruthy();

    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: enNav.userMenu.profile }).getAttribute('href')).toBe('/userCenter?t=1');
    expect(
      screen.getByRole('link', { name: new RegExp(`^${enNav.userMenu.messages}.*${enNav.userMenu.unread.replace('{{count}}', '3')}`) }).getAttribute('href'),
    ).toBe('/userCenter?t=8');
    expect(screen.getByRole('link', { name: enNav.userMenu.admin }).getAttribute('href')).toBe('/admin');
    // "take an exam" opens the learning site in a new window (features/exam/useExamLaunch.test.tsx)
    expect(screen.getByRole('button', { name: new RegExp(`^${enNav.userMenu.exam}`) })).toBeTruthy();
    expect(screen.getByRole('button', { name: enNav.userMenu.logout })).toBeTruthy();

    fireEvent.keyDown(menuButton, { key: 'Escape' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('hides the admin entry from members', async () => {
    await act(() => i18n.changeLanguage('zh'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ resultCode: 1, resultStr: 'ok', data: 0 })),
    );
    startSession({
      token: 't',
      rememberMe: false,
      user: { id: 2, username: 'm', nickName: 'Mia', avatar: null, phone: null, roles: ['member'], permissions: [], isStaff: false },
    });
    renderAt('/home', { nav: 'home' });
    fireEvent.click(await screen.findByRole('button', { name: /Mia/ }));
    expect(screen.queryByRole('link', { name: zhNav.userMenu.admin })).toBeNull();
    expect(screen.queryByRole('link', { name: zhNav.userMenu.judge })).toBeNull();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('a judge account finds its scoring page in the account menu (issue 24)', async () => {
    await act(() => i18n.changeLanguage('zh'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ resultCode: 1, resultStr: 'ok', data: 0 })),
    );
    startSession({
      token: 't',
      rememberMe: false,
      user: { id: 3, username: 'j', nickName: 'Jia', avatar: null, phone: null, roles: ['member', 'judge'], permissions: ['scores.enter'], isStaff: false },
    });
    renderAt('/home', { nav: 'home' });
    fireEvent.click(await screen.findByRole('button', { name: /Jia/ }));
    expect((await screen.findByRole('link', { name: zhNav.userMenu.judge })).getAttribute('href')).toMatch(/\/judge$/);
    expect(screen.queryByRole('link', { name: zhNav.userMenu.admin })).toBeNull();
  });
});
