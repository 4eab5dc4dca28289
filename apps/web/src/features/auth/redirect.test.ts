import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../lib/safe-redirect';
import { afterLoginFallback } from './redirect';

describe('after login (issue 24)', () => {
  it('staff land on /admin, members on the home page, unless a redirect says otherwise', () => {
    expect(safeRedirect(null, afterLoginFallback({ isStaff: true }))).toBe('/admin');
    expect(safeRedirect(null, afterLoginFallback({ isStaff: false }))).toBe('/');
    expect(safeRedirect('/userCenter', afterLoginFallback({ isStaff: true }))).toBe('/userCenter');
    expect(safeRedirect('https://evil.test/', afterLoginFallback({ isStaff: true }))).toBe('/admin');
  });
});
