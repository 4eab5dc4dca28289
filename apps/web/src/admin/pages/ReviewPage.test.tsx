import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '@rp/shared';
import enAdmin from '../../locales/en/admin.json';
import zhAdmin from '../../locales/zh/admin.json';
import i18n from '../../lib/i18n';
import { stubAntdDom } from '../../test/antd-dom';
import { renderAdmin } from '../../test/render-admin';

// The HTTP client is the seam: the review list and the decision run as they do in the app.
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api-client')>()), api: http }));

configure({ asyncUtilTimeout: 10_000 });
const { default: ReviewPage } = await import('./ReviewPage');

beforeAll(async () => {
  stubAntdDom();
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  i18n.addResourceBundle('zh', 'admin', zhAdmin, true, true);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const player = (id: number, name: string) =>
  ({
    id,
    name,
    headImg: null,
    gender: 'F',
    age: 12,
    birthDay: '2014-05-06',
    cardType: 0,
    card: '1101**********0000',
    consent: 'notNeeded',
    team: { id: 1, name: 'Team' },
    program: { id: 1, name: 'Program' },
    activity: { id: 7, name: 'Spring', beginTime: '2026-12-20T00:00:00.000Z' },
    submittedAt: '2026-11-20T00:00:00.000Z',
    leader: null,
  }) as unknown as ReviewItem;

describe('ReviewPage keyboard review', () => {
  it('after a fail is confirmed and the dialog has gone, the next player has the focus, even when the dialog held it as it closed', async () => {
    let players = [player(1, 'Ava'), player(2, 'Ben')];
    http.get.mockImplementation(async (path: string) =>
      path === '/api/admin/review' ? { content: players, totalElements: players.length } : { content: [], totalElements: 0 },
    );
    http.post.mockImplementation(async () => {
      players = players.filter((p) => p.id !== 1);
      return { resultStr: 'Done' };
    });
    const { container } = renderAdmin(<ReviewPage />);
    await screen.findAllByText('Ava');
    const row = (id: number) => container.querySelector<HTMLElement>(`[data-row-key="${id}"]`);

    act(() => row(1)!.focus());
    fireEvent.keyDown(row(1)!, { key: 'f' });
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByLabelText(enAdmin.review.reasonLabel);
    fireEvent.change(box, { target: { value: 'Photo unclear' } });

    // antd's focus lock, while it still holds, takes the focus back into the dialog when the row is focused as the dialog
    // starts to close (in the browser: when its opening motion has only just ended; jsdom has no motion, so it is done here)
    let pulled = false;
    const held = (e: FocusEvent) => {
      if (e.target === row(2) && box.isConnected) {
        document.removeEventListener('focusin', held);
        pulled = true;
        box.focus();
      }
    };
    document.addEventListener('focusin', held);
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.post).toHaveBeenCalledWith('/api/admin/review/fail', { memberIds: [1], reason: 'Photo unclear' }, { silent: true });
    expect(row(1)).toBeNull();
    expect(pulled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(row(2)));
    document.removeEventListener('focusin', held);
  }, 30_000);
});
