import type { TFunction } from 'i18next';
import { errorInWords, EVENT_KEYS, labelOf, SUBSCRIBER_KEYS } from '../integrations/labels';
import { NOTICE_CHANNEL_KEYS as CHANNEL_KEYS, NOTICE_EVENT_KEYS } from '../notice-labels';
import type { JobRow } from './jobs-api';

/** People's words for the jobs screen (literal keys: the locale test finds them); an unknown code is shown as it is. */
export const KIND_KEYS: Record<string, string> = {
  event: 'admin:jobs.kinds.event',
  webhook: 'admin:jobs.kinds.webhook',
  notice: 'admin:jobs.kinds.notice',
  'sandbox-notify': 'admin:jobs.kinds.sandbox',
  timer: 'admin:jobs.kinds.timer',
  export: 'admin:jobs.kinds.export',
  certzip: 'admin:jobs.kinds.certzip',
};
export const TIMER_KEYS: Record<string, string> = {
  reconcile: 'admin:jobs.timers.reconcile',
  'offer-expiry': 'admin:jobs.timers.offerExpiry',
  retention: 'admin:jobs.timers.retention',
};
export const STATE_KEYS: Record<string, string> = {
  pending: 'admin:jobs.states.pending',
  done: 'admin:jobs.states.done',
  failed: 'admin:jobs.states.failed',
};
/** the codes a notice or a delivery may end with besides a receiver's answer (those are integrations' errorInWords) */
const ERROR_KEYS: Record<string, string> = {
  'no-phone': 'admin:jobs.errors.noPhone',
  'no-template': 'admin:jobs.errors.noTemplate',
  'not-bound': 'admin:jobs.errors.notBound',
  'no-official-account': 'admin:jobs.errors.noOfficialAccount',
  unreachable: 'admin:jobs.errors.unreachable',
  'no-event': 'admin:jobs.errors.noEvent',
  'no-subscriber': 'admin:jobs.errors.noSubscriber',
};

/** What the job is: its kind, and for a timer which one. */
export function jobKind(t: TFunction, j: JobRow): string {
  if (j.kind === 'timer') return t('admin:jobs.kinds.timerOf', { name: labelOf(t, TIMER_KEYS, j.subject.to ?? '') });
  return KIND_KEYS[j.kind] ? t(KIND_KEYS[j.kind]!) : j.queue;
}

/** What it was about: the event and where it went (a subscriber, a webhook's address, a notice's channel). */
export function jobSubject(t: TFunction, j: JobRow): string {
  const { event, to } = j.subject;
  if (j.kind === 'event') return t('admin:jobs.subject.to', { what: labelOf(t, EVENT_KEYS, event ?? '—'), to: labelOf(t, SUBSCRIBER_KEYS, to ?? '—') });
  if (j.kind === 'webhook') return t('admin:jobs.subject.to', { what: labelOf(t, EVENT_KEYS, event ?? '—'), to: to ?? '—' });
  if (j.kind === 'notice') return t('admin:jobs.subject.to', { what: labelOf(t, NOTICE_EVENT_KEYS, event ?? '—'), to: labelOf(t, CHANNEL_KEYS, to ?? '—') });
  return '—';
}

/** A job's last error as a person reads it (the server stores a short code, never a message). */
export function jobErrorInWords(t: TFunction, code: string | null): string {
  if (code && ERROR_KEYS[code]) return t(ERROR_KEYS[code]!);
  return errorInWords(t, code, null);
}
