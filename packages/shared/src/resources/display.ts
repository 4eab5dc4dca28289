import { formatYuan } from '../rules/money';

/**
 * How staff type and read the stored numbers of a resource (issue 24): money is integer fen on the wire
 * and in the server, yuan with two decimals on screens, in exports and in the audit trail; ratios are
 * stored per mille and read as percentages.
 */

/** 8000 fen → 80 (yuan, a number with at most two decimals). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** 80 or 80.5 yuan → 8000 or 8050 fen (rounded to the fen: 0.1 + 0.2 style float errors never leak). */
export function yuanToFen(yuan: number): number {
  return Math.round(Number((yuan * 100).toFixed(4)));
}

/** 800 ‰ → 80 (%). */
export function perMilleToPercent(perMille: number): number {
  return perMille / 10;
}

/** 80 (%) → 800 ‰ (a tenth of a percent is the finest step). */
export function percentToPerMille(percent: number): number {
  return Math.round(Number((percent * 10).toFixed(4)));
}

/** "80%" or "99.4%" of a per-mille value. */
export function formatPercent(perMille: number): string {
  return `${perMilleToPercent(perMille)}%`;
}

export { formatYuan };

/** 20130915 (a date stored as YYYYMMDD) → "2013-09-15"; anything else as it is. */
export function formatYmd(v: number): string {
  const s = String(v);
  return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : s;
}

/** The Excel number format of money cells: ¥ and two decimals (the cell holds yuan as a number). */
export const YUAN_NUM_FMT = '"¥"#,##0.00';
/** The Excel number format of date-time cells (China time, as the screens show them). */
export const DATETIME_NUM_FMT = 'yyyy-mm-dd hh:mm';
