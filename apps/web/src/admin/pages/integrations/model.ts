import dayjs, { type Dayjs } from 'dayjs';
import type { TokenBody, WebhookBody } from './integrations-api';

/** A token lives 90 days unless staff choose otherwise, one year at most (the server refuses longer). */
export const DEFAULT_TOKEN_DAYS = 90;

export interface TokenForm {
  name: string;
  scopes: string[];
  activityIds?: number[];
  expires: Dayjs;
}

export interface WebhookForm {
  url: string;
  description?: string;
  events: string[];
  active?: boolean;
}

export const defaultExpiry = (now: Dayjs = dayjs()) => now.add(DEFAULT_TOKEN_DAYS, 'day');

/** The days a token's expiry may fall on: from tomorrow to one year from now. */
export function expiryAllowed(day: Dayjs, now: Dayjs = dayjs()): boolean {
  return day.isAfter(now, 'day') && !day.isAfter(now.add(1, 'year'), 'day');
}

/**
 * The token's expiry: the end of the chosen day, but never beyond one year from now (the last allowed day
 * ends a little after that), so the server's "at most one year" holds for the day offered last.
 */
export function expiryInstant(day: Dayjs, now: Dayjs = dayjs()): string {
  const end = day.endOf('day');
  const limit = now.add(1, 'year').subtract(1, 'minute');
  return (end.isAfter(limit) ? limit : end).toISOString();
}

/** What the token form sends: no activity chosen = every activity (null). */
export function tokenBody(v: TokenForm, now: Dayjs = dayjs()): TokenBody {
  return {
    name: v.name.trim(),
    scopes: v.scopes,
    activityIds: v.activityIds && v.activityIds.length ? v.activityIds : null,
    expiresAt: expiryInstant(v.expires, now),
  };
}

/** What the webhook form sends: the address and description as typed, without surrounding spaces. */
export function webhookBody(v: WebhookForm, editing: boolean): WebhookBody {
  const body: WebhookBody = { url: v.url.trim(), description: (v.description ?? '').trim(), events: v.events };
  return editing ? { ...body, active: v.active !== false } : body;
}

/** An address the browser can already tell is not one: the server explains the rest (https, private addresses). */
export function looksLikeUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  } catch {
    return false;
  }
}
