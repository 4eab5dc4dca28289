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
    const { container } = render(
      <AuthShell titleId="t" title="Title" intro="Intro">
        <p>form</p>
      </AuthShell>,
    );
    const text = container.textContent ?? '';
    expect(text).not.toContain('{{');
    expect(text).toContain(String(new Date().getFullYear()));
  });
});
