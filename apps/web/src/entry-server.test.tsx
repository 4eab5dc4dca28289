// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { configure, isKnownPage, render } from './entry-server';

/**
 * Issue 34, item 13: the server renderer with the real route table, loaders and components; its API calls
 * answered here the way the server answers them.
 */
const BASE = 'https://iyrc.example.cn';
const PROGRAM = {
  id: 7,
  activityId: 3,
  activityName: 'IYRC 2025 Shanghai',
  name: 'Creative Robot',
  type: 1,
  maxMembers: 4,
  minAge: null,
  maxAge: null,
  gender: null,
  intro: '<p>Build a robot.</p>',
  coverUrl: null,
};
const answer = (url: URL): unknown => {
  if (url.pathname === '/api/lProgram/web/detail') return { resultCode: 1, resultStr: 'ok', data: { ...PROGRAM, files: [] } };
  if (url.pathname === '/api/lAward/verifyCertCode')
    // the server's answer to a code of the wrong length (awards schema: certCode)
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some of the data is not valid',
      fieldErrors: { certCode: 'No valid certificate has this number' },
    };
  return { resultCode: 1, resultStr: 'ok', content: [], totalElements: 0, totalPages: 0, number: 0, size: 50, data: null };
};

beforeAll(async () => {
  await configure({
    fetch: (async (input: string | URL | Request) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://ssr.invalid');
      const body = answer(url) as { status?: number };
      return new Response(JSON.stringify(body), { status: body.status ?? 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
    sanitize: (html) => html,
    base: BASE,
    template: '<!doctype html><html lang="zh-CN"><head><title>shell</title></head><body><div id="root"></div></body></html>',
    manifest: {},
  });
});

const html = async (url: string) => {
  const r = await render(url);
  if (r.kind !== 'html') throw new Error(`${url}: ${r.kind} ${r.status}`);
  return r.html;
};
const canonical = (page: string) => /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1];
const alternate = (page: string, lang: string) => new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)"`).exec(page)?.[1];

describe('server-rendered heads (issue 34)', () => {
  it('an alias names its main address as canonical, in both languages; the main one names itself', async () => {
    expect(canonical(await html('/pasted'))).toBe(`${BASE}/pasted`);
    expect(canonical(await html('/pictures?year=2024'))).toBe(`${BASE}/pasted?year=2024`);
    expect(canonical(await html('/en/pictures'))).toBe(`${BASE}/en/pasted`);
    expect(canonical(await html('/rules'))).toBe(`${BASE}/rules`);
    const file = await html('/en/file');
    expect(canonical(file)).toBe(`${BASE}/en/rules`);
    expect(alternate(file, 'zh-CN')).toBe(`${BASE}/rules`);
    expect(/<meta property="og:url" content="([^"]*)"/.exec(file)?.[1]).toBe(`${BASE}/en/rules`);
  });

  it("a program's page is titled with its activity (one program runs in several activities)", async () => {
    expect(/<title>([^<]*)<\/title>/.exec(await html('/en/programInfo?id=7'))?.[1]).toMatch(/^Creative Robot · IYRC 2025 Shanghai - /);
  });

  it('a certificate number of the wrong length is "not found", not a generic validation message', async () => {
    const page = await html('/en/verify/NOSUCHCODE1');
    expect(page).toContain('No valid certificate has this number (NOSUCHCODE1)');
    expect(page).not.toContain('Some of the data is not valid');
  });

  it('knows which addresses are pages: an unknown one is not', () => {
    for (const p of ['/', '/home', '/userCenter', '/login', '/admin', '/admin/withdrawals', '/en/login', '/pictures', '/verify/ABC'])
      expect(isKnownPage(p), p).toBe(true);
    // an admin address without a screen is drawn as "Page not found · Administration": a 404 like any other
    for (const p of ['/nosuch', '/404', '/userCenter/extra', '/admin/anything']) expect(isKnownPage(p), p).toBe(false);
  });
});
