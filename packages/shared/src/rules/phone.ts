import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/metadata.min.json';

import { MAINLAND_CODE, PHONE_RE } from './mainland-phone';

// The mainland pattern lives apart so that pages needing only it (login, register) do not load the
// numbering-plan metadata (the package declares sideEffects: false, so this module is then left out).
export { MAINLAND_CODE, PHONE_RE, isMainlandPhone, maskPhone } from './mainland-phone';

/** The main region (ISO 3166 alpha-2) of a calling code: 852 → HK, 1 → US, 44 → GB; null when no country uses it. */
export function regionOfCallingCode(code: string): string | null {
  // read lazily: a top-level property read would keep the metadata in every bundle that imports @rp/shared
  const byCallingCode = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;
  return byCallingCode[code.replace(/^\+/, '').trim()]?.[0] ?? null;
}

/** A calling code of an ISO region: 'HK' → '852'. */
export function callingCodeOf(region: string): string | null {
  return isSupportedCountry(region) ? getCountryCallingCode(region as CountryCode) : null;
}

export { regionName } from './region-name';

/** Every calling code with its regions, the main region first (for a country-code picker). */
export function callingCodes(): { code: string; regions: string[] }[] {
  const byCode = new Map<string, string[]>();
  for (const region of getCountries()) {
    const code = getCountryCallingCode(region);
    byCode.set(code, [...(byCode.get(code) ?? []), region]);
  }
  return [...byCode.entries()].map(([code, regions]) => {
    const main = regionOfCallingCode(code) ?? regions[0]!;
    return { code, regions: [main, ...regions.filter((r) => r !== main)] };
  });
}

export type PhoneProblem =
  /** country code 86 (spec 5): 11 digits, 1 then 3–9 */
  | { kind: 'mainland' }
  /** no country uses this calling code */
  | { kind: 'unknownCode'; code: string }
  /** not a valid number of that country */
  | { kind: 'invalid'; code: string; region: string };

/**
 * A contact phone checked against its country code: 86 by the mainland mobile pattern (spec 5), every
 * other code by libphonenumber's numbering plans (852 91234567 is a Hong Kong mobile). The number is the
 * national part; spaces and dashes are allowed, a leading +code that repeats the country code too.
 * Returns null when the number is valid, or what is wrong.
 */
export function checkPhone(countryCode: string, number: string): PhoneProblem | null {
  const code = countryCode.replace(/^\+/, '').trim() || MAINLAND_CODE;
  let digits = number.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+' + code)) digits = digits.slice(code.length + 1);
  if (code === MAINLAND_CODE) return PHONE_RE.test(digits) ? null : { kind: 'mainland' };
  const region = regionOfCallingCode(code);
  if (!region) return { kind: 'unknownCode', code };
  if (!/^\d{4,15}$/.test(digits)) return { kind: 'invalid', code, region };
  const parsed = parsePhoneNumberFromString(`+${code}${digits}`);
  return parsed?.isValid() ? null : { kind: 'invalid', code, region };
}

export function isValidPhone(countryCode: string, number: string): boolean {
  return checkPhone(countryCode, number) === null;
}

/**
 * The server texts of a phone problem (messages.ts keys): `key` + `params` for the message (which names
 * the country in the reader's language), and `field` + `fieldKey` for the field at fault.
 */
export function phoneProblemMessage(p: PhoneProblem): {
  key: 'validation.phone' | 'validation.phoneFor' | 'validation.countryCode';
  params?: Record<string, string>;
  field: 'emerPhone' | 'region';
  fieldKey: 'validation.phone' | 'validation.phoneForRegion' | 'validation.countryCodeField';
} {
  if (p.kind === 'mainland') return { key: 'validation.phone', field: 'emerPhone', fieldKey: 'validation.phone' };
  if (p.kind === 'unknownCode') return { key: 'validation.countryCode', params: { code: p.code }, field: 'region', fieldKey: 'validation.countryCodeField' };
  return {
    key: 'validation.phoneFor',
    // translate() names the region in the reader's language ({{country}})
    params: { region: p.region, code: p.code },
    field: 'emerPhone',
    fieldKey: 'validation.phoneForRegion',
  };
}
