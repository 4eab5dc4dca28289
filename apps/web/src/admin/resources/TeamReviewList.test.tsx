import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@rp/shared';
import i18n, { preloadAllNamespaces } from '../../lib/i18n';
import { setUser } from '../../lib/session';
import { stubAntdDom } from '../../test/antd-dom';
import { renderAdminRoutes } from '../../test/render-admin';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the list loads through resources/api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });

configure({ asyncUtilTimeout: 10_000 });
const { default: ResourceListPage, loader } = await import('./ResourceListPage');
const { default: ResourceFormPage, loader: formLoader } = await import('./ResourceFormPage');

const row = (id: number, reviewStatus: number, reviewReason: string | null = null) => ({
  id,
  activityId: 600,
  number: `600-000${id}`,
  name: `Team ${id}`,
  programId: 3,
  status: 1,
  orgCode: null,
  userId: 9,
  address: '',
  orgAddress: null,
  reviewStatus,
  reviewReason,
});

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  await preloadAllNamespaces();
  // staff who may view and move teams (the resource's own permissions, as a built role grants them)
  setUser({ id: 1, permissions: ['admin.access', 'teams.view', 'teams.edit'] } as unknown as User);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const mount = (url: string) =>
  renderAdminRoutes(
    [
      { path: '/admin/r/:resource', loader, Component: ResourceListPage },
      { path: '/admin/r/:resource/:id', loader: formLoader, Component: ResourceFormPage },
    ],
    url,
  );

describe('admin teams: the team review column, filter and reason (spec 4.3, issue 40)', { timeout: 30_000 }, () => {
  it.each(['en', 'zh'] as const)('labels the review state in the list and its filter (%s), never the number', async (lang) => {
    await i18n.changeLanguage(lang);
    http.get.mockImplementation(async (path: string) =>
      path === '/api/admin/teams' ? { content: [row(1, 4), row(2, 4)], totalElements: 2 } : { content: [], totalElements: 0 },
    );
    mount('/admin/r/teams?reviewStatus=4');
    const suspended = lang === 'en' ? 'Suspended' : '暂停';
    const header = lang === 'en' ? 'Team review' : '队伍审核';
    const table = await screen.findByRole('table');
    // the list asked the server for that state only
    expect(http.get).toHaveBeenCalledWith('/api/admin/teams', expect.objectContaining({ query: expect.objectContaining({ reviewStatus: '4' }) }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .some((h) => h.textContent === header),
    ).toBe(true);
    // each row's cells: the state's label, and no cell holding its bare number
    await within(table).findAllByText(suspended);
    const rows = [...document.querySelectorAll('tr.ant-table-row')];
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      const texts = [...r.querySelectorAll('td')].map((c) => c.textContent);
      expect(texts).toContain(suspended);
      expect(texts).not.toContain('4');
    }
    // the filter shows the chosen state by its label
    const filter = screen.getByLabelText(header, { selector: 'input' }).closest('.ant-select')!;
    expect(filter.textContent).toContain(suspended);
  });

  it('the team form moves the state and sends the reason', async () => {
    await i18n.changeLanguage('en');
    http.get.mockImplementation(async (path: string) => (path === '/api/admin/teams/1' ? { data: row(1, 2) } : { content: [], totalElements: 0 }));
    http.put.mockImplementation(async (_p: string, body: object) => ({ resultCode: 1, resultStr: 'ok', data: { ...row(1, 2), ...body } }));
    mount('/admin/r/teams/1');
    await screen.findAllByText(i18n.t('common:actions.save'));
    const select = screen.getByLabelText('Team review', { selector: 'input' });
    await act(async () => {
      fireEvent.mouseDown(select);
    });
    await act(async () => {
      fireEvent.click(await screen.findByTitle('Failed'));
    });
    fireEvent.change(screen.getByLabelText('Review reason'), { target: { value: 'Players not eligible' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: new RegExp(i18n.t('common:actions.save')) }));
    });
    expect(http.put).toHaveBeenCalledWith(
      '/api/admin/teams/1',
      expect.objectContaining({ reviewStatus: 6, reviewReason: 'Players not eligible' }),
      expect.anything(),
    );
  });
});
