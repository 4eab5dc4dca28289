import { describe, expect, it } from 'vitest';
import { checkConfirm, checkNewPassword, checkNickName, checkPhone, checkSmsCode } from './validation';

describe('auth field checks', () => {
  it.each([
    ['13812345678', undefined],
    ['19912345678', undefined],
    ['12812345678', 'errors:validation.phone'],
    ['1381234567', 'errors:validation.phone'],
    ['', 'errors:validation.required'],
  ])('phone %s', (value, expected) => expect(checkPhone(value)).toBe(expected));

  it('sms code is 6 digits', () => {
    expect(checkSmsCode('123456')).toBeUndefined();
    expect(checkSmsCode('12345')).toBe('errors:validation.smsCode');
  });

  it('password length and confirmation', () => {
    expect(checkNewPassword('short')).toBe('errors:validation.passwordLength');
    expect(checkNewPassword('long enough')).toBeUndefined();
    expect(checkConfirm('abcdefgh', 'abcdefgx')).toBe('errors:validation.passwordMismatch');
  });

  it('nickname at most 20 characters', () => {
    expect(checkNickName('x'.repeat(21))).toBe('errors:validation.nickNameLength');
    expect(checkNickName('  ')).toBe('errors:validation.required');
  });
});
