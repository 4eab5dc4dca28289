import type { AppLang } from './i18n';

/**
 * Formatting of values for every screen. Dates are shown in the organisers' time zone
 * (Asia/Shanghai, also the venues' zone so far), so every visitor — and a future server-side render —
 * sees the same day for an event, wherever the browser is.
 */
export const CONTENT_TIME_ZONE = 'Asia/Shanghai';

/**
 * The one way a date and a date-time read (issue 34), in the organisers' time zone, 24-hour clock:
 * zh 2026-11-28 and 2026-11-28 14:05 (the numeric form of Chinese forms and tables, short in a 390 px column);
 * en 28 Nov 2026 and 28 Nov 2026, 14:05 (the month by name, so 04/05 cannot be read as April or May).
 * Every screen (public pages, portal, gate, admin) formats through formatDate / formatDateTime; a test
 * keeps Intl, toLocale* and dayjs().format out of the components.
 */
const PARTS = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: CONTENT_TIME_ZONE,
});
// fixed, not the ICU's: en-GB's short September is 'Sept' in some versions, and the server's render and the browser must agree
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

function format(d: Date, lang: AppLang, withTime: boolean): string {
  const p = Object.fromEntries(PARTS.formatToParts(d).map((x) => [x.type, x.value]));
  const day = lang === 'zh' ? `${p.year}-${p.month}-${p.day}` : `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}`;
  return withTime ? `${day}${lang === 'zh' ? ' ' : ', '}${p.hour}:${p.minute}` : day;
}

/** A date (zh 2026-11-28, en 28 Nov 2026) in the content time zone; '' if missing or not a date. */
export function formatDate(iso: string | null | undefined, lang: AppLang): string {
  const d = parse(iso);
  return d ? format(d, lang, false) : '';
}

/** A date and its 24-hour time (zh 2026-11-28 14:05, en 28 Nov 2026, 14:05); '' if missing or not a date. */
export function formatDateTime(iso: string | null | undefined, lang: AppLang): string {
  const d = parse(iso);
  return d ? format(d, lang, true) : '';
}

/** A date range; one date when both ends fall on the same day. */
export function formatDateRange(from: string | null | undefined, to: string | null | undefined, lang: AppLang): string {
  const a = formatDate(from, lang);
  const b = formatDate(to, lang);
  if (!a) return b;
  if (!b || a === b) return a;
  return `${a} – ${b}`;
}

/** The year it is (or was at `d`) in the content time zone: '2026' (the footer's copyright, the sign-in's season). */
export function formatYear(d: Date = new Date()): string {
  return format(d, 'zh', false).slice(0, 4);
}

/** yyyy-mm-dd for <time dateTime>, in the content time zone (the zh date is that form). */
export function isoDay(iso: string | null | undefined): string | undefined {
  const d = parse(iso);
  if (!d) return undefined;
  return format(d, 'zh', false);
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

/** A count as the language writes it (1,234 in both; kept here so no component calls toLocaleString itself). */
export function formatCount(n: number, lang: AppLang): string {
  return n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
}
