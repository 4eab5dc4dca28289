import crypto from 'node:crypto';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { MessageKey, WebhookBody, WebhookDeliveryItem, WebhookEndpoint, WebhookUpdateBody } from '@rp/shared';
import type { AppDeps, Db } from '../../deps';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { EVENT_NAMES } from '../../lib/events';
import { OutboundRefused, outboundPolicy, resolveTarget, type UrlProblem } from '../../lib/outbound';
import type { Pii } from '../../lib/pii';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Deps = Pick<AppDeps, 'config' | 'database' | 'pii'>;

const URL_MESSAGES: Record<UrlProblem, MessageKey> = {
  invalid: 'integrations.urlInvalid',
  httpsOnly: 'integrations.urlHttpsOnly',
  private: 'integrations.urlPrivate',
  unresolvable: 'integrations.urlUnresolvable',
};

/** A signing secret: whsec_ + 32 random bytes (base64url). */
export const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;
// The PII cipher upper-cases what it encrypts (ID numbers): the secret goes in as hex, which survives that.
export const sealSecret = (pii: Pii, secret: string) => pii.encrypt(Buffer.from(secret, 'utf8').toString('hex'));
export const openSecret = (pii: Pii, sealed: string) => Buffer.from(pii.decrypt(sealed), 'hex').toString('utf8');

/** The URL staff typed, checked as a delivery will check it (400 on `url` with the reason). */
export async function checkWebhookUrl(deps: Pick<AppDeps, 'config'>, url: string): Promise<string> {
  try {
    const t = await resolveTarget(url, outboundPolicy(deps.config));
    return t.url.toString();
  } catch (e) {
    if (e instanceof OutboundRefused) throw new AppError('VALIDATION_FAILED', { field: 'url', message: URL_MESSAGES[e.problem] });
    throw e;
  }
}

function checkEvents(events: readonly string[]): string[] {
  if (events.some((e) => !(EVENT_NAMES as readonly string[]).includes(e)))
    throw new AppError('VALIDATION_FAILED', { field: 'events', message: 'integrations.eventUnknown' });
  return [...new Set(events)];
}

type Last = WebhookEndpoint['last'];
function present(row: EndpointRow, last: Last): WebhookEndpoint {
  return { id: row.id, url: row.url, description: row.description, events: row.events, active: row.active, createdAt: row.createdAt.toISOString(), last };
}
const lastOf = (d: DeliveryRow): NonNullable<Last> => ({ status: d.status, statusCode: d.lastStatusCode, at: (d.deliveredAt ?? d.createdAt).toISOString() });
const auditView = (row: EndpointRow) => ({ url: row.url, description: row.description, events: row.events, active: row.active });

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));
  if (!rows.length) return [];
  const latest = await db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.endpointId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
  const byEndpoint = new Map(latest.map((d) => [d.endpointId, lastOf(d)]));
  return rows.map((r) => present(r, byEndpoint.get(r.id) ?? null));
}

/** Adds an endpoint; its secret is returned this once (stored encrypted: it must be read back to sign). */
export async function createEndpoint(deps: Deps, userId: number, body: WebhookBody): Promise<WebhookEndpoint & { secret: string }> {
  const url = await checkWebhookUrl(deps, body.url);
  const events = checkEvents(body.events);
  const secret = newSecret();
  const row = await deps.database.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(webhookEndpoints)
      .values({ url, description: body.description, events, secretEnc: sealSecret(deps.pii, secret), createdBy: userId })
      .returning();
    await audit(tx, { userId, resource: 'webhooks', recordId: r!.id, action: 'create', after: auditView(r!) });
    return r!;
  });
  return { ...present(row, null), secret };
}

export async function updateEndpoint(deps: Deps, userId: number, id: number, body: WebhookUpdateBody): Promise<WebhookEndpoint> {
  const url = await checkWebhookUrl(deps, body.url);
  const events = checkEvents(body.events);
  const row = await deps.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const [r] = await tx
      .update(webhookEndpoints)
      .set({ url, description: body.description, events, active: body.active, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await audit(tx, { userId, resource: 'webhooks', recordId: id, action: 'update', before: auditView(before), after: auditView(r!) });
    return r!;
  });
  const [last] = await deps.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1);
  return present(row, last ? lastOf(last) : null);
}

/** A new secret for the endpoint, shown this once; the old one stops signing at once. */
export async function rotateSecret(deps: Deps, userId: number, id: number): Promise<string> {
  const secret = newSecret();
  await deps.database.db.transaction(async (tx) => {
    const [r] = await tx
      .update(webhookEndpoints)
      .set({ secretEnc: sealSecret(deps.pii, secret), updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!r) throw new AppError('NOT_FOUND');
    await audit(tx, { userId, resource: 'webhooks', recordId: id, action: 'rotate' });
  });
  return secret;
}

export async function deleteEndpoint(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!r) throw new AppError('NOT_FOUND');
    await audit(tx, { userId, resource: 'webhooks', recordId: id, action: 'delete', before: auditView(r) });
  });
}

/** An endpoint's deliveries, newest first, each with its attempts (the delivery log). */
export async function listDeliveries(db: Db, endpointId: number, pageNo: number, pageSize: number): Promise<{ total: number; content: WebhookDeliveryItem[] }> {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw new AppError('NOT_FOUND');
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset(pageNo * pageSize),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  return {
    total: Number(n?.n ?? 0),
    content: rows.map((d) => ({
      id: d.id,
      eventId: d.eventId,
      eventName: d.eventName,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastDurationMs: d.lastDurationMs,
      lastError: d.lastError,
      nextAt: d.status === 'pending' ? d.nextAt.toISOString() : null,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
      createdAt: d.createdAt.toISOString(),
      log: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({ attempt: a.attempt, manual: a.manual, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, at: a.at.toISOString() })),
    })),
  };
}
