import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import enAuth from '../../locales/en/auth.json';
import zhAuth from '../../locales/zh/auth.json';
import i18n from '../../lib/i18n';
import { AuthShell } from './AuthShell';

afterEach(cleanup);

describe('AuthShell', () => {
  it.each([
    ['zh', zhAuth],
    ['en', enAuth],
  ] as const)('fills every placeholder of the brand panel (%s)', async (lang, auth) => {
    i18n.addResourceBundle(lang, 'auth', auth, true, true);
    await act(() => i18n.changeLanguage(lang));
    const t0 = Date.now();
    const { container } = render(
      <AuthShell titleId="t" title="Title" intro="Intro">
        <p>form</p>
      </AuthShell>,
    );
    const text = container.textContent ?? '';
    expect(text).not.toContain('{{');
    // the season is the year in Beijing (from 16:00 UTC on 31 December it is already the next), at the render's start or end
    const beijingYear = (ms: number) => new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(ms);
    expect(
      [beijingYear(t0), beijingYear(Date.now())].some((y) => text.includes(y)),
      text,
    ).toBe(true);
  });
});
