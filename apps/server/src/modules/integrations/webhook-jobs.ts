import crypto from 'node:crypto';
import { and, asc, eq, isNull, lt, lte, or, sql, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { domainEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { afterCommit } from '../../lib/events';
import { OutboundFailed, OutboundRefused, outboundPolicy, postJson } from '../../lib/outbound';
import { openSecret } from './webhooks.service';
import { every, type JobLog } from '../../lib/every';

/**
 * Webhook deliveries (issue 25). The outbox subscriber `webhooks` turns each event into one delivery per
 * active endpoint that chose it — in the outbox's own commit, so exactly once (unique endpoint + event).
 * The delivery job (any instance; rows claimed with a lease, FOR UPDATE SKIP LOCKED) POSTs the event,
 * signed, and retries with exponential backoff for 24 hours after the first attempt; every attempt is
 * logged (status code, duration, a short error code — never the response body).
 */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
/** 30 s, 1 min, 2 min, … at most an hour between attempts */
export const webhookBackoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));
const BATCH = 20;
export const WEBHOOK_USER_AGENT = 'RP-Webhooks/1.0';

type Deps = Pick<AppDeps, 'config' | 'database' | 'pii'>;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The outbox subscriber (handed to buildApp): one delivery row per active endpoint subscribed to the event. */
export const webhookSubscriber = afterCommit('webhooks', '*', async (delivery) => {
  const { id, name } = delivery.event;
  await delivery.commit(async (tx) => {
    await tx.execute(sql`insert into ${webhookDeliveries} (endpoint_id, event_id, event_name)
      select ${webhookEndpoints.id}, ${id}, ${name} from ${webhookEndpoints}
      where ${webhookEndpoints.active} and ${name} = any(${webhookEndpoints.events})
      on conflict (endpoint_id, event_id) do nothing`);
  });
});

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

/** Delivers the due webhook deliveries (claimed with a lease, in parallel: a slow endpoint holds up no other). */
export async function deliverWebhooks(deps: Deps, opts: WebhookRunOptions = {}): Promise<WebhookReport> {
  const db = deps.database.db;
  const now = opts.now ?? new Date();
  const timeoutMs = opts.timeoutMs ?? deps.config.WEBHOOK_TIMEOUT_MS;
  const lease = new Date(now.getTime() + timeoutMs + 60_000);
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAt, now),
        or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ leaseUntil: lease, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  const report: WebhookReport = { succeeded: 0, retried: 0, failed: 0 };
  await Promise.all(
    claimed.map(async (d) => {
      const mine = and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.leaseUntil, lease), eq(webhookDeliveries.status, 'pending'));
      const out = await attempt(deps, d, timeoutMs);
      if (!out) {
        await db.update(webhookDeliveries).set({ status: 'failed', leaseUntil: null, lastError: 'endpoint-inactive' }).where(mine);
        report.failed++;
        return;
      }
      const last = !out.ok && now.getTime() - d.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
      await db.transaction(async (tx) => {
        await tx
          .insert(webhookAttempts)
          .values({ deliveryId: d.id, attempt: d.attempts, statusCode: out.statusCode, durationMs: out.durationMs, error: out.error });
        const base = { leaseUntil: null, lastStatusCode: out.statusCode, lastDurationMs: out.durationMs, lastError: out.error };
        await tx
          .update(webhookDeliveries)
          .set(
            out.ok
              ? { ...base, status: 'succeeded', deliveredAt: new Date() }
              : last
                ? { ...base, status: 'failed' }
                : { ...base, nextAt: new Date(now.getTime() + webhookBackoffMs(d.attempts)) },
          )
          .where(mine);
      });
      report[out.ok ? 'succeeded' : last ? 'failed' : 'retried']++;
    }),
  );
  return report;
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
        ...(out.ok ? { status: 'succeeded' as const, deliveredAt: new Date(), leaseUntil: null } : {}),
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

/** The delivery loop of one instance, every 2 s (a full batch goes on at once). Never throws. */
export function startWebhookJobs(deps: Deps, log: JobLog, everyMs = 2000): () => void {
  return every(
    'webhooks',
    everyMs,
    async () => {
      const r = await deliverWebhooks(deps);
      return r.succeeded + r.retried + r.failed >= BATCH;
    },
    log,
  );
}
