import { describe, expect, it } from 'vitest';
import { canApplyInvoice, deadlineStyle, mmss, parseIds, payState, paymentScene, percent, pollInterval, secondsLeft, tierRows } from './model';

const order = (over: Record<string, unknown> = {}) =>
  ({ status: 'unpaid', closeReason: null, payment: null, lastAttempt: null, paidFen: 0, balanceFen: 0, invoiceableFen: 0, invoice: null, ...over }) as never;

describe('money screen rules', () => {
  it('a phone width pays with the H5/wap page, a desktop with QR or page pay', () => {
    expect(paymentScene(390)).toBe('mobile');
    expect(paymentScene(767)).toBe('mobile');
    expect(paymentScene(768)).toBe('desktop');
  });

  it('reads ?memberIds= leniently: junk, zero, repeats and huge numbers dropped', () => {
    expect(parseIds('3,1,3,abc,0,-2,99999999999, 7')).toEqual([3, 1, 7]);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds(Array.from({ length: 900 }, (_, i) => i + 1).join(','))).toHaveLength(500);
  });

  it('marks the tier of spec 9 that applies today', () => {
    const cur = (d: number) => tierRows(d).findIndex((r) => r.current);
    expect(cur(45)).toBe(0);
    expect(cur(30)).toBe(0);
    expect(cur(29)).toBe(1);
    expect(cur(20)).toBe(1);
    expect(cur(19)).toBe(2);
    expect(cur(10)).toBe(2);
    expect(cur(9)).toBe(3);
    expect(cur(-3)).toBe(3);
    expect(percent(994)).toBe('99.4%');
    expect(percent(500)).toBe('50%');
  });

  it('derives the result page state from the order', () => {
    expect(payState(order())).toBe('choose');
    expect(payState(order({ payment: { channel: 'sandbox' } }))).toBe('waiting');
    expect(payState(order({ lastAttempt: { channel: 'sandbox', status: 'failed' } }))).toBe('failed');
    expect(payState(order({ status: 'cancelled', closeReason: 'expired' }))).toBe('expired');
    expect(payState(order({ status: 'cancelled', closeReason: 'user' }))).toBe('cancelled');
    expect(payState(order({ status: 'completed', paidFen: 100 }))).toBe('paid');
    expect(payState(order({ status: 'refunded', paidFen: 100 }))).toBe('paid');
    expect(payState(order({ status: 'abnormal', paidFen: 100 }))).toBe('abnormal');
  });

  it('offers an invoice only for a paid order with a balance, again after a rejection', () => {
    expect(canApplyInvoice(order({ status: 'completed', balanceFen: 100, invoiceableFen: 100 }))).toBe(true);
    expect(canApplyInvoice(order({ status: 'unpaid', balanceFen: 100, invoiceableFen: 100 }))).toBe(false);
    expect(canApplyInvoice(order({ status: 'completed', balanceFen: 0, invoiceableFen: 0 }))).toBe(false);
    expect(canApplyInvoice(order({ status: 'completed', balanceFen: 100, invoiceableFen: 100, invoice: { status: 'pending' } }))).toBe(false);
    expect(canApplyInvoice(order({ status: 'completed', balanceFen: 100, invoiceableFen: 100, invoice: { status: 'rejected' } }))).toBe(true);
    // money left but all of it being refunded: nothing to invoice (issue 34)
    expect(canApplyInvoice(order({ status: 'refunding', balanceFen: 100, invoiceableFen: 0 }))).toBe(false);
  });

  it('counts down to expiry', () => {
    expect(secondsLeft('2026-01-01T00:01:05Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(65);
    expect(secondsLeft('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:10:00Z'))).toBe(0);
    expect(mmss(65)).toBe('01:05');
  });
});

describe('the deadline of an unpaid order (issue 24)', () => {
  const now = Date.parse('2026-11-27T08:00:00Z');
  const bank = {
    channel: 'bank' as const,
    outTradeNo: 'BT1',
    status: 'created',
    action: { kind: 'bank' as const, reference: 'RP12' },
    expiresAt: '2026-11-30T08:00:00Z',
  };
  it('is a date for a bank transfer or a long wait, a countdown for a short wait at a gateway', () => {
    expect(deadlineStyle({ payment: bank, expiresAt: '2026-11-30T08:00:00Z' }, now)).toBe('date');
    expect(deadlineStyle({ payment: bank, expiresAt: '2026-11-27T08:10:00Z' }, now)).toBe('date');
    expect(deadlineStyle({ payment: null, expiresAt: '2026-11-27T08:30:00Z' }, now)).toBe('countdown');
    expect(deadlineStyle({ payment: null, expiresAt: '2026-11-28T08:30:00Z' }, now)).toBe('date');
  });
  it('polls a bank transfer rarely', () => {
    expect(pollInterval('bank')).toBe(15_000);
    expect(pollInterval('wechat')).toBe(2000);
  });
});
