import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { ContactList, telHref } from './contact';

afterEach(cleanup);

describe('ContactList', () => {
  it('shows each contact line once, with links for phone and e-mail, leaving out empty ones', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<ContactList contact={{ address: '1 Main St', phone: '010-8888 6666', email: 'a@b.example', hours: '' }} />);
    expect(screen.getByRole('link', { name: '010-8888 6666' }).getAttribute('href')).toBe('tel:01088886666');
    expect(screen.getByRole('link', { name: 'a@b.example' }).getAttribute('href')).toBe('mailto:a@b.example');
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Address', 'Phone', 'Email']);
  });

  it('keeps a leading + in tel: links', () => {
    expect(telHref('+86 10 8888 6666')).toBe('tel:+861088886666');
  });
});
