import { api } from '../../lib/api-client';
import type { FeePreview, InvoiceApplyBody, InvoiceView, OrderView, PaymentActionWire, RefundView } from '@rp/shared/schemas/payments';
import type { OrderDisplay, PayChannel } from '@rp/shared/rules/money';

/** Calls of the money screens (spec 7.4, 7.7, 7.3). Forms pass `silent` and show the server's text inline. */
export type { FeePreview, InvoiceView, OrderView, PaymentActionWire, RefundView };
interface Data<T> {
  data: T;
  resultStr?: string;
}
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}
const quiet = { silent: true } as const;

export interface Checkout {
  activityId: number;
  activityName: string;
  beginTime: string;
  refundEnabled: boolean;
  plans: { id: number; name: string; priceFen: number; codeType: number; stock: number | null }[];
  channels: PayChannel[];
  /** WeChat Pay works inside WeChat's browser (JSAPI) */
  wechatJsapi: boolean;
  expireMinutes: number;
  refundTier: { daysBefore: number; perMille: number };
}
export interface BankAccount {
  id: number;
  accountName: string;
  bankName: string;
  accountNo: string;
  remark: string;
}
export interface NotifyFind {
  orderNo: string;
  status: OrderDisplay;
  paid: boolean;
  channel: string | null;
  paidAt: string | null;
}

export const fetchCheckout = (activityId: number) => api.get<Data<Checkout>>('/api/lOrder/web/checkout', { query: { activityId } }).then((r) => r.data);
export const createCodeOrder = (body: { activityId: number; planId: number; quantity: number }) =>
  api.post<Data<OrderView>>('/api/lOrder/web/createOrder', { ...body, type: 1 }, quiet).then((r) => r.data);
export const payPlayers = (body: { activityId: number; teamId?: number; memberIds?: number[] }) =>
  body.teamId
    ? api.post<Data<OrderView>>('/api/lTeam/web/pay', body, quiet).then((r) => r.data)
    : api.post<Data<OrderView>>('/api/lOrder/web/createOrder', { activityId: body.activityId, type: 2, memberIds: body.memberIds }, quiet).then((r) => r.data);
/** Who a fee order would carry and the total, before one exists (nothing is created or held). */
export const feePreview = (q: { activityId: number; teamId?: number; memberIds?: number[] }) =>
  api
    .get<Data<FeePreview>>('/api/lOrder/web/feePreview', {
      query: { activityId: q.activityId, teamId: q.teamId, memberIds: q.memberIds?.length ? q.memberIds : undefined },
      ...quiet,
    })
    .then((r) => r.data);
export const startPay = (body: { orderNo: string; channel: PayChannel; scene: 'desktop' | 'mobile' | 'jsapi' }) =>
  api.post<Data<{ order: OrderView; action: PaymentActionWire }>>('/api/lOrder/web/pay', body, quiet).then((r) => r.data);
export const cancelOrder = (orderNo: string) => api.post<Data<OrderView>>('/api/lOrder/web/cancel', { orderNo }, quiet).then((r) => r.data);
export const findOrder = (orderNo: string) => api.get<Data<OrderView>>('/api/lOrder/web/find', { query: { orderNo }, ...quiet }).then((r) => r.data);
export const listOrders = (q: { page: number; size: number; status?: OrderDisplay }) => api.get<Page<OrderView>>('/api/lOrder/web/list', { query: q });

/** Spec 7.7: the result page asks the lookup of the channel the payer used (WeChat, Alipay, or the generic one). */
export function notifyFindPath(channel: string | null | undefined): string {
  if (channel === 'wechat') return '/api/lOrder/wx/notify/find';
  if (channel === 'alipay') return '/api/lOrder/ali/notify/find';
  return '/api/lOrder/notify/find';
}
export const notifyFind = (orderNo: string, channel: string | null | undefined) =>
  api.get<Data<NotifyFind>>(notifyFindPath(channel), { query: { orderNo }, ...quiet }).then((r) => r.data);

export const refundPreview = (orderNo: string, itemIds: number[]) =>
  api
    .get<Data<{ baseFen: number; daysBefore: number; perMille: number; fen: number }>>('/api/lOrder/web/refundPreview', {
      query: { orderNo, itemIds },
      ...quiet,
    })
    .then((r) => r.data);
export const requestRefund = (body: { orderNo: string; itemIds: number[]; reason: string }) =>
  api.post<Data<RefundView>>('/api/lOrder/web/refund', body, quiet).then((r) => r.data);
export const cancelRefund = (refundNo: string) => api.post<{ resultStr: string }>('/api/lOrder/web/refund/cancel', { refundNo }, quiet);
export const applyInvoice = (body: InvoiceApplyBody) => api.post<Data<InvoiceView>>('/api/lInvoice/web/apply', body, quiet).then((r) => r.data);
export const downloadInvoice = (url: string) => api.get<Blob>(url, { responseType: 'blob' });
export const listBankAccounts = (activityId: number) =>
  api.get<{ content: BankAccount[] }>('/api/lBankAccount/web/list', { query: { activityId } }).then((r) => r.content);
