/**
 * Tickets, sessions and pass codes (issue 11): the vocabularies of spec 4.3 computed from the times, and the
 * session time rule of spec 5. Pure, shared by the server, the screens and the tests.
 */

/** spec 4.3 session: not started / started / ended — from its start and end time. */
export const SESSION_STATES = ['notStarted', 'started', 'ended'] as const;
export type SessionState = (typeof SESSION_STATES)[number];
export function sessionState(s: { startTime: Date | string; endTime: Date | string }, now: Date): SessionState {
  const t = now.getTime();
  if (t < new Date(s.startTime).getTime()) return 'notStarted';
  if (t < new Date(s.endTime).getTime()) return 'started';
  return 'ended';
}

/** spec 4.3 ticket sale: not yet on sale / on sale / expired — from the ticket's start and end time. */
export const SALE_STATES = ['notOnSale', 'onSale', 'expired'] as const;
export type SaleState = (typeof SALE_STATES)[number];
export function saleState(t: { saleStart: Date | string | null; saleEnd: Date | string | null }, now: Date): SaleState {
  const n = now.getTime();
  if (t.saleStart && n < new Date(t.saleStart).getTime()) return 'notOnSale';
  if (t.saleEnd && n >= new Date(t.saleEnd).getTime()) return 'expired';
  return 'onSale';
}

/** spec 5: entry time earlier than start time; end time later than start time. Field → message key. */
export function sessionTimeErrors(s: { entryTime?: Date | string | null; startTime?: Date | string | null; endTime?: Date | string | null }) {
  const out: Record<string, string> = {};
  const ms = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : NaN);
  const entry = ms(s.entryTime);
  const start = ms(s.startTime);
  const end = ms(s.endTime);
  if (!Number.isNaN(entry) && !Number.isNaN(start) && entry >= start) out.entryTime = 'ticket.entryBeforeStart';
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) out.endTime = 'ticket.endAfterStart';
  return out;
}

/** Places left in a session: null when unlimited (maximum 0, spec 3). */
export const placesLeft = (s: { maxPeople: number; taken: number }): number | null => (s.maxPeople === 0 ? null : Math.max(0, s.maxPeople - s.taken));

/** Kinds of session: audience seats, workshop places, online match slots. */
export const SESSION_KINDS = ['audience', 'workshop', 'online'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** A pass code: 128 random bits, base64url (22 characters), prefixed so a scan of something else is told apart. */
export const PASS_CODE_PATTERN = /^P[A-Za-z0-9_-]{22}$/;
export const GROUP_CODE_PATTERN = /^G[A-Za-z0-9_-]{22}$/;

/**
 * A pass's short code (issue 24): 12 characters of a 31-letter alphabet without look-alikes (no 0/O, 1/I/L),
 * printed grouped under the QR (ABCD-EFGH-JKMN) and typed at the gate. 31^12 ≈ 7.9 × 10^17 (≈ 59 bits): see the
 * gate's rate limit in tickets.routes for why that is unguessable there.
 */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 12;
export const SHORT_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{12}$/;

/**
 * What a person typed → the stored form: full-width characters folded (NFKC), upper case, spaces, dashes and dots
 * dropped. Nothing is guessed (an O stays an O and then matches no code): an ambiguous letter is never admitted.
 */
export function normalizeShortCode(typed: string): string {
  return typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—―_.·]/g, '');
}

/** The stored form → how it is printed: groups of four joined by dashes. */
export function groupShortCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

/** A typed code as the gate reads it: a long pass or group code (the QR's, case-sensitive) kept as is, anything else normalized. */
export function gateCode(typed: string): { kind: 'pass' | 'group'; code: string } | { kind: 'short'; code: string } | null {
  const raw = typed.trim();
  if (PASS_CODE_PATTERN.test(raw)) return { kind: 'pass', code: raw };
  if (GROUP_CODE_PATTERN.test(raw)) return { kind: 'group', code: raw };
  const short = normalizeShortCode(raw);
  return SHORT_CODE_PATTERN.test(short) ? { kind: 'short', code: short } : null;
}
