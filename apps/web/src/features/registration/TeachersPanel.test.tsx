import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderItem } from '@rp/shared';
import { idCardCheckChar, maskCard, withIdCheckChar } from '@rp/shared/rules/id-card';
import i18n from '../../lib/i18n';
import type { ActivityItem } from '../../lib/contract';
import { click, setupRegistrationScreen } from '../../test/registration-screen';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the teachers' screen calls api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });

const { TeachersPanel } = await import('./TeachersPanel');

/** The texts that describe a field (aria-describedby): where its error message must be. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');

const activity = { id: 600, name: 'Open', level: 1, status: 1, programs: [] } as unknown as ActivityItem;
const CARD = withIdCheckChar('11010519850101001');
// the same number with a wrong last character: the format is right, the check digit is not
const BAD_DIGIT = CARD.slice(0, 17) + (idCardCheckChar(CARD.slice(0, 17)) === '0' ? '1' : '0');

const leader: LeaderItem = {
  id: 7,
  activityId: 600,
  name: '李老师',
  phone: '13900139000',
  address: 'Room 3',
  code: null,
  photoUrl: null,
  status: 1,
  type: 1,
  card: maskCard(CARD),
  reviewStatus: 2,
  reviewReason: '证件照片不清晰',
} as LeaderItem;

setupRegistrationScreen();
beforeEach(() => {
  http.get.mockImplementation(async (path: string) => (path === '/api/lLeader' ? { content: [leader], totalElements: 1 } : { content: [], totalElements: 0 }));
});

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function mount(lang: 'en' | 'zh') {
  await i18n.changeLanguage(lang);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TeachersPanel activity={activity} />
    </QueryClientProvider>,
  );
}

describe('leading teachers: ID number, review status and reason (spec 3 labels, issue 40)', { timeout: 20_000 }, () => {
  it('the add dialog checks the ID number like a player’s: the check digit, then the format', async () => {
    await mount('en');
    await click(screen.getByRole('button', { name: 'Add teacher' }));
    const dialog = await screen.findByRole('dialog');
    type(within(dialog).getByLabelText('Phone'), '13800138000');
    type(within(dialog).getByLabelText('Teacher name'), '张老师');
    type(within(dialog).getByLabelText('Address'), 'No. 1 Road');
    type(within(dialog).getByLabelText('ID number'), BAD_DIGIT);
    await click(within(dialog).getByRole('button', { name: 'Add' }));
    // the message is the field's own description (WCAG 3.3.1), not only somewhere in the dialog
    await waitFor(() => expect(describedBy(within(dialog).getByLabelText('ID number'))).toContain("The ID number's check digit is wrong"));
    expect(http.post).not.toHaveBeenCalled();
    type(within(dialog).getByLabelText('ID number'), '12345');
    await click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(describedBy(within(dialog).getByLabelText('ID number'))).toContain('Please fill in the correct ID number'));
    expect(http.post).not.toHaveBeenCalled();
  });

  it('the add dialog sends a valid ID number, trimmed', async () => {
    await mount('en');
    await click(screen.getByRole('button', { name: 'Add teacher' }));
    const dialog = await screen.findByRole('dialog');
    type(within(dialog).getByLabelText('Phone'), '13800138000');
    type(within(dialog).getByLabelText('Teacher name'), '张老师');
    type(within(dialog).getByLabelText('Address'), 'No. 1 Road');

    type(within(dialog).getByLabelText('ID number'), ` ${CARD} `);
    http.post.mockResolvedValueOnce({ resultStr: 'Added', data: { ...leader, id: 8, name: '张老师' } });
    await click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(http.post).toHaveBeenCalledWith(
      '/api/lLeader',
      { activityId: 600, name: '张老师', phone: '13800138000', address: 'No. 1 Road', card: CARD, status: 1, type: 1 },
      expect.anything(),
    );
  });

  it('without an ID number the dialog sends none (it stays optional)', async () => {
    await mount('zh');
    await click(screen.getByRole('button', { name: '添加老师' }));
    const dialog = await screen.findByRole('dialog');
    type(within(dialog).getByLabelText('手机号'), '13800138000');
    type(within(dialog).getByLabelText('老师姓名'), '张老师');
    http.post.mockResolvedValueOnce({ resultStr: '添加成功', data: { ...leader, id: 8 } });
    await click(within(dialog).getByRole('button', { name: /^添\s*加$/ }));
    expect(http.post).toHaveBeenCalledWith(
      '/api/lLeader',
      { activityId: 600, name: '张老师', phone: '13800138000', address: '', status: 1, type: 1 },
      expect.anything(),
    );
  });

  it('shows the masked number, the review state and reason (Chinese text marked on the English page); edit sends a new number', async () => {
    await mount('en');
    const item = await screen.findByRole('button', { name: /李老师/ }, { timeout: 5000 });
    expect(item.querySelector('span[lang="zh"]')?.textContent).toBe('李老师');
    await click(item);
    const view = document.querySelector('dl')!;
    const read = (label: string) => within(view).getByText(label, { selector: 'dt' }).nextElementSibling!;
    expect(read('ID number').textContent).toBe(maskCard(CARD));
    expect(document.body.textContent).not.toContain(CARD);
    expect(read('Review status').textContent).toBe('Review failed');
    expect(read('Review reason').querySelector('[lang="zh"]')?.textContent).toBe('证件照片不清晰');

    await click(screen.getByRole('button', { name: 'Edit' }));
    // (the add dialog, rendered hidden, has its own ID number field)
    const card = screen.getAllByLabelText('ID number').find((e) => e.id === 'leader-7-card')!;
    expect((card as HTMLInputElement).value).toBe('');
    type(card, BAD_DIGIT);
    await click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(card)).toContain("The ID number's check digit is wrong"));
    expect(http.put).not.toHaveBeenCalled();
    type(card, CARD);
    http.put.mockResolvedValueOnce({ resultStr: 'Saved', data: leader });
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(http.put).toHaveBeenCalledWith(
      '/api/lLeader',
      { id: 7, activityId: 600, name: '李老师', phone: '13900139000', address: 'Room 3', code: null, card: CARD, photoUrl: null, status: 1, type: 1 },
      expect.anything(),
    );
  });
});
