import { AppError } from '../../lib/errors';

/**
 * The WeChat open platform's website login (网站应用微信登录, scope snsapi_login), as published:
 * 1. the browser goes to {open}/connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state#wechat_redirect
 *    and the person scans the QR code with WeChat and confirms;
 * 2. WeChat sends the browser to redirect_uri?code&state (only ?state when the person declined);
 * 3. the server trades the code: GET {api}/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
 *    → { access_token, expires_in, refresh_token, openid, scope, unionid } or { errcode, errmsg } (HTTP 200 either way);
 * 4. and reads the profile: GET {api}/sns/userinfo?access_token&openid → { openid, nickname, headimgurl, unionid, … }.
 * The same client speaks to WeChat or to the local simulation (fake.routes.ts); only the base URLs and
 * the transport differ.
 */
export interface WechatOAuthOptions {
  appId: string;
  secret: string;
  /** where browsers scan: https://open.weixin.qq.com, or the simulation's path on this site */
  openBase: string;
  /** where the server trades codes: https://api.weixin.qq.com, or the simulation */
  apiBase: string;
  fetch?: typeof fetch;
  /** per call; WeChat answers in well under a second */
  timeoutMs?: number;
}

export interface WechatIdentity {
  openid: string;
  unionid: string | null;
  nickName: string;
  /** the app that gave this openid: 'wechat' the website app (QR login), 'wechat_mp' the official account */
  provider?: 'wechat' | 'wechat_mp';
}

/** errcodes that mean "this code is no good" (invalid, used, missing) rather than "WeChat is in trouble" */
const CODE_ERRORS = new Set([40029, 40163, 41008]);

export class WechatOAuth {
  private readonly fetch: typeof fetch;
  constructor(private readonly opts: WechatOAuthOptions) {
    this.fetch = opts.fetch ?? fetch;
  }

  /** Step 1: the address the browser is sent to (lang: the scan page's language, cn or en). */
  authorizeUrl(redirectUri: string, state: string, lang: 'zh' | 'en' = 'zh'): string {
    const q = new URLSearchParams({
      appid: this.opts.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
      lang: lang === 'en' ? 'en' : 'cn',
    });
    return `${this.opts.openBase}/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }

  get appId(): string {
    return this.opts.appId;
  }

  /**
   * The official account's web authorisation (公众号网页授权), opened inside WeChat's browser:
   * snsapi_base is silent and gives the openid only; snsapi_userinfo asks the person once and gives the profile.
   */
  mpAuthorizeUrl(redirectUri: string, state: string, scope: 'snsapi_base' | 'snsapi_userinfo'): string {
    const q = new URLSearchParams({ appid: this.opts.appId, redirect_uri: redirectUri, response_type: 'code', scope, state });
    return `${this.opts.openBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
  }

  /** Step 3 alone (snsapi_base: no profile to read): the openid behind a code. */
  async openidOf(code: string): Promise<string> {
    const token = await this.call('/sns/oauth2/access_token', { appid: this.opts.appId, secret: this.opts.secret, code, grant_type: 'authorization_code' });
    const openid = str(token.openid);
    if (!openid) throw new AppError('WECHAT_UNAVAILABLE');
    return openid;
  }

  /** Steps 3 and 4: the identity behind a code (each code works once, for five minutes). */
  async identify(code: string): Promise<WechatIdentity> {
    const token = await this.call('/sns/oauth2/access_token', { appid: this.opts.appId, secret: this.opts.secret, code, grant_type: 'authorization_code' });
    const accessToken = str(token.access_token);
    const openid = str(token.openid);
    if (!accessToken || !openid) throw new AppError('WECHAT_UNAVAILABLE');
    let nickName = '';
    let unionid = str(token.unionid) || null;
    try {
      const info = await this.call('/sns/userinfo', { access_token: accessToken, openid });
      if (str(info.openid) === openid) {
        nickName = str(info.nickname).slice(0, 64);
        unionid = str(info.unionid) || unionid;
      }
    } catch {
      // the profile is a courtesy: the openid alone identifies the person
    }
    return { openid, unionid, nickName };
  }

  private async call(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    let body: unknown;
    try {
      const res = await this.fetch(`${this.opts.apiBase}${path}?${new URLSearchParams(query).toString()}`, {
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
    } catch {
      // never the URL in a log or a message: it carries the secret
      throw new AppError('WECHAT_UNAVAILABLE');
    }
    if (!body || typeof body !== 'object') throw new AppError('WECHAT_UNAVAILABLE');
    const b = body as Record<string, unknown>;
    const errcode = Number(b.errcode ?? 0);
    if (errcode) throw new AppError(CODE_ERRORS.has(errcode) ? 'WECHAT_CODE_INVALID' : 'WECHAT_UNAVAILABLE');
    return b;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
