import { translate, type Lang, type MessageKey } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { messages } from '../../db/schema/index';

type Params = Record<string, string | number>;

/** One system message: its texts' keys and the parameters of each language (names differ by language). */
export interface Notice {
  receiverId: number;
  title: MessageKey;
  content: MessageKey;
  params: Record<Lang, Params>;
}

/**
 * Sends system messages (type 1) inside the caller's transaction, so a message exists exactly when the
 * state change it reports was committed. Both languages are stored; the reader's language picks one.
 */
export async function notify(tx: Tx | Db, notices: Notice[]): Promise<void> {
  if (!notices.length) return;
  await tx.insert(messages).values(
    notices.map((n) => ({
      receiverId: n.receiverId,
      type: 1,
      titleZh: translate('zh', n.title, n.params.zh),
      titleEn: translate('en', n.title, n.params.en),
      contentZh: translate('zh', n.content, n.params.zh),
      contentEn: translate('en', n.content, n.params.en),
      publisherZh: translate('zh', 'welcome.publisher'),
      publisherEn: translate('en', 'welcome.publisher'),
    })),
  );
}

/** The same parameters in both languages, with bilingual names picked per language. */
export function bilingual(common: Params, names: Record<string, { zh: string; en: string }>): Record<Lang, Params> {
  const of = (lang: Lang) => ({ ...common, ...Object.fromEntries(Object.entries(names).map(([k, v]) => [k, lang === 'en' ? v.en || v.zh : v.zh || v.en])) });
  return { zh: of('zh'), en: of('en') };
}
