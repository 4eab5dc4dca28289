import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useFormErrors } from './useFormErrors';

type F = 'phone' | 'code';

describe('useFormErrors: one failed action, one error on screen', () => {
  it('shows a field message under its field only, not again in the alert', () => {
    const { result } = renderHook(() => useFormErrors<F>());
    act(() => result.current.applyServerError(new ApiError('The SMS code is wrong', 'http', 400, 'SMS_CODE_INVALID', { code: 'The SMS code is wrong' })));
    expect(result.current.fieldErrors).toEqual({ code: 'The SMS code is wrong' });
    expect(result.current.formError).toBeNull();
  });

  it('keeps the generic validation text out when the fields say what is wrong', () => {
    const { result } = renderHook(() => useFormErrors<F>());
    act(() =>
      result.current.applyServerError(new ApiError('Some of the data is not valid', 'http', 400, 'VALIDATION_FAILED', { phone: 'Enter a valid number' })),
    );
    expect(result.current.formError).toBeNull();
    expect(result.current.fieldErrors.phone).toBe('Enter a valid number');
  });

  it('uses the alert for what no field shows', () => {
    const { result } = renderHook(() => useFormErrors<F>());
    act(() => result.current.applyServerError(new ApiError('Too many attempts', 'http', 429, 'RATE_LIMITED')));
    expect(result.current.formError).toBe('Too many attempts');
    expect(result.current.fieldErrors).toEqual({});
  });

  it('merges a failed SMS send into the errors already shown', () => {
    const { result } = renderHook(() => useFormErrors<F>());
    act(() => result.current.setFieldErrors({ code: 'Enter the code' }));
    act(() => result.current.applyServerError(new ApiError('Registered already', 'http', 409, 'PHONE_TAKEN', { phone: 'Registered already' }), {}, true));
    expect(result.current.fieldErrors).toEqual({ code: 'Enter the code', phone: 'Registered already' });
    expect(result.current.formError).toBeNull();
  });
});
