import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { domainEvents, jobs, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { inStatement } from '../../lib/events';
import { OutboundFailed, OutboundRefused, outboundPolicy, postJson } from '../../lib/outbound';
import { openSecret } from './webhooks.service';
import { jobQueue, JobGiveUp, runJobs, type JobQueue } from '../../lib/jobs';

/**
 * Webhook deliveries (issue 25; one hop since issue 36). The in-transaction subscriber `integrations.webhooks`
 * turns each event, as it is published, into one delivery per active endpoint that chose it — in the change's
 * own transaction, so exactly once (unique endpoint + event) and only if the change commits. Each delivery is a
 * job of the one queue (lib/jobs.ts, queue `webhook`, enqueued in that same transaction): any instance claims
 * it once, POSTs the event, signed, and retries with the queue's backoff for 24 hours after the first
 * attempt; every attempt is logged (status code, duration, a short error code — never the body).
 */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
/** enough for 24 hours of the queue's backoff (an hour apart at most); the window ends it first */
const WEBHOOK_MAX_ATTEMPTS = 40;
export const WEBHOOK_QUEUE = 'webhook';
export const WEBHOOK_USER_AGENT = 'RP-Webhooks/1.0';

type Deps = Pick<AppDeps, 'config' | 'database' | 'pii'>;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The in-transaction subscriber of every event (handed to buildApp): one delivery row per active endpoint
 * subscribed to the event, and its job, in the publishing transaction: written by the very statement that
 * stores the event (lib/events.ts inStatement; one statement instead of two to four, issue 39 rush paths).
 */
export const webhookSubscriber = inStatement('*', 'integrations.webhooks', (name, event, ref) => [
  sql`insert into ${webhookDeliveries} (endpoint_id, event_id, event_name)
    select ${webhookEndpoints.id}, ${event}.id, ${name} from ${webhookEndpoints}, ${event}
    where ${webhookEndpoints.active} and ${name} = any(${webhookEndpoints.events})
    on conflict (endpoint_id, event_id) do nothing
    returning id`,
  // each delivery's job (lib/jobs.ts enqueueMany's row: the queue, the delivery's id as payload and key)
  sql`insert into ${jobs} (queue, payload, key, max_attempts)
    select ${WEBHOOK_QUEUE}, jsonb_build_object('deliveryId', d.id), d.id::text, ${WEBHOOK_MAX_ATTEMPTS}::int from ${ref(0)} d
    on conflict (queue, key) do nothing`,
]);

/**
 * The body and headers of a delivery. Body: `{ id, type, createdAt, data }` (data = the event's payload as
 * the catalog defines it). Signature: `X-RP-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * the secret exactly as shown (whsec_…) as the key.
 */
export function signedRequest(secret: string, event: { id: string; name: string; payload: unknown; occurredAt: Date }, nowMs = Date.now()) {
  const body = JSON.stringify({ id: event.id, type: event.name, createdAt: event.occurredAt.toISOString(), data: event.payload });
  const t = Math.floor(nowMs / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      'X-RP-Event-Id': event.id,
      'X-RP-Event-Type': event.name,
      'X-RP-Signature': `t=${t},v1=${v1}`,
    },
  };
}

interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** One POST of a delivery to its endpoint; null when the endpoint is switched off. */
async function attempt(deps: Deps, d: DeliveryRow, timeoutMs: number): Promise<AttemptOutcome | null> {
  const db = deps.database.db;
  const [row] = await db
    .select({ endpoint: webhookEndpoints, event: domainEvents })
    .from(webhookEndpoints)
    .innerJoin(domainEvents, eq(domainEvents.id, d.eventId))
    .where(eq(webhookEndpoints.id, d.endpointId));
  if (!row || !row.endpoint.active) return null;
  const started = Date.now();
  try {
    const secret = openSecret(deps.pii, row.endpoint.secretEnc);
    const { body, headers } = signedRequest(secret, row.event);
    const r = await postJson(row.endpoint.url, body, headers, { policy: outboundPolicy(deps.config), timeoutMs });
    const ok = r.statusCode >= 200 && r.statusCode < 300;
    return { ok, statusCode: r.statusCode, durationMs: r.durationMs, error: ok ? null : `http-${r.statusCode}` };
  } catch (e) {
    const error = e instanceof OutboundFailed ? e.code : e instanceof OutboundRefused ? `refused-${e.problem}` : 'error';
    return { ok: false, statusCode: null, durationMs: Date.now() - started, error };
  }
}

export interface WebhookReport {
  succeeded: number;
  retried: number;
  failed: number;
}

export interface WebhookRunOptions {
  now?: Date;
  /** per attempt; WEBHOOK_TIMEOUT_MS by default */
  timeoutMs?: number;
}

class WebhookAttemptFailed extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'WebhookAttemptFailed';
  }
}

/**
 * The queue of webhook deliveries on the one job queue (lib/jobs.ts): one job per delivery (payload its id),
 * enqueued with the delivery in the publishing transaction; run side by side (a slow endpoint holds up
 * no other) with the queue's backoff for 24 hours. Each attempt is logged; a success is recorded with the
 * job's "done" in one commit.
 */
export function webhookQueue(timeoutMs: number): JobQueue {
  return jobQueue<Deps, { deliveryId: number }>(
    WEBHOOK_QUEUE,
    async (job, deps) => {
      const db = job.db;
      const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, job.payload.deliveryId));
      if (!d || d.status === 'succeeded') return; // sent by hand meanwhile, or gone with its event
      const out = await attempt(deps, d, timeoutMs);
      if (!out) {
        await db.update(webhookDeliveries).set({ status: 'failed', lastError: 'endpoint-inactive' }).where(eq(webhookDeliveries.id, d.id));
        throw new JobGiveUp('endpoint-inactive');
      }
      const record = async (tx: Tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            lastStatusCode: out.statusCode,
            lastDurationMs: out.durationMs,
            lastError: out.error,
            ...(out.ok
              ? { status: 'succeeded' as const, deliveredAt: new Date() }
              : job.final
                ? { status: 'failed' as const }
                : { status: 'pending' as const, nextAt: job.retryAt }),
          })
          // a delivery sent by hand meanwhile keeps its success
          .where(and(eq(webhookDeliveries.id, d.id), ne(webhookDeliveries.status, 'succeeded')))
          .returning({ attempts: webhookDeliveries.attempts });
        if (row)
          await tx
            .insert(webhookAttempts)
            .values({ deliveryId: d.id, attempt: row.attempts, statusCode: out.statusCode, durationMs: out.durationMs, error: out.error });
      };
      if (out.ok) return job.commit(record);
      await db.transaction(record);
      throw new WebhookAttemptFailed(out.error ?? 'error');
    },
    { parallel: true, leaseMs: timeoutMs + 60_000, retryWindowMs: WEBHOOK_RETRY_WINDOW_MS },
  );
}

/** Delivers the due webhook deliveries once each (the one job loop does this with every queue; tests call it alone). */
export async function deliverWebhooks(deps: Deps, opts: WebhookRunOptions = {}): Promise<WebhookReport> {
  const r = await runJobs(deps.database.db, deps, [webhookQueue(opts.timeoutMs ?? deps.config.WEBHOOK_TIMEOUT_MS)], { now: opts.now });
  return { succeeded: r.done, retried: r.retried, failed: r.failed };
}

/**
 * Staff's "send again": one attempt now, logged as manual. A success marks the delivery succeeded; a
 * failure changes neither its state nor its schedule (nor a delivered one's summary: the log has the try).
 */
export async function resendDelivery(deps: Deps, userId: number, id: number): Promise<{ succeeded: boolean; statusCode: number | null } | null> {
  const db = deps.database.db;
  const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!d) return null;
  const out = (await attempt(deps, d, deps.config.WEBHOOK_TIMEOUT_MS)) ?? { ok: false, statusCode: null, durationMs: 0, error: 'endpoint-inactive' };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        // a delivered one keeps the summary of the attempt that delivered it; the failed extra try is in the log
        ...(out.ok || d.status !== 'succeeded' ? { lastStatusCode: out.statusCode, lastDurationMs: out.durationMs, lastError: out.error } : {}),
        ...(out.ok ? { status: 'succeeded' as const, deliveredAt: new Date() } : {}),
      })
      .where(eq(webhookDeliveries.id, id))
      .returning({ attempts: webhookDeliveries.attempts });
    if (!row) return;
    await tx
      .insert(webhookAttempts)
      .values({ deliveryId: id, attempt: row.attempts, manual: true, statusCode: out.statusCode, durationMs: out.durationMs, error: out.error });
    await audit(tx, { userId, resource: 'webhookDeliveries', recordId: id, action: 'resend', after: { statusCode: out.statusCode, error: out.error } });
  });
  return { succeeded: out.ok, statusCode: out.statusCode };
}
