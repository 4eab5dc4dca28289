import type { AppLang } from './i18n';

/**
 * Formatting of content values for public pages. Dates are shown in the organisers' time zone
 * (Asia/Shanghai, also the venues' zone so far), so every visitor — and a future server-side render —
 * sees the same day for an event, wherever the browser is.
 */
export const CONTENT_TIME_ZONE = 'Asia/Shanghai';

const locale = (lang: AppLang) => (lang === 'zh' ? 'zh-CN' : 'en-GB');

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: AppLang, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}:${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale(lang), {
      year: 'numeric',
      month: lang === 'zh' ? 'long' : 'short',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
      timeZone: CONTENT_TIME_ZONE,
    });
    dateFormats.set(key, f);
  }
  return f;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A long date in the language's style (zh: year-month-day with its characters; en: '22 Nov 2026'); '' if missing. */
export function formatDate(iso: string | null | undefined, lang: AppLang): string {
  const d = parse(iso);
  return d ? dateFormat(lang, false).format(d) : '';
}

/** Date and 24-hour time. */
export function formatDateTime(iso: string | null | undefined, lang: AppLang): string {
  const d = parse(iso);
  return d ? dateFormat(lang, true).format(d) : '';
}

/** A date range; one date when both ends fall on the same day. */
export function formatDateRange(from: string | null | undefined, to: string | null | undefined, lang: AppLang): string {
  const a = formatDate(from, lang);
  const b = formatDate(to, lang);
  if (!a) return b;
  if (!b || a === b) return a;
  return `${a} – ${b}`;
}

/** yyyy-mm-dd for <time dateTime>, in the content time zone. */
export function isoDay(iso: string | null | undefined): string | undefined {
  const d = parse(iso);
  if (!d) return undefined;
  // en-CA formats as yyyy-mm-dd
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: CONTENT_TIME_ZONE }).format(d);
}

/**
 * Money is integer fen on the wire (design §4): '¥2,680.00'. Integer arithmetic only, so no float
 * rounding ever shows (e.g. 1 fen stays ¥0.01).
 */
export function formatPrice(fen: number): string {
  if (!Number.isFinite(fen)) return '';
  const whole = Math.trunc(fen);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const grouped = String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${grouped}.${cents}`;
}

/** Human file size: '532 B', '12.4 KB', '3.1 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Plain text of (sanitised) HTML, for summaries and meta descriptions. */
export function htmlToText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A positive integer id from a query value, or null (malformed → the page shows 404). */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** A 1-based page number from ?page=, defaulting to 1. */
export function parsePage(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
