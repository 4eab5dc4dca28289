import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enReg from '../../locales/en/registration.json';
import zhReg from '../../locales/zh/registration.json';
import i18n from '../../lib/i18n';
import type { TeamFees as Fees } from './api';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the card's query (api.ts) runs as it does in the app.
const http = fakeApi({ get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ data: [] })) });

const { TeamFees } = await import('./TeamFees');

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n.addResourceBundle('en', 'registration', enReg, true, true);
  i18n.addResourceBundle('zh', 'registration', zhReg, true, true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// Issue 34: a reviewed team of three — Li Lei passed (owes ¥980.00, payable), Han Meimei failed, Wang Fang paid
// earlier and two withdrawn players got ¥1,758.12 of ¥2,940.00 back: paid is what stayed, not a player's fee.
const fees: Fees = {
  teamId: 7,
  totalFen: 294_000,
  paidFen: 294_000 - 175_812,
  dueFen: 196_000,
  payableMemberIds: [1],
  owed: [
    { memberId: 1, name: 'Li Lei', payStatus: 9, dueFen: 98_000, payable: true },
    { memberId: 2, name: 'Han Meimei', payStatus: 8, dueFen: 98_000, payable: false },
  ],
};

async function card(lang: 'zh' | 'en') {
  await i18n.changeLanguage(lang);
  http.get.mockResolvedValue({ data: [fees] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TeamFees activityId={568} teamId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('group', { name: lang === 'en' ? 'Team fees' : '队伍费用' });
}

describe('the team card’s fees (issue 34)', () => {
  it.each([
    [
      'en',
      'Paid',
      '(money received minus refunds)',
      'What each player still owes',
      ['Li Lei owes ¥980.00', 'Han Meimei: ¥980.00, to be paid once the review passes'],
      'Pay the fees',
      ['Review success', 'Review failed'],
    ],
    [
      'zh',
      '已付金额',
      '(已收款项减去已退款项)',
      '各选手待缴费用',
      ['Li Lei 待缴 ¥980.00', 'Han Meimei：¥980.00，审核通过后方可缴费'],
      '缴纳报名费',
      ['审核成功', '审核未通过'],
    ],
  ] as const)('%s: paid is money received minus refunds; what the passed player owes is stated', async (lang, paid, note, owedLabel, rows, pay, tags) => {
    const group = await card(lang);
    expect(http.get).toHaveBeenCalledWith('/api/lTeam/web/fees', { query: { activityId: 568, teamId: 7 } });
    expect(within(group).getByTestId('team-paid').textContent).toBe('¥1,181.88');
    expect(within(group).getByTestId('team-paid').parentElement!.textContent).toBe(`${paid} ¥1,181.88 ${note}`);
    expect(within(group).getByTestId('team-due').textContent).toBe('¥1,960.00');
    const list = within(group).getByRole('list', { name: owedLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')!.textContent)).toEqual(rows);
    expect(items.map((li) => li.querySelector('.ant-tag')!.textContent)).toEqual(tags);
    expect(within(group).getByRole('link', { name: pay }).getAttribute('href')).toBe('/activityOrder?id=568&teamId=7');
  });
});
