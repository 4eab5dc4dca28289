import { describe, expect, it } from 'vitest';
import { ERRORS } from '@rp/shared';
import zhErrors from '../locales/zh/errors.json';
import enErrors from '../locales/en/errors.json';
import { ERROR_TEXT, NOT_FOUND_CODES, type WordedCode } from './errors';

const locales = { zh: zhErrors, en: enErrors } as Record<'zh' | 'en', Record<string, unknown>>;
const lookup = (tree: Record<string, unknown>, path: string) =>
  path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);
const CLIENT_CODES = ['TIMEOUT', 'NETWORK', 'ABORTED', 'HTTP_ERROR'];

describe('error texts of the web', () => {
  it.each(Object.entries(ERROR_TEXT) as [WordedCode, string][])('%s has its text in zh and en', (code, key) => {
    const path = key.replace(/^errors:/, '');
    for (const lang of ['zh', 'en'] as const) expect(lookup(locales[lang], path), `${lang} ${key}`).toEqual(expect.stringMatching(/\S/));
  });

  it('words only client codes and codes of the shared catalogue', () => {
    for (const code of Object.keys(ERROR_TEXT)) expect(CLIENT_CODES.includes(code) || Object.hasOwn(ERRORS, code), code).toBe(true);
  });

  it('lists every not-found code of the catalogue', () => {
    const all = Object.entries(ERRORS)
      .filter(([, d]) => d.status === 404)
      .map(([c]) => c)
      .sort();
    expect([...NOT_FOUND_CODES].sort()).toEqual(all);
  });
});
