import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextReady, useTestApp } from './test/context';
import { buildUser, loginAs } from './test/factories';
import { multipart } from './test/images';

/**
 * Issue 33 item 6: a request refused before its body has arrived (an upload past its ceiling, a JSON body
 * past 1 MB) is answered 413 in the error contract, every time, and its connection is left in a state the
 * client can use: the next request on it works, or the server said `Connection: close` and closed
 * gracefully (FIN after the whole answer, the rest of the body read and dropped) — never a reset.
 */
const t = useTestApp();
const MB = 1024 * 1024;
let port = 0;

beforeAll(async () => {
  await contextReady(t);
  await t().app.listen({ host: '127.0.0.1', port: 0 });
  port = (t().app.server.address() as AddressInfo).port;
});

interface Answer {
  status: number;
  connection: string | undefined;
  code?: string;
}

/** One request on the given agent; a socket error rejects with its code. */
function send(agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: body ? { ...headers, 'content-length': String(body.length) } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            code: text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : undefined,
          });
        });
      },
    );
    req.setTimeout(10_000, () => req.destroy(Object.assign(new Error('no answer in 10 s'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => reject(new Error(e.code ?? e.message)));
    req.end(body);
  });
}

const login = () => Buffer.from(JSON.stringify({ username: 'nobody-here', password: 'wrong-password-1', code: '', uuid: '' }));

describe('a request refused before its body is read', () => {
  it('a 7.5 MB code sheet on a keep-alive connection: 413, then the next GET and POST on the same agent work', async () => {
    const u = await buildUser(t().database.db);
    const h = await loginAs(t().app, u.phone, u.password);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const m = multipart([{ name: 'file', filename: 'codes.xlsx', data: Buffer.alloc(7.5 * MB, 7) }]);
    for (let round = 0; round < 3; round++) {
      const big = await send(agent, 'POST', '/api/lRedeemCode/web/parseCodes', { ...h, ...m.headers }, m.payload);
      expect(big).toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE' });
      expect((await send(agent, 'GET', '/api/health/live', {})).status).toBe(200);
      const next = await send(agent, 'POST', '/auth/login', { 'content-type': 'application/json' }, login());
      expect(next.status).toBeGreaterThanOrEqual(400);
      expect(next.code).toBeDefined();
    }
    agent.destroy();
  });

  it('a 2 MB JSON body written on after the 413 came (as nginx sends a buffered body): the whole body is taken, then a FIN, never a reset', async () => {
    const body = Buffer.alloc(2 * MB, 'x');
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let failure = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (failure = e.code ?? e.message));
    const closed = new Promise<boolean>((r) => socket.once('close', r));
    const ended = new Promise<void>((r) => socket.once('end', r));
    await new Promise((r) => socket.once('connect', r));
    socket.write(`POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body.subarray(0, 64 * 1024));
    for (let i = 0; i < 100 && !answer.includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    // the rest of the body, in pieces, after the answer
    for (let at = 64 * 1024; at < body.length && !failure; at += 64 * 1024) {
      socket.write(body.subarray(at, at + 64 * 1024));
      await new Promise((r) => setTimeout(r, 2));
    }
    await ended; // the server's FIN
    socket.end();
    const hadError = await closed;
    expect(failure).toBe('');
    expect(hadError).toBe(false);
    expect(answer).toContain('"code":"TOO_LARGE"');
  });

  it('2 MB JSON bodies past the 1 MB ceiling, ten at once and then a login on each connection: 413 every time', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const body = Buffer.from(JSON.stringify({ filler: 'x'.repeat(2 * MB) }));
    const results = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const big = await send(agent, 'POST', '/auth/login', { 'content-type': 'application/json' }, body);
        const next = await send(agent, 'POST', '/auth/login', { 'content-type': 'application/json' }, login());
        return `${big.status} ${big.code} ${next.code ? 'answered' : next.status}`;
      }),
    );
    expect(results).toEqual(Array(10).fill('413 TOO_LARGE answered'));
    agent.destroy();
  });
});
