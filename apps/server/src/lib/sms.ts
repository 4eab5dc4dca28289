// What the kernel (deps.ts) and every sender know of SMS: the adapter interface. The adapters themselves
// (the outbox, Alibaba Cloud, Tencent Cloud) live in modules/auth/sms.ts.

/** A notice to send by SMS (issue 22): the event, the account's language, the text and the template's values. */
export interface SmsNotice {
  phone: string;
  event: string;
  lang: 'zh' | 'en';
  text: string;
  params: Record<string, string>;
}

/** The provider's answer to a notice; a failure throws (SmsNoticeFailed: retry or give up). */
export interface SmsNoticeResult {
  provider: string;
  messageId: string | null;
}

/** A notice that did not go out: `retry` false when sending it again cannot help (no template, a refused number). */
export class SmsNoticeFailed extends Error {
  constructor(
    readonly code: string,
    readonly retry: boolean,
  ) {
    super(`SMS notice not sent: ${code}`);
  }
}

/** An SMS provider. Real ones (e.g. a cloud SMS API) implement the same interface. */
export interface SmsAdapter {
  readonly name: string;
  send(msg: { phone: string; purpose: string; text: string; code: string }): Promise<void>;
  /** whether a notice of this event can go out at all (a real provider needs its template) */
  canNotice?(event: string): boolean;
  notice?(msg: SmsNotice): Promise<SmsNoticeResult>;
}
