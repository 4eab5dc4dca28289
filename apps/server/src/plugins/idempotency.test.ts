import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { okResponse } from '@rp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { faqs, leaders } from '../db/schema/index';
import { AppError } from '../lib/errors';
import { contextReady, useTestApp } from '../test/context';
import { buildRegistrationActivity, buildUser, loginAs } from '../test/factories';

/**
 * Issue 21, finding 7: a create retried with the same Idempotency-Key makes one row, whatever happened to
 * the first answer; a different key makes two. `failing` is the same app with two routes of this test's own:
 * a create that answers 503 after its transaction committed (the dying connection of the finding), and one
 * that answers 503 before anything committed.
 */
const t = useTestApp();
let failing: FastifyInstance;
let failNext = true;
beforeAll(async () => {
  await contextReady(t);
  const ctx = t();
  failing = await buildApp({
    config: ctx.config,
    database: ctx.database,
    store: ctx.app.deps.store,
    sms: ctx.sms,
    piiKey: ctx.piiKey,
    extend: async (app) => {
      app.post('/api/test/faq-then-fail', { schema: { response: { 200: okResponse } } }, async (req) => {
        if (!req.user) throw new AppError('UNAUTHORIZED');
        await app.deps.database.db.transaction(async (tx) => {
          await tx.insert(faqs).values({ questionZh: 'after-commit', answerZh: 'a' });
        });
        throw new AppError('DB_UNAVAILABLE');
      });
      app.post('/api/test/fail-then-faq', { schema: { response: { 200: okResponse } } }, async (req) => {
        if (!req.user) throw new AppError('UNAUTHORIZED');
        await app.deps.database.db.transaction(async (tx) => {
          await tx.insert(faqs).values({ questionZh: 'before-commit', answerZh: 'a' });
          if (failNext) throw new AppError('DB_UNAVAILABLE');
        });
        return { resultCode: 1, resultStr: 'ok' };
      });
    },
  });
  await failing.ready();
});
afterAll(async () => {
  await failing?.close();
});

async function coach() {
  const { app, database } = t();
  const { activity } = await buildRegistrationActivity(database.db);
  const user = await buildUser(database.db);
  const h = await loginAs(app, user.phone, user.password);
  const create = (key: string | null, name = 'Teacher Wang', lang = 'zh') =>
    app.inject({
      method: 'POST',
      url: '/api/lLeader',
      headers: { ...h, 'accept-language': lang, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { activityId: activity.id, name, phone: '13812345678', address: '' },
    });
  const count = async () => (await database.db.select().from(leaders).where(eq(leaders.userId, user.id))).length;
  return { h, create, count, user };
}

describe('Idempotency-Key', () => {
  it('the same key and body: one row, the first answer replayed; another key: a second row; no key: as before', async () => {
    const c = await coach();
    const first = await c.create('key-aaaaaaaa-1');
    expect(first.statusCode).toBe(200);
    const again = await c.create('key-aaaaaaaa-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await c.count()).toBe(1);
    expect((await c.create('key-bbbbbbbb-2')).statusCode).toBe(200);
    expect(await c.count()).toBe(2);
    expect((await c.create(null)).statusCode).toBe(200);
    expect(await c.count()).toBe(3);
  });

  it('the same key with another body is refused (422) and changes nothing; a malformed key is a 400', async () => {
    const c = await coach();
    expect((await c.create('key-cccccccc-3')).statusCode).toBe(200);
    const other = await c.create('key-cccccccc-3', 'Teacher Li');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const short = await c.create('short');
    expect(short.statusCode).toBe(400);
    // the answer names the header (issue 33), in the person's language
    expect(short.json().message).toBe('请求头 Idempotency-Key 格式不正确：应为 8–100 个字母、数字、- 或 _');
    const long = await c.create('x'.repeat(101), 'Teacher Wang', 'en');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The Idempotency-Key header is malformed: it must be 8–100 letters, digits, - or _');
    expect(await c.count()).toBe(1);
  });

  it('keys are per account: another member with the same key gets their own row', async () => {
    const a = await coach();
    const b = await coach();
    expect((await a.create('key-shared-0001')).statusCode).toBe(200);
    const theirs = await b.create('key-shared-0001');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await a.count()).toBe(1);
    expect(await b.count()).toBe(1);
  });

  it('a 503 after the commit: the retry with the same key makes no second row (409 IDEMPOTENT_DONE); a new key does', async () => {
    const { h } = await coach();
    const db = t().database.db;
    const call = (key: string) => failing.inject({ method: 'POST', url: '/api/test/faq-then-fail', headers: { ...h, 'idempotency-key': key }, payload: {} });
    expect((await call('key-dddddddd-4')).statusCode).toBe(503);
    const retry = await call('key-dddddddd-4');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('IDEMPOTENT_DONE');
    expect(await db.select().from(faqs).where(eq(faqs.questionZh, 'after-commit'))).toHaveLength(1);
    expect((await call('key-eeeeeeee-5')).statusCode).toBe(503);
    expect(await db.select().from(faqs).where(eq(faqs.questionZh, 'after-commit'))).toHaveLength(2);
  });

  it('a 503 before anything committed: the retry with the same key runs again and succeeds, once', async () => {
    const { h } = await coach();
    const db = t().database.db;
    const call = () => failing.inject({ method: 'POST', url: '/api/test/fail-then-faq', headers: { ...h, 'idempotency-key': 'key-ffffffff-6' }, payload: {} });
    failNext = true;
    expect((await call()).statusCode).toBe(503);
    expect(await db.select().from(faqs).where(eq(faqs.questionZh, 'before-commit'))).toHaveLength(0);
    failNext = false;
    expect((await call()).statusCode).toBe(200);
    const third = await call();
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await db.select().from(faqs).where(eq(faqs.questionZh, 'before-commit'))).toHaveLength(1);
  });
});
