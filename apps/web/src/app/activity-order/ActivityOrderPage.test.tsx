import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enContent from '../../locales/en/content.json';
import zhContent from '../../locales/zh/content.json';
import i18n from '../../lib/i18n';
import ActivityOrderPage from './ActivityOrderPage';

// the page around the buy block, and the money screens it loads, stand in as plain markup: what is tested is
// where the focus goes when the buy button gives way to the buy area
vi.mock('../../features/activities/ActivityDetailPage', () => ({ ActivityDetail: ({ slot }: { slot?: ReactNode }) => <main>{slot}</main> }));
vi.mock('./OrderArea', () => ({ default: () => <button type="button">first control of the area</button> }));

beforeAll(() => {
  i18n.addResourceBundle('en', 'content', enContent, true, true);
  i18n.addResourceBundle('zh', 'content', zhContent, true, true);
});
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/activityOrder', element: <ActivityOrderPage />, loader: () => ({ activity: { id: 600 } }) }], {
    initialEntries: [path],
  });
  return { router, ...render(<RouterProvider router={router} />) };
}

describe('ActivityOrderPage buy button (WCAG 2.4.3: focus is not lost)', () => {
  it.each([
    ['zh', zhContent],
    ['en', enContent],
  ] as const)('moves the focus to the buy area the button opens (%s)', async (lang, content) => {
    await act(() => i18n.changeLanguage(lang));
    const { router } = renderAt('/activityOrder?id=600');
    const open = await screen.findByRole('button', { name: content.activity.buyOpen });
    open.focus();
    await act(async () => open.click());
    const area = await screen.findByTestId('buy-area');
    expect(router.state.location.search).toContain('buy=1');
    expect(document.activeElement).toBe(area);
    // the area's own controls follow it in the tab order
    await screen.findByRole('button', { name: 'first control of the area' });
    expect(screen.queryByRole('button', { name: content.activity.buyOpen })).toBeNull();
  });

  it('leaves the focus alone when the page is opened with the area already open', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderAt('/activityOrder?id=600&buy=1');
    await screen.findByTestId('buy-area');
    expect(document.activeElement).toBe(document.body);
  });
});
