import { describe, expect, it } from 'vitest';
import { pickLang, serverMessages, translate } from './messages';

describe('server message catalogue', () => {
  it('has every key in both languages, none empty', () => {
    const zh = Object.keys(serverMessages.zh).sort();
    const en = Object.keys(serverMessages.en).sort();
    expect(en).toEqual(zh);
    for (const lang of ['zh', 'en'] as const) for (const [k, v] of Object.entries(serverMessages[lang])) expect(v, `${lang}:${k}`).not.toBe('');
  });
  it('keeps the same placeholders in both languages', () => {
    for (const k of Object.keys(serverMessages.zh) as (keyof typeof serverMessages.zh)[]) {
      const ph = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(ph(serverMessages.en[k]), k).toEqual(ph(serverMessages.zh[k]));
    }
  });
  it('fills placeholders', () => {
    expect(translate('en', 'sms.template', { code: '123456' })).toContain('123456');
  });
  it('a reason that ends its own sentence gives one stop, not two (issue 34)', () => {
    const zh = translate('zh', 'notify.refundRejected.content', { orderNo: 'R1', reason: '资料不全。' });
    expect(zh).toBe('订单 R1 的退款申请被驳回。原因：资料不全。');
    const en = translate('en', 'notify.refundRejected.content', { orderNo: 'R1', reason: 'Missing papers.' });
    expect(en).toBe('Your refund request for order R1 was rejected. Reason: Missing papers.');
    // in the middle of a text the value is kept as it is
    expect(translate('en', 'sms.template', { code: '1.' })).toContain('1.');
  });
  it('has no doubled full stop and no English sentence starting in lower case (issue 34)', () => {
    for (const [k, v] of Object.entries(serverMessages.zh)) expect(v, k).not.toMatch(/。\s*。/);
    // whole sentences (a capital letter or a placeholder first); fragments such as 'no team' or 'applied' are not sentences
    for (const [k, v] of Object.entries(serverMessages.en)) if (/[.!?]$/.test(v) && /\s/.test(v)) expect(v, k).not.toMatch(/^[a-z]/);
  });
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR', 'zh'],
  ])('Accept-Language %s → %s', (h, lang) => {
    expect(pickLang(h)).toBe(lang);
  });
});
