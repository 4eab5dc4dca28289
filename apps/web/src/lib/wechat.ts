import { api } from './api-client';
import type { WxAuthorizeResponse } from './contract';

/**
 * WeChat's own browser (most parents open our links there): its User-Agent carries "MicroMessenger". Inside
 * it, WeChat Pay runs as JSAPI pay through WeixinJSBridge, Alipay pages are blocked, and the official
 * account signs people in with one tap.
 */
export function inWechat(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua);
}

export interface BrandPayRequest {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

interface Bridge {
  invoke(name: 'getBrandWCPayRequest', params: BrandPayRequest, callback: (res: { err_msg?: string }) => void): void;
}

/** The bridge WeChat injects (window.WeixinJSBridge; the JS-SDK's typings declare it loosely as any). */
const bridge = (): Bridge | undefined => (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;

/** What the WeChat pay sheet answered: paid, closed by the payer, or refused. */
export type BrandPayResult = 'ok' | 'cancel' | 'fail';

/**
 * Opens WeChat's pay sheet (getBrandWCPayRequest) with the parameters the server signed; waits for the bridge
 * when the page was faster than WeChat. "ok" only means the sheet closed after paying: the order page still
 * learns the result from the server (the gateway's notification), as the documentation says.
 */
export function brandPay(params: BrandPayRequest, timeoutMs = 10_000): Promise<BrandPayResult> {
  return new Promise((resolve) => {
    const call = () =>
      bridge()!.invoke('getBrandWCPayRequest', params, (res) => {
        const msg = res?.err_msg ?? '';
        resolve(msg.endsWith(':ok') ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    if (bridge()) return call();
    const timer = setTimeout(() => resolve('fail'), timeoutMs);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        call();
      },
      { once: true },
    );
  });
}

/** GET auth/web/wxMpAuthorize: inside WeChat, the official account's authorisation (pay: silent, login: asks once). */
export async function wechatMpAuthorizeUrl(purpose: 'pay' | 'login', redirect: string | null): Promise<string> {
  const r = await api.get<WxAuthorizeResponse>('/auth/web/wxMpAuthorize', {
    silent: true,
    noRedirect: true,
    query: { purpose, ...(redirect ? { redirect } : {}) },
  });
  return r.data.url;
}
