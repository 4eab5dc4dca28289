import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextReady, useTestApp } from '../test/context';
import { appWithFakeWeb } from '../test/fake-web';

/**
 * Issue 33: the server-rendered /verify page's API call counted against the server's own address, so after
 * 60 renders a minute every visitor got the client-rendered page. A web build of this test's own: its
 * server entry renders /verify by calling the certificate check through the fetch the server gives it, and
 * writes the status it got into the page. Behind one proxy (TRUST_PROXY 1); the page's own X-Forwarded-For
 * header changes nothing.
 */
const t = useTestApp();
let close: (() => Promise<void>) | undefined;
let app: FastifyInstance;

const ENTRY = `
let api;
export async function configure(setup) { api = setup.fetch; }
export function isServerRendered(pathname) { return pathname === '/verify'; }
export function isKnownPage(pathname) { return ['/verify', '/userCenter', '/login'].includes(pathname); }
export function renderKey(url) { return url; }
export async function render(url) {
  const code = new URL(url, 'http://x').searchParams.get('code');
  const r = await api('/api/lAward/verifyCertCode?certCode=' + code, { headers: { 'x-forwarded-for': '192.0.2.1' } });
  return { kind: 'html', status: 200, html: '<p id="api">' + r.status + '</p>' };
}
`;

beforeAll(async () => {
  ({ app, close } = await appWithFakeWeb(await contextReady(t), ENTRY, { TRUST_PROXY: '1' }));
});
afterAll(() => close?.());

// 16 characters of the certificate alphabet, a different one per n (no certificate has it: the answer is "not found")
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const code = (n: number) => 'ZZZZZZZZZZZZ' + [3, 2, 1, 0].map((d) => ALPHABET[Math.floor(n / 32 ** d) % 32]).join('');
const apiStatus = async (remoteAddress: string, n: number) => {
  const r = await app.inject({ url: `/verify?code=${code(n)}`, remoteAddress });
  expect(r.statusCode).toBe(200);
  return Number(/<p id="api">(\d+)<\/p>/.exec(r.body)?.[1]);
};

describe('server-rendered /verify (issue 33)', () => {
  it("the page's certificate check counts against the visitor's address: 70 visitors get 70 checks, one visitor's 61st is refused", async () => {
    const many: number[] = [];
    for (let i = 0; i < 70; i++) many.push(await apiStatus(`198.51.100.${i + 1}`, i));
    expect(many.filter((s) => s === 429)).toEqual([]);
    const one: number[] = [];
    for (let i = 0; i < 61; i++) one.push(await apiStatus('203.0.113.9', 100 + i));
    expect(one.slice(0, 60).filter((s) => s === 429)).toEqual([]);
    expect(one[60]).toBe(429);
  });
});

/**
 * Issue 34: an address the web app has no page for answered 200 with the shell (crawlers indexed it). This
 * build's entry knows /verify, /userCenter and /login (the real one asks the route table: entry-server.test.tsx).
 */
describe('addresses without a page (issue 34)', () => {
  it('answer 404 with the shell (which draws the not-found page); known pages keep 200', async () => {
    for (const url of ['/nosuch', '/nosuch?x=1', '/userCenter/extra']) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toContain('text/html');
      expect(r.body).toContain('<title>shell</title>');
    }
    for (const url of ['/userCenter', '/login?redirect=%2Fmsg']) expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  it('a certificate number of the wrong length is named as such, in both languages', async () => {
    for (const [lang, text] of [
      ['zh', '证书编号不存在或已作废'],
      ['en', 'No valid certificate has this number'],
    ]) {
      const r = await app.inject({ url: '/api/lAward/verifyCertCode?certCode=NOSUCHCODE1', headers: { 'accept-language': lang! } });
      expect(r.statusCode).toBe(400);
      expect(r.json().fieldErrors).toEqual({ certCode: text });
    }
  });
});
