// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import type { PolicyDetail } from '@rp/shared';
import { configure, render, renderKey } from '../../entry-server';

/**
 * Issue 37: /privacy and /childPrivacy through the server renderer (the real route table, loader and page);
 * the policy API answers here as the server does (policy.routes: a version never published is 404).
 */
const VERSIONS = [
  { version: 3, title: 'v3', effectiveAt: '2099-01-01T00:00:00.000Z' },
  { version: 2, title: 'v2', effectiveAt: '2026-03-01T00:00:00.000Z' },
  { version: 1, title: 'v1', effectiveAt: '2025-01-01T00:00:00.000Z' },
];
const asked: string[] = [];
function policy(kind: string, version: string | null, lang: string): PolicyDetail | null {
  const v = version ? Number(version) : 2;
  const row = VERSIONS.find((x) => x.version === v);
  if (!row) return null;
  const name = kind === 'children' ? (lang === 'en' ? "Children's rules" : '儿童个人信息保护规则') : lang === 'en' ? 'Privacy policy' : '隐私政策';
  return {
    kind: kind as PolicyDetail['kind'],
    version: v,
    title: name,
    body: `<p>${name} text of version ${v}</p>`,
    effectiveAt: row.effectiveAt,
    current: v === 2,
    versions: VERSIONS.map((x) => ({ ...x, title: name })),
  };
}

beforeAll(async () => {
  await configure({
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://ssr.invalid');
      asked.push(url.pathname + url.search);
      const lang = String(new Headers(init?.headers).get('accept-language') ?? 'zh').startsWith('en') ? 'en' : 'zh';
      if (url.pathname === '/api/lPolicy/web/detail') {
        const data = policy(url.searchParams.get('kind')!, url.searchParams.get('version'), lang);
        const body = data ? { resultCode: 1, resultStr: 'ok', data } : { status: 404, code: 'POLICY_NOT_FOUND', message: 'No such version' };
        return new Response(JSON.stringify(body), { status: data ? 200 : 404, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ resultCode: 1, resultStr: 'ok', content: [], totalElements: 0, data: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
    sanitize: (html) => html,
    base: 'https://iyrc.example.cn',
    template: '<!doctype html><html lang="zh-CN"><head><title>shell</title></head><body><div id="root"></div></body></html>',
    manifest: {},
  });
});

const page = async (url: string) => {
  const r = await render(url);
  if (r.kind !== 'html') throw new Error(`${url}: ${r.kind} ${r.status}`);
  return { status: r.status, html: r.html };
};
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the policy pages (issue 37)', () => {
  it('/privacy in Chinese: the version in force, its effective date, its text and every version linked by ?version=', async () => {
    const { status, html } = await page('/privacy');
    expect(status).toBe(200);
    expect(asked.at(-1)).toBe('/api/lPolicy/web/detail?kind=privacy');
    const words = text(html);
    expect(words).toContain('隐私政策 text of version 2');
    expect(words).toContain('第 2 版 · 生效日期 2026-03-01');
    expect(words).toContain('历史版本');
    expect(words).toMatch(/第 2 版\s+生效日期 2026-03-01 · 现行版本/);
    expect(words).toMatch(/第 3 版\s+将于以下日期生效 2099-01-01/);
    expect(html).toContain('href="/privacy?version=1"');
    expect(html).toContain('href="/privacy?version=3"');
    expect(words).not.toContain('历史版本。'); // no "earlier version" notice on the one in force
  });

  it('/en/childPrivacy?version=1: an earlier version in English, said so, with a link to the one in force', async () => {
    const { status, html } = await page('/en/childPrivacy?version=1');
    expect(status).toBe(200);
    expect(asked.at(-1)).toBe('/api/lPolicy/web/detail?kind=children&version=1');
    const words = text(html);
    expect(words).toContain("Children's rules text of version 1");
    expect(words).toContain('Version 1 · In effect since 1 Jan 2025');
    expect(words).toContain('You are reading an earlier version that a newer one has replaced. Read the version in force');
    expect(html).toContain('href="/en/childPrivacy"');
    expect(html).toContain('href="/en/childPrivacy?version=2"');
  });

  it('a version never published, or not a number, is the 404 page; the cache key keeps ?version= only', async () => {
    // a loader's 404: the server sends the client shell with status 404 (as for an unknown news id)
    expect(await render('/privacy?version=9')).toMatchObject({ status: 404 });
    expect(await render('/privacy?version=abc')).toMatchObject({ status: 404 });
    expect(renderKey('/childprivacy?version=02&utm_source=x')).toBe('/childPrivacy?version=2');
    expect(renderKey('/en/privacy?from=singlemessage')).toBe('/en/privacy');
  });
});
