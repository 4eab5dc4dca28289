import { cleanup, configure, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '@rp/shared';
import enAdmin from '../../locales/en/admin.json';
import zhAdmin from '../../locales/zh/admin.json';
import i18n from '../../lib/i18n';
import { setUser } from '../../lib/session';
import { stubAntdDom } from '../../test/antd-dom';

// The HTTP client is the seam: the dashboard's query runs as it does in the app.
const http = vi.hoisted(() => ({ get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({})), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api-client')>()), api: http }));
// the charts (ECharts) are a chunk of their own and not what this test is about
vi.mock('./dashboard/Charts', () => ({ default: () => null }));

configure({ asyncUtilTimeout: 10_000 });
const { default: DashboardPage } = await import('./DashboardPage');

beforeAll(() => {
  stubAntdDom();
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  i18n.addResourceBundle('zh', 'admin', zhAdmin, true, true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const stats = (scope: DashboardStats['scope']): DashboardStats => ({
  year: 2026,
  years: [2026],
  activityId: null,
  scope,
  content: { activities: 1, programs: 0, galleries: 0, newsPublished: 0, newsDrafts: 0 },
  registrations: null,
  members: null,
  charts: {
    activities: [{ id: 5, nameZh: '华东赛区', nameEn: 'East China' }],
    programs: [],
    registrationsByActivity: null,
    registrationsByProgram: null,
    codes: null,
    money: null,
    channels: null,
  },
});

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <App>
          <DashboardPage />
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the dashboard of a role limited to activities (issue 34)', () => {
  it.each([
    ['zh', '数据范围：华东赛区和华南赛区', '我的全部活动', '全部赛事活动'],
    ['en', 'Your activities: East China and South China', 'All my activities', 'All activities'],
  ])(
    'names its activities and never says "all activities" (%s)',
    async (lang, line, mine, all) => {
      await i18n.changeLanguage(lang);
      setUser({ id: 9, username: '', nickName: 'Lin', roles: ['regionA'], permissions: ['admin.access'] } as never);
      http.get.mockResolvedValue({
        data: stats([
          { id: 5, nameZh: '华东赛区', nameEn: 'East China' },
          { id: 6, nameZh: '华南赛区', nameEn: 'South China' },
        ]),
      });
      mount();
      expect((await screen.findByTestId('dashboard-scope')).textContent).toBe(line);
      expect(screen.getByRole('combobox', { name: lang === 'zh' ? '赛事活动' : 'Activity' }).closest('.ant-select')?.textContent).toContain(mine);
      expect(document.body.textContent).not.toContain(all);
    },
    20_000,
  );

  it('an unlimited administrator still reads "All activities" and no scope line', async () => {
    await i18n.changeLanguage('en');
    setUser({ id: 1, username: 'admin', nickName: 'Admin', roles: ['admin'], permissions: ['admin.access'] } as never);
    http.get.mockResolvedValue({ data: stats(null) });
    mount();
    expect(await screen.findByText('All activities')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-scope')).toBeNull();
  });
});

describe("the dashboard's player counts (issue 34, item 12)", () => {
  it.each(['zh', 'en'])('lists every state someone is in, so the lines add up to the total (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    setUser({ id: 1, username: 'admin', nickName: 'Admin', roles: ['admin'], permissions: ['admin.access', 'registrations.manage'] } as never);
    const players = { 0: 0, 1: 0, 2: 1, 3: 0, 4: 0, 5: 1, 6: 0, 7: 0, 8: 0, 9: 1 };
    const registrations = { teams: 1, players, pendingReviews: 0, pendingWithdrawals: 0, codes: { available: 0, used: 0 } };
    http.get.mockResolvedValue({ data: { ...stats(null), registrations } });
    mount();
    const card = (await screen.findByText(lang === 'zh' ? '选手（共 3 人）' : /Players \(3 in all\)/)).closest('.ant-card')!;
    const lines = [...card.querySelectorAll('li')].map((li) => li.textContent);
    const t = (k: string) => i18n.t(`admin:options.payStatus.${k}`);
    expect(lines).toEqual(expect.arrayContaining([`${t('2')}1`, `${t('5')}1`, `${t('9')}1`]));
    expect([...card.querySelectorAll('li strong')].reduce((sum, n) => sum + Number(n.textContent), 0)).toBe(3);
  });
});

describe('the dashboard names a built role (issue 34, item 9)', () => {
  it.each([
    ['zh', '新加坡组委会'],
    ['en', 'Singapore organisers'],
  ])('by its name, never its code (%s)', async (lang, name) => {
    await i18n.changeLanguage(lang);
    const roleNames = { sg_organiser: { zh: '新加坡组委会', en: 'Singapore organisers' } };
    setUser({ id: 3, username: 'lin', nickName: 'Lin', roles: ['member', 'sg_organiser'], roleNames, permissions: ['admin.access'] } as never);
    http.get.mockResolvedValue({ data: stats(null) });
    mount();
    await screen.findByTestId('dashboard-signed-in');
    expect(screen.getByTestId('dashboard-signed-in').textContent).toContain(name);
    expect(document.body.textContent).not.toContain('sg_organiser');
  });
});
