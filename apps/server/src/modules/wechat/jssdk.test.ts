import { describe, expect, it } from 'vitest';
import { publicBase } from '../../lib/public-base';
import { useTestApp } from '../../test/context';
import { FAKE_JSAPI_TICKET, FAKE_MP_APP_ID, jsapiSignature } from './mp';

/**
 * Share cards inside WeChat (issue 23): GET api/wechat/jssdk gives wx.config for a page of this site, signed
 * as the JS-SDK documents (附录1), with the official account's jsapi ticket (here the simulated account's).
 */
const get = useTestApp();

describe('the JS-SDK config for share cards inside WeChat', () => {
  it('signs as published: the documentation example gives its signature', () => {
    // developers.weixin.qq.com JS-SDK 附录1 example
    expect(
      jsapiSignature(
        'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        'Wm3WZYTPz0wzccnW',
        1414587457,
        'http://mp.weixin.qq.com?params=value',
      ),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('a page of this site gets the account id and a signature over its address without the #fragment', async () => {
    const { app } = get();
    const base = publicBase(app.deps.config);
    const page = `${base}/en/newsDetail?id=3&from=singlemessage`;
    const res = await app.inject({ url: `/api/wechat/jssdk?url=${encodeURIComponent(`${page}#comments`)}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { appId: string; timestamp: number; nonceStr: string; signature: string };
    expect(data.appId).toBe(FAKE_MP_APP_ID);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(data.nonceStr).toMatch(/^[\w-]{8,32}$/);
    expect(data.signature).toBe(jsapiSignature(FAKE_JSAPI_TICKET, data.nonceStr, data.timestamp, page));
    // the ticket is kept: a second page needs no second fetch, and signs with the same ticket
    const again = (await app.inject({ url: `/api/wechat/jssdk?url=${encodeURIComponent(`${base}/home`)}` })).json().data;
    expect(again.signature).toBe(jsapiSignature(FAKE_JSAPI_TICKET, again.nonceStr, again.timestamp, `${base}/home`));
  });

  it('refuses another site, a malformed or missing address with a 400, and changes nothing', async () => {
    const { app } = get();
    for (const url of ['https://evil.example/home', 'javascript:alert(1)', 'not a url', '']) {
      const res = await app.inject({ url: `/api/wechat/jssdk?url=${encodeURIComponent(url)}` });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().resultCode).toBeLessThanOrEqual(0);
    }
    expect((await app.inject({ url: '/api/wechat/jssdk' })).statusCode).toBe(400);
  });
});

describe('without an official account', () => {
  const off = useTestApp({ WECHAT_LOGIN: 'off' });
  it('there is no JS-SDK config (404)', async () => {
    const { app } = off();
    const res = await app.inject({ url: `/api/wechat/jssdk?url=${encodeURIComponent(`${publicBase(app.deps.config)}/home`)}` });
    expect(res.statusCode).toBe(404);
  });
});
