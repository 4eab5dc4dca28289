import { describe, expect, it } from 'vitest';
import { approvedRefundFen } from '@rp/shared/rules/money';
import { amountError, checkApproval, fenToYuanText, invoiceFileError, rejectionReason, tierChoice, transferBody, yuanToFen } from './model';

describe('yuan typed by staff → integer fen (the transfer dialog)', () => {
  it('converts by string arithmetic: no float errors', () => {
    // 0.29 * 100 = 28.999…, 1.13 * 100 = 112.999…, 4.35 * 100 = 434.999…, 19.99 * 100 = 1998.999…
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.13')).toBe(113);
    expect(yuanToFen('4.35')).toBe(435);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1005.1')).toBe(100510);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('12.')).toBe(1200);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen(' ¥1,234.56 ')).toBe(123456);
    expect(yuanToFen('\uffe5 8.8')).toBe(880);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const bad of ['', ' ', '1.234', '-1', '1e3', 'abc', '.5', '1,23.00', '12,34', '1.2.3', 'NaN', 'Infinity', '0x10'])
      expect(yuanToFen(bad), bad).toBeNull();
  });

  it('round-trips the amount due shown in the input', () => {
    for (const fen of [0, 1, 29, 113, 100, 123456, 2_000_000_000]) expect(yuanToFen(fenToYuanText(fen))).toBe(fen);
    expect(fenToYuanText(100510)).toBe('1005.10');
  });

  it('explains a wrong amount and builds the body only when amount and serial are right', () => {
    expect(amountError('')).toBe('required');
    expect(amountError('1.001')).toBe('invalid');
    expect(amountError('0.00')).toBe('tooSmall');
    expect(amountError('20000000.01')).toBe('tooLarge');
    expect(amountError('20000000')).toBeNull();
    expect(transferBody('4.35', '  BK20260501  ')).toEqual({ amountFen: 435, bankSerial: 'BK20260501' });
    expect(transferBody('4.35', 'abc')).toBeNull();
    expect(transferBody('4.355', 'BK20260501')).toBeNull();
    expect(transferBody('4.35', 'x'.repeat(65))).toBeNull();
  });
});

describe('the approve dialog: the amount each choice gives (as the server computes it)', () => {
  const refund = { baseFen: 100_000, persons: 2 };

  it('gives the ratio of what was paid, floor-rounded', () => {
    const odd = { baseFen: 33_333, persons: 1 };
    expect(checkApproval(odd, '994')).toEqual({ ok: true, fen: 33_133, body: { approve: true, ratio: '994' } });
    expect(checkApproval(refund, '800')).toMatchObject({ ok: true, fen: 80_000 });
    expect(checkApproval(refund, '700')).toMatchObject({ ok: true, fen: 70_000 });
    expect(checkApproval(refund, '500')).toMatchObject({ ok: true, fen: 50_000 });
    expect(checkApproval(refund, '300')).toMatchObject({ ok: true, fen: 30_000 });
    for (const r of ['994', '800', '700', '500', '300', 'minus90'] as const) expect(checkApproval(odd, r).fen).toBe(approvedRefundFen(r, 33_333, 1));
  });

  it('deducts 90 yuan per person', () => {
    expect(checkApproval(refund, 'minus90')).toEqual({ ok: true, fen: 100_000 - 2 * 9000, body: { approve: true, ratio: 'minus90' } });
  });

  it('deducts a fixed product amount typed in yuan, sent in fen', () => {
    expect(checkApproval(refund, 'fixed', '120.35')).toEqual({ ok: true, fen: 100_000 - 12_035, body: { approve: true, ratio: 'fixed', deductFen: 12_035 } });
    expect(checkApproval(refund, 'fixed', '0')).toMatchObject({ ok: true, fen: 100_000, body: { deductFen: 0 } });
    expect(checkApproval(refund, 'fixed', '')).toEqual({ ok: false, fen: null, error: 'deductRequired' });
    expect(checkApproval(refund, 'fixed', '12.345')).toEqual({ ok: false, fen: null, error: 'deductInvalid' });
  });

  it('needs a choice, and refuses an approval that gives nothing back', () => {
    expect(checkApproval(refund, null)).toEqual({ ok: false, fen: null, error: 'ratioRequired' });
    expect(checkApproval({ baseFen: 15_000, persons: 2 }, 'minus90')).toEqual({ ok: false, fen: 0, error: 'nothingToRefund' });
    expect(checkApproval(refund, 'fixed', '2000')).toEqual({ ok: false, fen: 0, error: 'nothingToRefund' });
  });

  it('below the tier amount the member was quoted, a reason is required and sent (issue 24)', () => {
    const quoted = { baseFen: 100_000, persons: 1, requestedFen: 99_400 };
    expect(checkApproval(quoted, '800')).toEqual({ ok: false, fen: 80_000, error: 'reasonRequired' });
    expect(checkApproval(quoted, '800', '', '   ')).toEqual({ ok: false, fen: 80_000, error: 'reasonRequired' });
    expect(checkApproval(quoted, '800', '', ' kits handed out ')).toEqual({
      ok: true,
      fen: 80_000,
      body: { approve: true, ratio: '800', reason: 'kits handed out' },
    });
    expect(checkApproval(quoted, '994')).toEqual({ ok: true, fen: 99_400, body: { approve: true, ratio: '994' } });
    expect(checkApproval(quoted, 'fixed', '0')).toMatchObject({ ok: true, fen: 100_000 });
  });

  it('preselects the choice of the member’s tier', () => {
    expect(tierChoice(994)).toBe('994');
    expect(tierChoice(500)).toBe('500');
    expect(tierChoice(300)).toBe('300');
    expect(tierChoice(0)).toBeNull();
  });
});

describe('rejections need a reason (spec 5)', () => {
  it('refuses an empty or blank reason and trims the rest', () => {
    expect(rejectionReason('')).toBeNull();
    expect(rejectionReason('   \n ')).toBeNull();
    expect(rejectionReason(undefined)).toBeNull();
    expect(rejectionReason('  not eligible ')).toBe('not eligible');
  });
});

describe('invoice PDF uploads', () => {
  it('takes PDFs of at most 10 MB', () => {
    expect(invoiceFileError({ name: 'a.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeNull();
    expect(invoiceFileError({ name: 'a.pdf', type: '', size: 100 })).toBeNull();
    expect(invoiceFileError({ name: 'a.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(invoiceFileError({ name: 'a.png', type: 'image/png', size: 100 })).toBe('notPdf');
    expect(invoiceFileError({ name: 'a.pdf', type: 'image/png', size: 100 })).toBe('notPdf');
  });
});
