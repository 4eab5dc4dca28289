import { describe, expect, it } from 'vitest';
import { isPublicPage, langOfPath, localizePath, stripLang } from './lang-path';
import { readHydrationData, serializeHydrationData } from '../app/hydration';

describe('addresses per language (issue 23)', () => {
  it('an information page is Chinese at its path and English under /en', () => {
    expect(langOfPath('/news')).toBe('zh');
    expect(langOfPath('/en/news')).toBe('en');
    expect(langOfPath('/EN/NewsDetail')).toBe('en');
    expect(langOfPath('/')).toBe('zh');
    expect(langOfPath('/en')).toBe('en');
    expect(langOfPath('/verify/ABC123')).toBe('zh');
  });

  it('portal, admin, purchase and unknown pages have one address', () => {
    for (const p of ['/userCenter', '/admin/users', '/activityOrder', '/login', '/en/userCenter', '/nothing-here']) expect(langOfPath(p)).toBeNull();
    expect(isPublicPage('/createTeam')).toBe(false);
  });

  it('localizes a link with its query and hash, and leaves other links alone', () => {
    expect(localizePath('/newsDetail?id=3#top', 'en')).toBe('/en/newsDetail?id=3#top');
    expect(localizePath('/en/newsDetail?id=3', 'zh')).toBe('/newsDetail?id=3');
    expect(localizePath('/en/news', 'en')).toBe('/en/news');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/userCenter?t=1', 'en')).toBe('/userCenter?t=1');
    expect(localizePath('?page=2', 'en')).toBe('?page=2');
    expect(localizePath('//evil.example/news', 'en')).toBe('//evil.example/news');
    expect(stripLang('/en/about')).toBe('/about');
    expect(stripLang('/english')).toBe('/english');
  });

  it('loader data travels inert inside its script element', () => {
    const hostile = { loaderData: { x: { title: '</script><script>alert(1)</script><!-- \u2028 & >' } }, actionData: null, errors: null };
    const text = serializeHydrationData(hostile);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    const el = document.createElement('script');
    el.type = 'application/json';
    el.textContent = text;
    expect(readHydrationData(el)).toEqual(hostile);
    el.textContent = '{broken';
    expect(readHydrationData(el)).toBeNull();
  });
});
