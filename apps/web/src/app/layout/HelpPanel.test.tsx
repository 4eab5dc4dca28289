import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_POLL_MS } from '../../features/help/api';
import { queryClient } from '../../lib/query-client';
import { clearSession, startSession } from '../../lib/session';
import HelpPanel from './HelpPanel';

const json = (body: unknown) => new Response(JSON.stringify({ resultCode: 1, resultStr: 'ok', ...(body as object) }), { status: 200 });
const chatCalls = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/lMessage/web/chat/list')).length;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  clearSession();
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
  queryClient.clear();
});

describe('help panel (spec 2.3)', () => {
  it('refreshes the messages every 10 s while open, also on the FAQ tab, and stops when closed', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
      String(url).includes('/chat/list') ? json({ content: [], lastId: 0 }) : json({ content: [], totalElements: 0 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    startSession({
      token: 't',
      user: { id: 1, username: 'u', nickName: 'U', avatar: null, phone: null, roles: ['member'], permissions: [], isStaff: false },
      rememberMe: false,
    });
    const router = createMemoryRouter([{ path: '*', element: <HelpPanel id="help" onClose={() => undefined} /> }], { initialEntries: ['/home'] });
    const view = render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    const first = chatCalls(fetchMock);
    expect(first).toBe(1); // the FAQ tab is shown; the poll runs anyway
    await act(() => vi.advanceTimersByTimeAsync(HELP_POLL_MS * 2 + 100));
    expect(chatCalls(fetchMock)).toBe(first + 2);
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(HELP_POLL_MS * 2));
    expect(chatCalls(fetchMock)).toBe(first + 2);
  });
});
