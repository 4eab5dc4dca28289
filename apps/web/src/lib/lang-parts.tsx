import type { ReactNode } from 'react';
import { useLang } from './use-lang';

/** Han ideographs, CJK punctuation and full-width forms: text that a screen reader must read as Chinese. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

export const hasCjk = (text: string | null | undefined): boolean => !!text && CJK.test(text);

/**
 * WCAG 3.1.2 (language of parts): on an English page, a name stored only in Chinese (a player's, a team's,
 * an activity's without an English name) is wrapped in <span lang="zh"> so it is read as Chinese; on a
 * Chinese page, or for text without CJK, the text is returned as it is.
 */
export function langPart(text: string | null | undefined, pageLang: string): ReactNode {
  if (text == null || text === '') return text ?? null;
  if (pageLang === 'zh' || !hasCjk(text)) return text;
  return <span lang="zh">{text}</span>;
}

/** langPart with the page's current language (the component re-renders when it changes). */
export function LangPart({ text }: { text: string | null | undefined }) {
  return <>{langPart(text, useLang())}</>;
}

/** Put in place of a name in a translated text (`t(key, { name: NAME_SLOT })`), then filled by langPartIn. */
export const NAME_SLOT = '\u2063';

/**
 * A translated sentence holding a name (e.g. a Chinese team name followed by "(2/3)"): the text around the name stays in the page's
 * language, the name alone is marked lang="zh" when it is Chinese on an English page. `text` is the translation
 * made with NAME_SLOT as the name.
 */
export function langPartIn(text: string, name: string, pageLang: string): ReactNode {
  const [before = '', ...rest] = text.split(NAME_SLOT);
  return (
    <>
      {before}
      {langPart(name, pageLang)}
      {rest.join(name)}
    </>
  );
}
