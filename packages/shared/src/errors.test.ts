import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode, type ErrorCode } from './errors';
import { serverMessages } from './messages';

describe('error catalogue', () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];

  it.each(codes)('%s has a message in zh and en', (code) => {
    const key = ERRORS[code].message;
    expect(serverMessages.zh[key], `zh ${key}`).toBeTruthy();
    expect(serverMessages.en[key], `en ${key}`).toBeTruthy();
  });

  it('codes are SCREAMING_SNAKE and statuses are 4xx/5xx', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
      expect(ERRORS[code].status).toBeLessThan(600);
    }
  });

  it('knows its own codes and nothing else', () => {
    expect(isErrorCode('VALIDATION_FAILED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
