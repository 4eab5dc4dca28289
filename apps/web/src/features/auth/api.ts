import { api } from '../../lib/api-client';
import type {
  CaptchaResponse,
  IsRegisterResponse,
  LoginBody,
  LoginResponse,
  OkResponse,
  RegisterBody,
  SendSmsBody,
  SmsLoginBody,
  UpdatePasswordBody,
  WxAuthorizeResponse,
  WxScanBody,
  WxScanResponse,
  WxMpPayResponse,
  WxSignUpBody,
  WxSignUpResponse,
} from '../../lib/contract';

// Forms show their errors inline, so every call here is silent and never navigates on its own.
const inline = { silent: true, noRedirect: true } as const;

export function fetchCaptcha(signal?: AbortSignal) {
  return api.get<CaptchaResponse>('/auth/code', { ...inline, signal });
}

export function loginWithPassword(body: LoginBody) {
  return api.post<LoginResponse>('/auth/login', body, inline);
}

export function loginWithSms(body: SmsLoginBody) {
  return api.post<LoginResponse>('/auth/web/toLogin', body, inline);
}

export function sendSmsCode(body: SendSmsBody) {
  return api.post<OkResponse>('/auth/web/sendSms', body, inline);
}

/** Registering also logs in: the answer carries a session like a login's. */
export function register(body: RegisterBody) {
  return api.post<LoginResponse>('/auth/web/register', body, inline);
}

export function resetPassword(body: UpdatePasswordBody) {
  return api.post<OkResponse>('/auth/web/updatePassword', body, inline);
}

export async function isPhoneRegistered(phone: string) {
  return (await api.get<IsRegisterResponse>('/api/users/web/isRegister', { ...inline, query: { phone } })).data;
}

/** GET auth/web/wxAuthorize: where the browser goes to scan with WeChat (a single-use state inside). */
export async function wechatAuthorizeUrl(redirect: string | null) {
  return (await api.get<WxAuthorizeResponse>('/auth/web/wxAuthorize', { ...inline, query: { purpose: 'login', ...(redirect ? { redirect } : {}) } })).data.url;
}

/** POST auth/web/wxScan: the code and state WeChat sent back → a login, or a ticket to link this WeChat. */
export function wechatScan(body: WxScanBody) {
  return api.post<WxScanResponse>('/auth/web/wxScan', body, inline);
}

/** POST auth/web/wxBind with the ticket of an unlinked scan, once logged in. */
export function wechatBindTicket(ticket: string) {
  return api.post<OkResponse>('/auth/web/wxBind', { ticket }, inline);
}

export { wechatMpAuthorizeUrl } from '../../lib/wechat';

/** POST auth/web/wxMpPay: the silent round trip's code → this account can pay with WeChat Pay inside WeChat. */
export function wechatMpPay(body: { code: string; state: string }) {
  return api.post<WxMpPayResponse>('/auth/web/wxMpPay', body, inline);
}

/** POST auth/web/wxMpLogin: the official account's code → a login, or a ticket for a phone and its code. */
export function wechatMpLogin(body: { code: string; state: string }) {
  return api.post<WxScanResponse>('/auth/web/wxMpLogin', body, inline);
}

/**
 * POST auth/web/wxSignUp: an unlinked WeChat's ticket, a phone and its code → a new account signed in and linked,
 * or, when the phone has an account, a question (confirm) answered by { ticket, confirm: true }.
 */
export function wechatSignUp(body: WxSignUpBody) {
  return api.post<WxSignUpResponse>('/auth/web/wxSignUp', body, inline);
}
