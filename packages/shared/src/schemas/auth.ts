import { z } from 'zod';
import { PHONE_RE } from '../rules/phone';
import { envelope } from './common';
import { CAPTCHA_MAX_LENGTH, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '../limits';

// Messages are i18n keys of the server catalogue (messages.ts); the error handler localises them.
export const phone = z.string().trim().regex(PHONE_RE, 'validation.phone');
export const smsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'validation.smsCode');
export const password = z.string().min(PASSWORD_MIN, 'validation.passwordLength').max(PASSWORD_MAX, 'validation.passwordLength');
export const nickName = z.string().trim().min(1, 'validation.required').max(NICKNAME_MAX, 'validation.nickNameLength');

export const captchaResponse = z.object({
  ...envelope,
  img: z.string(),
  uuid: z.string(),
  enabled: z.boolean(),
});

export const loginBody = z.object({
  username: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  password: z.string().min(1, 'validation.required').max(128, 'validation.tooLong'),
  code: z.string().trim().max(CAPTCHA_MAX_LENGTH, 'validation.tooLong').default(''),
  uuid: z.string().max(64, 'validation.tooLong').default(''),
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

/** wechat: the code that ties a new WeChat to a phone (signs up, or binds to the phone's account) */
export const smsPurpose = z.enum(['register', 'login', 'password', 'wechat']);
export type SmsPurpose = z.infer<typeof smsPurpose>;

export const sendSmsBody = z.object({ phone, type: smsPurpose.default('register') });
export type SendSmsBody = z.input<typeof sendSmsBody>;

/** the box "I have read and agree to the privacy policy" (issue 37): never pre-ticked, the server refuses without it */
export const acceptPrivacy = z.literal(true, 'privacy.acceptRequired');
export const registerBody = z.object({ phone, code: smsCode, nickName, password, acceptPrivacy });
export type RegisterBody = z.input<typeof registerBody>;

export const smsLoginBody = z.object({ phone, code: smsCode, rememberMe: z.boolean().default(false) });
export type SmsLoginBody = z.input<typeof smsLoginBody>;

/** Either the old password (logged in) or an SMS code to the phone (forgotten password). */
export const updatePasswordBody = z.union([
  z.object({ oldPassword: z.string().min(1, 'validation.required').max(128), password }),
  z.object({ phone, code: smsCode, password }),
]);
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  /** spec 3: the avatar's bare file name (load it from /avatar/<name>) */
  avatar: z.string().nullable(),
  /** spec 3: the avatar's address, /avatar/<name> (null without one) */
  photo: z.string().nullable().optional(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  isStaff: z.boolean(),
  /** permission → the only activities it reaches (roles limited to activities, issue 24); absent = every activity */
  scopes: z.record(z.string(), z.array(z.number().int())).optional(),
  /** role code → its name, for the roles the administrator built (a person reads the name, never the code; issue 34) */
  roleNames: z.record(z.string(), z.object({ zh: z.string(), en: z.string() })).optional(),
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({ ...envelope, token: z.string(), expiresAt: z.string(), user });
export type LoginResponse = z.infer<typeof loginResponse>;

export const userResponse = z.object({ ...envelope, user, data: user });

export const updateUserBody = z
  .object({ nickName: nickName.optional(), avatar: z.string().trim().max(255, 'validation.tooLong').nullable().optional() })
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const isRegisterQuery = z.object({ phone });
export const isRegisterResponse = z.object({ ...envelope, data: z.boolean() });

/**
 * Spec 3 / 7.1: a user's `avatar` is a bare file name; clients load it from /avatar/<name>. Values stored
 * as a path (/avatar/<name>, or /files/public/avatars/<yyyy>/<mm>/<name> of older uploads) are sent as
 * their file name — the /avatar route finds both layouts by name.
 */
export function avatarFileName(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^\/(?:avatar|files\/public\/avatars(?:\/[^/]+)*)\/([^/]+)$/.exec(value);
  return m ? m[1]! : value;
}
