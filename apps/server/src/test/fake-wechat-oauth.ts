import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.weixin.qq.com's website-login calls, written from the published protocol and
 * independent of the app's own simulation: GET /sns/oauth2/access_token and GET /sns/userinfo, errcode
 * JSON at HTTP 200. Tests give it codes (as WeChat would after a scan) and read what it was asked.
 */
export interface FakeWechatOAuth {
  url: string;
  appId: string;
  secret: string;
  /** the official account (公众号): its web authorisation and template messages */
  mpAppId: string;
  mpSecret: string;
  /** code → identity; each code works once, for the app it was given to (default: the website app) */
  codes: Map<string, { openid: string; unionid: string; nickname: string; appid?: string; scope?: 'snsapi_base' | 'snsapi_userinfo' }>;
  /** template messages received */
  templates: { touser: string; template_id: string; url: string; data: Record<string, { value: string }> }[];
  /** the next template sends answer these errcodes, in turn (then 0) */
  templateErrors: number[];
  requests: { path: string; query: Record<string, string> }[];
  /** answer every call with this errcode (e.g. -1 system busy) */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startFakeWechatOAuth(): Promise<FakeWechatOAuth> {
  const tokens = new Map<string, { openid: string; unionid: string; nickname: string; scope?: string }>();
  const fake = {
    url: '',
    appId: 'wx0123456789abcdef',
    secret: '0123456789abcdef0123456789abcdef',
    mpAppId: 'wxfedcba9876543210',
    mpSecret: 'fedcba9876543210fedcba9876543210',
    codes: new Map(),
    templates: [],
    templateErrors: [],
    requests: [],
    failWith: null,
  } as unknown as FakeWechatOAuth;
  const cgiTokens = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(u.searchParams);
    fake.requests.push({ path: u.pathname, query });
    const send = (b: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(b));
    };
    const secrets: Record<string, string> = { [fake.appId]: fake.secret, [fake.mpAppId]: fake.mpSecret };
    if (fake.failWith !== null) return send({ errcode: fake.failWith, errmsg: 'system error' });
    if (u.pathname === '/sns/oauth2/access_token') {
      if (!query.appid || !(query.appid in secrets) || query.secret !== secrets[query.appid]) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const who = fake.codes.get(query.code ?? '');
      // a code is good once, and only for the app it was given to
      if (!who || (who.appid ?? fake.appId) !== query.appid) return send({ errcode: 40029, errmsg: 'invalid code' });
      fake.codes.delete(query.code!);
      const token = `AT_${Math.random().toString(36).slice(2)}`;
      tokens.set(token, who);
      const scope = who.scope ?? 'snsapi_login';
      return send({
        access_token: token,
        expires_in: 7200,
        refresh_token: 'RT',
        openid: who.openid,
        scope,
        ...(scope === 'snsapi_base' ? {} : { unionid: who.unionid }),
      });
    }
    if (u.pathname === '/cgi-bin/token') {
      if (query.grant_type !== 'client_credential' || query.appid !== fake.mpAppId || query.secret !== fake.mpSecret)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      const token = `CGI_${Math.random().toString(36).slice(2)}`;
      cgiTokens.add(token);
      return send({ access_token: token, expires_in: 7200 });
    }
    if (u.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
      if (!cgiTokens.has(query.access_token ?? '')) return send({ errcode: 40001, errmsg: 'invalid credential' });
      const err = fake.templateErrors.shift();
      if (err) return send({ errcode: err, errmsg: 'refused' });
      fake.templates.push(JSON.parse(body));
      return send({ errcode: 0, errmsg: 'ok', msgid: 200228332 + fake.templates.length });
    }
    if (u.pathname === '/sns/userinfo') {
      const who = tokens.get(query.access_token ?? '');
      if (!who || who.openid !== query.openid) return send({ errcode: 40001, errmsg: 'invalid credential' });
      if (who.scope === 'snsapi_base') return send({ errcode: 48001, errmsg: 'api unauthorized' });
      return send({
        openid: who.openid,
        nickname: who.nickname,
        sex: 1,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        unionid: who.unionid,
      });
    }
    res.writeHead(404).end();
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
