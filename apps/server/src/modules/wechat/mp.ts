import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { ShortStore } from '../../lib/short-store';

/**
 * The site's official account (公众号), for what happens inside WeChat's own browser: web authorisation
 * (snsapi_base before JSAPI pay, snsapi_userinfo to sign in) and template messages. Configured with
 * WECHAT_MP_APP_ID/SECRET; a development site simulates it (the same protocol under /api/wechat-fake,
 * fake.routes.ts); production without it offers none of it unless WECHAT_LOGIN=force.
 */
export const FAKE_MP_APP_ID = 'wx10ca1516a1a7e001';
export const FAKE_MP_SECRET = 'local0simulation0mp0secret000000';
/** The simulated account's JS-SDK ticket (fixed, so a test can check a page's signature). */
export const FAKE_JSAPI_TICKET = 'local0simulation0jsapi0ticket0000000000000000000000000000000000000000000000000000000';

/**
 * The JS-SDK's config signature, as published (附录1-JS-SDK使用权限签名算法): SHA-1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in that order, the values as they are, the URL without
 * its #fragment).
 */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return crypto.createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}

export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export function mpMode(config: Pick<Config, 'WECHAT_LOGIN' | 'WECHAT_MP_APP_ID' | 'NODE_ENV'>): 'wechat' | 'simulated' | 'off' {
  if (config.WECHAT_LOGIN === 'off') return 'off';
  if (config.WECHAT_MP_APP_ID) return 'wechat';
  return config.NODE_ENV !== 'production' || config.WECHAT_LOGIN === 'force' ? 'simulated' : 'off';
}

/** The official account's app id (real or simulated), or null when there is none: JSAPI pay orders carry it. */
export function mpAppId(config: Pick<Config, 'WECHAT_LOGIN' | 'WECHAT_MP_APP_ID' | 'NODE_ENV'>): string | null {
  const mode = mpMode(config);
  return mode === 'wechat' ? config.WECHAT_MP_APP_ID! : mode === 'simulated' ? FAKE_MP_APP_ID : null;
}

/** A template message that did not go out: retry false when sending it again cannot help. */
export class WechatSendFailed extends Error {
  constructor(
    readonly code: string,
    readonly retry: boolean,
  ) {
    super(`WeChat template message not sent: ${code}`);
  }
}

/** errcodes of a template send that will not change on a retry (unsubscribed, blocked, bad template, bad openid) */
const FINAL = new Set([43004, 43019, 40037, 40003, 47003, 41028, 41029, 41030]);
/** the access token is no longer good: fetch a new one and try once more */
const TOKEN_GONE = new Set([40001, 40014, 42001]);

/**
 * Template messages (模板消息) of the official account, as published: a client_credential access token
 * (GET /cgi-bin/token, two hours; kept in the shared store so every instance uses one), then
 * POST /cgi-bin/message/template/send?access_token= {touser, template_id, url, data: {key: {value}}} →
 * {errcode: 0, msgid}.
 */
export class WechatMpMessages {
  private readonly fetch: typeof fetch;
  constructor(private readonly opts: { appId: string; secret: string; apiBase: string; store: ShortStore; fetch?: typeof fetch; timeoutMs?: number }) {
    this.fetch = opts.fetch ?? fetch;
  }

  async send(openid: string, templateId: string, data: Record<string, string>, url: string): Promise<{ msgid: string }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.token(attempt > 0);
      const body = await this.call(`/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          touser: openid,
          template_id: templateId,
          url,
          data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, { value: v }])),
        }),
      });
      const errcode = Number(body.errcode ?? 0);
      if (!errcode) return { msgid: String(body.msgid ?? '') };
      if (TOKEN_GONE.has(errcode) && attempt === 0) continue;
      throw new WechatSendFailed(`errcode ${errcode}`, !FINAL.has(errcode));
    }
    throw new WechatSendFailed('token', true);
  }

  /**
   * wx.config for a page of this site (share cards inside WeChat, issue 23): the jsapi ticket
   * (GET /cgi-bin/ticket/getticket?type=jsapi, two hours, in the shared store like the token) and the
   * page's signature.
   */
  async jsSdkConfig(url: string, now = Date.now()): Promise<JsSdkConfig> {
    const ticket = await this.ticket();
    const nonceStr = crypto.randomBytes(12).toString('base64url');
    const timestamp = Math.floor(now / 1000);
    return { appId: this.opts.appId, timestamp, nonceStr, signature: jsapiSignature(ticket, nonceStr, timestamp, url) };
  }

  private async ticket(): Promise<string> {
    const key = `wxmp:jsapi:${this.opts.appId}`;
    const cached = await this.opts.store.get(key);
    if (cached) return cached;
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.token(attempt > 0);
      const body = await this.call(`/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`, { method: 'GET' });
      const errcode = Number(body.errcode ?? 0);
      if (TOKEN_GONE.has(errcode) && attempt === 0) continue;
      const ticket = typeof body.ticket === 'string' ? body.ticket : '';
      if (errcode || !ticket) throw new WechatSendFailed(`ticket errcode ${errcode}`, true);
      const ttl = Math.max(60, Math.min(7200, Number(body.expires_in) || 7200) - 300);
      await this.opts.store.set(key, ticket, ttl);
      return ticket;
    }
    throw new WechatSendFailed('ticket', true);
  }

  private async token(fresh: boolean): Promise<string> {
    const key = `wxmp:token:${this.opts.appId}`;
    if (!fresh) {
      const cached = await this.opts.store.get(key);
      if (cached) return cached;
    }
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: this.opts.appId, secret: this.opts.secret });
    const body = await this.call(`/cgi-bin/token?${q.toString()}`, { method: 'GET' });
    const token = typeof body.access_token === 'string' ? body.access_token : '';
    if (!token) throw new WechatSendFailed(`token errcode ${Number(body.errcode ?? 0)}`, true);
    const ttl = Math.max(60, Math.min(7200, Number(body.expires_in) || 7200) - 300);
    await this.opts.store.set(key, token, ttl);
    return token;
  }

  private async call(pathWithQuery: string, init: RequestInit): Promise<Record<string, unknown>> {
    let parsed: unknown;
    try {
      const res = await this.fetch(`${this.opts.apiBase}${pathWithQuery}`, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      parsed = await res.json();
    } catch {
      // never the URL in a message: it carries the secret or the token
      throw new WechatSendFailed('unreachable', true);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new WechatSendFailed('unreadable', true);
    return parsed as Record<string, unknown>;
  }
}
