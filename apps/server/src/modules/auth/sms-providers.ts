import crypto from 'node:crypto';

/**
 * Real SMS providers (issue 22): Alibaba Cloud SMS and Tencent Cloud SMS, each speaking its published
 * protocol — Alibaba's RPC request signature (HMAC-SHA1 over the canonical query, `SendSms` of API
 * 2017-05-25) and Tencent's TC3-HMAC-SHA256 (`SendSms` of API 2021-01-11). A provider answers what
 * happened: its message id, or a refusal that is throttling of the number (it got too many codes: the
 * person is told to wait), throttling of our account (its quota or request rate: one message whichever
 * provider said it) or anything else (503 SMS_UNAVAILABLE).
 */
export interface SmsSendResult {
  messageId: string;
}

/**
 * Whose limit a throttling refusal is: the number's (it got too many messages: the person waits) or the
 * account's (our whole SMS account hit its daily quota or request rate: nobody gets a code for a while).
 */
export type SmsLimit = 'number' | 'account';

export class SmsRefused extends Error {
  constructor(
    /** the provider's own code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberOneHourLimit, …) */
    readonly providerCode: string,
    /** a throttling refusal, and whose limit it is; null for any other refusal */
    readonly limit: SmsLimit | null,
  ) {
    super(`SMS refused: ${providerCode}`);
  }

  /** the provider throttles (this number or the account): the same message may go through later */
  get throttled(): boolean {
    return this.limit !== null;
  }

  /** an unreadable answer or the provider's own trouble: the same message may go through later */
  get retryable(): boolean {
    return /^HTTP |SYSTEM|Internal|Unavailable|Timeout|Busy/i.test(this.providerCode);
  }
}

/** Each provider's throttling codes, by whose limit they are (Alibaba's and Tencent's published error codes). */
const LIMITS: Record<'aliyun' | 'tencent', Record<SmsLimit, RegExp>> = {
  aliyun: {
    // isv.BUSINESS_LIMIT_CONTROL: the number's minute, hour or day frequency control
    number: /^isv\.BUSINESS_LIMIT_CONTROL$/,
    // the account's daily or monthly quota set in the console, or its API request rate
    account: /^(isv\.(DAY|MONTH)_LIMIT_CONTROL|Throttling(\..*)?)$/,
  },
  tencent: {
    // the number's 30-second, hour or day limit, or the console's frequency policy (not PhoneNumberCountLimit:
    // too many numbers in one request is no throttling)
    number: /^LimitExceeded\.(PhoneNumber(ThirtySecond|OneHour|Daily|SameContentDaily)Limit|DeliveryFrequencyLimit)$/,
    // the application's or account's daily quota, or the API request rate
    account: /^(LimitExceeded\.(DailyLimit|App\w*DailyLimit)|RequestLimitExceeded(\..*)?)$/,
  },
};

/** Whose limit a provider's refusal code is, or null when it is no throttling. */
export function smsLimit(provider: 'aliyun' | 'tencent', code: string): SmsLimit | null {
  const l = LIMITS[provider];
  return l.number.test(code) ? 'number' : l.account.test(code) ? 'account' : null;
}

export interface SmsProvider {
  readonly name: 'aliyun' | 'tencent';
  /**
   * One message of a template: its values by name, in the template's order (Alibaba takes them by name as
   * JSON, Tencent by position). The code for the verification templates; a notice's values otherwise.
   */
  send(phone: string, template: string, params: [name: string, value: string][]): Promise<SmsSendResult>;
}

const TIMEOUT_MS = 8000;

/** A mainland number as 11 digits; another as +<country><number> (E.164), which is how it is stored. */
function e164(phone: string): string {
  return phone.startsWith('+') ? phone : `+86${phone}`;
}

// ——— Alibaba Cloud ———

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  endpoint: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** RFC 3986 percent-encoding as Alibaba's signature wants it (space %20, * %2A, ~ kept). */
export function aliyunEncode(v: string): string {
  return encodeURIComponent(v)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

/** Alibaba's RPC signature: Base64(HMAC-SHA1(secret + '&', METHOD & %2F & encode(canonical query))). */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return crypto.createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun' as const;
  constructor(private readonly o: AliyunSmsOptions) {}

  async send(phone: string, template: string, params: [string, string][]): Promise<SmsSendResult> {
    const now = (this.o.now ?? (() => new Date()))();
    const query: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      // mainland numbers as 11 digits, others with their country code and no plus (Alibaba's international form)
      PhoneNumbers: phone.startsWith('+') ? phone.slice(1) : phone,
      RegionId: 'cn-hangzhou',
      SignName: this.o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: template,
      TemplateParam: JSON.stringify(Object.fromEntries(params)),
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    query.Signature = aliyunSignature('POST', query, this.o.accessKeySecret);
    const body = Object.entries(query)
      .map(([k, v]) => `${aliyunEncode(k)}=${aliyunEncode(v)}`)
      .join('&');
    const res = await (this.o.fetch ?? fetch)(this.o.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await res.json().catch(() => null)) as { Code?: string; BizId?: string } | null;
    if (!answer || typeof answer.Code !== 'string') throw new SmsRefused(`HTTP ${res.status}`, null);
    if (answer.Code !== 'OK') throw new SmsRefused(answer.Code, smsLimit('aliyun', answer.Code));
    return { messageId: String(answer.BizId ?? '') };
  }
}

// ——— Tencent Cloud ———

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId */
  appId: string;
  signName: string;
  region: string;
  endpoint: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const sha256hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s).digest();

/** Tencent Cloud API 3.0's TC3-HMAC-SHA256 Authorization header of a JSON POST to `host`. */
export function tc3Authorization(o: { secretId: string; secretKey: string; host: string; service: string; payload: string; timestamp: number }): string {
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:application/json; charset=utf-8\nhost:${o.host}\n`, signedHeaders, sha256hex(o.payload)].join('\n');
  const scope = `${date}/${o.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256hex(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${o.secretKey}`, date), o.service), 'tc3_request');
  const signature = crypto.createHmac('sha256', signing).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export class TencentSms implements SmsProvider {
  readonly name = 'tencent' as const;
  constructor(private readonly o: TencentSmsOptions) {}

  async send(phone: string, template: string, params: [string, string][]): Promise<SmsSendResult> {
    const timestamp = Math.floor((this.o.now ?? (() => new Date()))().getTime() / 1000);
    const host = new URL(this.o.endpoint).host;
    const payload = JSON.stringify({
      PhoneNumberSet: [e164(phone)],
      SmsSdkAppId: this.o.appId,
      SignName: this.o.signName,
      TemplateId: template,
      TemplateParamSet: params.map(([, v]) => v),
    });
    const res = await (this.o.fetch ?? fetch)(this.o.endpoint, {
      method: 'POST',
      headers: {
        authorization: tc3Authorization({ secretId: this.o.secretId, secretKey: this.o.secretKey, host, service: 'sms', payload, timestamp }),
        'content-type': 'application/json; charset=utf-8',
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': this.o.region,
      },
      body: payload,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    type Answer = { Response?: { Error?: { Code?: string }; SendStatusSet?: { Code?: string; SerialNo?: string }[] } };
    const answer = (await res.json().catch(() => null)) as Answer | null;
    const error = answer?.Response?.Error?.Code;
    const status = answer?.Response?.SendStatusSet?.[0];
    const code = error ?? status?.Code;
    if (!code) throw new SmsRefused(`HTTP ${res.status}`, null);
    if (code !== 'Ok') throw new SmsRefused(code, smsLimit('tencent', code));
    return { messageId: String(status?.SerialNo ?? '') };
  }
}
