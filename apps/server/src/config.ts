import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';

const yes = (v: string) => ['true', '1', 'yes', 'force'].includes(v);
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  /**
   * The one switch of a live site: production refuses the simulations (sandbox gateway, WeChat login
   * simulation) unless forced, seeds no demo data, and needs PUBLIC_BASE_URL. Unset, it is production when
   * DATABASE_URL is set (a real deployment) and development otherwise (a laptop's `npm start`).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  ADMIN_USERNAME: z.string().min(3).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(64).optional(),
  CAPTCHA_ENABLED: bool.default(true),
  /** Demo activities, news and pictures on an empty database: on in development, off in production. */
  SEED_DEMO: bool.optional(),
  /**
   * 32-byte key (64 hex characters or base64) for encrypting ID numbers. Required with DATABASE_URL (every
   * instance on one database must share it); the embedded database generates one into DATA_DIR when absent.
   */
  PII_KEY: z
    .string()
    .refine((v) => decodeKey(v) !== null, 'must be 32 bytes (64 hex characters or base64)')
    .optional(),
  /** Where uploads live: local disk under DATA_DIR/uploads, or an S3-compatible object store. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  EXAM_URL: z.string().url().default('https://learn.example.org/login'),
  /**
   * WeChat website login (open platform, snsapi_login). Without WECHAT_APP_ID the site runs the local
   * simulation (same protocol, under /api/wechat-fake); with it, WeChat itself at the base URLs below.
   */
  WECHAT_LOGIN: z.enum(['on', 'off', 'force']).default('on'),
  WECHAT_APP_ID: z
    .string()
    .regex(/^wx[0-9a-z]{16}$/i, 'must be a WeChat AppID (wx + 16 characters)')
    .optional(),
  WECHAT_APP_SECRET: z
    .string()
    .regex(/^[0-9a-z]{32}$/i, 'must be the 32-character AppSecret')
    .optional(),
  /**
   * The official account (公众号) of the site, for what happens inside WeChat's own browser: the silent
   * authorisation (snsapi_base) that gives JSAPI pay the payer's openid, one-tap sign-in (snsapi_userinfo)
   * and template messages. Without it a development site simulates the official account (WECHAT_LOGIN
   * rules as for the website login); production then offers none of it.
   */
  WECHAT_MP_APP_ID: z
    .string()
    .regex(/^wx[0-9a-z]{16}$/i, 'must be a WeChat AppID (wx + 16 characters)')
    .optional(),
  WECHAT_MP_APP_SECRET: z
    .string()
    .regex(/^[0-9a-z]{32}$/i, 'must be the 32-character AppSecret')
    .optional(),
  /**
   * The official account's template message of each notice event, JSON:
   * {"review":{"id":"<template id>","data":{"thing1":"activity","thing2":"player","phrase3":"result"}}, …}
   * — each data key of the template and the notice value it shows (title, content, activity, player, team, amount, orderNo, …).
   */
  WECHAT_NOTICE_TEMPLATES: z.string().max(20_000).optional(),
  WECHAT_OPEN_BASE_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://open.weixin.qq.com'),
  WECHAT_API_BASE_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.weixin.qq.com'),
  /**
   * Bearer token of GET /metrics (Prometheus text). Without it /metrics answers only in development; a
   * production scrape needs it (or keep /metrics off the public proxy: docs/DEPLOY.md does both).
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 letters, digits, - or _')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Which X-Forwarded-For hops to believe: false (none: the client is the TCP peer), the number of proxies in
   * front of the app (1 behind one nginx), or the proxies' addresses and ranges (127.0.0.1,10.0.0.0/8). A bare
   * true (or a /0 range) would believe every hop a client writes, and every per-address ceiling would fall: it
   * is refused. A count above 1 starts with a warning (configWarnings), and a request arriving with fewer hops
   * than the count is logged once (plugins/proxy-check.ts).
   */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const t = v.trim().toLowerCase();
      if (['false', '0', 'no'].includes(t)) return false as const;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      const ranges = v.split(',').map((x) => x.trim());
      const everyone = ranges.find((r) => r.endsWith('/0'));
      if (ranges.every(isAddressOrRange) && !everyone) return ranges;
      ctx.addIssue({
        code: 'custom',
        message: ['true', 'yes'].includes(t)
          ? 'a bare true believes every X-Forwarded-For hop a client sends; give the number of proxies in front (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)'
          : everyone && ranges.every(isAddressOrRange)
            ? `${everyone} is every address: it believes every X-Forwarded-For hop a client sends, like true; give the number of proxies in front (e.g. 1) or their own addresses (e.g. 127.0.0.1,10.0.0.0/8)`
            : 'must be false, the number of proxies in front (e.g. 1), or their addresses and ranges (e.g. 127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    })
    .default(false),
  /**
   * Multiplies the per-IP ceilings of the account endpoints (20 SMS and 20 registrations an hour, 60
   * logins a minute). A school or venue behind one address, or the browser journeys, may need more.
   */
  AUTH_IP_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * How long a server-rendered information page is reused (issue 23; an admin write empties the cache on
   * its instance at once, the other instances follow within this time). 0 renders every request (bench:ssr's
   * uncached measurement).
   */
  SSR_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * How long the server renderer reuses an answer of the public API its loaders asked for (issue 39: the
   * news list, the activities, the site's statistics… asked by page after page, the same answers), shared by
   * the renders of every page and language; an admin write empties it with the page cache. Applies with the
   * page cache off too (SSR_CACHE_TTL_MS=0); 0 asks the API for every render.
   */
  SSR_DATA_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /**
   * Who sends SMS: the outbox (default, a laptop's: the code in the server log and Admin → SMS outbox), or
   * Alibaba Cloud or Tencent Cloud SMS with their settings below (all of a provider's, or none).
   */
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).max(128).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).max(64).optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  TENCENT_SMS_SECRET_ID: z.string().min(1).max(128).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).max(128).optional(),
  TENCENT_SMS_APP_ID: z
    .string()
    .regex(/^\d{6,20}$/, 'must be the SmsSdkAppId (digits)')
    .optional(),
  TENCENT_SMS_SIGN_NAME: z.string().min(1).max(64).optional(),
  TENCENT_SMS_REGION: z.string().min(1).max(32).default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().url().default('https://sms.tencentcloudapi.com/'),
  /** the provider's template (Alibaba: SMS_…, Tencent: its id) of each code purpose; one parameter, the code */
  SMS_TEMPLATE_REGISTER: z.string().min(1).max(64).optional(),
  SMS_TEMPLATE_LOGIN: z.string().min(1).max(64).optional(),
  SMS_TEMPLATE_PASSWORD: z.string().min(1).max(64).optional(),
  /**
   * The SMS template of each notice event and language, JSON: {"review":{"zh":"SMS_1","en":"SMS_2","params":["player","activity","result"]}, …};
   * "en" falls back to "zh"; "params" names the template's values in order (Tencent takes them in order, Alibaba by name).
   */
  SMS_NOTICE_TEMPLATES: z.string().max(20_000).optional(),
  /**
   * The footer's legal lines (issue 37), shown only when set: the ICP filing number (linked to
   * beian.miit.gov.cn; a live site in mainland China must show it: production warns when it is missing), the
   * public security filing (linked to beian.mps.gov.cn), the operator's name and how to reach the person in
   * charge of personal-information protection (an email or phone).
   */
  ICP_NUMBER: z.string().trim().min(1).max(64).optional(),
  PUBLIC_SECURITY_FILING: z.string().trim().min(1).max(64).optional(),
  OPERATOR_NAME: z.string().trim().min(1).max(100).optional(),
  PI_PROTECTION_CONTACT: z.string().trim().min(1).max(100).optional(),
  /** Where payment gateways send their notifications and browsers come back to (no trailing slash). */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Minutes an unpaid order holds its codes, places and players before it expires. */
  ORDER_EXPIRE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** Hours a bank-transfer order waits for the transfer to be confirmed by staff. */
  BANK_TRANSFER_EXPIRE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /**
   * The sandbox gateway (pays for nothing, on our own hosted page): on in development; in production offered
   * only when forced (PAYMENT_SANDBOX=force), and then every sandbox payment is marked as such.
   */
  PAYMENT_SANDBOX: z.enum(['true', 'false', '1', '0', 'yes', 'no', 'force']).optional(),
  /** Bank transfer: offered when a bank account is configured in admin; off with false. */
  PAYMENT_BANK_TRANSFER: bool.default(true),
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{6,20}$/, 'must be the merchant id (digits)')
    .optional(),
  WECHATPAY_APPID: z.string().min(1).max(64).optional(),
  WECHATPAY_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, 'must be the merchant certificate serial number (hex)')
    .optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, 'must be the 32-character API v3 key').optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).max(128).optional(),
  WECHATPAY_BASE_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{8,32}$/, 'must be the app id (digits)')
    .optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /**
   * Webhooks (issue 25) refuse private, loopback, link-local and reserved addresses; this comma list of host
   * names, addresses and CIDR ranges lets some through (a partner's system on the organiser's own network).
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .max(2000)
    .refine(
      (v) => v.split(',').every((x) => isAddressOrRange(x.trim()) || /^[a-z0-9]([a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/i.test(x.trim())),
      'must be a comma list of host names, addresses or CIDR ranges (e.g. hooks.lan,10.1.2.3,192.168.0.0/16)',
    )
    .optional(),
  /** How long a webhook endpoint has to answer, in milliseconds (then the delivery is retried). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

/** Settings of the real payment providers: all of one group, or none of it. */
export const WECHATPAY_KEYS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
] as const;
export const ALIPAY_KEYS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;
export const WECHAT_LOGIN_KEYS = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const;
export const WECHAT_MP_KEYS = ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'] as const;
const SMS_TEMPLATE_KEYS = ['SMS_TEMPLATE_REGISTER', 'SMS_TEMPLATE_LOGIN', 'SMS_TEMPLATE_PASSWORD'] as const;
/** What each SMS provider needs (SMS_PROVIDER names it). */
export const SMS_KEYS = {
  aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', ...SMS_TEMPLATE_KEYS],
  tencent: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_APP_ID', 'TENCENT_SMS_SIGN_NAME', ...SMS_TEMPLATE_KEYS],
} as const;

type Parsed = z.infer<typeof schema>;
export type Config = Omit<Parsed, 'NODE_ENV' | 'SEED_DEMO' | 'PAYMENT_SANDBOX'> & {
  /** production when set so, or when DATABASE_URL is set and NODE_ENV is not */
  NODE_ENV: 'development' | 'production' | 'test';
  SEED_DEMO: boolean;
  /** whether the sandbox gateway is offered */
  PAYMENT_SANDBOX: boolean;
  /** offered in production because PAYMENT_SANDBOX=force: its payments are marked as sandbox ones everywhere */
  sandboxForced: boolean;
  dataDir: string;
  webDist: string;
};

/** An IPv4/IPv6 address or CIDR range (what TRUST_PROXY may list). */
function isAddressOrRange(v: string): boolean {
  const [addr, bits, extra] = v.split('/');
  if (extra !== undefined || !addr) return false;
  const kind = net.isIP(addr);
  if (!kind) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

/** A PII_KEY value as 32 bytes (64 hex characters, or base64 of 32 bytes), or null when it is neither. */
export function decodeKey(v: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(v)) return Buffer.from(v, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) return null;
  const b = Buffer.from(v, 'base64');
  return b.length === 32 ? b : null;
}

/** Settings that only make sense together; the first one missing is named. */
function crossCheck(c: Parsed, mode: Config['NODE_ENV']): string | null {
  // Two instances with their own generated keys would write blind indexes that never match (the same child
  // registered twice) and could not read each other's ID numbers.
  if (c.DATABASE_URL && !c.PII_KEY) return 'PII_KEY: required with DATABASE_URL (every instance must share one key; e.g. `openssl rand -hex 32`)';
  for (const group of [WECHATPAY_KEYS, ALIPAY_KEYS, WECHAT_LOGIN_KEYS, WECHAT_MP_KEYS]) {
    const set = group.filter((k) => c[k]);
    if (set.length && set.length < group.length) return `${group.find((k) => !c[k])}: required with ${set[0]} (a provider needs all its settings)`;
  }
  if (c.SMS_PROVIDER !== 'outbox') {
    const missing = SMS_KEYS[c.SMS_PROVIDER].find((k) => !c[k]);
    if (missing) return `${missing}: required with SMS_PROVIDER=${c.SMS_PROVIDER}`;
  }
  for (const k of ['SMS_NOTICE_TEMPLATES', 'WECHAT_NOTICE_TEMPLATES'] as const) {
    const problem = c[k] ? noticeTemplatesProblem(k, c[k]) : null;
    if (problem) return `${k}: ${problem}`;
  }
  if (c.STORAGE === 's3') {
    for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) if (!c[k]) return `${k}: required with STORAGE=s3`;
  }
  // development and test offer the payment sandbox and the WeChat login simulation and seed demo data: on a
  // real database with a public address that is a live site in the wrong mode (issue 33)
  if (mode !== 'production' && c.DATABASE_URL && c.PUBLIC_BASE_URL && !isLocalUrl(c.PUBLIC_BASE_URL))
    return `NODE_ENV: ${mode} with DATABASE_URL and the public address ${new URL(c.PUBLIC_BASE_URL).host} is a live site offering the payment sandbox and the WeChat login simulation; set NODE_ENV=production (PAYMENT_SANDBOX=force and WECHAT_LOGIN=force offer them there on purpose)`;
  if (mode === 'production') {
    const why = c.NODE_ENV ? 'NODE_ENV=production' : 'production mode, because DATABASE_URL is set';
    if (!c.PUBLIC_BASE_URL)
      return `PUBLIC_BASE_URL: required in ${why} (the site's own address, e.g. https://iyrc.example.cn: the only source of links in QR codes, messages, the sitemap and payment callbacks)`;
    if (c.PAYMENT_SANDBOX !== undefined && c.PAYMENT_SANDBOX !== 'force' && yes(c.PAYMENT_SANDBOX))
      return `PAYMENT_SANDBOX: the sandbox gateway pays for nothing and is refused in ${why}; PAYMENT_SANDBOX=force offers it anyway, every sandbox payment then marked as such`;
  }
  return null;
}

/** Parses the environment; on a bad value throws one line naming the variable and the problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const c = parsed.data;
  const mode = c.NODE_ENV ?? (c.DATABASE_URL ? 'production' : 'development');
  const problem = crossCheck(c, mode);
  if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
  const production = mode === 'production';
  const sandboxForced = production && c.PAYMENT_SANDBOX === 'force';
  return {
    ...c,
    NODE_ENV: mode,
    SEED_DEMO: c.SEED_DEMO ?? !production,
    PAYMENT_SANDBOX: sandboxForced || (!production && (c.PAYMENT_SANDBOX === undefined || yes(c.PAYMENT_SANDBOX))),
    sandboxForced,
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

export class ConfigError extends Error {}

/** Whether a URL names this machine (a developer's own address, never a live site's). */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/**
 * The settings a site may start with but an operator should know about (issue 33): one line each, naming
 * the variable and the risk, logged at start. What is never safe is refused by loadConfig instead.
 */
export function configWarnings(c: Config): string[] {
  const warnings: string[] = [];
  if (c.NODE_ENV !== 'production' && c.DATABASE_URL)
    warnings.push(
      `NODE_ENV=${c.NODE_ENV} with DATABASE_URL: the payment sandbox, the WeChat login simulation${c.SEED_DEMO ? ' and the demo seed' : ''} are on against this database; a live site runs NODE_ENV=production`,
    );
  if (c.NODE_ENV !== 'production') return warnings;
  if (typeof c.TRUST_PROXY === 'number' && c.TRUST_PROXY > 1)
    warnings.push(
      `TRUST_PROXY=${c.TRUST_PROXY}: the last ${c.TRUST_PROXY} X-Forwarded-For hops are believed; with fewer proxies in front a client writes its own address and the per-address ceilings fall (set the number of proxies actually in front)`,
    );
  if (c.WECHAT_LOGIN === 'force' && (!c.WECHAT_APP_ID || !c.WECHAT_MP_APP_ID))
    warnings.push('WECHAT_LOGIN=force: the WeChat simulation is offered in production, where anyone can sign in as any WeChat account');
  if (!c.CAPTCHA_ENABLED)
    warnings.push('CAPTCHA_ENABLED=false: sign-in, registration and SMS sends ask no captcha; only the per-address and per-account ceilings slow scripts down');
  if (c.SMS_PROVIDER === 'outbox')
    warnings.push(
      'SMS_PROVIDER=outbox: no SMS leaves the site; every code is written to the server log and readable in Admin → SMS outbox (set SMS_PROVIDER=aliyun or tencent)',
    );
  if (!c.ICP_NUMBER)
    warnings.push(
      'ICP_NUMBER is not set: the footer shows no ICP filing number, which a site served in mainland China must show (set ICP_NUMBER, e.g. 京ICP备12345678号-1)',
    );
  if (c.PUBLIC_BASE_URL?.startsWith('http:') && !isLocalUrl(c.PUBLIC_BASE_URL))
    warnings.push('PUBLIC_BASE_URL is http: links, QR codes and payment callbacks go over plain http; give the https address the site is served on');
  return warnings;
}

/** the family notices, and the SMS asking a guardian's consent (issue 37; its values: coach, child, activity, days, link) */
const NOTICE_EVENT_NAMES = ['review', 'payment', 'refund', 'withdrawal', 'waitlist', 'certificate', 'guardianConsent'];
const smsNoticeTemplate = z.strictObject({
  zh: z.string().min(1).max(64),
  en: z.string().min(1).max(64).optional(),
  params: z
    .array(z.string().regex(/^[A-Za-z]\w{0,31}$/))
    .max(10)
    .optional(),
});
const wechatNoticeTemplate = z.strictObject({
  id: z.string().min(1).max(128),
  data: z.record(z.string().regex(/^[A-Za-z]\w{0,31}$/), z.string().regex(/^[A-Za-z]\w{0,31}$/)),
});
export type SmsNoticeTemplates = Record<string, z.infer<typeof smsNoticeTemplate>>;
export type WechatNoticeTemplates = Record<string, z.infer<typeof wechatNoticeTemplate>>;

/** A notice template setting's problem in one phrase, or null. */
function noticeTemplatesProblem(key: 'SMS_NOTICE_TEMPLATES' | 'WECHAT_NOTICE_TEMPLATES', raw: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return 'not JSON';
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'must be a JSON object of events';
  for (const [event, t] of Object.entries(v)) {
    if (!NOTICE_EVENT_NAMES.includes(event)) return `unknown event "${event}" (one of ${NOTICE_EVENT_NAMES.join(', ')})`;
    const r = (key === 'SMS_NOTICE_TEMPLATES' ? smsNoticeTemplate : wechatNoticeTemplate).safeParse(t);
    if (!r.success) return `${event}.${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
  }
  return null;
}

/** The parsed notice templates (checked at start by loadConfig). */
export function noticeTemplates(config: Pick<Config, 'SMS_NOTICE_TEMPLATES' | 'WECHAT_NOTICE_TEMPLATES'>): {
  sms: SmsNoticeTemplates;
  wechat: WechatNoticeTemplates;
} {
  return {
    sms: config.SMS_NOTICE_TEMPLATES ? (JSON.parse(config.SMS_NOTICE_TEMPLATES) as SmsNoticeTemplates) : {},
    wechat: config.WECHAT_NOTICE_TEMPLATES ? (JSON.parse(config.WECHAT_NOTICE_TEMPLATES) as WechatNoticeTemplates) : {},
  };
}
