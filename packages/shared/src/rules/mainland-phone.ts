/** Mainland mobile number: 11 digits, 1 then 3–9 (spec 5, 9). */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Spec 9: the default country code. */
export const MAINLAND_CODE = '86';

export function isMainlandPhone(value: string): boolean {
  return PHONE_RE.test(value);
}

/** 138****5678 — for places where a phone must not be shown whole. */
export function maskPhone(value: string): string {
  if (value.length < 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '****' + value.slice(-4);
}
