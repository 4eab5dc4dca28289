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
