import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Label in name (WCAG 2.5.3): a control's accessible name contains the words it shows (best at its start), so a speech
 * user can say what they see. The house pattern for a row's action is a button showing `key` whose
 * aria-label is `keyOf` ("Generate PDF" named "Generate PDF: invoice of order RP…", "详情" named "查看 … 的详情"); `{{action}}` stands for
 * the shown text where the button shows one of several. The language button and the toolbar's heading
 * buttons show short texts their names begin with.
 */
const LOCALES = join(__dirname, '..', '..', 'locales');
const LANGS = ['zh', 'en'] as const;
/** `…Of` keys that are no button's name. */
const NOT_A_NAME = new Set(['admin:access.scopeOf']);

type Tree = { [key: string]: string | Tree };
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree;

function pairs(tree: Tree, path: string): [string, string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string, string][] => {
    if (typeof value !== 'string') return pairs(value, `${path}${key}.`);
    const shown = key.endsWith('Of') ? tree[key.slice(0, -2)] : undefined;
    return typeof shown === 'string' && !NOT_A_NAME.has(`${path}${key}`) ? [[`${path}${key}`, shown, value]] : [];
  });
}

const lower = (s: string) => s.toLowerCase();

describe('label in name', () => {
  for (const lang of LANGS) {
    it(`every row action's name contains the text its button shows (${lang})`, () => {
      const found = readdirSync(join(LOCALES, lang))
        .map((f) => f.replace(/\.json$/, ''))
        .flatMap((ns) => pairs(read(lang, ns), `${ns}:`))
        .filter(([, shown, name]) => !name.startsWith('{{action}}') && !lower(name).includes(lower(shown)))
        .map(([key, shown, name]) => `${key}: "${name}" does not contain "${shown}"`);
      expect(found).toEqual([]);
    });

    it(`the language button and the heading tools are named by what they show first (${lang})`, () => {
      const common = read(lang, 'common') as { lang: Record<string, string> };
      for (const code of ['zh', 'en'] as const) {
        const short = common.lang[`short${code === 'zh' ? 'Zh' : 'En'}`]!;
        expect(common.lang.current!.replace('{{short}}', short).replace('{{name}}', common.lang[code]!).startsWith(short)).toBe(true);
      }
      const editor = (read(lang, 'admin') as { editor: Record<string, string> }).editor;
      expect(editor.heading2!.startsWith('H2')).toBe(true);
      expect(editor.heading3!.startsWith('H3')).toBe(true);
    });
  }
});
