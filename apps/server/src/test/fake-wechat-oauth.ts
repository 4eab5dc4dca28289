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
  /** code → identity; each code works once */
  codes: Map<string, { openid: string; unionid: string; nickname: string }>;
  requests: { path: string; query: Record<string, string> }[];
  /** answer every call with this errcode (e.g. -1 system busy) */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startFakeWechatOAuth(): Promise<FakeWechatOAuth> {
  const tokens = new Map<string, { openid: string; unionid: string; nickname: string }>();
  const fake = {
    url: '',
    appId: 'wx0123456789abcdef',
    secret: '0123456789abcdef0123456789abcdef',
    codes: new Map(),
    requests: [],
    failWith: null,
  } as unknown as FakeWechatOAuth;
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(u.searchParams);
    fake.requests.push({ path: u.pathname, query });
    const send = (b: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(b));
    };
    if (fake.failWith !== null) return send({ errcode: fake.failWith, errmsg: 'system error' });
    if (u.pathname === '/sns/oauth2/access_token') {
      if (query.appid !== fake.appId || query.secret !== fake.secret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const who = fake.codes.get(query.code ?? '');
      if (!who) return send({ errcode: 40029, errmsg: 'invalid code' });
      fake.codes.delete(query.code!);
      const token = `AT_${Math.random().toString(36).slice(2)}`;
      tokens.set(token, who);
      return send({ access_token: token, expires_in: 7200, refresh_token: 'RT', openid: who.openid, scope: 'snsapi_login', unionid: who.unionid });
    }
    if (u.pathname === '/sns/userinfo') {
      const who = tokens.get(query.access_token ?? '');
      if (!who || who.openid !== query.openid) return send({ errcode: 40001, errmsg: 'invalid credential' });
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
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
