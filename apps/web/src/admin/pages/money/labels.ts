import type { OrderDisplay, PayChannel, RefundStatus } from '@rp/shared/rules/money';

/**
 * i18n keys of the money vocabularies, as literal tables (the locale test checks every one). A value
 * the table does not know shows as it is.
 */
export const ORDER_DISPLAY_KEYS: Record<OrderDisplay, string> = {
  unpaid: 'admin:options.orderStatus.unpaid',
  inProgress: 'admin:options.orderStatus.inProgress',
  completed: 'admin:options.orderStatus.completed',
  refunding: 'admin:options.orderStatus.refunding',
  refunded: 'admin:options.orderStatus.refunded',
  cancelled: 'admin:options.orderStatus.cancelled',
  abnormal: 'admin:options.orderStatus.abnormal',
};

export const ORDER_DISPLAY_COLORS: Record<OrderDisplay, string | undefined> = {
  unpaid: 'warning',
  inProgress: 'processing',
  completed: 'success',
  refunding: 'processing',
  refunded: undefined,
  cancelled: undefined,
  abnormal: 'error',
};

export const CHANNEL_KEYS: Record<PayChannel, string> = {
  sandbox: 'admin:options.payChannel.sandbox',
  wechat: 'admin:options.payChannel.wechat',
  alipay: 'admin:options.payChannel.alipay',
  bank: 'admin:options.payChannel.bank',
};

export const PAYMENT_STATUS_KEYS: Record<string, string> = {
  created: 'admin:options.paymentStatus.created',
  paid: 'admin:options.paymentStatus.paid',
  failed: 'admin:options.paymentStatus.failed',
  closed: 'admin:options.paymentStatus.closed',
  abnormal: 'admin:options.paymentStatus.abnormal',
};

export const ORDER_TYPE_KEYS: Record<string, string> = {
  '1': 'admin:options.orderType.1',
  '2': 'admin:options.orderType.2',
  '3': 'admin:options.orderType.3',
};

export const CLOSE_REASON_KEYS: Record<string, string> = {
  expired: 'admin:money.closeReason.expired',
  user: 'admin:money.closeReason.user',
  staff: 'admin:money.closeReason.staff',
};

export const ITEM_KIND_KEYS: Record<string, string> = {
  code: 'admin:money.itemKind.code',
  member: 'admin:money.itemKind.member',
  ticket: 'admin:money.itemKind.ticket',
};

export const ITEM_STATUS_KEYS: Record<string, string> = {
  held: 'admin:money.itemStatus.held',
  active: 'admin:money.itemStatus.active',
  refunding: 'admin:money.itemStatus.refunding',
  refunded: 'admin:money.itemStatus.refunded',
  released: 'admin:money.itemStatus.released',
};

export const REFUND_STATUS_KEYS: Record<RefundStatus, string> = {
  pending: 'admin:money.refundStatus.pending',
  processing: 'admin:money.refundStatus.processing',
  success: 'admin:money.refundStatus.success',
  failed: 'admin:money.refundStatus.failed',
  rejected: 'admin:money.refundStatus.rejected',
  cancelled: 'admin:money.refundStatus.cancelled',
};

export const REFUND_STATUS_COLORS: Record<RefundStatus, string | undefined> = {
  pending: 'warning',
  processing: 'processing',
  success: 'success',
  failed: 'error',
  rejected: 'error',
  cancelled: undefined,
};

export const REFUND_KIND_KEYS: Record<string, string> = {
  request: 'admin:money.refundKind.request',
  withdrawal: 'admin:money.refundKind.withdrawal',
  auto: 'admin:money.refundKind.auto',
};

/** Staff's choices (spec 9) and the two the server sets itself (a withdrawal's tier, an automatic full refund). */
export const RATIO_KEYS: Record<string, string> = {
  '994': 'admin:money.ratio.994',
  '800': 'admin:money.ratio.800',
  '700': 'admin:money.ratio.700',
  '500': 'admin:money.ratio.500',
  '300': 'admin:money.ratio.300',
  minus90: 'admin:money.ratio.minus90',
  fixed: 'admin:money.ratio.fixed',
  tier: 'admin:money.ratio.tier',
  full: 'admin:money.ratio.full',
};

export const INVOICE_STATUS_KEYS: Record<string, string> = {
  pending: 'admin:money.invoiceStatus.pending',
  issued: 'admin:money.invoiceStatus.issued',
  rejected: 'admin:money.invoiceStatus.rejected',
};

export const TITLE_TYPE_KEYS: Record<string, string> = {
  personal: 'admin:money.titleType.personal',
  company: 'admin:money.titleType.company',
};

export const INVOICE_KIND_KEYS: Record<string, string> = {
  ordinary: 'admin:money.invoiceKind.ordinary',
  special: 'admin:money.invoiceKind.special',
};

/** The label of a value through one of the tables above ('—' for none, the value itself when unknown). */
export function labelOf(t: (key: string) => string, table: Record<string, string>, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const key = table[String(value)];
  return key ? t(key) : String(value);
}
