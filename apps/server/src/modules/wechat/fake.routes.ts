import crypto from 'node:crypto';
import { publicBase } from '../../lib/public-base';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate, type Lang } from '@rp/shared';
import { WECHAT_STATE_RE } from '@rp/shared';
import { FAKE_JSAPI_TICKET, FAKE_MP_APP_ID, FAKE_MP_SECRET } from './mp';

/**
 * The local simulation of WeChat's website login, served when no WeChat AppID is configured. It speaks
 * the open platform's protocol (see oauth.ts): a scan page at /connect/qrconnect that sends the browser
 * back to redirect_uri with a single-use code (or only the state when the person cancels), and the two
 * server calls, /sns/oauth2/access_token and /sns/userinfo, answering errcode JSON at HTTP 200 as WeChat does.
 *
 * "Which WeChat" is this browser, like a phone: a random device cookie, turned into a stable openid with
 * the site's key, so nobody can type someone else's simulated WeChat. Codes and access tokens live in the
 * shared store (every instance answers).
 */
export const FAKE_PREFIX = '/api/wechat-fake';
export const FAKE_APP_ID = 'wx10ca1516a1a7e000';
export const FAKE_SECRET = 'local0simulation0secret000000000';
const DEVICE_COOKIE = 'wxfake_device';
/** the two simulated apps: the website app (QR login) and the official account (inside WeChat) */
const SECRETS: Record<string, string> = { [FAKE_APP_ID]: FAKE_SECRET, [FAKE_MP_APP_ID]: FAKE_MP_SECRET };
const CODE_TTL_S = 5 * 60;
const TOKEN_TTL_S = 2 * 60 * 60;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hidden = (n: string, v: string) => `<input type="hidden" name="${n}" value="${esc(v)}">`;
const json = (reply: FastifyReply, body: unknown) =>
  reply.code(200).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(JSON.stringify(body));

export async function wechatFakeRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => done(null, body));

  // WeChat's lang parameter (cn or en), else the browser's
  const langOf = (req: FastifyRequest): Lang => {
    const q = (req.query as { lang?: string }).lang;
    return q === 'en' ? 'en' : q === 'cn' ? 'zh' : req.lang === 'en' ? 'en' : 'zh';
  };
  const T = (lang: Lang, key: string) => translate(lang, key as Parameters<typeof translate>[1]);
  const deviceOf = (req: FastifyRequest): string | null => {
    const m = /(?:^|;\s*)wxfake_device=([A-Za-z0-9_-]{22,64})/.exec(req.headers.cookie ?? '');
    return m ? m[1]! : null;
  };
  // an openid per app (as WeChat gives), one unionid per person across the apps
  const openidOf = (device: string, appId = FAKE_APP_ID) =>
    'o' +
    Buffer.from(deps.pii.index(appId === FAKE_APP_ID ? `wxfake:${device}` : `wxfake:${appId}:${device}`), 'hex')
      .toString('base64url')
      .slice(0, 27);
  /** this browser's simulated WeChat: its device cookie, made on the first visit */
  const deviceFor = (req: FastifyRequest, reply: FastifyReply): string => {
    const known = deviceOf(req);
    if (known) return known;
    const device = crypto.randomBytes(18).toString('base64url');
    reply.header('set-cookie', `${DEVICE_COOKIE}=${device}; Path=${FAKE_PREFIX}; HttpOnly; SameSite=Lax; Max-Age=31536000`);
    return device;
  };
  const nickOf = (lang: Lang, openid: string) => `${lang === 'en' ? 'WeChat user' : '微信用户'} ${openid.slice(-4)}`;
  const unionidOf = (device: string) => 'u' + openidOf(device).slice(1);
  interface CodeData {
    openid: string;
    nickname: string;
    unionid: string;
    appid: string;
    scope: string;
  }
  const issueCode = async (data: CodeData) => {
    const code = crypto.randomBytes(24).toString('base64url');
    await deps.store.set(`wxfake:code:${code}`, JSON.stringify(data), CODE_TTL_S);
    return code;
  };

  /** Same-site redirect_uri only (WeChat itself accepts only the registered domain). */
  const checkRedirect = (_req: FastifyRequest, v: unknown): URL | null => {
    if (typeof v !== 'string' || v.length > 1000) return null;
    try {
      const u = new URL(v);
      return u.origin === new URL(publicBase(deps.config)).origin && (u.protocol === 'http:' || u.protocol === 'https:') ? u : null;
    } catch {
      return null;
    }
  };
  const page = (lang: Lang, body: string) =>
    `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(T(lang, 'wechat.fake.title'))}</title><style>body{font-family:system-ui,'Noto Sans SC',sans-serif;background:#2e3238;margin:0;padding:24px;color:#1f2937}` +
    `main{max-width:400px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px #0003}h1{font-size:20px;margin:0 0 8px}` +
    `p.lead{color:#4b5563;font-size:14px;line-height:1.6}.qr{width:160px;height:160px;margin:16px auto;display:block;border:8px solid #fff;outline:1px solid #d1d5db}` +
    `label{display:block;font-size:14px;margin:14px 0 6px;color:#374151}input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #9ca3af;border-radius:8px;font-size:16px}` +
    `code{font-size:12px;color:#4b5563;word-break:break-all}button{display:block;width:100%;padding:12px;margin-top:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}` +
    `.ok{background:#07c160;color:#fff}.no{background:#fff;color:#374151;border:1px solid #9ca3af}</style></head><body><main>${body}</main></body></html>`;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  // ——— 1. the scan page (stands in for open.weixin.qq.com and the phone) ———
  app.get(`${FAKE_PREFIX}/connect/qrconnect`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const lang = langOf(req);
    const back = checkRedirect(req, q.redirect_uri);
    const state = typeof q.state === 'string' && WECHAT_STATE_RE.test(q.state) ? q.state : null;
    if (q.appid !== FAKE_APP_ID || q.response_type !== 'code' || q.scope !== 'snsapi_login' || !back || !state)
      return html(reply, 400, page(lang, `<h1>${esc(T(lang, 'wechat.fake.title'))}</h1><p>${esc(T(lang, 'wechat.fake.badRequest'))}</p>`));
    const device = deviceFor(req, reply);
    const openid = openidOf(device);
    const nick = nickOf(lang, openid);
    // a decorative code made from the openid (the real page shows a QR to scan with the phone)
    const cells = Buffer.from(openid).toString('hex');
    let rects = '';
    for (let i = 0; i < 64; i++)
      if (parseInt(cells[i % cells.length]!, 16) % 2) rects += `<rect x="${(i % 8) * 20}" y="${Math.floor(i / 8) * 20}" width="20" height="20"/>`;
    return html(
      reply,
      200,
      page(
        lang,
        `<h1>${esc(T(lang, 'wechat.fake.title'))}</h1><p class="lead">${esc(T(lang, 'wechat.fake.lead'))}</p>` +
          `<svg class="qr" viewBox="0 0 160 160" role="img" aria-label="QR">${rects}</svg>` +
          `<p class="lead">${esc(T(lang, 'wechat.fake.identity'))}: <code>${esc(openid)}</code></p>` +
          `<form method="post">${hidden('appid', FAKE_APP_ID)}${hidden('redirect_uri', back.toString())}${hidden('state', state)}${hidden('lang', lang)}` +
          `<label for="nick">${esc(T(lang, 'wechat.fake.nickname'))}</label><input type="text" id="nick" name="nickname" maxlength="32" value="${esc(nick)}">` +
          `<button class="ok" name="decision" value="confirm">${esc(T(lang, 'wechat.fake.confirm'))}</button>` +
          `<button class="no" name="decision" value="cancel">${esc(T(lang, 'wechat.fake.cancel'))}</button></form>`,
      ),
    );
  });

  app.post(`${FAKE_PREFIX}/connect/qrconnect`, async (req, reply) => {
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    const lang: Lang = form.get('lang') === 'en' ? 'en' : 'zh';
    const back = checkRedirect(req, form.get('redirect_uri'));
    const state = form.get('state') ?? '';
    const device = deviceOf(req);
    const decision = form.get('decision');
    const appid = form.get('appid') ?? '';
    if (!(appid in SECRETS) || !back || !WECHAT_STATE_RE.test(state) || !device || (decision !== 'confirm' && decision !== 'cancel'))
      return html(reply, 400, page(lang, `<h1>${esc(T(lang, 'wechat.fake.title'))}</h1><p>${esc(T(lang, 'wechat.fake.badRequest'))}</p>`));
    back.searchParams.delete('code');
    back.searchParams.set('state', state);
    if (decision === 'confirm') {
      const openid = openidOf(device, appid);
      const nickname =
        (form.get('nickname') ?? '')
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .trim()
          .slice(0, 32) || `WeChat ${openid.slice(-4)}`;
      const scope = form.get('scope') === 'snsapi_userinfo' ? 'snsapi_userinfo' : 'snsapi_login';
      const code = await issueCode({ openid, nickname, unionid: unionidOf(device), appid, scope });
      back.searchParams.set('code', code);
      back.searchParams.sort();
    }
    return reply.code(302).header('location', back.toString()).send();
  });

  // ——— 2. the server calls (stand in for api.weixin.qq.com) ———
  app.get(`${FAKE_PREFIX}/sns/oauth2/access_token`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    if (typeof q.appid !== 'string' || !(q.appid in SECRETS) || q.secret !== SECRETS[q.appid])
      return json(reply, { errcode: 40125, errmsg: 'invalid appsecret' });
    if (q.grant_type !== 'authorization_code') return json(reply, { errcode: 40002, errmsg: 'invalid grant_type' });
    if (typeof q.code !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(q.code)) return json(reply, { errcode: 41008, errmsg: 'missing code' });
    const raw = await deps.store.take(`wxfake:code:${q.code}`);
    if (!raw) return json(reply, { errcode: 40029, errmsg: 'invalid code' });
    const who = JSON.parse(raw) as CodeData;
    // a code works only for the app it was given to
    if (who.appid !== q.appid) return json(reply, { errcode: 40029, errmsg: 'invalid code' });
    const accessToken = crypto.randomBytes(32).toString('base64url');
    await deps.store.set(`wxfake:token:${accessToken}`, raw, TOKEN_TTL_S);
    return json(reply, {
      access_token: accessToken,
      expires_in: TOKEN_TTL_S,
      refresh_token: crypto.randomBytes(32).toString('base64url'),
      openid: who.openid,
      scope: who.scope,
      // the silent authorisation gives no unionid
      ...(who.scope === 'snsapi_base' ? {} : { unionid: who.unionid }),
    });
  });

  app.get(`${FAKE_PREFIX}/sns/userinfo`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const raw = typeof q.access_token === 'string' && q.access_token.length <= 128 ? await deps.store.get(`wxfake:token:${q.access_token}`) : null;
    if (!raw) return json(reply, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
    const who = JSON.parse(raw) as CodeData;
    if (q.openid !== who.openid) return json(reply, { errcode: 40003, errmsg: 'invalid openid' });
    if (who.scope === 'snsapi_base') return json(reply, { errcode: 48001, errmsg: 'api unauthorized' });
    return json(reply, {
      openid: who.openid,
      nickname: who.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: '',
      privilege: [],
      unionid: who.unionid,
    });
  });

  // ——— 3. the official account's web authorisation, inside WeChat's browser ———
  app.get(`${FAKE_PREFIX}/connect/oauth2/authorize`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const lang = langOf(req);
    const back = checkRedirect(req, q.redirect_uri);
    const state = typeof q.state === 'string' && WECHAT_STATE_RE.test(q.state) ? q.state : null;
    const scope = q.scope === 'snsapi_base' || q.scope === 'snsapi_userinfo' ? q.scope : null;
    if (q.appid !== FAKE_MP_APP_ID || q.response_type !== 'code' || !scope || !back || !state)
      return html(reply, 400, page(lang, `<h1>${esc(T(lang, 'wechat.fake.title'))}</h1><p>${esc(T(lang, 'wechat.fake.badRequest'))}</p>`));
    const device = deviceFor(req, reply);
    const openid = openidOf(device, FAKE_MP_APP_ID);
    if (scope === 'snsapi_base') {
      // silent: straight back with a code, as WeChat does
      const code = await issueCode({ openid, nickname: '', unionid: unionidOf(device), appid: FAKE_MP_APP_ID, scope });
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      back.searchParams.sort();
      return reply.code(302).header('location', back.toString()).send();
    }
    const nick = nickOf(lang, openid);
    return html(
      reply,
      200,
      page(
        lang,
        `<h1>${esc(T(lang, 'wechat.fake.mpTitle'))}</h1><p class="lead">${esc(T(lang, 'wechat.fake.mpLead'))}</p>` +
          `<p class="lead">${esc(T(lang, 'wechat.fake.identity'))}: <code>${esc(openid)}</code></p>` +
          `<form method="post" action="${FAKE_PREFIX}/connect/qrconnect">${hidden('appid', FAKE_MP_APP_ID)}${hidden('redirect_uri', back.toString())}${hidden('state', state)}${hidden('lang', lang)}${hidden('scope', scope)}` +
          `<label for="nick">${esc(T(lang, 'wechat.fake.nickname'))}</label><input type="text" id="nick" name="nickname" maxlength="32" value="${esc(nick)}">` +
          `<button class="ok" name="decision" value="confirm">${esc(T(lang, 'wechat.fake.allow'))}</button>` +
          `<button class="no" name="decision" value="cancel">${esc(T(lang, 'wechat.fake.cancel'))}</button></form>`,
      ),
    );
  });

  // ——— 4. template messages: a client_credential token, then the send ———
  app.get(`${FAKE_PREFIX}/cgi-bin/token`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    if (q.grant_type !== 'client_credential') return json(reply, { errcode: 40002, errmsg: 'invalid grant_type' });
    if (q.appid !== FAKE_MP_APP_ID || q.secret !== FAKE_MP_SECRET) return json(reply, { errcode: 40125, errmsg: 'invalid appsecret' });
    const token = crypto.randomBytes(32).toString('base64url');
    await deps.store.set(`wxfake:cgitoken:${token}`, '1', TOKEN_TTL_S);
    return json(reply, { access_token: token, expires_in: TOKEN_TTL_S });
  });

  // the JS-SDK ticket (share cards inside WeChat): a fixed one, so a test can check a page's signature
  app.get(`${FAKE_PREFIX}/cgi-bin/ticket/getticket`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    if (typeof q.access_token !== 'string' || q.access_token.length > 128 || !(await deps.store.get(`wxfake:cgitoken:${q.access_token}`)))
      return json(reply, { errcode: 40001, errmsg: 'invalid credential' });
    if (q.type !== 'jsapi') return json(reply, { errcode: 40097, errmsg: 'invalid args' });
    return json(reply, { errcode: 0, errmsg: 'ok', ticket: FAKE_JSAPI_TICKET, expires_in: TOKEN_TTL_S });
  });

  app.post(`${FAKE_PREFIX}/cgi-bin/message/template/send`, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    if (typeof q.access_token !== 'string' || q.access_token.length > 128 || !(await deps.store.get(`wxfake:cgitoken:${q.access_token}`)))
      return json(reply, { errcode: 40001, errmsg: 'invalid credential' });
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.touser !== 'string' || !/^o[A-Za-z0-9_-]{10,64}$/.test(b.touser)) return json(reply, { errcode: 40003, errmsg: 'invalid openid' });
    if (typeof b.template_id !== 'string' || !b.template_id || typeof b.data !== 'object' || !b.data)
      return json(reply, { errcode: 40037, errmsg: 'invalid template_id' });
    return json(reply, { errcode: 0, errmsg: 'ok', msgid: Number(`2${Array.from(crypto.randomBytes(8), (x) => x % 10).join('')}`) });
  });
}
