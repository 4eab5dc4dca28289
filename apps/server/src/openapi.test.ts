import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { transformSync } from 'esbuild';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@rp/shared';
import { buildApp } from './app';
import { EVENT_CATALOG, EVENT_NAMES } from './lib/events';
import { DbShortStore } from './lib/short-store';
import { signedRequest, TOKEN_SCOPES } from './modules/integrations/index';
import { buildNews } from './test/factories';
import { useTestApp } from './test/context';
import { operationIdOf, summaryOf } from './plugins/openapi';

const BASE = 'https://portal.example.org';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// a built web app, so the history fallback (GET /*) is registered and must stay out of the document
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-openapi-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
const t = useTestApp({ PUBLIC_BASE_URL: BASE, WEB_DIST: webDist });

type Json = Record<string, unknown>;
interface Op {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Json>;
}
interface Doc {
  openapi: string;
  servers: { url: string }[];
  security: unknown[];
  paths: Record<string, Record<string, Op>>;
  webhooks: Record<string, { post: Op & { requestBody: Json; parameters: { name: string }[] } }>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; securitySchemes: Json };
}

let web: FastifyInstance;
let doc: Doc;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const allOps = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ path: p, method: m, op })),
  );

afterAll(async () => {
  await web?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The document of an app that also serves the web app (as server.ts builds it), on the test app's database. */
async function document(): Promise<Doc> {
  if (doc) return doc;
  web = await buildApp({ config: t().config, database: t().database, store: new DbShortStore(t().database.db), serveWeb: true });
  await web.ready();
  const res = await web.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
  return doc;
}

describe('the OpenAPI document', () => {
  // the first test builds the app that serves the web app too (about 10 s, more on a loaded machine)
  it('passes the Redocly linter (recommended rules) with 0 errors', { timeout: 120_000 }, async () => {
    const d = await document();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(d), absoluteRef: `${BASE}/api/openapi.json`, config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    const warnings = problems.filter((p) => p.severity === 'warn');
    expect(errors).toEqual([]);
    // warnings are allowed (no licence, two path shapes Redocly finds ambiguous); printed for the record
    console.info(`Redocly: ${errors.length} errors, ${warnings.length} warnings (${[...new Set(warnings.map((w) => w.ruleId))].join(', ')})`);
  });

  it('is OpenAPI 3.1 for this site: servers from PUBLIC_BASE_URL, bearer by default, no fallback route, no nullable', async () => {
    const d = await document();
    expect(d.openapi).toBe('3.1.0');
    expect(d.servers[0]!.url).toBe(BASE);
    expect(d.security).toEqual([{ bearer: [] }]);
    expect(d.components.securitySchemes).toHaveProperty('bearer');
    // the app did register the history fallback, and the document leaves it out
    expect(web.routeTable.some((r) => r.method === 'GET' && r.url === '/*')).toBe(true);
    expect(Object.keys(d.paths).filter((p) => p.includes('*'))).toEqual([]);
    expect(Object.keys(d.paths).filter((p) => p.startsWith('/api/wechat-fake/') || p.startsWith('/api/docs'))).toEqual([]);
    const nullable: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      if (!Array.isArray(node) && 'nullable' in node) nullable.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(d, '');
    expect(nullable).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary, 4xx and 500 responses, and its security', async () => {
    const d = await document();
    const ops = allOps();
    expect(ops.length).toBeGreaterThan(400);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const auth = new Map(web.routeTable.map((r) => [`${r.method} ${r.url}`, r.auth]));
    const bad: string[] = [];
    for (const { path: p, method, op } of ops) {
      const key = `${method.toUpperCase()} ${p}`;
      const codes = Object.keys(op.responses);
      if (!op.summary?.trim()) bad.push(`${key}: no summary`);
      if (!codes.some((c) => /^4/.test(c))) bad.push(`${key}: no 4xx`);
      if (!codes.includes('500')) bad.push(`${key}: no 500`);
      const route = auth.get(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
      if (route === undefined) bad.push(`${key}: not in the route table`);
      else if (route === 'public' && JSON.stringify(op.security) !== '[]') bad.push(`${key}: public without security: []`);
      else if (route !== 'public') {
        if (!op.security?.some((s) => 'bearer' in s)) bad.push(`${key}: protected without bearer`);
        if (!codes.includes('401') || !codes.includes('403')) bad.push(`${key}: protected without 401/403`);
      }
      if (/\{/.test(p) && !codes.includes('404')) bad.push(`${key}: path parameters without 404`);
      // error answers: the shared responses, or a route's own envelope with more fields (the health check's state, an import's rows)
      for (const [code, r] of Object.entries(op.responses)) {
        const own = (r as { content?: Record<string, { schema?: { properties?: Json } }> }).content?.['application/json']?.schema?.properties;
        if (/^[45]/.test(code) && !(r as { $ref?: string }).$ref?.startsWith('#/components/responses/') && !(own && 'code' in own && 'resultCode' in own))
          bad.push(`${key}: ${code} is not the error envelope`);
      }
    }
    expect(bad).toEqual([]);
    // derived names are stable and readable; a route's own summary wins
    expect(d.paths['/api/lOrder/web/feePreview']!.get!.operationId).toBe('getOrderWebFeePreview');
    expect(operationIdOf('put', '/api/admin/news/{id}')).toBe('putAdminNewsById');
    expect(summaryOf('get', '/api/lOrder/web/feePreview')).toBe('Get order fee preview');
  });

  it('describes the error envelope with every catalogue code, and a real error answer matches it', async () => {
    const d = await document();
    const envelope = d.components.schemas.Error as { required: string[]; properties: Record<string, Json> };
    expect((d.components.schemas.ErrorCode as { enum: string[] }).enum).toEqual(Object.keys(ERRORS));
    for (const r of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'TooManyRequests', 'InternalError'])
      expect(d.components.responses[r]).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    const answers = [
      await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: 5 } }),
      await t().app.inject({ method: 'GET', url: '/api/lNews/web/detail?id=999999' }),
      await t().app.inject({ method: 'GET', url: '/auth/info' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 404, 401]);
    for (const a of answers) {
      const body = a.json() as Json;
      for (const k of envelope.required) expect(body).toHaveProperty(k);
      expect(Object.keys(ERRORS)).toContain(body.code);
      // every key the server sends is declared
      expect(Object.keys(body).filter((k) => !(k in envelope.properties))).toEqual([]);
    }
  });

  it('documents one webhook per domain event: the signed body with the event payload', async () => {
    const d = await document();
    expect(Object.keys(d.webhooks).sort()).toEqual([...EVENT_NAMES].sort());
    for (const name of EVENT_NAMES) {
      const hook = d.webhooks[name]!.post;
      expect(hook.parameters.map((p) => p.name)).toEqual(['X-RP-Event-Id', 'X-RP-Event-Type', 'X-RP-Signature']);
      const ref = (hook.requestBody as { content: { 'application/json': { schema: { $ref: string } } } }).content['application/json'].schema.$ref;
      const event = d.components.schemas[ref.split('/').pop()!] as { required: string[]; properties: { data: { $ref: string } } };
      expect(event.required).toEqual(['id', 'type', 'createdAt', 'data']);
      const data = d.components.schemas[event.properties.data.$ref.split('/').pop()!];
      const { $schema: _, ...expected } = z.toJSONSchema(EVENT_CATALOG[name], { target: 'draft-2020-12', io: 'output' });
      expect(data).toEqual(expected);
    }
    expect(JSON.stringify(d.webhooks)).toContain('HMAC-SHA256');
  });

  it('describes the deliveries the integrations module sends: its headers, its body, a signature checked as documented', async () => {
    const d = await document();
    const hook = d.webhooks['payment.settled']!.post as unknown as { parameters: { name: string; schema: { pattern: string } }[] };
    const payload = { orderId: 7, orderNo: 'RP7', kind: 'team', activityId: null, userId: 3, amountFen: 100, paidAt: new Date().toISOString() };
    const event = { id: crypto.randomUUID(), name: 'payment.settled', payload, occurredAt: new Date() };
    const sent = signedRequest('whsec_documented', event);
    const headers = new Map(Object.entries(sent.headers).map(([k, v]) => [k.toLowerCase(), v]));
    for (const p of hook.parameters) expect(headers.get(p.name.toLowerCase())).toMatch(new RegExp(p.schema.pattern ?? '.'));
    expect(headers.get('x-rp-event-id')).toBe(event.id);
    // the recipe of the description: t and v1 from the header, HMAC-SHA256(secret, "<t>.<raw body>") in hex
    const sig = Object.fromEntries(
      headers
        .get('x-rp-signature')!
        .split(',')
        .map((kv) => kv.split('=') as [string, string]),
    );
    expect(sig.v1).toBe(crypto.createHmac('sha256', 'whsec_documented').update(`${sig.t}.${sent.body}`).digest('hex'));
    const body = JSON.parse(sent.body) as Json;
    const schema = d.components.schemas.PaymentSettledEvent as { required: string[]; properties: Json };
    expect(Object.keys(body).sort()).toEqual([...schema.required].sort());
    expect(Object.keys(body).filter((k) => !(k in schema.properties))).toEqual([]);
  });

  it('names the API token scopes on the operations they open', async () => {
    const d = await document();
    expect(TOKEN_SCOPES.length).toBeGreaterThan(0);
    for (const scope of TOKEN_SCOPES)
      for (const op of scope.operations) {
        const [method, url] = op.split(' ') as [string, string];
        const o = d.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] as (Op & { 'x-token-scopes'?: string[] }) | undefined;
        expect({ op, scopes: o?.['x-token-scopes'] }).toEqual({ op, scopes: expect.arrayContaining([scope.name]) });
        if (o!.security!.length) expect(o!.security).toContainEqual({ apiToken: expect.arrayContaining([scope.name]) });
      }
  });
});

describe('an SDK generated from the document', () => {
  it('compiles under strict TypeScript and its typed call works against the running app', { timeout: 120_000 }, async () => {
    const d = await document();
    const types = astToString(await openapiTS(d as never));
    // inside the repository's node_modules, so the client resolves openapi-fetch like a project would
    const cache = path.join(repoRoot, 'node_modules', '.cache');
    fs.mkdirSync(cache, { recursive: true });
    const dir = fs.mkdtempSync(path.join(cache, 'rp-sdk-'));
    try {
      fs.writeFileSync(path.join(dir, 'schema.d.ts'), types);
      const client = `import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export async function newsTitles(baseUrl: string): Promise<{ titles: string[]; total: number; missing: components['schemas']['ErrorCode'] | undefined }> {
  const api = createClient<paths>({ baseUrl });
  const { data, error } = await api.GET('/api/lNews/web/list', { params: { query: { page: 0, size: 5 } } });
  if (!data) throw new Error(error.code);
  // @ts-expect-error size is a number: the generated types know the parameters
  void api.GET('/api/lNews/web/list', { params: { query: { size: 'five' } } });
  const gone = await api.GET('/api/lNews/web/detail', { params: { query: { id: 999999 } } });
  return { titles: data.content.map((n) => n.title), total: data.totalElements, missing: gone.error?.code };
}
`;
      fs.writeFileSync(path.join(dir, 'client.ts'), client);
      // checked by tsgo (the repository's typecheck compiler, typescript-native): the same strict options as
      // TypeScript's API, in a fraction of its CPU (it was most of this file's time)
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        types: [],
        skipLibCheck: true,
      };
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
      const tsgo = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript-native/bin/tsc'), '-p', dir, '--pretty', 'false'], {
        encoding: 'utf8',
        timeout: 90_000,
      });
      const diagnostics = `${tsgo.stdout}${tsgo.stderr}`.trim().split('\n').filter(Boolean);
      expect(diagnostics).toEqual([]);
      expect(tsgo.status).toBe(0);

      // the same client, run: a published news item through the typed call, over HTTP
      await buildNews(t().database.db, { titleEn: 'Season opens', publishedAt: new Date(Date.now() - 60_000) });
      fs.writeFileSync(path.join(dir, 'client.mjs'), transformSync(client, { loader: 'ts', format: 'esm', target: 'es2022' }).code);
      await web.listen({ port: 0, host: '127.0.0.1' });
      const port = (web.server.address() as AddressInfo).port;
      const { newsTitles } = (await import(pathToFileURL(path.join(dir, 'client.mjs')).href)) as {
        newsTitles: (base: string) => Promise<{ titles: string[]; total: number; missing: string | undefined }>;
      };
      const result = await newsTitles(`http://127.0.0.1:${port}`);
      expect(result.total).toBe(1);
      expect(result.titles).toHaveLength(1);
      expect(result.missing).toBe('NOT_FOUND');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
