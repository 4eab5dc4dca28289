import { describe, expect, it } from 'vitest';
import { loginUrl } from './navigation';

describe('loginUrl', () => {
  it('keeps the full original path with its query', () => {
    expect(loginUrl('/userCenter?t=8')).toBe('/login?redirect=%2FuserCenter%3Ft%3D8');
  });
  it('does not redirect back to auth pages', () => {
    expect(loginUrl('/login?redirect=%2Fmsg')).toBe('/login');
    expect(loginUrl('/regist')).toBe('/login');
  });
});
