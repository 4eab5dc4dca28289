import { z } from 'zod';
import { dbId, envelope } from './common';

/**
 * Admin → Integrations (issue 25): webhook endpoints and their delivery log, partner API tokens, the outbox.
 * Every operation needs the capability `integrations.manage`.
 */
const text = (max: number) => z.string('validation.invalidType').trim().max(max, 'validation.tooLong');
const eventNames = z
  .array(z.string('validation.invalidType').max(80, 'validation.tooLong'), 'validation.invalidType')
  .min(1, 'validation.required')
  .max(50, 'validation.tooMany');

export const integrationEventsResponse = z.object({ ...envelope, events: z.array(z.object({ name: z.string() })) });

/** An endpoint as staff save it: the URL is checked by the server (https in production, no private address). */
export const webhookBody = z.object({
  url: z.string('validation.invalidType').trim().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  description: text(200).default(''),
  events: eventNames,
});
export const webhookUpdateBody = webhookBody.extend({ active: z.boolean('validation.invalidType') });
export type WebhookBody = z.infer<typeof webhookBody>;
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

export const WEBHOOK_DELIVERY_STATUS = ['pending', 'succeeded', 'failed'] as const;
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  /** the newest delivery to this endpoint, or null before the first */
  last: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUS), statusCode: z.number().int().nullable(), at: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookListResponse = z.object({ ...envelope, content: z.array(webhookEndpoint) });
export const webhookResponse = z.object({ ...envelope, ...webhookEndpoint.shape });
/** create: the endpoint and its signing secret (`whsec_…`), shown this once */
export const webhookCreatedResponse = z.object({ ...envelope, ...webhookEndpoint.shape, secret: z.string() });
export const webhookSecretResponse = z.object({ ...envelope, secret: z.string() });
export const integrationsOkResponse = z.object({ ...envelope, ok: z.literal(true) });
/** "send again": one attempt now; `succeeded` tells whether the endpoint answered 2xx */
export const webhookResendResponse = z.object({ ...envelope, ok: z.literal(true), succeeded: z.boolean(), statusCode: z.number().int().nullable() });
export const integrationsIdParams = z.object({ id: dbId });

export const integrationsPageQuery = z.object({
  pageNo: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(100_000, 'validation.tooBig').default(0),
  pageSize: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(100, 'validation.tooBig').default(20),
});

export const webhookAttemptItem = z.object({
  attempt: z.number().int(),
  /** true when staff pressed "send again" */
  manual: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** a short code (timeout, refused-address, ECONNREFUSED, …); never the response body */
  error: z.string().nullable(),
  at: z.string(),
});
export const webhookDeliveryItem = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventName: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUS),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** the next automatic attempt (pending only) */
  nextAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  log: z.array(webhookAttemptItem),
});
export type WebhookDeliveryItem = z.infer<typeof webhookDeliveryItem>;
export const webhookDeliveriesResponse = z.object({ ...envelope, total: z.number().int(), content: z.array(webhookDeliveryItem) });

export const API_TOKEN_STATE = ['active', 'expired', 'revoked'] as const;
export const apiTokenBody = z.object({
  name: text(80).min(1, 'validation.required'),
  scopes: z
    .array(z.string('validation.invalidType').max(80, 'validation.tooLong'), 'validation.invalidType')
    .min(1, 'validation.required')
    .max(20, 'validation.tooMany'),
  /** null: every activity; a list: only these activities' rows (scopes that are activity-limited) */
  activityIds: z.array(dbId, 'validation.invalidType').min(1, 'validation.scopeEmpty').max(200, 'validation.tooMany').nullable(),
  expiresAt: z.iso.datetime({ offset: true, message: 'validation.datetime' }),
});
export type ApiTokenBody = z.infer<typeof apiTokenBody>;
export const apiTokenItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the token's first characters after rpk_, to tell tokens apart */
  prefix: z.string(),
  scopes: z.array(z.string()),
  activityIds: z.array(z.number().int()).nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(API_TOKEN_STATE),
  /** the token's maker, whose current permissions and activities it never exceeds; null once the account is deleted */
  createdBy: z.number().int().nullable(),
  /** "nick name (user name)" of the maker */
  createdByName: z.string().nullable(),
});
export type ApiTokenItem = z.infer<typeof apiTokenItem>;
export const apiTokenListResponse = z.object({ ...envelope, content: z.array(apiTokenItem) });
export const apiTokenResponse = z.object({ ...envelope, ...apiTokenItem.shape });
/** create: the token itself (`rpk_…`), shown this once; only its SHA-256 is stored */
export const apiTokenCreatedResponse = z.object({ ...envelope, ...apiTokenItem.shape, token: z.string() });
export const apiTokenScopesResponse = z.object({
  ...envelope,
  scopes: z.array(z.object({ name: z.string(), activityLimited: z.boolean(), operations: z.array(z.string()) })),
});

export const OUTBOX_STATUS = ['pending', 'delivered', 'failed'] as const;
export const outboxQuery = integrationsPageQuery.extend({ status: z.enum(OUTBOX_STATUS, 'validation.invalidOption').optional() });
export const outboxItem = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventName: z.string(),
  subscriber: z.string(),
  status: z.enum(OUTBOX_STATUS),
  attempts: z.number().int(),
  nextAt: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** what the event was about, in words (issue 34): an order number, a player (name masked) and team, a pass code, a certificate code */
  subject: z.object({ kind: z.enum(['order', 'player', 'pass', 'certificate']), text: z.string() }).nullable(),
  /** the `webhooks` subscriber: how many partner deliveries the event made (0: no webhook subscribed); null for others */
  webhooks: z.number().int().nullable(),
});
export const outboxListResponse = z.object({ ...envelope, total: z.number().int(), content: z.array(outboxItem) });
