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
