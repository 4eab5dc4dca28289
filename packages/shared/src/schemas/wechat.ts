import { z } from 'zod';
import { dataResponse, envelope } from './common';
import { acceptPrivacy, loginResponse, phone, smsCode, user } from './auth';

/**
 * WeChat web login and binding (spec 7.1: auth/web/wxScan with code and appType 1, auth/web/wxBind)
 * through the open platform's website login (snsapi_login): the server hands out the authorize address
 * with a single-use state, WeChat sends the browser back with code and state, the page posts them here.
 */

/**
 * state and binding tickets: 32 random bytes in hex (ours are 64 characters). WeChat documents the state as
 * a-zA-Z0-9 only, at most 128 bytes (issue 33: base64url's - and _ are outside it).
 */
export const WECHAT_STATE_RE = /^[A-Za-z0-9]{16,128}$/;
/** WeChat's codes are short opaque strings; anything else is refused before the provider is asked */
export const WECHAT_CODE_RE = /^[A-Za-z0-9_-]{1,128}$/;

const state = z.string('validation.required').regex(WECHAT_STATE_RE, 'wechat.stateInvalid');
const code = z.string('validation.required').regex(WECHAT_CODE_RE, 'validation.invalid');

/** GET auth/web/wxAuthorize?purpose=login|bind&redirect=: where the browser goes to scan (bind needs login). */
export const wxAuthorizeQuery = z.object({
  purpose: z.enum(['login', 'bind'], 'validation.invalid').default('login'),
  /** a path of this site to land on after a login (checked like every redirect: same site only) */
  redirect: z.string().max(500, 'validation.tooLong').optional(),
});
export const wxAuthorizeResponse = dataResponse(z.object({ url: z.string() }));

/** POST auth/web/wxScan: the code WeChat sent back, appType 1 (website application), and our state. */
export const wxScanBody = z.object({ code, appType: z.literal(1, 'validation.invalid'), state });
export const wxScanResponse = z.object({
  ...envelope,
  /** true: a linked account is logged in (token, expiresAt, user as a login's); false: ticket to link it */
  bound: z.boolean(),
  token: z.string().optional(),
  expiresAt: z.string().optional(),
  user: user.optional(),
  /** single use, 10 minutes: POST auth/web/wxBind { ticket } once logged in links this WeChat */
  ticket: z.string().optional(),
  /** the WeChat nickname, to say which WeChat this is */
  wechatName: z.string(),
  /** where the login was started from (a path of this site) */
  redirect: z.string(),
});

/** POST auth/web/wxBind (logged in): the round trip's code and state, or the ticket of an unlinked scan. */
export const wxBindBody = z.union([
  z.object({ code, appType: z.literal(1, 'validation.invalid').default(1), state }).strict(),
  z.object({ ticket: state }).strict(),
]);
export const wechatLink = z.object({ nickName: z.string(), boundAt: z.string() });
export const wxBindResponse = dataResponse(wechatLink);

/** GET api/users/web/man: what the account is linked to beyond its profile (WeChat, channel partner, volunteering). */
export const userManResponse = dataResponse(
  z.object({
    wechat: wechatLink.nullable(),
    channel: z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable(), status: z.string() }).nullable(),
    volunteerApplications: z.number().int(),
  }),
);

/**
 * Inside WeChat's own browser (issue 22): the official account's web authorisation. purpose pay (logged in):
 * the silent snsapi_base round trip that gives JSAPI pay the payer's openid; purpose login: snsapi_userinfo,
 * one tap to sign in (or to sign up with a phone number and its code).
 */
export const wxMpAuthorizeQuery = z.object({
  purpose: z.enum(['pay', 'login'], 'validation.invalid').default('login'),
  /** the path of this site to come back to */
  redirect: z.string().max(500, 'validation.tooLong').optional(),
});

/**
 * GET api/wechat/jssdk?url= (issue 23): wx.config for a page of this site opened inside WeChat, so that
 * "send to a friend" and "share to Moments" carry the page's title, description and picture.
 */
export const wxJsSdkQuery = z.object({ url: z.string().min(1, 'validation.required').max(1000, 'validation.tooLong') });
export const wxJsSdkResponse = dataResponse(z.object({ appId: z.string(), timestamp: z.number().int(), nonceStr: z.string(), signature: z.string() }));

/** POST auth/web/wxMpPay (logged in): the silent round trip's code and state; the openid is kept for this account. */
export const wxMpCodeBody = z.object({ code, state }).strict();
export const wxMpPayResponse = dataResponse(z.object({ redirect: z.string() }));

/**
 * POST auth/web/wxSignUp: an unlinked WeChat (a scan, or the official account's sign-in) and a phone with its
 * SMS code (type wechat): a new account is made, signed in and linked to this WeChat. When the phone already
 * has an account nothing is linked yet: the answer asks (confirm: the masked phone and the WeChat's name) and
 * the person says yes with { ticket, confirm: true } (issue 33: never a silent link to an existing account).
 */
export const wxSignUpBody = z.union([
  z.object({ ticket: state, phone, code: smsCode, acceptPrivacy }).strict(),
  z.object({ ticket: state, confirm: z.literal(true, 'validation.invalid') }).strict(),
]);
export const wxSignUpResponse = z.union([
  loginResponse.extend({ created: z.boolean(), redirect: z.string() }),
  z.object({ ...envelope, confirm: z.object({ phone: z.string(), wechatName: z.string() }), redirect: z.string() }),
]);
