import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAdmin from '../../../locales/en/admin.json';
import i18n from '../../../lib/i18n';
import { ApproveRefundDialog, ReasonDialog, TransferDialog } from './dialogs';
import { stubAntdDom } from '../../../test/antd-dom';

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  await i18n.changeLanguage('en');
});
afterEach(() => cleanup());

const click = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('money dialogs', { timeout: 60_000 }, () => {
  it('transfer: the yuan typed are sent as integer fen', async () => {
    const onSubmit = vi.fn();
    render(<TransferDialog open orderNo="R2026ABCDEFG" dueFen={43_500} pending={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    const amount = screen.getByLabelText('Amount received (yuan)');
    expect((amount as HTMLInputElement).value).toBe('435.00');
    await act(async () => {
      fireEvent.change(amount, { target: { value: '4.35' } });
      fireEvent.change(screen.getByLabelText('Bank serial number'), { target: { value: ' BK-778899 ' } });
    });
    await click('Confirm');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amountFen: 435, bankSerial: 'BK-778899' }));
  });

  it('transfer: a wrong amount is refused in the form', async () => {
    const onSubmit = vi.fn();
    render(<TransferDialog open orderNo="R2026ABCDEFG" dueFen={100} pending={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount received (yuan)'), { target: { value: '1.005' } });
      fireEvent.change(screen.getByLabelText('Bank serial number'), { target: { value: 'BK-778899' } });
    });
    await click('Confirm');
    expect(await screen.findByText('please enter an amount in yuan with at most 2 decimals')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('approve: the refund amount follows the choice live, beside the member’s tier amount', async () => {
    const onSubmit = vi.fn();
    const refund = {
      refundNo: 'RF2026000001',
      orderNo: 'R2026ABCDEFG',
      baseFen: 200_000,
      persons: 2,
      tierPerMille: 500,
      requestedFen: 100_000,
      items: [
        { id: 1, label: 'Ann', priceFen: 100_000 },
        { id: 2, label: 'Bob', priceFen: 100_000 },
      ],
    };
    render(<ApproveRefundDialog refund={refund} initialRatio="500" pending={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Approve and refund ¥1,000.00' })).toBeTruthy();
    expect(screen.getByText('Member’s tier gives ¥1,000.00 (50%)')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: /90 yuan per person deducted/ }));
    });
    // 2,000 − 2 × 90
    expect(screen.getByRole('button', { name: 'Approve and refund ¥1,820.00' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: /Fixed product deduction/ }));
    });
    await click('Approve refund');
    expect(screen.getByRole('alert').textContent).toBe('please enter the amount to deduct');
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount to deduct (yuan)'), { target: { value: '0.29' } });
    });
    await click('Approve and refund ¥1,999.71');
    expect(onSubmit).toHaveBeenCalledWith({ approve: true, ratio: 'fixed', deductFen: 29 });
  });

  it('approve below the member’s tier: the reason becomes required and says why (issue 24)', async () => {
    const onSubmit = vi.fn();
    const refund = {
      refundNo: 'RF2026000002',
      orderNo: 'R2026ABCDEFH',
      baseFen: 100_000,
      persons: 1,
      tierPerMille: 994,
      requestedFen: 99_400,
      items: [{ id: 1, label: 'Ann', priceFen: 100_000 }],
    };
    render(<ApproveRefundDialog refund={refund} initialRatio="994" pending={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(screen.getByLabelText('Reason for the member (optional)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: /80%/ }));
    });
    const field = screen.getByLabelText('Reason for the member (required)');
    expect(screen.getByText(/This is ¥194.00 less than the ¥994.00 \(99.4%\) the member was quoted/)).toBeTruthy();
    await click('Approve and refund ¥800.00');
    expect(screen.getByRole('alert').textContent).toBe('please say why the refund is below the member’s tier');
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(field, { target: { value: ' Kits handed out ' } });
    });
    await click('Approve and refund ¥800.00');
    expect(onSubmit).toHaveBeenCalledWith({ approve: true, ratio: '800', reason: 'Kits handed out' });
  });

  it('reject: an empty reason is refused, a reason is sent trimmed', async () => {
    const onSubmit = vi.fn();
    render(
      <ReasonDialog
        open
        id="t"
        title="Reject refund"
        label="Reason (required)"
        okText="Confirm rejection"
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    await click('Confirm rejection');
    expect(screen.getByRole('alert').textContent).toBe('please enter the reason for rejection');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Reason (required)'), { target: { value: '   ' } });
    });
    await click('Confirm rejection');
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Reason (required)'), { target: { value: '  bought by mistake? no proof ' } });
    });
    await click('Confirm rejection');
    expect(onSubmit).toHaveBeenCalledWith('bought by mistake? no proof');
  });
});
