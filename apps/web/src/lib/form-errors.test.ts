import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { antdFieldErrors, splitServerError } from './form-errors';

const err = (code: ConstructorParameters<typeof ApiError>[3], message: string, fieldErrors: Record<string, string>) =>
  new ApiError(message, 'http', 400, code, fieldErrors);

describe('splitServerError', () => {
  it('puts field messages under the fields the form has; no banner when they say it all', () => {
    const e = err('VALIDATION_FAILED', 'invalid', { nickName: 'too long', other: 'x' });
    expect(splitServerError(e, (n) => n === 'nickName')).toEqual({ fields: { nickName: 'too long' }, banner: null });
  });
  it('keeps the banner for what no field shows, and renames by alias', () => {
    const e = err('PHONE_TAKEN', 'taken', { username: 'taken' });
    expect(splitServerError(e, undefined, { username: 'phone' })).toEqual({ fields: { phone: 'taken' }, banner: null });
    expect(splitServerError(err('BAD_CREDENTIALS', 'wrong', {}))).toEqual({ fields: {}, banner: 'wrong' });
    expect(splitServerError(err('CAPTCHA_INVALID', 'captcha', { code: 'other text' }), (n) => n === 'code')).toEqual({
      fields: { code: 'other text' },
      banner: 'captcha',
    });
  });
  it('anything but an ApiError is "server busy"', () => {
    expect(splitServerError(new Error('boom')).banner).toMatch(/\S/);
  });
  it('antd shape', () => {
    expect(antdFieldErrors({ a: 'x' })).toEqual([{ name: 'a', errors: ['x'] }]);
  });
});
