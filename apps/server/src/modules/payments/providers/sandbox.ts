import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { enqueue, jobQueue, runJobs, type JobQueue } from '../../../lib/jobs';
import { sandboxDeliveries, sandboxRefunds, sandboxTrades } from '../../../db/schema/index';
import {
  NotifyRejected,
  type CreatePaymentInput,
  type NotifyAck,
  type NotifyEvent,
  type NotifyRequest,
  type PaymentAction,
  type PaymentProvider,
  type PaymentQueryResult,
  type RefundInput,
  type RefundResult,
} from './types';

/** Sends one HTTP POST; returns the status (0 when it could not be delivered). Tests deliver with app.inject. */
export type Deliver = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export const fetchDeliver: Deliver = async (url, body, headers) => {
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

export const SANDBOX_QUEUE = 'sandbox-notify';
/** enough for a day of the queue's backoff (an hour apart at most); the day's window ends it first */
const MAX_ATTEMPTS = 40;

const randomNo = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

/**
 * The sandbox gateway: an outside payment service in miniature, run by us so the whole flow works on a
 * laptop. It keeps its own books (sandbox_* tables), serves a hosted page where the payer pays or
 * fails, and tells the merchant by an asynchronous notification signed with HMAC-SHA256
 * (header `X-Sandbox-Signature: t=<unix>,v1=<hex>` over `<t>.<body>`), retried with backoff (the one job queue's) until the
 * merchant answers 2xx — exactly the contract a real gateway has, so nothing in our order code
 * special-cases it.
 */
export class SandboxGateway {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    /** where the hosted page lives (our own origin) */
    private readonly baseUrl: () => string,
    public deliver: Deliver = fetchDeliver,
    private readonly now: () => Date = () => new Date(),
  ) {}

  sign(body: string, t = Math.floor(this.now().getTime() / 1000)): string {
    const mac = crypto.createHmac('sha256', this.key).update(`${t}.${body}`).digest('hex');
    return `t=${t},v1=${mac}`;
  }

  /** Checks a signature header (5 minutes of clock skew at most); constant-time. */
  verify(body: string, header: string | undefined): boolean {
    const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
    if (!m) return false;
    const t = Number(m[1]);
    if (Math.abs(Math.floor(this.now().getTime() / 1000) - t) > 300) return false;
    const want = crypto.createHmac('sha256', this.key).update(`${t}.${body}`).digest();
    return crypto.timingSafeEqual(want, Buffer.from(m[2]!, 'hex'));
  }

  /** Opens a trade (idempotent per outTradeNo, like a gateway's prepay) and returns the hosted page. */
  async createTrade(input: CreatePaymentInput): Promise<{ url: string }> {
    const token = crypto.randomBytes(18).toString('base64url');
    const [made] = await this.db
      .insert(sandboxTrades)
      .values({
        outTradeNo: input.outTradeNo,
        tradeNo: randomNo('SBX'),
        pageToken: token,
        amountFen: input.amountFen,
        description: input.description.slice(0, 127),
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        expiresAt: input.expiresAt,
      })
      .onConflictDoNothing()
      .returning({ pageToken: sandboxTrades.pageToken });
    // a trade number seen before keeps its first page (read only then)
    const t =
      made ?? (await this.db.select({ pageToken: sandboxTrades.pageToken }).from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, input.outTradeNo)))[0];
    return { url: `${this.baseUrl()}/api/lOrder/sandbox/pay/${t!.pageToken}` };
  }

  async trade(outTradeNo: string) {
    const [t] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
    return t ?? null;
  }

  async tradeByToken(token: string) {
    const [t] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.pageToken, token));
    return t ?? null;
  }

  /** The payer's choice on the hosted page. Only a pending, unexpired trade moves; the merchant hears of it by notification. */
  async decide(token: string, pay: boolean): Promise<{ ok: boolean; returnUrl: string | null }> {
    const now = this.now();
    const t = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxTrades)
        .set({ status: pay ? 'paid' : 'failed', paidAt: pay ? now : null })
        .where(and(eq(sandboxTrades.pageToken, token), eq(sandboxTrades.status, 'pending'), sql`${sandboxTrades.expiresAt} > ${now}`))
        .returning();
      if (row)
        await this.enqueue(tx, row.notifyUrl, {
          event: 'payment',
          outTradeNo: row.outTradeNo,
          tradeNo: row.tradeNo,
          amountFen: row.amountFen,
          status: pay ? 'SUCCESS' : 'FAILED',
          paidAt: pay ? now.toISOString() : null,
        });
      return row;
    });
    if (!t) return { ok: false, returnUrl: (await this.tradeByToken(token))?.returnUrl ?? null };
    return { ok: true, returnUrl: t.returnUrl };
  }

  async close(outTradeNo: string): Promise<void> {
    await this.db
      .update(sandboxTrades)
      .set({ status: 'closed' })
      .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.status, 'pending')));
  }

  /** Refunds are accepted at once and settled asynchronously: the notification says success. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const t = await this.trade(input.outTradeNo);
    if (!t || t.status !== 'paid') return { state: 'failed' };
    const [existing] = await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.outRefundNo, input.outRefundNo));
    if (existing) return { state: existing.status === 'success' ? 'success' : 'processing', providerRefundNo: existing.refundNo };
    const [{ refunded }] = (await this.db
      .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountFen}), 0)::int` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.outTradeNo, input.outTradeNo))) as [{ refunded: number }];
    if (Number(refunded) + input.refundFen > t.amountFen) return { state: 'failed' };
    const refundNo = randomNo('SBR');
    await this.db.transaction(async (tx) => {
      await tx
        .insert(sandboxRefunds)
        .values({ outRefundNo: input.outRefundNo, outTradeNo: input.outTradeNo, refundNo, amountFen: input.refundFen, status: 'success' });
      await this.enqueue(tx, input.notifyUrl, { event: 'refund', outRefundNo: input.outRefundNo, refundNo, amountFen: input.refundFen, status: 'SUCCESS' });
    });
    return { state: 'processing', providerRefundNo: refundNo };
  }

  async queryRefund(outRefundNo: string): Promise<RefundResult> {
    const [r] = await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.outRefundNo, outRefundNo));
    if (!r) return { state: 'failed' };
    return { state: r.status === 'success' ? 'success' : 'processing', providerRefundNo: r.refundNo };
  }

  /** The notification as a job of the one queue (lib/jobs.ts), in the caller's transaction with the change it tells of. */
  private async enqueue(tx: Tx | Db, url: string, payload: object) {
    const [d] = await tx
      .insert(sandboxDeliveries)
      .values({ url, body: JSON.stringify(payload) })
      .returning({ id: sandboxDeliveries.id });
    await enqueue(tx, SANDBOX_QUEUE, { deliveryId: d!.id }, { key: String(d!.id), maxAttempts: MAX_ATTEMPTS });
  }

  /**
   * The gateway's notifications on the one job queue: any instance may run a due one (claimed once). A 2xx
   * answer ends a notification; anything else, or no answer, is retried with the queue's backoff for a day.
   * A batch's notifications go out side by side, as a real gateway's do (one slow merchant answer holds up no
   * other; bench:rush measured them one after another as the cap on paid registrations a minute).
   */
  readonly queue: JobQueue = jobQueue<unknown, { deliveryId: number }>(
    SANDBOX_QUEUE,
    async (job) => {
      const [d] = await job.db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.id, job.payload.deliveryId));
      if (!d || d.deliveredAt) return;
      const status = await this.deliver(d.url, d.body, { 'content-type': 'application/json', 'x-sandbox-signature': this.sign(d.body) });
      const tried = { attempts: sql`${sandboxDeliveries.attempts} + 1`, lastStatus: status };
      if (status >= 200 && status < 300) {
        await job.commit((tx) =>
          tx
            .update(sandboxDeliveries)
            .set({ ...tried, deliveredAt: this.now() })
            .where(eq(sandboxDeliveries.id, d.id)),
        );
        return;
      }
      await job.db.update(sandboxDeliveries).set(tried).where(eq(sandboxDeliveries.id, d.id));
      throw Object.assign(new Error('not delivered'), { code: status ? `http-${status}` : 'unreachable' });
    },
    { retryWindowMs: 24 * 3600_000, parallel: true },
  );

  /** Delivers the due notifications once each (the one job loop does this with every queue; tests call it alone); returns how many were answered 2xx. */
  async deliverDue(limit = 50): Promise<number> {
    const r = await runJobs(this.db, undefined, [this.queue], { now: this.now(), batch: limit });
    return r.done;
  }
}

/** Our side of the sandbox: the same PaymentProvider contract the real gateways fulfil. */
export class SandboxProvider implements PaymentProvider {
  readonly channel = 'sandbox' as const;
  constructor(private readonly gateway: SandboxGateway) {}

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    const { url } = await this.gateway.createTrade(input);
    return { kind: 'redirect', url };
  }

  async queryPayment(outTradeNo: string): Promise<PaymentQueryResult> {
    const t = await this.gateway.trade(outTradeNo);
    if (!t) return { state: 'unknown' };
    if (t.status === 'paid') return { state: 'paid', providerTradeNo: t.tradeNo, amountFen: t.amountFen, paidAt: t.paidAt ?? undefined };
    if (t.status === 'failed') return { state: 'failed' };
    if (t.status === 'closed' || t.expiresAt.getTime() <= Date.now()) return { state: 'closed' };
    return { state: 'pending' };
  }

  closePayment(outTradeNo: string): Promise<void> {
    return this.gateway.close(outTradeNo);
  }

  refund(input: RefundInput): Promise<RefundResult> {
    return this.gateway.refund(input);
  }

  queryRefund(outRefundNo: string): Promise<RefundResult> {
    return this.gateway.queryRefund(outRefundNo);
  }

  async parseNotify(req: NotifyRequest): Promise<NotifyEvent> {
    const body = req.rawBody.toString('utf8');
    const sig = req.headers['x-sandbox-signature'];
    if (!this.gateway.verify(body, Array.isArray(sig) ? sig[0] : sig)) throw new NotifyRejected('sandbox signature');
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(body) as Record<string, unknown>;
    } catch {
      throw new NotifyRejected('sandbox body');
    }
    const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
    const amount = p.amountFen;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) throw new NotifyRejected('sandbox amount');
    if (p.event === 'payment' && str('outTradeNo') && str('tradeNo'))
      return {
        type: 'payment',
        outTradeNo: str('outTradeNo'),
        providerTradeNo: str('tradeNo'),
        amountFen: amount,
        success: p.status === 'SUCCESS',
        paidAt: str('paidAt') ? new Date(str('paidAt')) : undefined,
      };
    if (p.event === 'refund' && str('outRefundNo') && str('refundNo'))
      return { type: 'refund', outRefundNo: str('outRefundNo'), providerRefundNo: str('refundNo'), success: p.status === 'SUCCESS', amountFen: amount };
    throw new NotifyRejected('sandbox event');
  }

  ack(ok: boolean, message = 'retry'): NotifyAck {
    return ok
      ? { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' }
      : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }
}
