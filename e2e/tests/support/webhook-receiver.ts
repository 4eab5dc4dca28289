import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the receiver got: the raw body as sent (the signature covers it byte for byte) and its headers. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event as the partner reads it, field by field
  body: any;
  answered: number;
}

/**
 * A partner's webhook receiver on 127.0.0.1 (the e2e server allows that address: WEBHOOK_ALLOW_PRIVATE): it
 * keeps every call and answers 200, or 500 once for the first call `failOnce` picks.
 */
export async function startReceiver() {
  const calls: Received[] = [];
  let failOnce: ((body: Received['body']) => boolean) | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept raw: the test fails on it
      }
      let status = 200;
      if (failOnce?.(body)) {
        failOnce = null;
        status = 500;
      }
      calls.push({ headers: req.headers, raw, body, answered: status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    calls,
    /** answer 500 to the next call this predicate picks (once) */
    failNext(pick: (body: Received['body']) => boolean) {
      failOnce = pick;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a partner does with `X-RP-Signature: t=<seconds>,v1=<hex>`: HMAC-SHA256 of `<t>.<raw body>` with the
 * endpoint's secret, compared in constant time, and a timestamp no older than 5 minutes.
 */
export function signatureValid(call: Received, secret: string): boolean {
  const header = String(call.headers['x-rp-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
  if (!parts.t || !parts.v1) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${call.raw}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && expected.length === parts.v1.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}
