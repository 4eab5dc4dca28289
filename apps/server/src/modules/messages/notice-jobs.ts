import { and, eq, ne, sql } from 'drizzle-orm';
import { noticeTemplates } from '../../config';
import type { AppDeps } from '../../deps';
import { noticeJobs, userOauth, users } from '../../db/schema/index';
import { publicBase } from '../../lib/public-base';
import { SmsNoticeFailed } from '../../lib/sms';
import { WechatSendFailed, type WechatMpMessages } from '../wechat/index';
import { jobQueue, JobGiveUp, JobLeaseLost, runJobs, type JobQueue } from '../../lib/jobs';

/** tries before a notice is given up (about 2 hours of backoff in all) */
export const NOTICE_MAX_ATTEMPTS = 8;
export const NOTICE_QUEUE = 'notice';
const LEASE_MS = 120_000;

type Notice = typeof noticeJobs.$inferSelect;
export interface NoticeChannels {
  wechat: WechatMpMessages | null;
}
export interface NoticeReport {
  sent: number;
  retried: number;
  failed: number;
}

class GiveUp extends Error {}

/** The jobs that send these notices (one per row, payload its id), enqueued in the transaction that writes the rows. */
export function noticeJobsFor(rows: readonly { id: number }[]) {
  return rows.map((r) => ({ queue: NOTICE_QUEUE, payload: { noticeId: r.id }, opts: { key: String(r.id), maxAttempts: NOTICE_MAX_ATTEMPTS } }));
}

/**
 * The notices' queue on the one job queue (lib/jobs.ts): a notice is sent once by whichever instance claims
 * its job, then marked sent with the job's "done" in one commit. A failure is retried with the queue's
 * backoff; a provider outage never touches the change that caused the notice (it committed before). An
 * instance that dies mid-send leaves a lease that runs out, and the notice goes again.
 */
export function noticeQueue(channels: NoticeChannels): JobQueue {
  return jobQueue<AppDeps, { noticeId: number }>(
    NOTICE_QUEUE,
    async (job, deps) => {
      const db = job.db;
      const [notice] = await db
        .update(noticeJobs)
        .set({ attempts: sql`${noticeJobs.attempts} + 1` })
        .where(and(eq(noticeJobs.id, job.payload.noticeId), ne(noticeJobs.status, 'sent')))
        .returning();
      if (!notice) return; // sent already, or its person is gone
      try {
        const r = await send(deps, channels, notice);
        await job.commit((tx) =>
          tx
            .update(noticeJobs)
            .set({ status: 'sent', sentAt: new Date(), provider: r.provider, providerMessageId: r.messageId, lastError: null })
            .where(eq(noticeJobs.id, notice.id)),
        );
      } catch (e) {
        if (e instanceof JobLeaseLost) throw e;
        const code = e instanceof SmsNoticeFailed || e instanceof WechatSendFailed ? e.code : e instanceof GiveUp ? e.message : 'error';
        const retry = e instanceof SmsNoticeFailed || e instanceof WechatSendFailed ? e.retry : !(e instanceof GiveUp);
        const last = !retry || job.final;
        await db
          .update(noticeJobs)
          .set(last ? { status: 'failed', lastError: code.slice(0, 200) } : { status: 'pending', lastError: code.slice(0, 200), nextAt: job.retryAt })
          .where(eq(noticeJobs.id, notice.id));
        throw retry ? Object.assign(new Error(code), { code }) : new JobGiveUp(code);
      }
    },
    { leaseMs: LEASE_MS },
  );
}

/** Sends the notices that are due, once each (the one job loop does this with every queue; tests call it alone). */
export async function deliverNotices(deps: AppDeps, channels: NoticeChannels, now = new Date()): Promise<NoticeReport> {
  const r = await runJobs(deps.database.db, deps, [noticeQueue(channels)], { now });
  return { sent: r.done, retried: r.retried, failed: r.failed };
}

async function send(
  deps: Pick<AppDeps, 'config' | 'database' | 'sms'>,
  channels: NoticeChannels,
  job: Notice,
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
