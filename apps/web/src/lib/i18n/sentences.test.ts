import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18n from './index';

/**
 * Issue 34: the texts read as written sentences — no doubled Chinese full stop, no English sentence starting in
 * lower case (fragments such as "or" or "applied" are not sentences: only texts with a space that end with . ! ?).
 */
const LOCALES = join(__dirname, '..', '..', 'locales');
type Tree = { [key: string]: string | Tree };
const texts = (lang: string): [string, string][] =>
  readdirSync(join(LOCALES, lang)).flatMap((file) => {
    const out: [string, string][] = [];
    const walk = (tree: Tree, path: string) => {
      for (const [k, v] of Object.entries(tree)) {
        if (typeof v === 'string') out.push([`${path}.${k}`, v]);
        else walk(v, `${path}.${k}`);
      }
    };
    walk(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree, file.replace(/\.json$/, ''));
    return out;
  });

describe('texts as sentences', () => {
  it('no Chinese text doubles its full stop', () => {
    for (const [key, text] of texts('zh')) expect(text, key).not.toMatch(/。\s*。/);
  });

  it('every English sentence starts with a capital, a number or a placeholder', () => {
    for (const [key, text] of texts('en')) if (/\s/.test(text) && /[.!?]$/.test(text)) expect(text, key).not.toMatch(/^[a-z]/);
  });

  it('a new record’s title names the list, not a cart (“Add to Tickets”)', async () => {
    const en = JSON.parse(readFileSync(join(LOCALES, 'en', 'admin.json'), 'utf8')) as { resource: { newTitle: string } };
    i18n.addResourceBundle('en', 'admin', en, true, true);
    expect(i18n.getFixedT('en', 'admin')('resource.newTitle', { name: 'Tickets' })).toBe('Tickets: new entry');
  });
});
