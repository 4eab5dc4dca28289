import { expect } from 'vitest';
import type { RenderSetup } from '../entry-server';

/**
 * The server renderer's setup in tests (entry-server.test.tsx with the sources, entry-server.built.test.ts with
 * the built bundle): its API calls answered here the way the server answers them.
 */
export const SSR_BASE = 'https://iyrc.example.cn';

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

/** The site's configuration as the server answers it, with the footer's legal lines set (issue 37). */
export const SSR_PUBLIC_CONFIG = {
  examUrl: '',
  captchaEnabled: false,
  wechatLogin: 'off',
  wechatMp: 'off',
  legal: { icpNumber: '沪ICP备00000000号-1', publicSecurityFiling: '沪公网安备31000000000000号', operatorName: 'IYRC Org', piContact: null },
};

const answer = (url: URL, acceptLanguage: string): unknown => {
  if (url.pathname === '/api/config/public') return { resultCode: 1, resultStr: 'ok', data: SSR_PUBLIC_CONFIG };
  // the program's name carries the language its loader asked in: a render that asked in the other one shows it
  if (url.pathname === '/api/lProgram/web/detail')
    return { resultCode: 1, resultStr: 'ok', data: { ...PROGRAM, name: `${PROGRAM.name} [${acceptLanguage}]`, files: [] } };
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

/** Each API answer waits a little, differently per call: concurrent renders interleave at every await. */
let calls = 0;
const pause = () => new Promise((resolve) => setTimeout(resolve, (calls++ * 7) % 5));

export const ssrTestSetup = (): RenderSetup => ({
  fetch: (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://ssr.invalid');
    await pause();
    const body = answer(url, new Headers(init?.headers).get('accept-language') ?? '') as { status?: number };
    return new Response(JSON.stringify(body), { status: body.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch,
  sanitize: (html) => html,
  base: SSR_BASE,
  template: '<!doctype html><html lang="zh-CN"><head><title>shell</title></head><body><div id="root"></div></body></html>',
  manifest: {},
});

/**
 * 16 renders at once, a Chinese one beside each English one (every API answer waits, so they interleave), make
 * the same pages as one at a time, each in its own language: its lang attribute, its texts and what its
 * loaders asked the API in.
 */
export async function expectConcurrentRendersAgree(html: (url: string) => Promise<string>): Promise<void> {
  const pages = ['/home', '/news', '/pasted', '/programInfo?id=7', '/activity', '/rules', '/about', '/verify/NOSUCHCODE1'];
  const addresses = pages.flatMap((p) => [p, `/en${p}`]);
  const sequential: string[] = [];
  for (const url of addresses) sequential.push(await html(url));
  const concurrent = await Promise.all(addresses.map((url) => html(url)));
  expect(addresses).toHaveLength(16);
  for (const [i, url] of addresses.entries()) {
    expect(concurrent[i], url).toBe(sequential[i]);
    const en = url.startsWith('/en');
    expect(sequential[i], url).toContain(en ? '<html lang="en"' : '<html lang="zh-CN"');
    // the skip link: a text of the page's own language
    expect(sequential[i], url).toContain(en ? 'Skip to main content' : '跳到主要内容');
  }
  expect(concurrent[addresses.indexOf('/programInfo?id=7')]).toContain('Creative Robot [zh-CN]');
  expect(concurrent[addresses.indexOf('/en/programInfo?id=7')]).toContain('Creative Robot [en]');
}
