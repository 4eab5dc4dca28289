/** Mainland ID card number (spec 5): 15 digits, or 17 digits followed by a digit, X or x. */
export const ID_CARD_RE = /^(\d{15}|\d{17}[\dXx])$/;

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * Birth date (yyyymmdd as a number) from an ID card: characters 7–14 of an 18-character number, or
 * 7–12 (yymmdd, 19xx) of a 15-digit one. null when the pattern or the date is wrong.
 */
export function birthFromIdCard(card: string): number | null {
  if (!ID_CARD_RE.test(card)) return null;
  const [y, m, d] =
    card.length === 18
      ? [Number(card.slice(6, 10)), Number(card.slice(10, 12)), Number(card.slice(12, 14))]
      : [1900 + Number(card.slice(6, 8)), Number(card.slice(8, 10)), Number(card.slice(10, 12))];
  return validDate(y, m, d) ? y * 10000 + m * 100 + d : null;
}

/** 'M' or 'F' from the sequence digit (17th of 18, 15th of 15): odd male, even female. */
export function genderFromIdCard(card: string): 'M' | 'F' | null {
  if (!ID_CARD_RE.test(card)) return null;
  const digit = Number(card.length === 18 ? card[16] : card[14]);
  return digit % 2 === 1 ? 'M' : 'F';
}

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** GB 11643-1999 check character (ISO 7064 MOD 11-2) of the first 17 digits of an 18-character ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * CHECK_WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** The 17 digits completed with their check character: a valid number (tests, samples). */
export function withIdCheckChar(first17: string): string {
  return first17 + idCardCheckChar(first17);
}

/**
 * What is wrong with a mainland ID number: 'format' (spec 5's pattern or an impossible birth date),
 * 'checkDigit' (18 characters whose last one is not GB 11643's; x counts as X), or null. 15-digit
 * numbers (issued before 1999) carry no check digit.
 */
export function idCardProblem(card: string): 'format' | 'checkDigit' | null {
  if (birthFromIdCard(card) === null) return 'format';
  if (card.length === 18 && idCardCheckChar(card) !== card[17]!.toUpperCase()) return 'checkDigit';
  return null;
}

/** An 18-character mainland ID number shape (17 digits and a digit or X): where a field takes any document number. */
export const ID_CARD_18_RE = /^\d{17}[\dXx]$/;

export function isValidIdCard(card: string): boolean {
  return idCardProblem(card) === null;
}

/** yyyy-mm-dd or yyyymmdd → yyyymmdd number, or null. */
export function parseBirth(value: string | number): number | null {
  const s = String(value).replace(/-/g, '');
  if (!/^\d{8}$/.test(s)) return null;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(4, 6));
  const d = Number(s.slice(6, 8));
  return validDate(y, m, d) ? y * 10000 + m * 100 + d : null;
}

/** Whole years between a yyyymmdd birth date and a day. */
export function ageOn(birth: number, day: Date): number {
  const y = Math.floor(birth / 10000);
  const md = birth % 10000;
  const dmd = (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
  return day.getUTCFullYear() - y - (dmd < md ? 1 : 0);
}

/** 110***********1234 — lists and exports never show an ID number whole. */
export function maskCard(card: string): string {
  if (card.length <= 7) return '*'.repeat(card.length);
  return card.slice(0, 3) + '*'.repeat(card.length - 7) + card.slice(-4);
}
