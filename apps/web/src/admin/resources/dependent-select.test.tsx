import { act, cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@rp/shared';
import i18n, { preloadAllNamespaces } from '../../lib/i18n';
import { setUser } from '../../lib/session';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the form reads its pickers and saves through resources/api.ts as in the app.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ content: [] })),
  post: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  put: vi.fn(),
  delete: vi.fn(),
});

configure({ asyncUtilTimeout: 10_000 });
const { default: ResourceFormPage, loader } = await import('./ResourceFormPage');

const ACTIVITIES = [
  { id: 1, nameZh: '华东赛', nameEn: 'East China Open', activityId: null, year: 2026, kind: null },
  { id: 2, nameZh: '总决赛', nameEn: 'World Finals', activityId: null, year: 2026, kind: null },
];
const SESSIONS = [
  { id: 11, activityId: 1, nameZh: '上午场', nameEn: 'Morning' },
  { id: 22, activityId: 2, nameZh: '决赛日 · 下午场', nameEn: 'Finals day · afternoon' },
];

beforeAll(async () => {
  stubAntdDom();
  await preloadAllNamespaces();
  setUser({ id: 1, permissions: ['admin.access', 'tickets.manage'] } as unknown as User);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function openNewTicket() {
  http.get.mockImplementation(async (path: string) =>
    path === '/api/admin/options/activities' ? { content: ACTIVITIES } : path === '/api/admin/sessions' ? { content: SESSIONS } : { content: [] },
  );
  http.post.mockImplementation(async (_path: string, body?: unknown) => ({ resultCode: 1, resultStr: 'ok', data: { id: 99, ...(body as object) } }));
  const router = createMemoryRouter(
    [
      { path: '/admin/r/:resource/new', loader, Component: ResourceFormPage },
      // after saving, the form moves to the new row
      { path: '/admin/r/:resource/:id', Component: () => null },
    ],
    { initialEntries: ['/admin/r/tickets/new'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

/** Opens a select by its label and returns the titles of the options it offers. */
async function offered(label: string): Promise<string[]> {
  await act(async () => {
    fireEvent.mouseDown(await screen.findByLabelText(label, { selector: 'input' }));
  });
  const list = document.querySelectorAll(`[id="${screen.getByLabelText(label, { selector: 'input' }).id}_list"] ~ div .ant-select-item-option`);
  return [...list].map((o) => o.getAttribute('title') ?? '');
}

async function pick(title: string) {
  await act(async () => {
    fireEvent.click((await screen.findAllByTitle(title)).at(-1)!);
  });
}

describe("the ticket form's session follows the chosen activity (issue 34)", () => {
  it.each([
    ['zh', '赛事活动', '场次', '请先选择赛事活动', '华东赛 (#1)', '总决赛 (#2)', '上午场 (#11)', '决赛日 · 下午场 (#22)', '票种名称（中文）'],
    [
      'en',
      'Activity',
      'Session',
      'First choose: Activity',
      'East China Open (#1)',
      'World Finals (#2)',
      'Morning (#11)',
      'Finals day · afternoon (#22)',
      'Ticket name (Chinese)',
    ],
  ])(
    '%s: no session before an activity, then only its sessions; changing the activity clears the session; it saves',
    async (lang, activity, session, hint, east, finals, morning, afternoon, nameZh) => {
      await i18n.changeLanguage(lang);
      openNewTicket();
      const sessionInput = await screen.findByLabelText(session, { selector: 'input' });
      expect(sessionInput.hasAttribute('disabled')).toBe(true);
      expect(sessionInput.closest('.ant-select')?.textContent).toContain(hint);

      await offered(activity);
      await pick(east);
      expect(await offered(session)).toEqual([morning]);
      await pick(morning);
      expect(sessionInput.closest('.ant-select')?.textContent).toContain(morning);

      // another activity: the morning session is not one of its own, so it goes
      await offered(activity);
      await pick(finals);
      expect(sessionInput.closest('.ant-select')?.textContent).not.toContain(morning);
      expect(await offered(session)).toEqual([afternoon]);
      await pick(afternoon);

      fireEvent.change(screen.getByLabelText(nameZh), { target: { value: '成人票' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(i18n.t('common:actions.save')) }));
      });
      await vi.waitFor(() => expect(http.post).toHaveBeenCalled());
      expect(http.post.mock.calls[0]![0]).toBe('/api/admin/tickets');
      expect(http.post.mock.calls[0]![1]).toMatchObject({ activityId: 2, sessionId: 22, nameZh: '成人票' });
    },
    60_000,
  );
});
