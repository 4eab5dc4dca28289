import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicBase } from '../lib/public-base';
import { sanitizeRichText } from '../lib/sanitize';

/**
 * Server rendering of the information pages (issue 23). The web build's server entry
 * (apps/web/dist-ssr/entry-server.js, `vite build --ssr`) renders a page from the same routes, loaders
 * and components as the browser; its loaders' API calls are answered in-process (app.inject), without
 * the visitor's cookies: what is rendered is what anyone may see, so it is cached. They come from the
 * address of the visitor whose request runs the render (the socket address of the in-process call, never
 * a header the page could write), so per-address ceilings such as /verify's count that visitor, not
 * this server (issue 33).
 *
 * Cache: per address (the page's path and only the query parameters it reads) and language, at most
 * SSR_CACHE_ENTRIES pages for config SSR_CACHE_TTL_MS (30 s). An admin write (any successful non-GET under /api/admin)
 * empties it on this instance; the other instances follow within the TTL. Below it, the loaders' API answers are
 * shared by the renders for SSR_DATA_TTL_MS (3 s), emptied by the same writes.
 */
export const SSR_CACHE_ENTRIES = 500;
/** The loaders' API answers kept at most (config SSR_DATA_TTL_MS), the oldest dropped first. */
export const SSR_DATA_ENTRIES = 1000;

/** the address of the visitor whose request runs a render: its loaders' API calls come from it */
const visitorAddress = new AsyncLocalStorage<string>();

interface EntryServer {
  configure(setup: {
    fetch: typeof fetch;
    sanitize: (html: string) => string;
    base: string;
    template: string;
    manifest: Record<string, unknown>;
  }): Promise<void>;
  isServerRendered(pathname: string): boolean;
  /** whether the web app has a page there (older builds lack it: every address is then a page) */
  isKnownPage?(pathname: string): boolean;
  renderKey(url: string): string;
  render(
    url: string,
  ): Promise<{ kind: 'html'; status: number; html: string } | { kind: 'redirect'; status: number; location: string } | { kind: 'skip'; status: number }>;
}

interface Cached {
  at: number;
  status: number;
  body: Compressed | null;
  location?: string;
}

/**
 * A page as it is sent: plain, gzip and brotli, each compressed once (kept with the cached page) rather than
 * per request, and only when a browser first asks for it (issue 39: both were made for every render, and
 * with the page cache off neither was ever reused).
 */
export interface Compressed {
  readonly plain: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

export function compressedVariants(html: Buffer | string): Compressed {
  const plain = Buffer.isBuffer(html) ? html : Buffer.from(html, 'utf8');
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    plain,
    get gzip() {
      return (gzip ??= zlib.gzipSync(plain, { level: 6 }));
    },
    get br() {
      return (br ??= zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    },
  };
}

/** Sends an HTML page in the best encoding the browser accepts. */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, page: Compressed): FastifyReply {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  void reply.header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (/\bbr\b(?!;q=0(\.0*)?\b)/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}

export interface Ssr {
  /** Answers the request when its address is an information page; false otherwise (the caller sends the shell). */
  handle(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** The cache key and the URL rendered for `url` (exported for the tests). */
  renderUrl(url: string): string;
}

export async function createSsr(app: FastifyInstance, webDist: string, template: string): Promise<Ssr | null> {
  const entryFile = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) {
    app.log.warn({ entryFile }, 'server renderer not built; information pages are rendered in the browser');
    return null;
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;

  type Answer = { status: number; contentType: string; body: Buffer };
  const ask = (method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> =>
    app
      .inject({ method: method as 'GET', url, headers, remoteAddress: visitorAddress.getStore(), payload: body })
      .then((res) => ({ status: res.statusCode, contentType: String(res.headers['content-type'] ?? 'application/json'), body: res.rawPayload }));

  // The loaders' answers, shared by the renders for SSR_DATA_TTL_MS (issue 39: home alone asks six things, most
  // pages ask what others asked a moment ago); one call per question at a time. Only anonymous GETs answered
  // 200; never the certificate check (personal, and counted against each visitor's address: issue 33).
  const dataTtl = app.deps.config.SSR_DATA_TTL_MS;
  const answers = new Map<string, { at: number; answer: Promise<Answer> }>();
  const shared = (method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> => {
    if (dataTtl === 0 || method !== 'GET' || headers.authorization || headers.cookie || url.startsWith('/api/lAward/')) return ask(method, url, headers, body);
    const key = `${headers['accept-language'] ?? ''} ${url}`;
    const now = Date.now();
    const hit = answers.get(key);
    if (hit && now - hit.at < dataTtl) return hit.answer;
    const answer = ask(method, url, headers, body);
    const entry = { at: now, answer };
    answers.delete(key);
    if (answers.size >= SSR_DATA_ENTRIES) answers.delete(answers.keys().next().value!);
    answers.set(key, entry);
    // a failure is not kept (the next render asks again)
    const forget = () => {
      if (answers.get(key) === entry) answers.delete(key);
    };
    answer.then((a) => (a.status === 200 ? undefined : forget()), forget);
    return answer;
  };

  const inProcessFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const target = typeof input === 'string' ? new URL(input, 'http://ssr.invalid') : new URL(input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      if (!key.startsWith('x-forwarded-') && key !== 'forwarded') headers[key] = value;
    });
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    // the api-client's timeout aborts its signal: a stuck query must not hold the render queue
    const res = await new Promise<Answer>((resolve, reject) => {
      const onAbort = () => reject(new DOMException('aborted', 'AbortError'));
      signal?.addEventListener('abort', onAbort, { once: true });
      shared(init?.method ?? 'GET', target.pathname + target.search, headers, typeof init?.body === 'string' ? init.body : undefined)
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
    return new Response(res.body.length ? new Uint8Array(res.body) : null, { status: res.status, headers: { 'content-type': res.contentType } });
  }) as typeof fetch;

  await entry.configure({
    fetch: inProcessFetch,
    sanitize: sanitizeRichText,
    base: publicBase(app.deps.config).replace(/\/+$/, ''),
    template,
    manifest,
  });

  const ttl = app.deps.config.SSR_CACHE_TTL_MS;
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, ReturnType<EntryServer['render']>>();
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/admin') && reply.statusCode < 400) {
      cache.clear();
      answers.clear();
    }
  });

  // the page's own spelling and only the query parameters it reads (entry-server.tsx renderKey)
  const renderUrl = (url: string) => entry.renderKey(url);

  return {
    renderUrl,
    async handle(req, reply) {
      const pathname = req.url.split('?')[0]!;
      if (!entry.isServerRendered(pathname)) {
        // /en/login, /en/userCenter…: those pages have one address (and robots.txt rules for it)
        const en = /^\/en(\/.*)$/i.exec(pathname);
        if (en) {
          // one leading slash, whatever was typed: /en//evil.example stays on this site
          void reply.redirect(`/${en[1]!.replace(/^[/\\]+/, '')}${req.url.slice(pathname.length)}`, 302);
          return true;
        }
        // an address the web app does not know: its shell draws the not-found page, crawlers hear 404 (issue 34)
        if (entry.isKnownPage && !entry.isKnownPage(pathname)) void reply.code(404);
        return false;
      }
      const key = renderUrl(req.url);
      let hit = cache.get(key);
      if (!hit || Date.now() - hit.at >= ttl) {
        let result: Awaited<ReturnType<EntryServer['render']>>;
        try {
          // one render per address at a time: visitors arriving while it runs wait for that one
          let running = inFlight.get(key);
          if (!running) {
            running = visitorAddress.run(req.ip, () => entry.render(key)).finally(() => inFlight.delete(key));
            inFlight.set(key, running);
          }
          result = await running;
        } catch (err) {
          // the browser renders the page instead; the error names no person (no request data in it)
          req.log.error({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }, 'server rendering failed');
          return false;
        }
        if (result.kind === 'skip') {
          // an unknown article or album: the shell renders the 404 page, and search engines hear 404
          if (result.status === 404) void reply.code(404);
          return false;
        }
        hit =
          result.kind === 'redirect'
            ? { at: Date.now(), status: result.status, body: null, location: result.location }
            : { at: Date.now(), status: result.status, body: compressedVariants(result.html) };
        cache.delete(key);
        if (cache.size >= SSR_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, hit);
      }
      if (hit.location || !hit.body) {
        void reply.redirect(hit.location ?? '/', hit.status);
        return true;
      }
      sendHtml(req, reply.code(hit.status).header('cache-control', 'no-cache'), hit.body);
      return true;
    },
  };
}
