import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './TextField';

afterEach(cleanup);

// WCAG 3.3.1: the message is tied to its field and announced when it appears.
describe('TextField errors', () => {
  it('ties the message to the field and announces it in the region that was there before', () => {
    const { rerender } = render(<TextField label="Phone" hint="11 digits" name="phone" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const region = input.closest('div')!.parentElement!.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region!.textContent).toBe('');

    rerender(<TextField label="Phone" hint="11 digits" name="phone" error="Enter an 11-digit phone number" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['11 digits', 'Enter an 11-digit phone number']);
    // the same region (not a new one): a screen reader announces what is added to it
    expect(region!.isConnected).toBe(true);
    expect(region!.textContent).toBe('Enter an 11-digit phone number');
  });
});
