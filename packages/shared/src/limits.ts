/**
 * Numbers the server checks and the screens repeat (hints, maxLength, client checks before upload):
 * one place each. Plain constants, no zod: public pages import this file directly
 * (`@rp/shared/limits`) without pulling in the schemas.
 */
export const KB = 1024;
export const MB = 1024 * KB;

/** Upload ceilings in bytes (spec 5, 7.x). */
export const UPLOAD_LIMITS = {
  /** the account's avatar (user centre), JPG/PNG, stored as a 256 px square */
  accountAvatar: 5 * MB,
  /** a player's photo (oss/upload), JPG/PNG */
  playerPhoto: 5 * MB,
  /** one picture of the batch avatar tool */
  batchAvatar: 500 * KB,
  /** a teacher's attachment (jpeg, png, doc, docx) */
  attachment: 3 * MB,
  /** a players' spreadsheet for import */
  importSheet: 20 * MB,
  /** a code sheet for the batch redeem */
  codeSheet: 5 * MB,
  /** an image of the content editor (news, programs, …) */
  contentImage: 20 * MB,
  /** a file of the content editor (rules downloads, …) */
  contentFile: 50 * MB,
  /** one picture of an album's bulk upload */
  galleryPicture: 20 * MB,
} as const;

/** How many pictures one batch avatar run takes. */
export const BATCH_AVATAR_MAX_FILES = 9999;

/** "5 MB", "500 KB": the size as the upload messages show it. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}

/** Accounts (spec 5, 9). */
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 20;
export const CAPTCHA_MAX_LENGTH = 10;

/** Registration codes and searches (spec 5, 7.4). */
export const CHANNEL_CODE_MIN = 4;
export const CHANNEL_CODE_MAX = 32;
export const PROMOTION_CODE_MIN = 4;
/** a promotion team code or a level-2 source code */
export const PROMOTION_CODE_MAX = 64;
export const REDEEM_CODE_MAX = 64;
export const NAME_SEARCH_MIN = 2;
/** names of players, teams, teachers, emergency contacts; addresses */
export const NAME_MAX = 50;
export const ADDRESS_MAX = 200;

/** The most characters of a message to the organisers (about page, spec 7.7 lAbout/web/add). */
export const FEEDBACK_MAX = 500;

/**
 * Request ceilings (issue 36): at most `max` requests per `windowS` seconds, counted per address or per
 * account in the shared store (database or Redis) by @fastify/rate-limit. A route names its ceilings in
 * `config.limits`; routes naming the same ceiling share one count (every way of logging in, say). Past the
 * ceiling: 429 RATE_LIMITED with Retry-After (seconds until the window ends).
 * - `address`: per IPv4 address or IPv6 /64, times AUTH_IP_LIMIT_FACTOR (1 on a live site); a partner's API
 *   token whose scope opens the operation is counted per token instead, at ten times `max`.
 * - `account`: per signed-in account.
 */
export interface RateLimit {
  per: 'address' | 'account';
  max: number;
  windowS: number;
}
export const RATE_LIMITS = {
  // signing in and up (design §7), per address
  captcha: { per: 'address', max: 120, windowS: 60 },
  /** password, SMS, WeChat scan and mini-program logins together */
  login: { per: 'address', max: 60, windowS: 60 },
  smsSend: { per: 'address', max: 20, windowS: 3600 },
  /** sign-up by phone or by WeChat */
  register: { per: 'address', max: 20, windowS: 3600 },
  passwordReset: { per: 'address', max: 30, windowS: 3600 },
  wechatStart: { per: 'address', max: 60, windowS: 60 },
  wechatJsSdk: { per: 'address', max: 120, windowS: 60 },
  wechatBind: { per: 'address', max: 30, windowS: 60 },
  /** "is this phone registered?" */
  phoneCheck: { per: 'address', max: 30, windowS: 60 },
  // public lookups, per address
  importTemplate: { per: 'address', max: 60, windowS: 60 },
  /** the learning site redeeming a member's temp token */
  examTokenCheck: { per: 'address', max: 120, windowS: 60 },
  certVerify: { per: 'address', max: 60, windowS: 60 },
  certPicture: { per: 'address', max: 120, windowS: 60 },
  certLookup: { per: 'address', max: 20, windowS: 60 },
  /** team numbers are sequential: the promotion code check is limited per address and per account */
  teamCodeCheckAddress: { per: 'address', max: 60, windowS: 60 },
  teamCodeCheck: { per: 'account', max: 20, windowS: 60 },
  // members' operations, per account
  examToken: { per: 'account', max: 20, windowS: 60 },
  examCodes: { per: 'account', max: 60, windowS: 60 },
  codePick: { per: 'account', max: 120, windowS: 60 },
  codeCheck: { per: 'account', max: 60, windowS: 60 },
  codeBatch: { per: 'account', max: 30, windowS: 60 },
  redeem: { per: 'account', max: 60, windowS: 60 },
  /** batch avatar uploads send thousands of files: a ceiling a school never meets by hand */
  upload: { per: 'account', max: 1200, windowS: 60 },
  avatar: { per: 'account', max: 30, windowS: 3600 },
  pictureProxy: { per: 'account', max: 60, windowS: 60 },
  consult: { per: 'account', max: 10, windowS: 60 },
  channelApply: { per: 'account', max: 5, windowS: 60 },
  rebateWithdraw: { per: 'account', max: 10, windowS: 60 },
  /** creating orders and payment attempts (orders and tickets): cheap for a person, expensive for a bot */
  orderWrite: { per: 'account', max: 120, windowS: 60 },
  /** gate scans per staff account: ten busy gates on one account stay under it */
  checkin: { per: 'account', max: 300, windowS: 60 },
  /** messages to the organisers (about page) */
  feedback: { per: 'account', max: 5, windowS: 600 },
  signature: { per: 'account', max: 30, windowS: 60 },
  memberAudit: { per: 'account', max: 20, windowS: 600 },
  volunteer: { per: 'account', max: 10, windowS: 60 },
  // guardians' consent (issue 37): SMS requests cost money and reach other people; the link page is public
  consentDeclare: { per: 'account', max: 60, windowS: 60 },
  consentSms: { per: 'account', max: 30, windowS: 3600 },
  consentLink: { per: 'address', max: 60, windowS: 60 },
} as const satisfies Record<string, RateLimit>;
export type RateLimitName = keyof typeof RATE_LIMITS;
/** a partner's API token is counted on its own at this many times an address's ceiling */
export const API_TOKEN_LIMIT_FACTOR = 10;

/**
 * Counters that are not request ceilings (the service counts them; the numbers live here beside the rest):
 * password failures per account (counted before the check, cleared by a success), tries per SMS code, codes
 * per phone number on top of one a minute (Alibaba Cloud's default frequency control: 5 an hour, 10 a day;
 * a code that does not go out is given back), and failed API token lookups per address.
 */
export const LOGIN_FAILURES = { max: 10, windowS: 15 * 60 } as const;
export const SMS_CODE_TRIES = 5;
export const SMS_CEILINGS = [
  { name: 'hour', windowS: 3600, max: 5 },
  { name: 'day', windowS: 24 * 3600, max: 10 },
] as const;
export const API_TOKEN_FAILURES = { max: 20, windowS: 60 } as const;
/** consent links to one guardian's phone a day, whoever asks: a coach cannot flood a family (issue 37) */
export const CONSENT_LINKS_PER_PHONE = { max: 3, windowS: 24 * 3600 } as const;
/** a spreadsheet import's consent links go out one every this many ms: an SMS provider's per-second ceiling is never met */
export const CONSENT_BATCH_GAP_MS = 200;
