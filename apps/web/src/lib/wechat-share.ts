import { api } from './api-client';
import { loadPublicConfig } from './public-config';
import { inWechat } from './wechat';

/**
 * Share cards inside WeChat (issue 23). WeChat does not read Open Graph tags: a page opened in its browser
 * names its "send to a friend" and "share to Moments" cards through the JS-SDK, after wx.config with a
 * signature of the page's address (GET api/wechat/jssdk, the official account's ticket). The SDK
 * (weixin-js-sdk, the official jweixin 1.6) loads only inside WeChat, only when an official account exists.
 */
export interface ShareCard {
  title: string;
  desc: string;
  /** absolute, on this site */
  link: string;
  /** absolute */
  imgUrl: string;
}

interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

type Wx = (typeof import('weixin-js-sdk'))['default'];
let sdk: Promise<Wx> | null = null;
/** wx.config is per address: the URL it was signed for last */
let configuredFor: string | null = null;

export async function shareInWechat(card: ShareCard): Promise<void> {
  if (!inWechat()) return;
  const config = await loadPublicConfig();
  if (!config || config.wechatMp === 'off') return;
  const page = window.location.href.split('#')[0]!;
  try {
    // (a CommonJS module: the namespace's default is the SDK object)
    const wx = await (sdk ??= import('weixin-js-sdk').then((m) => m.default));
    if (configuredFor !== page) {
      const res = await api.get<{ data: JsSdkConfig }>('/api/wechat/jssdk', { query: { url: page }, silent: true, noRedirect: true });
      wx.config({ debug: false, ...res.data, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
      configuredFor = page;
    }
    wx.ready(() => {
      wx.updateAppMessageShareData({ ...card, success: () => undefined });
      wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl, success: () => undefined });
    });
  } catch {
    // no card: WeChat shows its own (the page title and the site's address); nothing for the visitor to do
    configuredFor = null;
  }
}
