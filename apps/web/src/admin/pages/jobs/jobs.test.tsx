import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAdmin from '../../../locales/en/admin.json';
import zhAdmin from '../../../locales/zh/admin.json';
import i18n from '../../../lib/i18n';
import { stubAntdDom } from '../../../test/antd-dom';
import { renderAdmin } from '../../../test/render-admin';
import type { JobRow } from './jobs-api';
import { fakeApi } from '../../../test/shared-state';

// The HTTP client is the seam: the screen's query and "retry" (jobs-api.ts) run as they do in the app.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ total: 0, content: [] })),
  post: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  put: vi.fn(),
  delete: vi.fn(),
});

configure({ asyncUtilTimeout: 10_000 });

const { default: JobsPage } = await import('./JobsPage');

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  i18n.addResourceBundle('zh', 'admin', zhAdmin, true, true);
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
});

const wrap = renderAdmin;
/** the list asked for jobs in this state, first page */
const asked = (state: string) =>
  vi.waitFor(() => expect(http.get).toHaveBeenCalledWith('/api/admin/jobs', expect.objectContaining({ query: { state, pageNo: 0, pageSize: 20 } })));
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

const webhook: JobRow = {
  id: 41,
  kind: 'webhook',
  queue: 'webhook',
  state: 'failed',
  attempts: 12,
  maxAttempts: 40,
  lastError: 'http-500',
  runAt: '2026-11-27T10:00:00.000Z',
  doneAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  subject: { event: 'payment.settled', to: 'https://exam.example.com/hooks' },
};
/** another job like the webhook's: its id, kind, queue, tries, last error and subject */
const like = (id: number, kind: string, queue: string, tries: [number, number], lastError: string, subject: JobRow['subject']): JobRow => ({
  ...webhook,
  ...{ id, kind, queue, attempts: tries[0], maxAttempts: tries[1], lastError, subject },
});
const notice = like(42, 'notice', 'notice', [1, 8], 'no-phone', { event: 'payment', to: 'sms' });
const timer = like(43, 'timer', 'timer:reconcile', [2, 40], 'ECONNRESET', { event: null, to: 'reconcile' });

describe('Admin → Background jobs', { timeout: 20_000 }, () => {
  it('shows the failed jobs first, each with what it is, what it was about and its error in words; "retry now" sends the job back', async () => {
    await i18n.changeLanguage('en');
    http.get.mockResolvedValue({ total: 3, content: [webhook, notice, timer] });
    wrap(<JobsPage />);
    expect(await screen.findByText('Webhook to a partner')).toBeTruthy();
    // failed ones are asked for first
    await asked('failed');
    expect(screen.getByText('Payment settled → https://exam.example.com/hooks')).toBeTruthy();
    expect(screen.getByText('The receiver did not accept it (HTTP 500)')).toBeTruthy();
    expect(screen.getByText('SMS or WeChat notice')).toBeTruthy();
    expect(screen.getByText('The person has no phone number')).toBeTruthy();
    expect(screen.getByText('Scheduled task: Payment check and unpaid-order expiry')).toBeTruthy();
    expect(screen.getByText('The connection was cut before an answer arrived')).toBeTruthy();
    expect(screen.getByText('12 of 40')).toBeTruthy();
    // a timer is never given up: its failed turns in a row, no "of"
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.queryByText('2 of 40')).toBeNull();
    // no code or field name on the screen
    expect(document.body.textContent).not.toMatch(/http-500|no-phone|ECONNRESET|timer:reconcile|lastError/);

    http.post.mockResolvedValueOnce({ ok: true });
    await click(screen.getByRole('button', { name: 'Retry now: Webhook to a partner (41)' }));
    await vi.waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/admin/jobs/41/retry'));
    expect(await screen.findByText('It will be tried again in a moment')).toBeTruthy();
    // the list is asked again, so the job shows as waiting
    await vi.waitFor(() => expect(http.get.mock.calls.length).toBeGreaterThan(1));

    // the other states on the filter
    await click(screen.getByText('Waiting', { selector: '.ant-segmented-item-label' }));
    await asked('pending');
  });

  it("names staff's exports and certificate zips (jobs of the one queue since issue 36), in both languages", async () => {
    await i18n.changeLanguage('en');
    const exportJob = like(44, 'export', 'export', [3, 3], 'STORAGE_UNAVAILABLE', { event: null, to: null });
    const zipJob = like(45, 'certzip', 'certzip', [3, 3], 'error', { event: null, to: null });
    http.get.mockResolvedValue({ total: 2, content: [exportJob, zipJob] });
    const { unmount } = wrap(<JobsPage />);
    expect(await screen.findByText('Spreadsheet export')).toBeTruthy();
    expect(screen.getByText('Certificate download (zip)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry now: Spreadsheet export (44)' })).toBeTruthy();
    unmount();
    await i18n.changeLanguage('zh');
    wrap(<JobsPage />);
    expect(await screen.findByText('导出表格')).toBeTruthy();
    expect(screen.getByText('证书批量下载')).toBeTruthy();
  });

  it('speaks Chinese by default, with no retry on a job that is not failed', async () => {
    await i18n.changeLanguage('zh');
    http.get.mockResolvedValue({ total: 1, content: [{ ...notice, state: 'pending', runAt: '2026-11-27T10:05:00.000Z' }] });
    wrap(<JobsPage />);
    expect(await screen.findByText('短信或微信通知')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '后台任务' })).toBeTruthy();
    expect(screen.getByText('此人没有手机号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /立即重试/ })).toBeNull();
  });
});
