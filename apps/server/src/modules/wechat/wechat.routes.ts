import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  okResponse,
  userManResponse,
  wxAuthorizeQuery,
  wxAuthorizeResponse,
  wxBindBody,
  wxBindResponse,
  wxMpAuthorizeQuery,
  wxMpCodeBody,
  wxJsSdkQuery,
  wxJsSdkResponse,
  wxMpPayResponse,
  wxScanBody,
  wxScanResponse,
  wxSignUpBody,
  wxSignUpResponse,
} from '@rp/shared';
import type { Config } from '../../config';
import { ok } from '../../lib/envelope';
import { publicBase } from '../../lib/public-base';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { FAKE_APP_ID, FAKE_PREFIX, FAKE_SECRET, wechatFakeRoutes } from './fake.routes';
import { WechatOAuth } from './oauth';
import { FAKE_MP_APP_ID, FAKE_MP_SECRET, mpMode, WechatMpMessages } from './mp';
import { accountLinks, authorize, authorizeMp, bind, mpLogin, mpPay, scan, signUp, unbind, type ScanResult } from './wechat.service';

/**
 * What the login page offers: WeChat itself, the local simulation, or nothing (WECHAT_LOGIN=off). A
 * production site without WECHAT_APP_ID offers nothing: the simulation lets anyone scan as anyone, so
 * production shows it only when forced (WECHAT_LOGIN=force).
 */
export function wechatMode(config: Config): 'wechat' | 'simulated' | 'off' {
  if (config.WECHAT_LOGIN === 'off') return 'off';
  if (config.WECHAT_APP_ID) return 'wechat';
  return config.NODE_ENV !== 'production' || config.WECHAT_LOGIN === 'force' ? 'simulated' : 'off';
}

/**
 * Issue 33: the cookie that ties a WeChat round trip to the browser that began it (see wechat.service.ts).
 * HttpOnly, SameSite=Lax (WeChat's redirect back is a top-level GET; the page then posts same-site), sent only
 * to auth/web, Secure on an https site; an hour, enough for a round trip, its ticket and an SMS code. One
 * nonce per browser, kept while it lasts, so two round trips in two tabs both work.
 */
const BROWSER_COOKIE = 'rp_wx';
const BROWSER_COOKIE_RE = /(?:^|;\s*)rp_wx=([a-f0-9]{64})(?:;|$)/;
const BROWSER_COOKIE_MAX_AGE_S = 60 * 60;
export const browserNonceOf = (req: FastifyRequest): string | null => BROWSER_COOKIE_RE.exec(req.headers.cookie ?? '')?.[1] ?? null;

/**
 * The simulation is reached in-process (app.inject) rather than over the network: the same protocol
 * client, the same requests and answers, no port or host to know.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    // the request as the client made it (issue 34: the template send is a POST with a JSON body)
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  }) as typeof fetch;
}

/** The official account's template messages (real, or the simulation in-process), or null when there is none. */
export function mpMessagesFor(app: FastifyInstance): WechatMpMessages | null {
  const c = app.deps.config;
  const mode = mpMode(c);
  if (mode === 'off') return null;
  return mode === 'wechat'
    ? new WechatMpMessages({ appId: c.WECHAT_MP_APP_ID!, secret: c.WECHAT_MP_APP_SECRET!, apiBase: c.WECHAT_API_BASE_URL, store: app.deps.store })
    : new WechatMpMessages({
        appId: FAKE_MP_APP_ID,
        secret: FAKE_MP_SECRET,
        apiBase: `http://simulation.invalid${FAKE_PREFIX}`,
        store: app.deps.store,
        fetch: injectFetch(app),
      });
}

export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const mode = wechatMode(deps.config);
  const c = deps.config;
  const oauth =
    mode === 'wechat'
      ? new WechatOAuth({ appId: c.WECHAT_APP_ID!, secret: c.WECHAT_APP_SECRET!, openBase: c.WECHAT_OPEN_BASE_URL, apiBase: c.WECHAT_API_BASE_URL })
      : new WechatOAuth({
          appId: FAKE_APP_ID,
          secret: FAKE_SECRET,
          openBase: FAKE_PREFIX,
          apiBase: `http://simulation.invalid${FAKE_PREFIX}`,
          fetch: injectFetch(app),
        });
  const mpm = mpMode(deps.config);
  const mp =
    mpm === 'wechat'
      ? new WechatOAuth({ appId: c.WECHAT_MP_APP_ID!, secret: c.WECHAT_MP_APP_SECRET!, openBase: c.WECHAT_OPEN_BASE_URL, apiBase: c.WECHAT_API_BASE_URL })
      : new WechatOAuth({
          appId: FAKE_MP_APP_ID,
          secret: FAKE_MP_SECRET,
          openBase: FAKE_PREFIX,
          apiBase: `http://simulation.invalid${FAKE_PREFIX}`,
          fetch: injectFetch(app),
        });
  if (mode === 'simulated' || mpm === 'simulated') await app.register(wechatFakeRoutes);

  const tags = ['auth'];
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'], lang: req.lang });
  const enabled = async () => {
    if (mode === 'off') throw new AppError('NOT_FOUND');
  };
  const origin = () => publicBase(deps.config);
  /** this browser's nonce, given (or its cookie renewed) when a round trip begins */
  const bindBrowser = (req: FastifyRequest, reply: FastifyReply): string => {
    const nonce = browserNonceOf(req) ?? crypto.randomBytes(32).toString('hex');
    const secure = origin().startsWith('https:') ? '; Secure' : '';
    reply.header('set-cookie', `${BROWSER_COOKIE}=${nonce}; Path=/auth/web; Max-Age=${BROWSER_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`);
    return nonce;
  };
  const mpEnabled = async () => {
    if (mpm === 'off') throw new AppError('NOT_FOUND');
  };
  const scanAnswer = (req: FastifyRequest, r: ScanResult) => {
    if (!r.bound) return ok(req, { bound: false, ticket: r.ticket, wechatName: r.wechatName, redirect: r.redirect }, 'wechat.notLinked');
    const { status: _s, ...user } = r.login.user;
    return ok(
      req,
      { bound: true, token: r.login.token, expiresAt: r.login.expiresAt.toISOString(), user, wechatName: r.wechatName, redirect: r.redirect },
      'wechat.loggedIn',
    );
  };

  app.get(
    '/auth/web/wxAuthorize',
    { schema: { tags, querystring: wxAuthorizeQuery, response: { 200: wxAuthorizeResponse } }, preHandler: enabled, config: { limits: ['wechatStart'] } },
    async (req, reply) => {
      if (req.query.purpose === 'bind' && !req.user) throw new AppError('UNAUTHORIZED');
      const url = await authorize(deps, oauth, {
        browser: bindBrowser(req, reply),
        purpose: req.query.purpose,
        redirect: req.query.redirect,
        userId: req.query.purpose === 'bind' ? req.user!.id : null,
        origin: origin(),
        lang: req.lang === 'en' ? 'en' : 'zh',
      });
      return ok(req, { data: { url } }, 'ok.query');
    },
  );

  app.post(
    '/auth/web/wxScan',
    { schema: { tags, body: wxScanBody, response: { 200: wxScanResponse } }, preHandler: enabled, config: { limits: ['login'] } },
    async (req) => scanAnswer(req, await scan(deps, oauth, req.body, browserNonceOf(req), client(req))),
  );

  // ——— inside WeChat's own browser: the official account (issue 22) ———
  app.get(
    '/auth/web/wxMpAuthorize',
    { schema: { tags, querystring: wxMpAuthorizeQuery, response: { 200: wxAuthorizeResponse } }, preHandler: mpEnabled, config: { limits: ['wechatStart'] } },
    async (req, reply) => {
      if (req.query.purpose === 'pay' && !req.user) throw new AppError('UNAUTHORIZED');
      const url = await authorizeMp(deps, mp, {
        browser: bindBrowser(req, reply),
        purpose: req.query.purpose,
        redirect: req.query.redirect,
        userId: req.query.purpose === 'pay' ? req.user!.id : null,
        origin: origin(),
      });
      return ok(req, { data: { url } }, 'ok.query');
    },
  );

  // share cards inside WeChat (issue 23): the JS-SDK's config for a page of this site, never another's
  app.get(
    '/api/wechat/jssdk',
    { schema: { tags, querystring: wxJsSdkQuery, response: { 200: wxJsSdkResponse } }, preHandler: mpEnabled, config: { limits: ['wechatJsSdk'] } },
    async (req) => {
      let page: URL;
      try {
        page = new URL(req.query.url);
      } catch {
        throw new AppError('VALIDATION_FAILED', { message: 'validation.invalid', field: 'url' });
      }
      if (page.origin !== new URL(origin()).origin) throw new AppError('VALIDATION_FAILED', { message: 'validation.invalid', field: 'url' });
      page.hash = '';
      const messages = mpMessagesFor(app)!;
      try {
        return ok(req, { data: await messages.jsSdkConfig(page.href) }, 'ok.query');
      } catch {
        throw new AppError('WECHAT_UNAVAILABLE');
      }
    },
  );

  app.post(
    '/auth/web/wxMpPay',
    { schema: { tags, body: wxMpCodeBody, response: { 200: wxMpPayResponse } }, preHandler: [mpEnabled, requireAuth], config: { limits: ['wechatBind'] } },
    async (req) => ok(req, { data: await mpPay(deps, mp, req.user!.id, req.body, browserNonceOf(req)) }, 'wechat.payAuthorized'),
  );

  app.post(
    '/auth/web/wxMpLogin',
    { schema: { tags, body: wxMpCodeBody, response: { 200: wxScanResponse } }, preHandler: mpEnabled, config: { limits: ['login'] } },
    async (req) => scanAnswer(req, await mpLogin(deps, mp, req.body, browserNonceOf(req), client(req))),
  );

  app.post(
    '/auth/web/wxSignUp',
    { schema: { tags, body: wxSignUpBody, response: { 200: wxSignUpResponse } }, config: { limits: ['register'] } },
    async (req) => {
      if (mode === 'off' && mpm === 'off') throw new AppError('NOT_FOUND');
      const r = await signUp(deps, req.body, browserNonceOf(req), client(req), mpm === 'off' ? null : mp.appId);
      if ('confirm' in r) return ok(req, r, 'wechat.confirmLink');
      const { status: _s, ...user } = r.login.user;
      return ok(req, { token: r.login.token, expiresAt: r.login.expiresAt.toISOString(), user, created: r.created, redirect: r.redirect }, 'wechat.signedUp');
    },
  );

  app.post(
    '/auth/web/wxBind',
    { schema: { tags, body: wxBindBody, response: { 200: wxBindResponse } }, preHandler: [enabled, requireAuth], config: { limits: ['wechatBind'] } },
    async (req) => ok(req, { data: await bind(deps, oauth, req.user!.id, req.body, browserNonceOf(req)) }, 'wechat.bound'),
  );

  app.post('/auth/web/wxUnbind', { schema: { tags, response: { 200: okResponse } }, preHandler: [enabled, requireAuth] }, async (req) => {
    await unbind(deps, req.user!.id);
    return ok(req, {}, 'wechat.unbound');
  });

  app.get('/api/users/web/man', { schema: { tags: ['users'], response: { 200: userManResponse } }, preHandler: requireAuth }, async (req) =>
    ok(req, { data: await accountLinks(deps, req.user!.id) }, 'ok.query'),
  );
};
