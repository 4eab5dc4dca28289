import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAdmin from '../../../locales/en/admin.json';
import zhAdmin from '../../../locales/zh/admin.json';
import i18n from '../../../lib/i18n';
import type { AdminRefund } from '../money-api';
import { BankRefundTransfer } from './BankRefund';
import { stubAntdDom } from '../../../test/antd-dom';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  i18n.addResourceBundle('zh', 'admin', zhAdmin, true, true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refund = (over: Partial<AdminRefund> = {}): AdminRefund => ({
  id: 7,
  refundNo: 'RF261128ABCDEFGHJK',
  orderNo: 'RP261128ABCDEFGHJK',
  kind: 'request',
  status: 'processing',
  baseFen: 50_000,
  tierPerMille: 994,
  requestedFen: 49_700,
  ratio: '994',
  amountFen: 49_700,
  reason: '',
  rejectReason: null,
  decisionReason: '',
  bankTransfer: { payee: null, serial: null },
  itemIds: [1],
  items: [{ id: 1, label: '张三', priceFen: 50_000 }],
  createdAt: '2026-11-28T02:00:00Z',
  decidedAt: '2026-11-28T03:00:00Z',
  completedAt: null,
  userId: 3,
  activityId: 1,
  channel: 'bank',
  persons: 1,
  ...over,
});

const withPayee = { payee: { name: '李华', bank: '中国银行北京分行', accountMasked: '6217 **** 5678' }, serial: null };

function show(r: AdminRefund) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <BankRefundTransfer refund={r} />
      </App>
    </QueryClientProvider>,
  );
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('a bank-paid refund on staff’s screens (issue 34)', { timeout: 60_000 }, () => {
  it('without a payee: says to record one first; "Mark transferred" is not offered yet (zh and en)', async () => {
    await act(() => i18n.changeLanguage('en'));
    show(refund());
    expect(screen.getByText('Payee account not recorded')).toBeTruthy();
    expect(screen.getByText(/Ask the family for their account, record it, then transfer ¥497\.00 back\./)).toBeTruthy();
    // each button's name starts with what it shows (WCAG 2.5.3)
    expect(screen.getByRole('button', { name: 'Record payee account: refund RF261128ABCDEFGHJK' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark transferred: refund RF261128ABCDEFGHJK' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    await act(() => i18n.changeLanguage('zh'));
    show(refund());
    expect(screen.getByText('未登记收款账户')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('with a payee: what to transfer to whom, the number masked; the serial is required, then sent', async () => {
    const fetch = vi.fn(async () => json({ resultCode: 1, resultStr: 'Done', data: { ...refund(), status: 'success' } }));
    vi.stubGlobal('fetch', fetch);
    show(refund({ bankTransfer: withPayee }));
    expect(screen.getByText('Transfer ¥497.00 back to: 李华 · 中国银行北京分行 · 6217 **** 5678')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark transferred: refund RF261128ABCDEFGHJK' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm transferred' })));
    expect(await screen.findByText('please enter the bank serial number')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => fireEvent.change(screen.getByLabelText('Bank serial number'), { target: { value: ' BOC20261129001 ' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm transferred' })));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/refunds/7/transferred');
    expect(JSON.parse(String(init.body))).toEqual({ bankSerial: 'BOC20261129001' });
  });

  it('a completed one shows its serial; a gateway refund shows nothing of this', () => {
    show(refund({ status: 'success', bankTransfer: { ...withPayee, serial: 'BOC20261129001' } }));
    expect(screen.getByText('Bank serial BOC20261129001')).toBeTruthy();
    cleanup();
    const { container } = show(refund({ channel: 'wechat', bankTransfer: null }));
    expect(container.textContent).toBe('—');
  });
});
