import { groupShortCode, type SaleState, type SessionState } from '@rp/shared/rules/tickets';
import type { SessionView } from '@rp/shared/schemas/tickets';

/** Pure rules of the ticket screens (tested in model.test.ts). */

export const SESSION_STATE_KEYS: Record<SessionState, string> = {
  notStarted: 'tickets:sessionState.notStarted',
  started: 'tickets:sessionState.started',
  ended: 'tickets:sessionState.ended',
};
export const SALE_STATE_KEYS: Record<SaleState, string> = {
  notOnSale: 'tickets:saleState.notOnSale',
  onSale: 'tickets:saleState.onSale',
  expired: 'tickets:saleState.expired',
};
export const VISITOR_STATUS_KEYS: Record<string, string> = {
  held: 'tickets:visitorStatus.held',
  valid: 'tickets:visitorStatus.valid',
  used: 'tickets:visitorStatus.used',
  refunding: 'tickets:visitorStatus.refunding',
  refunded: 'tickets:visitorStatus.refunded',
  released: 'tickets:visitorStatus.released',
};

/** How many visitors one order of this ticket may carry now: its own maximum and the places left. */
export function maxVisitors(ticket: SessionView['tickets'][number], session: Pick<SessionView, 'placesLeft'>): number {
  return Math.max(0, Math.min(ticket.maxPeople, session.placesLeft ?? ticket.maxPeople));
}

/** Why a ticket cannot be bought now, or null (closed: the activity takes no sign-ups of this kind). */
export function blocked(
  ticket: SessionView['tickets'][number],
  session: Pick<SessionView, 'placesLeft' | 'state' | 'signupOpen'>,
): 'closed' | 'ended' | 'notOnSale' | 'expired' | 'full' | null {
  if (!session.signupOpen) return 'closed';
  if (session.state === 'ended') return 'ended';
  if (ticket.saleState !== 'onSale') return ticket.saleState;
  if (session.placesLeft === 0) return 'full';
  return null;
}

/** Resizes the visitor rows to n, keeping what was typed. */
export function resize<T>(rows: T[], n: number, blank: () => T): T[] {
  return rows.length >= n ? rows.slice(0, n) : [...rows, ...Array.from({ length: n - rows.length }, blank)];
}

/** How a pass's short code is printed under its QR (ABCD-EFGH-JKMN), or null before it is shown. */
export function printedCode(shortCode: string | null | undefined): string | null {
  return shortCode ? groupShortCode(shortCode) : null;
}

/**
 * The lines printed on a pass's downloaded picture under the QR and its code: the event, the visitor, the ticket and
 * session, the date, the place — those that are known, in this order.
 */
export function passLines(v: { activityName: string; name: string; ticketName: string; sessionName: string; area: string }, date: string): string[] {
  return [v.activityName, v.name, [v.ticketName, v.sessionName].filter(Boolean).join(' · '), date, v.area].filter(Boolean);
}
