import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentLinkView } from '@rp/shared';
import enConsent from '../../locales/en/consent.json';
import zhConsent from '../../locales/zh/consent.json';
import i18n, { setLanguage } from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: it answers here as consent.routes does (the server's rules are tested in consent.test.ts).
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });

configure({ asyncUtilTimeout: 10_000 });
const { default: GuardianConsentPage, loader } = await import('./GuardianConsentPage');

const TOKEN = 'tok_abc';
let view: ConsentLinkView;
const pending = (): ConsentLinkView => ({
  child: { name: '林*雨', card: '1101**********0021', birthDay: '2017-05-**', gender: 'F', school: '海淀实验小学', hasPhoto: true },
  activity: '2026 青少年机器人大赛',
  requestedBy: '王教练',
  guardianName: '林妈妈',
  relationship: '母亲',
  guardianPhone: '139****0001',
  status: 'pending',
  decidedAt: null,
  policy: { version: 1, title: '儿童个人信息保护规则', effectiveAt: '2026-01-01T00:00:00.000Z' },
  canDecide: true,
  canWithdraw: false,
});
const notFound = () => new ApiError('该链接无效，或该选手的报名信息已被删除', 'http', 404, 'CONSENT_LINK_INVALID');

beforeAll(() => {
  i18n.addResourceBundle('en', 'consent', enConsent, true, true);
  i18n.addResourceBundle('zh', 'consent', zhConsent, true, true);
});
beforeEach(async () => {
  await setLanguage('zh');
  view = pending();
  http.get.mockImplementation(async (_path: string, o: { query: { token: string } }) => {
    if (o.query.token !== TOKEN) throw notFound();
    return { data: view };
  });
  http.post.mockImplementation(async (_path: string, body: { token: string; decision: string }) => {
    if (body.token !== TOKEN) throw notFound();
    if (body.decision === 'withdraw') {
      if (!view.canWithdraw) throw new ApiError('当前没有可撤回的同意', 'http', 409, 'CONSENT_LINK_USED');
      view = { ...view, status: 'withdrawn', decidedAt: '2026-11-28T06:00:00.000Z', canWithdraw: false };
      return { resultStr: '已撤回同意' };
    }
    if (!view.canDecide) throw new ApiError('您已答复过该链接', 'http', 409, 'CONSENT_LINK_USED');
    const consented = body.decision === 'consent';
    view = { ...view, status: consented ? 'consented' : 'refused', decidedAt: '2026-11-28T05:00:00.000Z', canDecide: false, canWithdraw: consented };
    return { resultStr: consented ? '感谢您的同意，已记录' : '已记录：您不同意' };
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function mount(url: string) {
  const router = createMemoryRouter([{ path: '/guardianConsent', loader, Component: GuardianConsentPage }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

describe("the guardian's page (issue 37)", () => {
  it('shows what is held (masked), takes the consent with name and relationship, then offers a withdrawal on the same link', async () => {
    mount(`/guardianConsent?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: '监护人同意' })).toBeTruthy();
    expect(screen.getByText(/王教练 正在为您的孩子报名「2026 青少年机器人大赛」/)).toBeTruthy();
    const held = screen.getByRole('heading', { name: '我们持有的孩子信息' }).parentElement!;
    for (const text of ['林*雨', '1101**********0021', '2017-05-**', '女', '海淀实验小学', '已上传']) expect(within(held).getByText(text)).toBeTruthy();
    expect(screen.getByText('等待监护人同意')).toBeTruthy();
    expect(screen.getByRole('link', { name: /儿童个人信息保护规则》（第 1 版，2026-01-01 生效）/ }).getAttribute('href')).toBe('/childPrivacy');

    fireEvent.change(screen.getByLabelText('与孩子的关系'), { target: { value: '外婆' } });
    fireEvent.click(screen.getByRole('button', { name: '我是孩子的监护人，同意' }));
    expect(await screen.findByText('感谢您的同意，已记录')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/guardianConsent/decide',
      { token: TOKEN, decision: 'consent', guardianName: '林妈妈', relationship: '外婆' },
      expect.anything(),
    );
    expect(await screen.findByText('已同意')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '不同意' })).toBeNull();

    // withdrawing asks once more, then is recorded
    fireEvent.click(screen.getByRole('button', { name: '撤回同意' }));
    expect(screen.getByText(/撤回后，孩子的信息将不再用于报名/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定撤回' }));
    expect(await screen.findByText('已撤回')).toBeTruthy();
    expect(http.post).toHaveBeenLastCalledWith('/api/guardianConsent/decide', { token: TOKEN, decision: 'withdraw' }, expect.anything());
    expect(screen.getByText(/您已撤回同意。如需再次同意/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '撤回同意' })).toBeNull();
  });

  it('a refusal is recorded and says what it means', async () => {
    mount(`/guardianConsent?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: '不同意' }));
    expect(await screen.findByText('已拒绝')).toBeTruthy();
    expect(screen.getByText(/您已拒绝。孩子的信息不会用于报名以外的处理/)).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/api/guardianConsent/decide', expect.objectContaining({ decision: 'refuse' }), expect.anything());
  });

  it('a forged link, in English from ?lang=en: a clear message and nothing to answer', async () => {
    http.get.mockRejectedValueOnce(new ApiError("This link is not valid, or the player's registration was deleted", 'http', 404, 'CONSENT_LINK_INVALID'));
    mount('/guardianConsent?token=forged&lang=en');
    expect(await screen.findByRole('heading', { name: 'This link cannot be opened' })).toBeTruthy();
    expect(screen.getByText("This link is not valid, or the player's registration was deleted")).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('an expired or superseded link says so and takes no answer', async () => {
    view = { ...pending(), canDecide: false };
    mount(`/guardianConsent?token=${TOKEN}`);
    expect(await screen.findByText('该链接已过期，或教练已发送了新的链接。请联系教练重新发送。')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an answer the server refuses (answered meanwhile on another phone) shows its message and the current state', async () => {
    mount(`/guardianConsent?token=${TOKEN}`);
    const consent = await screen.findByRole('button', { name: '我是孩子的监护人，同意' });
    view = { ...view, status: 'refused', decidedAt: '2026-11-28T04:00:00.000Z', canDecide: false };
    fireEvent.click(consent);
    expect(await screen.findByText('您已答复过该链接')).toBeTruthy();
    expect(await screen.findByText('已拒绝')).toBeTruthy();
  });
});
