import type { FastifyBaseLogger } from 'fastify';
import { maskPhone, SMS_RESEND_SECONDS, type SmsPurpose } from '@rp/shared';
import { noticeTemplates, type Config, type SmsNoticeTemplates } from '../../config';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { AliyunSms, SmsRefused, TencentSms, type SmsProvider } from './sms-providers';
import { SmsNoticeFailed, type SmsAdapter, type SmsNotice, type SmsNoticeResult } from '../../lib/sms';

export { SmsNoticeFailed, type SmsAdapter, type SmsNotice, type SmsNoticeResult } from '../../lib/sms';

/**
 * The default adapter: behaves like a provider that accepted the message (asynchronous delivery),
 * writes the code to the server log and keeps the message in an outbox administrators can read.
 * Only for development and demos; production configures a real provider. A production site forced onto it
 * (it starts with a warning) never writes the code to its log: log collectors keep what staff may not read.
 */
export class OutboxSmsAdapter implements SmsAdapter {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly logCodes = true,
  ) {}

  async send(msg: { phone: string; purpose: string; text: string; code: string }) {
    await this.db.insert(smsOutbox).values({ phone: msg.phone, purpose: msg.purpose, content: msg.text });
    this.log.info({ phone: maskPhone(msg.phone), purpose: msg.purpose, ...(this.logCodes ? { smsCode: msg.code } : {}) }, 'SMS (outbox adapter)');
  }

  canNotice() {
    return true;
  }

  async notice(msg: SmsNotice): Promise<SmsNoticeResult> {
    const [row] = await this.db
      .insert(smsOutbox)
      .values({ phone: msg.phone, purpose: `notice:${msg.event}`, content: msg.text })
      .returning({ id: smsOutbox.id });
    return { provider: 'outbox', messageId: `outbox-${row!.id}` };
  }
}

/** A provider's verification template of each code purpose, and its notice templates. */
export interface SmsTemplates {
  codes: Record<SmsPurpose, string>;
  notices: SmsNoticeTemplates;
}

/**
 * A real provider (Alibaba Cloud or Tencent Cloud SMS) behind the same interface: each send and the
 * provider's answer go into the outbox (its message id, or its refusal code; the code in the text masked,
 * administrators read it). A refusal because the number got too many messages is 429 "too many codes for
 * this number"; one because our account hit its quota or request rate is 503 with one message whichever
 * provider said it; any other refusal, an unreadable answer or a provider that does not answer is 503
 * SMS_UNAVAILABLE — the code is not sent and the person may ask again.
 */
export class ProviderSmsAdapter implements SmsAdapter {
  constructor(
    private readonly provider: SmsProvider,
    private readonly templates: SmsTemplates,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  get name() {
    return this.provider.name;
  }

  async send(msg: { phone: string; purpose: string; text: string; code: string }) {
    const content = msg.text.replaceAll(msg.code, '*'.repeat(msg.code.length));
    const r = await this.deliver({ phone: msg.phone, purpose: msg.purpose, content }, this.templates.codes[msg.purpose as SmsPurpose], [['code', msg.code]]);
    if ('messageId' in r) return;
    this.log.warn({ phone: maskPhone(msg.phone), purpose: msg.purpose, provider: this.provider.name, providerCode: r.providerCode }, 'SMS not sent');
    // the provider's per-number control (1 a minute, 5 an hour, 10 a day): it does not say which window is full
    if (r.refused?.limit === 'number') throw new AppError('RATE_LIMITED', { message: 'auth.smsProviderLimited', retryAfter: SMS_RESEND_SECONDS });
    if (r.refused?.limit === 'account') throw new AppError('SMS_UNAVAILABLE', 'auth.smsAccountLimited');
    throw new AppError('SMS_UNAVAILABLE');
  }

  /** One message through the provider, recorded in the outbox either way: its message id, or why it was not sent. */
  private async deliver(
    row: { phone: string; purpose: string; content: string },
    template: string,
    values: [string, string][],
  ): Promise<{ messageId: string } | { refused: SmsRefused | null; providerCode: string }> {
    const record = { ...row, provider: this.provider.name };
    try {
      const { messageId } = await this.provider.send(row.phone, template, values);
      await this.db.insert(smsOutbox).values({ ...record, status: 'sent', providerMessageId: messageId });
      return { messageId };
    } catch (e) {
      const refused = e instanceof SmsRefused ? e : null;
      const providerCode = refused?.providerCode ?? ((e as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable');
      await this.db
        .insert(smsOutbox)
        .values({ ...record, status: 'failed', providerCode })
        .catch(() => undefined);
      return { refused, providerCode };
    }
  }

  canNotice(event: string) {
    return !!this.templates.notices[event];
  }

  /**
   * A notice through the provider's template of its event and language; the values are the template's
   * `params` in order (each cut to the 20 characters a variable may carry), else every value by name.
   */
  async notice(msg: SmsNotice): Promise<SmsNoticeResult> {
    const t = this.templates.notices[msg.event];
    if (!t) throw new SmsNoticeFailed('no-template', false);
    const names = t.params ?? Object.keys(msg.params);
    const values = names.map((n): [string, string] => [
      n,
      Array.from(msg.params[n] ?? '')
        .slice(0, 20)
        .join(''),
    ]);
    const template = (msg.lang === 'en' ? t.en : undefined) ?? t.zh;
    const r = await this.deliver({ phone: msg.phone, purpose: `notice:${msg.event}`, content: msg.text }, template, values);
    if ('messageId' in r) return { provider: this.provider.name, messageId: r.messageId };
    // throttled, unreachable or unreadable: later may work; another refusal (a bad number or template) will not
    throw new SmsNoticeFailed(r.providerCode, !r.refused || r.refused.throttled || r.refused.retryable);
  }
}

/** The SMS adapter the configuration asks for (SMS_PROVIDER; config.ts checks each provider's settings). */
export function createSms(config: Config, db: Db, log: FastifyBaseLogger, fetcher?: typeof fetch): SmsAdapter {
  // a WeChat sign-up's code is a login code to the person (the same words): the login template carries it
  const templates: SmsTemplates = {
    codes: {
      register: config.SMS_TEMPLATE_REGISTER!,
      login: config.SMS_TEMPLATE_LOGIN!,
      password: config.SMS_TEMPLATE_PASSWORD!,
      wechat: config.SMS_TEMPLATE_LOGIN!,
    },
    notices: noticeTemplates(config).sms,
  };
  if (config.SMS_PROVIDER === 'aliyun')
    return new ProviderSmsAdapter(
      new AliyunSms({
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
        signName: config.ALIYUN_SMS_SIGN_NAME!,
        endpoint: config.ALIYUN_SMS_ENDPOINT,
        fetch: fetcher,
      }),
      templates,
      db,
      log,
    );
  if (config.SMS_PROVIDER === 'tencent')
    return new ProviderSmsAdapter(
      new TencentSms({
        secretId: config.TENCENT_SMS_SECRET_ID!,
        secretKey: config.TENCENT_SMS_SECRET_KEY!,
        appId: config.TENCENT_SMS_APP_ID!,
        signName: config.TENCENT_SMS_SIGN_NAME!,
        region: config.TENCENT_SMS_REGION,
        endpoint: config.TENCENT_SMS_ENDPOINT,
        fetch: fetcher,
      }),
      templates,
      db,
      log,
    );
  return new OutboxSmsAdapter(db, log, config.NODE_ENV !== 'production');
}
