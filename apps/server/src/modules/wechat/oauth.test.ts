import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { startFakeWechatOAuth } from '../../test/fake-wechat-oauth';
import { client } from '../registration/limits.helpers';
import { WechatOAuth } from './oauth';

/**
 * The real adapter: with WECHAT_APP_ID and WECHAT_APP_SECRET the site sends browsers to the open
 * platform and trades codes with api.weixin.qq.com — here a local fake of that protocol written
 * independently of the app's own simulation.
 */
const fake = await startFakeWechatOAuth();
afterAll(() => fake.close());
const get = useTestApp({
  WECHAT_APP_ID: fake.appId,
  WECHAT_APP_SECRET: fake.secret,
  WECHAT_MP_APP_ID: fake.mpAppId,
  WECHAT_MP_APP_SECRET: fake.mpSecret,
  WECHAT_API_BASE_URL: fake.url,
  PUBLIC_BASE_URL: 'https://portal.example.org',
});

/** This browser's round-trip cookie (issue 33); the server keeps a well-formed one it is sent. */
const B = { cookie: `rp_wx=${'1'.repeat(64)}` };

describe('WeChat open platform website login (real protocol, local fake)', () => {
  it('sends the browser to open.weixin.qq.com with the registered redirect_uri; trades the code with appid and secret; logs in the linked account', async () => {
    const { app, database } = get();
    const start = await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize?redirect=%2FuserCenter%3Ft%3D2' });
    // a new browser is given its round-trip cookie: HttpOnly, Lax, for auth/web only, Secure on an https site
    expect(start.headers['set-cookie']).toMatch(/^rp_wx=[a-f0-9]{64}; Path=\/auth\/web; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
    const url = new URL(start.json().data.url);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: fake.appId,
      redirect_uri: 'https://portal.example.org/login?wx=1',
      response_type: 'code',
      scope: 'snsapi_login',
      // only the characters WeChat documents for state (issue 33)
      state: expect.stringMatching(/^[a-zA-Z0-9]{1,128}$/),
      lang: 'cn',
    });
    // the simulation is not served when WeChat itself is configured (the website app and the official account)
    expect((await app.inject({ method: 'GET', url: '/api/wechat-fake/sns/userinfo' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/config/public' })).json().data.wechatLogin).toBe('wechat');

    // WeChat sends the browser back with a code
    fake.codes.set('CODE_1', { openid: 'oReal123', unionid: 'uReal123', nickname: '王爸爸' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const r = await app.inject({
      method: 'POST',
      url: '/auth/web/wxScan',
      headers: { cookie },
      payload: { code: 'CODE_1', appType: 1, state: url.searchParams.get('state') },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ bound: false, wechatName: '王爸爸', redirect: '/userCenter?t=2' });
    const trade = fake.requests.find((q) => q.path === '/sns/oauth2/access_token')!;
    expect(trade.query).toEqual({ appid: fake.appId, secret: fake.secret, code: 'CODE_1', grant_type: 'authorization_code' });
    expect(fake.requests.some((q) => q.path === '/sns/userinfo' && q.query.openid === 'oReal123')).toBe(true);

    const u = await buildUser(database.db);
    const me = client(app, { ...(await loginAs(app, u.phone, u.password)), cookie });
    expect((await me.post('/auth/web/wxBind', { ticket: r.json().ticket })).statusCode).toBe(200);

    const again = new URL((await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize', headers: B })).json().data.url);
    fake.codes.set('CODE_2', { openid: 'oReal123', unionid: 'uReal123', nickname: '王爸爸' });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/web/wxScan',
      headers: B,
      payload: { code: 'CODE_2', appType: 1, state: again.searchParams.get('state') },
    });
    expect(login.json()).toMatchObject({ bound: true, user: { id: u.id } });
  });

  it('a code WeChat refuses is a 400; WeChat failing or unreachable is a 503, never a 500', async () => {
    const { app } = get();
    const state = async () =>
      new URL((await app.inject({ method: 'GET', url: '/auth/web/wxAuthorize', headers: B })).json().data.url).searchParams.get('state');
    const refused = await app.inject({
      method: 'POST',
      url: '/auth/web/wxScan',
      headers: { ...B, 'accept-language': 'en' },
      payload: { code: 'NOPE', appType: 1, state: await state() },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('WECHAT_CODE_INVALID');
    fake.failWith = -1;
    try {
      fake.codes.set('CODE_3', { openid: 'o3', unionid: 'u3', nickname: 'x' });
      const busy = await app.inject({ method: 'POST', url: '/auth/web/wxScan', headers: B, payload: { code: 'CODE_3', appType: 1, state: await state() } });
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toMatchObject({ code: 'WECHAT_UNAVAILABLE', message: '微信暂时无法响应，请稍后重试或使用手机号登录' });
    } finally {
      fake.failWith = null;
    }
    const gone = new WechatOAuth({
      appId: fake.appId,
      secret: fake.secret,
      openBase: 'https://open.weixin.qq.com',
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(gone.identify('CODE')).rejects.toMatchObject({ code: 'WECHAT_UNAVAILABLE' });
    const wrongSecret = new WechatOAuth({ appId: fake.appId, secret: 'f'.repeat(32), openBase: '', apiBase: fake.url });
    fake.codes.set('CODE_4', { openid: 'o4', unionid: 'u4', nickname: 'x' });
    await expect(wrongSecret.identify('CODE_4')).rejects.toMatchObject({ code: 'WECHAT_UNAVAILABLE' });
  });
});
