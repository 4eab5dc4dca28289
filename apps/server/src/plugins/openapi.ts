import type { FastifyInstance } from 'fastify';
import { tokenScopeList } from './auth';
import swagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, errorResponse, type ErrorCode } from '@rp/shared';
import type { Config } from '../config';
import { publicBase } from '../lib/public-base';
import { EVENT_CATALOG, EVENT_NAMES } from '../lib/events';

/**
 * The OpenAPI document (GET /api/openapi.json, Swagger UI at /api/docs), made for generators (issue 25):
 * OpenAPI 3.1 (JSON Schema 2020-12: `null` is a type, no `nullable`), an operationId and a summary on every
 * operation, the error envelope and its codes on every operation, public operations marked `security: []`,
 * `servers` from PUBLIC_BASE_URL (never a request's Host), pages and simulations hidden, and the webhook
 * payloads of the domain events (lib/events.ts EVENT_CATALOG) as 3.1 `webhooks`.
 *
 * Routes describe themselves (schema.summary / description / tags / operationId win); what they leave out is
 * derived here from the method and the path, so a new route is documented completely without extra work.
 */

export interface OpenApiOptions {
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'HOST' | 'PORT' | 'WEBHOOK_TIMEOUT_MS'>;
}

/** Routes that are pages, redirects or simulations for people and laptops, not operations of the API. */
const HIDDEN: readonly RegExp[] = [
  /^\/\*$/, // the web app's history fallback (plugins/spa.ts hides it too)
  /^\/api\/wechat-fake\//, // the WeChat login simulation (HTML pages and WeChat's own JSON, never in production)
  /^\/api\/lOrder\/sandbox\/pay\/:token$/, // the sandbox gateway's hosted payment page (HTML)
  /^\/api\/docs(\/|$)/, // Swagger UI
];

/** Webhook request headers (the deliveries of modules/integrations send exactly these). */
export const WEBHOOK_HEADERS = {
  id: 'X-RP-Event-Id',
  type: 'X-RP-Event-Type',
  signature: 'X-RP-Signature',
} as const;

const TAG_TEXT: Record<string, string> = {
  system: 'Health, configuration and the service itself.',
  auth: 'Sign-in, registration and the session token (the `bearer` scheme).',
  users: "The signed-in account's profile.",
  admin: 'Staff operations (Admin). Each operation names the permission it needs.',
  awards: 'Awards and certificates; certificate verification by code is public.',
  messages: 'System messages of the signed-in account.',
  content: 'Public site content: news, pages, files, partners.',
  gallery: 'Public photo albums.',
  registration: 'Teams, players, review, codes and withdrawals.',
  orders: 'Orders, payments, refunds and invoices.',
  gateways: "Payment gateways' notifications (called by WeChat Pay and Alipay, answered in their protocols).",
  tickets: 'Tickets, passes and gates.',
  gate: "The offline gate (issue 38): device sessions (staff, bearer) and the device's own calls under /api/gate with its token in the X-Gate-Token header.",
  season: 'Season services (materials, plans).',
  volunteers: 'Volunteer applications.',
  channels: 'Channels and rebates.',
  exam: 'Exam platform hand-over.',
  webhooks: 'Events sent to the endpoints staff register in Admin → Integrations.',
};

const METHOD_WORD: Record<string, string> = { get: 'Get', post: 'Post', put: 'Update', patch: 'Change', delete: 'Delete' };
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The words of one path segment: `lOrderWeb` → Order, Web; `{teamId}` → By, Team, Id (the legacy `l` prefix dropped). */
function segmentWords(seg: string, legacy = false): string[] {
  const param = /^\{(.+)\}$/.exec(seg);
  const text = param ? param[1]! : legacy ? seg : seg.replace(/^l(?=[A-Z])/, '');
  const words = text.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  return param ? ['By', ...words] : words;
}

const pascal = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** getOrderWebFeePreview for GET /api/lOrder/web/fee/preview; `full` keeps `api` and the legacy prefix. */
export function operationIdOf(method: string, path: string, full = false): string {
  const segs = path.split('/').filter(Boolean);
  if (!full && segs[0] === 'api' && segs.length > 1) segs.shift();
  return (
    method.toLowerCase() +
    segs
      .flatMap((s) => segmentWords(s, full))
      .map(pascal)
      .join('')
  );
}

/** "Get order fee preview" for GET /api/lOrder/web/fee/preview. */
export function summaryOf(method: string, path: string): string {
  const segs = path.split('/').filter((s, i) => s && !(i === 1 && s === 'api') && s !== 'web');
  const words = segs.flatMap((s) => segmentWords(s)).map((w) => (/^[A-Z0-9]+$/.test(w) ? w : w.toLowerCase()));
  return [METHOD_WORD[method] ?? method.toUpperCase(), ...words].join(' ');
}

/** The first sentence of a description, as a summary. */
function firstSentence(text: string): string {
  const s = text.split(/(?<=[.!?])\s|\n/)[0]!.trim();
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** The tag of an operation without one: auth, or the segment after /api (admin for staff routes). */
function areaOf(path: string): string {
  const segs = path.split('/').filter(Boolean);
  if (segs[0] !== 'api') return segs[0] ?? 'system';
  const seg = segs[1] ?? 'system';
  return seg === 'admin' ? 'admin' : seg.replace(/^l(?=[A-Z])/, '').replace(/^./, (c) => c.toLowerCase());
}

// ── the error envelope ──────────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;
const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const ERROR_RESPONSES = {
  400: ['BadRequest', 'The request is invalid: `fieldErrors` names the fields (validation) or `code` says why.'],
  401: ['Unauthorized', 'No valid session or API token (UNAUTHORIZED), or the session ended (SESSION_EXPIRED): sign in again.'],
  403: ['Forbidden', 'Signed in, but not allowed: a missing permission or token scope, or a row outside the data scope.'],
  404: ['NotFound', 'No such row (or route).'],
  409: ['Conflict', 'The request clashes with the current state: a state transition not allowed now, a duplicate, a row in use.'],
  413: ['PayloadTooLarge', 'The body (or an uploaded file) is larger than allowed.'],
  422: ['UnprocessableContent', 'The Idempotency-Key was already used with a different request.'],
  429: ['TooManyRequests', 'Too many requests in a short time: wait and try again.'],
  500: ['InternalError', 'Something failed on the server; the `requestId` finds its log lines.'],
  503: ['ServiceUnavailable', 'A service the server depends on (database, cache, object store, SMS) did not answer: nothing was changed, try again.'],
} as const satisfies Record<number, readonly [string, string]>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

const codesOf = (status: number) => (Object.keys(ERRORS) as ErrorCode[]).filter((c) => ERRORS[c].status === status);

const ERROR_FIELD_TEXT: Record<string, string> = {
  status: 'The HTTP status, repeated.',
  message: "What went wrong, for a person, in the request's language (Accept-Language: zh or en).",
  resultCode: '0 on every error (1 on success).',
  resultStr: 'The same text as `message` (older clients read this).',
  fieldErrors: 'Per field (a dotted path such as `members.0.birth`): what is wrong with it.',
  requestId: "The id of this request in the server's logs (also the X-Request-Id header): what support asks for.",
};

function errorComponents(): { schemas: Json; responses: Json } {
  // the shared schema of the body (packages/shared errorResponse), its code narrowed to the catalogue
  const { $schema: _s, additionalProperties: _a, ...body } = z.toJSONSchema(errorResponse, { target: 'draft-2020-12', io: 'output' }) as Json;
  const properties = { ...(body.properties as Record<string, Json>) };
  for (const [k, text] of Object.entries(ERROR_FIELD_TEXT)) if (properties[k]) properties[k] = { ...properties[k], description: text };
  properties.code = ref('schemas', 'ErrorCode');
  const schemas: Json = {
    ErrorCode: {
      type: 'string',
      enum: Object.keys(ERRORS),
      description: 'Machine-readable reason of an error (packages/shared errors.ts). Switch on the code; show `message`.',
    },
    Error: { ...body, description: 'The body of every error answer (design §3).', properties },
  };
  const responses: Json = {};
  for (const [status, [name, text]] of Object.entries(ERROR_RESPONSES)) {
    const codes = codesOf(Number(status));
    responses[name] = {
      description: codes.length ? `${text} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.` : text,
      headers: { 'X-Request-Id': { description: 'The id of this request in the server’s logs.', schema: { type: 'string' } } },
      content: { 'application/json': { schema: ref('schemas', 'Error') } },
    };
  }
  return { schemas, responses };
}

// ── webhooks ────────────────────────────────────────────────────────────────────────────────────

const eventPascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map(pascal)
    .join('');

const SIGNATURE_TEXT = [
  `Every delivery is signed with the endpoint's secret (\`whsec_…\`, shown once when the endpoint is created or its secret rotated).`,
  `The \`${WEBHOOK_HEADERS.signature}\` header reads \`t=<unix seconds>,v1=<hex>\`, where`,
  '`v1 = hex(HMAC-SHA256(secret, "<t>.<raw request body>"))`, the secret exactly as shown as the key. To verify:',
  'split the header on `,`, take `t` and `v1`, compute the HMAC over the raw bytes of the body exactly as received',
  '(before any JSON parsing), compare in constant time, and refuse a `t` more than 5 minutes away from your clock (replays).',
].join(' ');

const deliveryText = (timeoutMs: number) =>
  [
    `Answer with any 2xx status within ${timeoutMs / 1000} s (do the work afterwards): anything else, or no answer in time, is a failure,`,
    'retried with exponential backoff for 24 hours; staff see every attempt and can send a delivery again. A retry carries the same',
    `event id: use \`${WEBHOOK_HEADERS.id}\` (= \`id\` in the body) to process each event once. Events may arrive out of order;`,
    '`createdAt` tells when it happened. Payloads carry ids and public fields only; read more through the API with a token.',
  ].join(' ');

function webhookDocs(timeoutMs: number): { schemas: Json; webhooks: Json } {
  const schemas: Json = {};
  const webhooks: Json = {};
  for (const name of EVENT_NAMES) {
    const base = eventPascal(name);
    const schema = EVENT_CATALOG[name];
    const { $schema: _drop, ...data } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Json;
    const description = schema.description ?? name;
    schemas[`${base}Data`] = data;
    schemas[`${base}Event`] = {
      type: 'object',
      description: `The body of a \`${name}\` delivery. ${description}`,
      required: ['id', 'type', 'createdAt', 'data'],
      properties: {
        id: { type: 'string', format: 'uuid', description: 'The event id: the same on every retry of this event.' },
        type: { type: 'string', const: name },
        createdAt: { type: 'string', format: 'date-time', description: 'When it happened.' },
        data: ref('schemas', `${base}Data`),
      },
    };
    webhooks[name] = {
      post: {
        operationId: `on${base}`,
        summary: `${name}: ${firstSentence(description)}`,
        description: `${description}\n\n${SIGNATURE_TEXT}\n\n${deliveryText(timeoutMs)}`,
        tags: ['webhooks'],
        security: [],
        parameters: [
          {
            in: 'header',
            name: WEBHOOK_HEADERS.id,
            required: true,
            description: 'The event id (the same on every retry).',
            schema: { type: 'string', format: 'uuid' },
          },
          { in: 'header', name: WEBHOOK_HEADERS.type, required: true, description: 'The event type.', schema: { type: 'string', const: name } },
          {
            in: 'header',
            name: WEBHOOK_HEADERS.signature,
            required: true,
            description: SIGNATURE_TEXT,
            schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
            example: 't=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: ref('schemas', `${base}Event`) } } },
        responses: {
          '2XX': { description: 'Received. The delivery is done.' },
          '4XX': { description: 'Refused: counted as a failure and retried (see the description).' },
          default: { description: 'Any other answer, or none in time: retried with backoff for 24 hours.' },
        },
      },
    };
  }
  return { schemas, webhooks };
}

// ── the document ────────────────────────────────────────────────────────────────────────────────

const INTRO = `The wire contract of the robotics competition portal (design.md §3).

**Authentication.** Operations marked with a lock need \`Authorization: Bearer <token>\`:
- a person's session token (\`POST /auth/login\` answers it), or
- an **API token** (\`rpk_…\`) for a partner system, created by staff in *Admin → Integrations* with scopes and an
  expiry and shown once. A token works only on the operations its scopes allow (listed under \`apiToken\` in each
  operation's \`security\`, and in \`x-token-scopes\`); every other call answers 403, a revoked or expired token 401.
  It never reads more than the staff member who made it may read at the time of the call (their current permissions
  and activities: 403 once they lose them), and answers 401 once that account is disabled or deleted.

Operations with \`security: []\` are public.

**Errors.** Every error answer has the same body (\`Error\`): HTTP status, a stable \`code\` (\`ErrorCode\`), a
message in the request's language (\`Accept-Language: zh | en\`), field errors, and the request id.

**Retries.** Writes accept an \`Idempotency-Key\` header (8–100 of A–Z a–z 0–9 _ -): a repeated call with the same
key and body answers the first answer again (\`Idempotent-Replayed: true\`) instead of running twice.

**Webhooks.** Staff register endpoints and choose events in *Admin → Integrations*; the events and their signed
deliveries are described under \`webhooks\`.`;

const IDEMPOTENCY_PARAM = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: 'Makes a retry safe: the same key with the same body answers the first answer again (24 hours, per account).',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
};

interface Operation extends Json {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, Json>;
  'x-rp-auth'?: string;
  'x-token-scopes'?: string[];
}

/** Whether an operation takes an id (in its path, query or top-level body) and so may answer 404. */
function takesId(path: string, op: Operation): boolean {
  if (/\{[^}]+\}/.test(path)) return true;
  const idLike = (n: string) => /^(id|ids)$|Ids?$|No$|Code$/.test(n);
  if ((op.parameters ?? []).some((p) => idLike(p.name))) return true;
  const body = op.requestBody?.content?.['application/json']?.schema as { properties?: Json } | undefined;
  return Object.keys(body?.properties ?? {}).some(idLike);
}

/** Every schema node of the document must be valid 3.1: `nullable` (3.0) becomes a `null` in the type. */
function dropNullable(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(dropNullable);
  const o = node as Json;
  if ('nullable' in o && typeof o.nullable === 'boolean') {
    const nullable = o.nullable;
    delete o.nullable;
    if (nullable && typeof o.type === 'string') o.type = [o.type, 'null'];
    else if (nullable && Array.isArray(o.type) && !o.type.includes('null')) o.type = [...o.type, 'null'];
    else if (nullable && !o.type) {
      const copy = { ...o };
      for (const k of Object.keys(o)) delete o[k];
      o.anyOf = [copy, { type: 'null' }];
    }
  }
  for (const v of Object.values(o)) dropNullable(v);
}

/**
 * Completes every operation of the document: operationId (unique), summary, tags, security (public: []),
 * error responses, the Idempotency-Key header on authenticated writes, the permission in the description.
 */
function completeOperations(doc: { paths?: Record<string, Record<string, unknown> | undefined> }): Set<string> {
  const ops: { path: string; method: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of HTTP_METHODS) {
      const op = item?.[method] as Operation | undefined;
      if (op) ops.push({ path, method, op });
    }
  // operation ids: the short form unless two operations share it, then the full one
  const short = new Map<string, number>();
  for (const { path, method, op } of ops) if (!op.operationId) short.set(operationIdOf(method, path), (short.get(operationIdOf(method, path)) ?? 0) + 1);
  const used = new Set<string>();
  const tags = new Set<string>();
  for (const { path, method, op } of ops) {
    if (!op.operationId) {
      const s = operationIdOf(method, path);
      op.operationId = short.get(s) === 1 ? s : operationIdOf(method, path, true);
    }
    for (let n = 2, base = op.operationId; used.has(op.operationId); n++) op.operationId = `${base}${n}`;
    used.add(op.operationId);

    if (!op.summary) op.summary = op.description ? firstSentence(op.description) : summaryOf(method, path);
    if (!op.tags?.length) op.tags = [areaOf(path)];
    for (const t of op.tags) tags.add(t);

    const auth = op['x-rp-auth'];
    delete op['x-rp-auth'];
    const signedIn = Array.isArray(op.security) && op.security.length > 0;
    if (!signedIn) op.security = [];
    const scopes = op['x-token-scopes'];
    if (signedIn && scopes?.length) op.security!.push({ apiToken: [...scopes] });
    if (signedIn && auth) {
      const needs =
        auth === 'member'
          ? 'Needs a signed-in account.'
          : `Needs the permission \`${auth}\`${scopes?.length ? ` (a person's session), or an API token with the scope ${scopes.map((s) => `\`${s}\``).join(' or ')}` : ''}.`;
      op.description = op.description ? `${op.description}\n\n${needs}` : needs;
    }
    if (!signedIn && scopes?.length) {
      const also = `Public; partner systems may call it with an API token holding ${scopes.map((s) => `\`${s}\``).join(' or ')}.`;
      op.description = op.description ? `${op.description}\n\n${also}` : also;
    }

    const responses = (op.responses ??= {});
    for (const r of Object.values(responses)) if (r.description === 'Default Response') r.description = 'Success';
    const errors: ErrorStatus[] = [400, 500, 503];
    if (signedIn || path.startsWith('/auth/')) errors.push(403);
    if (signedIn) errors.push(401);
    if (takesId(path, op)) errors.push(404);
    if (WRITES.has(method)) errors.push(409);
    if (op.requestBody) errors.push(413);
    if (signedIn && WRITES.has(method)) errors.push(422);
    if (path.startsWith('/auth/') || WRITES.has(method) || !signedIn || scopes?.length) errors.push(429);
    for (const status of errors.sort((a, b) => a - b)) responses[String(status)] ??= ref('responses', ERROR_RESPONSES[status][0]);

    if (signedIn && WRITES.has(method) && !(op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
      (op.parameters ??= []).push(IDEMPOTENCY_PARAM);
  }
  return tags;
}

/** The options of @fastify/swagger: the document, the per-route transform and the final pass. */
export function swaggerOptions(app: FastifyInstance, opts: OpenApiOptions): FastifyDynamicSwaggerOptions {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const zodObject = createJsonSchemaTransformObject({});
  let authByRoute: Map<string, string> | undefined;

  const transform: SwaggerTransform = (input) => {
    const { url, route } = input;
    if (HIDDEN.some((r) => r.test(url))) return { schema: { hide: true } as never, url };
    const out = zodTransform(input as never);
    if ((out.schema as { hide?: boolean }).hide) return out;
    authByRoute ??= new Map(app.routeTable.map((r) => [`${r.method} ${r.url}`, r.auth]));
    const method = ([] as string[]).concat(route.method).find((m) => m !== 'HEAD') ?? 'GET';
    const extra: Json = {};
    const auth = authByRoute.get(`${method} ${url}`);
    if (auth && auth !== 'public') extra['x-rp-auth'] = auth;
    // the API token scopes that open this operation (registered by modules/integrations, read when the document is built)
    const scopes = tokenScopeList()
      .filter((s) => s.operations.includes(`${method} ${url}`))
      .map((s) => s.name);
    if (scopes.length) extra['x-token-scopes'] = scopes;
    return { ...out, schema: { ...out.schema, ...extra } };
  };

  const transformObject: SwaggerTransformObject = (input) => {
    const doc = zodObject(input) as Json & { paths?: Record<string, Record<string, unknown>>; components?: Json };
    const errorsDoc = errorComponents();
    const hooks = webhookDocs(opts.config.WEBHOOK_TIMEOUT_MS);
    const used = completeOperations(doc);
    const components = (doc.components ??= {}) as { schemas?: Json; responses?: Json };
    components.schemas = { ...components.schemas, ...errorsDoc.schemas, ...hooks.schemas };
    components.responses = { ...components.responses, ...errorsDoc.responses };
    doc.webhooks = hooks.webhooks;
    doc.tags = [...used, 'webhooks'].sort().map((name) => ({ name, description: TAG_TEXT[name] ?? `Operations under /api/${name}.` }));
    dropNullable(doc);
    return doc;
  };

  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Robotics competition portal API',
        version: '0.1.0',
        description: INTRO,
      },
      servers: [{ url: publicBase(opts.config), description: 'This site (PUBLIC_BASE_URL)' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A person's session token: `POST /auth/login` answers it (`token`)." },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'rpk_…',
            description:
              'An API token for a partner system (Admin → Integrations): `Authorization: Bearer rpk_…`. Its scopes (the names in each ' +
              "operation's `security`) decide which operations it may call; some scopes are limited to chosen activities.",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    stripBasePath: false,
    transform,
    transformObject,
  };
}

/** @fastify/swagger with the document above, Swagger UI at /api/docs, the document at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance, opts: OpenApiOptions) {
  await app.register(swagger, swaggerOptions(app, opts));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
