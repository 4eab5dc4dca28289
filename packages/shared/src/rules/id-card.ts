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

export function isValidIdCard(card: string): boolean {
  return birthFromIdCard(card) !== null;
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
