import { and, eq, inArray, sql } from 'drizzle-orm';
import { translate, type Lang, type MessageKey, type NOTICE_EVENTS } from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { messages, noticeJobs, noticeSettings, userOauth, users } from '../../db/schema/index';
import { enqueueMany } from '../../lib/jobs';
import { noticeJobsFor } from './notice-jobs';

export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** The messages a family may also be told by SMS or WeChat (issue 22), by their title. */
const EVENT_OF: Partial<Record<MessageKey, NoticeEvent>> = {
  'notify.reviewPassed.title': 'review',
  'notify.reviewFailed.title': 'review',
  'notify.orderPaid.title': 'payment',
  'notify.refundDone.title': 'refund',
  'notify.withdrawApproved.title': 'withdrawal',
  'notify.withdrawRejected.title': 'withdrawal',
  'notify.waitlistOffer.title': 'waitlist',
  'notify.certificateIssued.title': 'certificate',
};

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
  const insert = tx.insert(messages).values(
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
  const tagged = notices.flatMap((n) => (EVENT_OF[n.title] ? [{ n, event: EVENT_OF[n.title]! }] : []));
  if (!tagged.length) {
    await insert;
    return;
  }
  // the messages and the organiser's switches for their events in one statement (a data-modifying WITH runs in full; drizzle puts the insert in its parentheses)
  const read = await tx.execute(
    sql`with sent as ${insert} select ${noticeSettings.event} as event, ${noticeSettings.sms} as sms, ${noticeSettings.wechat} as wechat from ${noticeSettings} where ${inArray(noticeSettings.event, [...new Set(tagged.map((t) => t.event))])}`,
  );
  await enqueueNotices(tx, tagged, (read as unknown as { rows: Setting[] }).rows);
}

type Setting = { event: string; sms: boolean; wechat: boolean };

/**
 * The SMS and WeChat copies of the notices whose event the organiser switched on: rows of the notice outbox,
 * written in the caller's transaction (they exist exactly when the change committed, once each), in the
 * account's language, each with its job on the one queue (notice-jobs.ts sends them). SMS needs a phone, WeChat an account bound to the
 * official account.
 */
async function enqueueNotices(tx: Tx | Db, tagged: { n: Notice; event: NoticeEvent }[], settings: Setting[]): Promise<void> {
  const on = new Map(settings.filter((x) => x.sms || x.wechat).map((x) => [x.event, x]));
  const wanted = tagged.filter((t) => on.has(t.event));
  if (!wanted.length) return;
  const ids = [...new Set(wanted.map((t) => t.n.receiverId))];
  const [people, bound] = await Promise.all([
    tx.select({ id: users.id, phone: users.phone, lang: users.lang }).from(users).where(inArray(users.id, ids)),
    tx
      .select({ userId: userOauth.userId })
      .from(userOauth)
      .where(and(inArray(userOauth.userId, ids), eq(userOauth.provider, 'wechat_mp'))),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const hasWechat = new Set(bound.map((b) => b.userId));
  const rows: (typeof noticeJobs.$inferInsert)[] = [];
  for (const { n, event } of wanted) {
    const p = person.get(n.receiverId);
    if (!p) continue;
    const lang = p.lang;
    const params = Object.fromEntries(Object.entries(n.params[lang]).map(([k, v]) => [k, String(v)]));
    const payload = { title: translate(lang, n.title, n.params[lang]), content: translate(lang, n.content, n.params[lang]), params };
    const s = on.get(event)!;
    if (s.sms && p.phone) rows.push({ userId: p.id, event, channel: 'sms', lang, payload });
    if (s.wechat && hasWechat.has(p.id)) rows.push({ userId: p.id, event, channel: 'wechat', lang, payload });
  }
  if (rows.length) await enqueueMany(tx, noticeJobsFor(await tx.insert(noticeJobs).values(rows).returning({ id: noticeJobs.id })));
}

/** The same parameters in both languages, with bilingual names picked per language. */
export function bilingual(common: Params, names: Record<string, { zh: string; en: string }>): Record<Lang, Params> {
  const of = (lang: Lang) => ({ ...common, ...Object.fromEntries(Object.entries(names).map(([k, v]) => [k, lang === 'en' ? v.en || v.zh : v.zh || v.en])) });
  return { zh: of('zh'), en: of('en') };
}
