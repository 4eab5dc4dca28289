import { PHONE_RE } from '@rp/shared/rules/phone';
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '@rp/shared/limits';

/**
 * Client-side checks before sending, mirroring the limits of the shared zod schemas
 * (packages/shared/src/schemas/auth.ts). The schemas themselves are not imported here: zod would add
 * ~26 KB gzip to the public login page. The server validates again and its fieldErrors are shown.
 * Returned values are i18n keys.
 */
const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

export function checkRequired(value: string): string | undefined {
  return value.trim() ? undefined : 'errors:validation.required';
}

export function checkPhone(value: string): string | undefined {
  if (!value.trim()) return 'errors:validation.required';
  return PHONE_RE.test(value.trim()) ? undefined : 'errors:validation.phone';
}

export function checkSmsCode(value: string): string | undefined {
  if (!value.trim()) return 'errors:validation.required';
  return SMS_CODE_RE.test(value.trim()) ? undefined : 'errors:validation.smsCode';
}

export function checkNewPassword(value: string): string | undefined {
  if (!value) return 'errors:validation.required';
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX ? undefined : 'errors:validation.passwordLength';
}

export function checkConfirm(password: string, confirm: string): string | undefined {
  if (!confirm) return 'errors:validation.required';
  return password === confirm ? undefined : 'errors:validation.passwordMismatch';
}

export function checkNickName(value: string): string | undefined {
  if (!value.trim()) return 'errors:validation.required';
  return value.trim().length <= NICKNAME_MAX ? undefined : 'errors:validation.nickNameLength';
}

export function checkCaptcha(value: string): string | undefined {
  return value.trim() ? undefined : 'errors:validation.captcha';
}
