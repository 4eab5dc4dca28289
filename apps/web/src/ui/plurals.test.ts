import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * English counts read right: every English text with {{count}} in the shell's and public pages'
 * namespaces has _one/_other forms, so "1 unread message" and "2 unread messages" differ.
 */
const NAMESPACES = ['auth', 'common', 'nav', 'footer', 'help', 'home', 'content', 'user', 'messages', 'routes', 'errors'];
type Tree = { [key: string]: string | Tree };
const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(__dirname, '..', 'locales', lang, `${ns}.json`), 'utf8')) as Tree;

function countKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v !== 'string') return countKeys(v, path);
    return /\{\{\s*count\s*\}\}/.test(v) && !/_(one|other)$/.test(k) ? [path] : [];
  });
}

describe('English plurals', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en', resources: { en: Object.fromEntries(NAMESPACES.map((ns) => [ns, load('en', ns)])) }, interpolation: { escapeValue: false } });
  const keys = NAMESPACES.flatMap((ns) => countKeys(load('en', ns)).map((k) => `${ns}:${k}`));

  it('found texts with counts', () => {
    expect(keys).toContain('nav:userMenu.unread');
  });

  it.each(keys)('%s has a singular form', (key) => {
    expect(i18n.t(key, { count: 1, loaded: 1, year: 2026 })).not.toBe(i18n.t(key, { count: 7, loaded: 1, year: 2026 }).replace('7', '1'));
  });

  it('reads "1 unread message" and "3 unread messages"', () => {
    expect(i18n.t('nav:userMenu.unread', { count: 1 })).toBe('1 unread message');
    expect(i18n.t('nav:userMenu.unread', { count: 3 })).toBe('3 unread messages');
  });
});
