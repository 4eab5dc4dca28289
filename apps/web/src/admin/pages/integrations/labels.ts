import type { TFunction } from 'i18next';

/**
 * People's words for what the integrations screens show (literal keys: the locale test finds them). An
 * unknown code (an event or scope added on the server before its label) is shown as it is rather than hidden.
 */
export const EVENT_KEYS: Record<string, string> = {
  'payment.settled': 'admin:integrations.events.payment_settled',
  'order.released': 'admin:integrations.events.order_released',
  'refund.succeeded': 'admin:integrations.events.refund_succeeded',
  'refund.requested': 'admin:integrations.events.refund_requested',
  'refund.undone': 'admin:integrations.events.refund_undone',
  'registration.reviewed': 'admin:integrations.events.registration_reviewed',
  'registration.withdrawn': 'admin:integrations.events.registration_withdrawn',
  'ticket.admitted': 'admin:integrations.events.ticket_admitted',
  'certificate.issued': 'admin:integrations.events.certificate_issued',
};

export const SCOPE_KEYS: Record<string, { label: string; help: string }> = {
  'registrations.read': { label: 'admin:integrations.scopes.registrations_read', help: 'admin:integrations.scopeHelp.registrations_read' },
  'orders.read': { label: 'admin:integrations.scopes.orders_read', help: 'admin:integrations.scopeHelp.orders_read' },
  'certificates.verify': { label: 'admin:integrations.scopes.certificates_verify', help: 'admin:integrations.scopeHelp.certificates_verify' },
};

export const DELIVERY_STATUS_KEYS: Record<string, string> = {
  pending: 'admin:integrations.deliveryStatus.pending',
  succeeded: 'admin:integrations.deliveryStatus.succeeded',
  failed: 'admin:integrations.deliveryStatus.failed',
};

export const OUTBOX_STATUS_KEYS: Record<string, string> = {
  pending: 'admin:integrations.outboxStatus.pending',
  delivered: 'admin:integrations.outboxStatus.delivered',
  failed: 'admin:integrations.outboxStatus.failed',
};

/** an outbox row's subject in words ("Order R2025…", "Player L** · Rockets") */
export const SUBJECT_KEYS: Record<string, string> = {
  order: 'admin:integrations.outbox.subject.order',
  player: 'admin:integrations.outbox.subject.player',
  pass: 'admin:integrations.outbox.subject.pass',
  certificate: 'admin:integrations.outbox.subject.certificate',
};

export const TOKEN_STATE_KEYS: Record<string, string> = {
  active: 'admin:integrations.tokenState.active',
  expired: 'admin:integrations.tokenState.expired',
  revoked: 'admin:integrations.tokenState.revoked',
};

export const SUBSCRIBER_KEYS: Record<string, string> = {
  webhooks: 'admin:integrations.subscribers.webhooks',
  notices: 'admin:integrations.subscribers.notices',
  messages: 'admin:integrations.subscribers.messages',
  sms: 'admin:integrations.subscribers.sms',
};

export const STATUS_COLOR: Record<string, string> = {
  pending: 'warning',
  succeeded: 'success',
  delivered: 'success',
  failed: 'error',
  active: 'success',
  expired: 'default',
  revoked: 'error',
};

export const labelOf = (t: TFunction, keys: Record<string, string>, code: string) => (keys[code] ? t(keys[code]) : code);
export const labelOfScope = (t: TFunction, name: string) => (SCOPE_KEYS[name] ? t(SCOPE_KEYS[name].label) : name);

/**
 * A delivery's failure as a person reads it: the receiver's HTTP answer, or what kept the call from arriving
 * (the server stores a short code: http-500, timeout, ECONNREFUSED, refused-private, …). Anything else is shown as recorded.
 */
export function errorInWords(t: TFunction, error: string | null, statusCode: number | null): string {
  const code = (error ?? '').trim();
  if (!code) {
    if (statusCode === null) return '—';
    return statusCode >= 200 && statusCode < 300 ? t('admin:integrations.errors.none') : t('admin:integrations.errors.status', { code: statusCode });
  }
  if (/^(timeout|ETIMEDOUT|ESOCKETTIMEDOUT)$/i.test(code)) return t('admin:integrations.errors.timeout');
  if (/^ECONNREFUSED$/i.test(code)) return t('admin:integrations.errors.refused');
  if (/^(ECONNRESET|EPIPE|ECONNABORTED|socket hang up)$/i.test(code)) return t('admin:integrations.errors.reset');
  if (/^(ENOTFOUND|EAI_AGAIN|(refused-)?unresolvable)$/i.test(code)) return t('admin:integrations.errors.dns');
  if (/^(refused-)?httpsOnly$/i.test(code)) return t('admin:integrations.errors.httpsOnly');
  if (/^(refused-)?(private|invalid)$/i.test(code)) return t('admin:integrations.errors.private');
  if (code === 'endpoint-inactive') return t('admin:integrations.errors.inactive');
  if (/CERT|TLS|SSL|SELF_SIGNED/i.test(code)) return t('admin:integrations.errors.tls');
  if (/^(http[ _-]?)?(\d{3})$/i.test(code)) return t('admin:integrations.errors.status', { code: statusCode ?? code.replace(/\D/g, '') });
  if (code === 'error' || code === 'connect') return t('admin:integrations.errors.unknown');
  return code;
}
