import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { PolicyCheckbox } from './PolicyCheckbox';

afterEach(cleanup);

describe('PolicyCheckbox', () => {
  it.each([
    ['en', 'privacy policy'],
    ['zh', null],
  ] as const)('links the policy by its name, not an empty link, and starts unticked (%s)', async (lang, name) => {
    await act(() => i18n.changeLanguage(lang));
    render(
      <MemoryRouter>
        <PolicyCheckbox labelKey="common:policy.acceptPrivacy" checked={false} onChange={() => {}} name="acceptPrivacy" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toMatch(/\/privacy$/);
    expect(link.textContent?.trim()).not.toBe('');
    if (name) expect(link.textContent).toBe(name);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});
