import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ HOST: '127.0.0.1', PORT: 8080, CAPTCHA_ENABLED: true, ADMIN_USERNAME: 'admin' });
  });
  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres/],
    [{ CAPTCHA_ENABLED: 'maybe' }, /CAPTCHA_ENABLED/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD: must be at least 8/],
  ])('fails with one clear line for %o', (env, re) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(re);
  });
});
