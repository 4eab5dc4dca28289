import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { noticeTemplates } from '../../config';
import type { AppDeps } from '../../deps';
import { noticeJobs, userOauth, users } from '../../db/schema/index';
import { publicBase } from '../../lib/public-base';
import { SmsNoticeFailed } from '../../lib/sms';
import { WechatSendFailed, type WechatMpMessages } from '../wechat/index';
import { every, type JobLog } from '../../lib/every';

/** tries before a notice is given up (about 2 hours of backoff in all) */
export const NOTICE_MAX_ATTEMPTS = 8;
const LEASE_S = 120;
const BATCH = 20;
/** 30 s, 1 min, 2 min, … up to an hour between tries */
const backoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

type Job = typeof noticeJobs.$inferSelect;
export interface NoticeChannels {
  wechat: WechatMpMessages | null;
}
export interface NoticeReport {
  sent: number;
  retried: number;
  failed: number;
}

class GiveUp extends Error {}

/**
 * Sends the notices that are due, on any instance: each is claimed with a lease (FOR UPDATE SKIP LOCKED, so
 * two instances never take one), sent once, then marked sent — only by the instance whose lease it is. A
 * failure is retried with backoff; a provider outage never touches the change that caused the notice (it
 * committed before). An instance that dies mid-send leaves a lease that runs out, and the notice goes again.
 */
export async function deliverNotices(deps: AppDeps, channels: NoticeChannels, now = new Date()): Promise<NoticeReport> {
  const db = deps.database.db;
  const report: NoticeReport = { sent: 0, retried: 0, failed: 0 };
  const lease = new Date(now.getTime() + LEASE_S * 1000);
  const due = db
    .select({ id: noticeJobs.id })
    .from(noticeJobs)
    .where(and(eq(noticeJobs.status, 'pending'), lte(noticeJobs.nextAt, now), or(isNull(noticeJobs.leaseUntil), lt(noticeJobs.leaseUntil, now))))
    .orderBy(asc(noticeJobs.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(noticeJobs)
    .set({ leaseUntil: lease, attempts: sql`${noticeJobs.attempts} + 1` })
    .where(inArray(noticeJobs.id, due))
    .returning();
  for (const job of claimed) {
    const mine = and(eq(noticeJobs.id, job.id), eq(noticeJobs.leaseUntil, lease));
    try {
      const r = await send(deps, channels, job);
      await db
        .update(noticeJobs)
        .set({ status: 'sent', sentAt: new Date(), leaseUntil: null, provider: r.provider, providerMessageId: r.messageId, lastError: null })
        .where(mine);
      report.sent++;
    } catch (e) {
      const code = e instanceof SmsNoticeFailed || e instanceof WechatSendFailed ? e.code : e instanceof GiveUp ? e.message : 'error';
      const retry = e instanceof SmsNoticeFailed || e instanceof WechatSendFailed ? e.retry : !(e instanceof GiveUp);
      const last = !retry || job.attempts >= NOTICE_MAX_ATTEMPTS;
      await db
        .update(noticeJobs)
        .set(
          last
            ? { status: 'failed', leaseUntil: null, lastError: code.slice(0, 200) }
            : { leaseUntil: null, lastError: code.slice(0, 200), nextAt: new Date(now.getTime() + backoffMs(job.attempts)) },
        )
        .where(mine);
      if (last) report.failed++;
      else report.retried++;
    }
  }
  return report;
}

async function send(
  deps: Pick<AppDeps, 'config' | 'database' | 'sms'>,
  channels: NoticeChannels,
  job: Job,
): Promise<{ provider: string; messageId: string | null }> {
  const db = deps.database.db;
  const { title, content, params } = job.payload;
  if (job.channel === 'sms') {
    const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, job.userId));
    if (!u?.phone) throw new GiveUp('no-phone');
    if (!deps.sms.notice || (deps.sms.canNotice && !deps.sms.canNotice(job.event))) throw new GiveUp('no-template');
    return deps.sms.notice({ phone: u.phone, event: job.event, lang: job.lang, text: `${title}\n${content}`, params: { ...params, title } });
  }
  const wechat = channels.wechat;
  if (!wechat) throw new GiveUp('no-official-account');
  const template = noticeTemplates(deps.config).wechat[job.event];
  // the simulation needs no template; a real official account sends only what a template was set up for
  const simulated = !deps.config.WECHAT_MP_APP_ID;
  if (!template && !simulated) throw new GiveUp('no-template');
  const [link] = await db
    .select({ openid: userOauth.openid })
    .from(userOauth)
    .where(and(eq(userOauth.userId, job.userId), eq(userOauth.provider, 'wechat_mp')));
  if (!link) throw new GiveUp('not-bound');
  const values: Record<string, string> = { ...params, title, content };
  const map = template?.data ?? { first: 'title', keyword1: 'activity', remark: 'content' };
  const data = Object.fromEntries(
    Object.entries(map).map(([k, from]) => [
      k,
      Array.from(values[from] ?? '')
        .slice(0, 20)
        .join(''),
    ]),
  );
  const r = await wechat.send(link.openid, template?.id ?? 'simulation', data, `${publicBase(deps.config)}/userCenter?t=8`);
  return { provider: simulated ? 'simulation' : 'wechat', messageId: r.msgid };
}

/** Background loop of one instance, every 5 s. Never throws. */
export function startNoticeJobs(deps: AppDeps, channels: NoticeChannels, log: JobLog) {
  return every('notice jobs', 5000, async () => void (await deliverNotices(deps, channels)), log);
}
