// Database errors leave in the error contract with a clear 4xx (or 503), and the log lines about them
// carry neither the SQL nor its parameters (children's names, ID numbers, phones). Real errors from an
// embedded PGlite, wrapped by drizzle exactly as the services see them.
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pickLang } from '@rp/shared';
import { registerErrorHandling } from '../plugins/errors';
import { classifyDbError, dbLogFields, isConnectionError, safeErrorLog } from './db-errors';

// What a hostile or careless request could put into a query: none of it may ever reach a log line.
const SECRET = 'Zhang-Xiaoming-110105201203150011';
const PHONE = '13912345678';

let client: PGlite;
let db: ReturnType<typeof drizzle>;
let app: FastifyInstance;
let logs: string[] = [];

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  db = drizzle(client);
  await db.execute(sql`create table kid (id serial primary key, name text unique, age int, parent int references kid(id), note varchar(8))`);

  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream } });
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (req) => {
    req.lang = pickLang(req.headers['accept-language']);
  });
  registerErrorHandling(app);
  const queries: Record<string, () => SQL> = {
    duplicate: () => sql`insert into kid (name, age) values (${SECRET}, ${7})`,
    unknownParent: () => sql`insert into kid (name, parent) values (${SECRET + '-2'}, ${987654})`,
    inUse: () => sql`delete from kid where name = ${SECRET}`,
    outOfRange: () => sql`select * from kid where id = ${99999999999} and name = ${SECRET}`,
    badInteger: () => sql`select * from kid where id = ${'1.5'} and name = ${SECRET}`,
    nulByte: () => sql`insert into kid (name) values (${SECRET + '\u0000' + PHONE})`,
    tooLong: () => sql`insert into kid (name, note) values (${PHONE}, ${SECRET})`,
    limit: () => sql`select repeat(${SECRET}, 600000000)`,
  };
  app.get<{ Params: { q: string } }>('/q/:q', async (req) => {
    await db.execute(queries[req.params.q]!());
    return { ok: true };
  });
  // a bug near the database: drizzle's wrapper (SQL + parameters in its message) around a plain error
  app.get('/bug', async () => {
    throw new DrizzleQueryError('update kid set name = $1 where age = $2', [SECRET, PHONE], new TypeError('Cannot read properties of undefined'));
  });
  app.get('/closed', async () => {
    const other = new PGlite();
    await other.waitReady;
    await other.close();
    await drizzle(other).execute(sql`select ${SECRET}`);
  });
  await app.ready();

  await db.execute(sql`insert into kid (name, age) values (${SECRET}, 7)`);
  await db.execute(sql`insert into kid (name, parent) values ('sibling', 1)`);
});
afterAll(async () => {
  await app.close();
  await client.close();
});
beforeEach(() => {
  logs = [];
});

describe('database errors → the error contract', () => {
  it.each([
    ['duplicate', 409, 'DUPLICATE', '该记录已存在，请勿重复提交', 'This record already exists; please do not submit it twice'],
    ['unknownParent', 400, 'UNKNOWN_REFERENCE', '引用的记录不存在，请刷新后重新选择', 'A referenced record does not exist; please refresh and choose again'],
    ['inUse', 409, 'IN_USE', '该记录正在被使用，无法删除', 'This record is in use and cannot be deleted'],
    ['outOfRange', 400, 'INVALID_VALUE', undefined, 'The request contains an invalid value (out of range or badly formed)'],
    ['badInteger', 400, 'INVALID_VALUE', undefined, undefined],
    ['nulByte', 400, 'INVALID_VALUE', undefined, undefined],
    ['tooLong', 400, 'INVALID_VALUE', undefined, undefined],
    ['limit', 400, 'INVALID_VALUE', undefined, undefined],
  ])('%s → %i %s, localised, nothing of the query in the log', async (q, status, code, zh, en) => {
    const rzh = await app.inject({ url: `/q/${q}` });
    const ren = await app.inject({ url: `/q/${q}`, headers: { 'accept-language': 'en' } });
    for (const r of [rzh, ren]) {
      expect(r.statusCode).toBe(status);
      expect(r.json()).toMatchObject({ status, resultCode: 0, code });
      expect(r.body).not.toContain(SECRET);
    }
    if (zh) expect(rzh.json().message).toBe(zh);
    if (en) expect(ren.json().message).toBe(en);
    const logged = logs.join('');
    expect(logged).toContain(`"route":"GET /q/:q"`);
    expect(logged).not.toContain(SECRET.slice(0, 12));
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('99999999999');
    expect(logged).not.toMatch(/insert into|select \*|Failed query|params/i);
  });

  it('logs the constraint and SQLSTATE of a refusal, never its detail (which quotes the values)', async () => {
    await app.inject({ url: '/q/duplicate' });
    const line = JSON.parse(logs.find((l) => l.includes('"db"'))!);
    expect(line.db).toEqual({ sqlState: '23505', constraint: 'kid_name_key', table: 'kid', routine: expect.any(String) });
    expect(JSON.stringify(line)).not.toContain('Key (name)');
  });

  it('a lost connection (closed database) answers 503 DB_UNAVAILABLE', async () => {
    const r = await app.inject({ url: '/closed', headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ code: 'DB_UNAVAILABLE', message: 'Service temporarily unavailable, please try again' });
    expect(logs.join('')).not.toContain(SECRET);
  });

  it('an unexpected error near the database is a 500 whose log keeps the bug but not the SQL parameters', async () => {
    const r = await app.inject({ url: '/bug' });
    expect(r.statusCode).toBe(500);
    expect(r.json().code).toBe('INTERNAL');
    const logged = logs.join('');
    expect(logged).toContain('Cannot read properties of undefined');
    expect(logged).toContain('"route":"GET /bug"');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('update kid');
  });
});

describe('classification', () => {
  const wrap = (cause: unknown) => new DrizzleQueryError('select $1', [SECRET], cause as Error);
  it.each([
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, 'DB_UNAVAILABLE'],
    [{ code: '57P03' }, 'DB_UNAVAILABLE'],
    [{ code: '08006' }, 'DB_UNAVAILABLE'],
    [{ code: '53300' }, 'DB_UNAVAILABLE'],
    [{ code: '55000', message: 'database "x" is not currently accepting connections' }, 'DB_UNAVAILABLE'],
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 'DB_UNAVAILABLE'],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'DB_UNAVAILABLE'],
    [new Error('Connection terminated unexpectedly'), 'DB_UNAVAILABLE'],
    [new Error('Client has encountered a connection error and is not queryable'), 'DB_UNAVAILABLE'],
    [new Error('timeout exceeded when trying to connect'), 'DB_UNAVAILABLE'],
    [{ code: '40P01' }, 'DB_BUSY'],
    [{ code: '40001' }, 'DB_BUSY'],
    [{ code: '23505' }, 'DUPLICATE'],
    [{ code: '23502' }, 'INVALID_VALUE'],
    [{ code: '22021' }, 'INVALID_VALUE'],
    [{ code: '42P01' }, null], // undefined table: our bug, a 500
    [Object.assign(new Error('EPIPE'), { code: 'EPIPE' }), 'DB_UNAVAILABLE'],
    [Object.assign(new Error('no such file'), { code: 'ENOENT' }), null],
    [new TypeError('x is undefined'), null],
  ])('%o → %s (bare and wrapped by drizzle)', (err, code) => {
    expect(classifyDbError(err)?.code ?? null).toBe(code);
    expect(classifyDbError(wrap(err))?.code ?? null).toBe(code);
    expect(isConnectionError(wrap(err))).toBe(code === 'DB_UNAVAILABLE');
  });

  it('log fields never carry the query, the parameters or the detail', () => {
    const pgErr = Object.assign(new Error('duplicate key value'), {
      code: '23505',
      constraint: 'kid_name_key',
      table: 'kid',
      detail: `Key (name)=(${SECRET}) already exists.`,
      query: 'insert…',
      params: [SECRET],
    });
    expect(dbLogFields(wrap(pgErr))).toEqual({ sqlState: '23505', constraint: 'kid_name_key', table: 'kid', column: undefined, routine: undefined });
    expect(JSON.stringify(safeErrorLog(wrap(pgErr)))).not.toContain(SECRET);
    expect(JSON.stringify(safeErrorLog(wrap(new RangeError('bad'))))).not.toContain(SECRET);
  });
});
