import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from '@rp/shared';
import { useTestApp } from '../test/context';
import { AppError } from './errors';

describe('AppError takes its status and text from the catalogue', () => {
  it('code only: the catalogue decides', () => {
    const e = new AppError('TEAM_FULL');
    expect([e.httpStatus, e.i18nKey, e.fieldErrors, e.params]).toEqual([409, 'reg.teamFull', undefined, undefined]);
  });
  it('a more precise message, on a field too, with params; never another status', () => {
    const closed = new AppError('REGISTRATION_CLOSED', 'reg.signUpEnded');
    expect([closed.httpStatus, closed.i18nKey]).toEqual([409, 'reg.signUpEnded']);
    const used = new AppError('CODE_ALREADY_USED', { field: 'code' });
    expect(used.fieldErrors).toEqual({ code: 'reg.codeUsed' });
    const big = new AppError('UPLOAD_TOO_LARGE', { params: { max: '3 MB' }, fieldErrors: { file: 'upload.tooLarge' } });
    expect([big.httpStatus, big.params, big.fieldErrors]).toEqual([413, { max: '3 MB' }, { file: 'upload.tooLarge' }]);
    expect(new AppError('RATE_LIMITED', { message: 'auth.smsTooSoon', retryAfter: 59.2 })).toMatchObject({
      httpStatus: 429,
      i18nKey: 'auth.smsTooSoon',
      retryAfter: 60,
    });
    expect(new AppError('RATE_LIMITED', { retryAfter: new Date(Date.now() + 600_000) }).retryAfter).toBe(600);
    expect(new AppError('VALIDATION_FAILED', { fieldErrors: { reason: 'validation.required' } })).toMatchObject({
      httpStatus: 400,
      i18nKey: 'error.validation',
      fieldErrors: { reason: 'validation.required' },
    });
  });
  it('refuses a code the catalogue does not know', () => {
    expect(() => new AppError('NOPE' as never)).toThrow(/packages\/shared\/src\/errors\.ts/);
  });
});

const t = useTestApp();

describe('error bodies on the wire', () => {
  it.each([
    ['GET', '/api/no/such/route', undefined, undefined],
    ['POST', '/api/lTeam/my', {}, undefined],
    ['POST', '/auth/login', {}, undefined],
    ['POST', '/auth/login', '{"username":', 'application/json'],
    ['POST', '/auth/login', 'a=b', 'text/plain'],
    ['GET', '/api/admin/users', undefined, undefined],
  ] as const)('%s %s answers a catalogue code with its status', async (method, url, payload, type) => {
    const res = await t().app.inject({ method, url, payload, headers: type ? { 'content-type': type } : {} });
    const body = res.json<{ code: string; status: number; resultCode: number; message: string }>();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(body.resultCode).toBe(0);
    expect(isErrorCode(body.code), body.code).toBe(true);
    expect(body.status).toBe(res.statusCode);
    expect(res.statusCode).toBe(ERRORS[body.code as keyof typeof ERRORS].status);
    expect(body.message).not.toBe('');
  });
});
