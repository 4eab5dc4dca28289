import { describe, expect, it } from 'vitest';
import { approvedRefundFen, fenToChineseCapital, formatYuan, orderDisplayStatus, refundPercent, refundPreview, TAX_NO_PATTERN, teamFees } from './money';

const day = 86_400_000;
describe('refund preview by tier (spec 9)', () => {
  const begin = new Date('2027-03-01T00:00:00Z');
  it.each([
    [45, 994, 99_400],
    [30, 994, 99_400],
    [29, 500, 50_000],
    [20, 500, 50_000],
    [19, 300, 30_000],
    [10, 300, 30_000],
    [9, 0, 0],
    [0, 0, 0],
    [-3, 0, 0],
  ])('%i days before → %i‰ of 1000 yuan = %i fen', (days, perMille, fen) => {
    const now = new Date(begin.getTime() - days * day - 1000);
    expect(refundPreview(100_000, begin, now)).toMatchObject({ perMille, fen });
  });
  it('rounds down to the fen', () => {
    expect(refundPreview(333, begin, new Date(begin.getTime() - 40 * day)).fen).toBe(331); // 333 × 0.994 = 331.002
  });
});

describe('staff refund choices (spec 9)', () => {
  it.each([
    ['994', 100_000, 1, 0, 99_400],
    ['800', 100_000, 1, 0, 80_000],
    ['700', 100_000, 1, 0, 70_000],
    ['500', 100_000, 1, 0, 50_000],
    ['300', 99_999, 1, 0, 29_999],
    ['minus90', 100_000, 2, 0, 82_000],
    ['minus90', 10_000, 2, 0, 0],
    ['fixed', 100_000, 3, 25_000, 75_000],
    ['fixed', 100_000, 3, 200_000, 0],
  ] as const)('%s of %i fen (%i persons, deduct %i) → %i', (ratio, base, persons, deduct, out) => {
    expect(approvedRefundFen(ratio, base, persons, deduct)).toBe(out);
  });
});

describe('a decided refund as a percentage (issue 24)', () => {
  it('reads the chosen ratio, the tier, or the amount over the base', () => {
    expect(refundPercent({ ratio: '800', baseFen: 100_000, amountFen: 80_000, tierPerMille: 994 })).toBe('80%');
    expect(refundPercent({ ratio: '994', baseFen: 100_000, amountFen: 99_400, tierPerMille: 994 })).toBe('99.4%');
    expect(refundPercent({ ratio: 'tier', baseFen: 50_000, amountFen: 49_700, tierPerMille: 994 })).toBe('99.4%');
    expect(refundPercent({ ratio: 'minus90', baseFen: 100_000, amountFen: 82_000, tierPerMille: 994 })).toBe('82%');
    expect(refundPercent({ ratio: 'fixed', baseFen: 30_000, amountFen: 10_000, tierPerMille: 994 })).toBe('33.3%');
    expect(refundPercent({ ratio: null, baseFen: 100_000, amountFen: null, tierPerMille: 994 })).toBeNull();
  });
});

describe('order display status (spec 4.3 payment vocabulary)', () => {
  const o = { status: 'unpaid', paidFen: 0, refundedFen: 0, paying: false, refunding: false };
  it.each([
    [o, 'unpaid'],
    [{ ...o, paying: true }, 'inProgress'],
    [{ ...o, status: 'paid', paidFen: 100 }, 'completed'],
    [{ ...o, status: 'paid', paidFen: 100, refunding: true }, 'refunding'],
    [{ ...o, status: 'paid', paidFen: 100, refundedFen: 40 }, 'completed'],
    [{ ...o, status: 'paid', paidFen: 100, refundedFen: 100 }, 'refunded'],
    [{ ...o, status: 'cancelled' }, 'cancelled'],
    [{ ...o, status: 'abnormal', paidFen: 5 }, 'abnormal'],
  ])('%o → %s', (input, out) => expect(orderDisplayStatus(input)).toBe(out));
});

describe('money helpers', () => {
  it('formats fen as yuan without floats', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(1)).toBe('¥0.01');
    expect(formatYuan(123_456_789)).toBe('¥1,234,567.89');
    expect(formatYuan(-500)).toBe('-¥5.00');
  });
  it('tax numbers: 15–20 letters and digits', () => {
    for (const ok of ['91110108MA01ABCD2X', '123456789012345', 'A1B2C3D4E5F6G7H8I9J0']) expect(TAX_NO_PATTERN.test(ok)).toBe(true);
    for (const bad of ['12345678901234', '123456789012345678901', '91110108-MA01ABCD', '', '９１１１０１０８ＭＡ０１ＡＢＣＤ'])
      expect(TAX_NO_PATTERN.test(bad)).toBe(false);
  });
  it('team fees: total and due of active players; paid = money received − money refunded, of every player (issue 34)', () => {
    expect(
      teamFees([
        { priceFen: 50_000, payStatus: 3, netPaidFen: 50_000 },
        { priceFen: 50_000, payStatus: 0, netPaidFen: 0 },
        { priceFen: 50_000, payStatus: 2, netPaidFen: 0 },
        // withdrew: 99.4 % went back, 300 fen were kept
        { priceFen: 50_000, payStatus: 5, netPaidFen: 300 },
        // passed review, nothing paid yet: owes her fee
        { priceFen: 50_000, payStatus: 9, netPaidFen: 0 },
      ]),
    ).toEqual({ totalFen: 200_000, paidFen: 50_300, dueFen: 150_000 });
  });
});

describe('amount in Chinese capital numerals (invoice 价税合计大写)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [10, '壹角整'],
    [105, '壹元零伍分'],
    [150, '壹元伍角整'],
    [10000, '壹佰元整'],
    [123456, '壹仟贰佰叁拾肆元伍角陆分'],
    [298000, '贰仟玖佰捌拾元整'],
    [1001000, '壹万零壹拾元整'],
    [100100, '壹仟零壹元整'],
    [10000000, '壹拾万元整'],
    [1000000000, '壹仟万元整'],
    [10000000000, '壹亿元整'],
    [10001000000, '壹亿零壹万元整'],
    [10000000100, '壹亿零壹元整'],
    [12003040500, '壹亿贰仟零叁万零肆佰零伍元整'],
  ])('%i fen → %s', (fen, words) => {
    expect(fenToChineseCapital(fen)).toBe(words);
  });

  it('refuses negative and fractional fen', () => {
    expect(() => fenToChineseCapital(-1)).toThrow(RangeError);
    expect(() => fenToChineseCapital(1.5)).toThrow(RangeError);
  });
});
