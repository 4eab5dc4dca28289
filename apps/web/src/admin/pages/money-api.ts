import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminInvoiceListResponse,
  adminRefundView,
  InvoiceView,
  OrderView,
  pendingOrdersResponse,
  RefundRatio,
  RefundStatus,
  RefundView,
} from '@rp/shared';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import type { Page } from '../../lib/contract';
import { adminKeys } from '../api';
import { resourceKeys } from '../resources/api';

/** The money screens (issue 10): order detail and its actions, refunds, invoices, reconciliation. */
export type AdminRefund = z.infer<typeof adminRefundView>;
export type AdminInvoice = z.infer<typeof adminInvoiceListResponse>['content'][number];
export type PendingOrder = z.infer<typeof pendingOrdersResponse>['content'][number];
export type InvoiceStatus = InvoiceView['status'];
export type { InvoiceView, OrderView, RefundStatus, RefundView };

export interface ReconcileResult {
  checked: number;
  paid: number;
  expired: number;
  refundsChecked: number;
  lastRunAt: string | null;
}

interface Data<T> {
  resultStr: string;
  data: T;
}

export const moneyKeys = {
  all: [...adminKeys.all, 'money'] as const,
  orders: () => [...moneyKeys.all, 'order'] as const,
  order: (id: number) => [...moneyKeys.orders(), id] as const,
  refunds: () => [...moneyKeys.all, 'refunds'] as const,
  refundList: (status: RefundStatus, page: number, size: number) => [...moneyKeys.refunds(), status, page, size] as const,
  invoices: () => [...moneyKeys.all, 'invoices'] as const,
  invoiceList: (status: InvoiceStatus, page: number, size: number) => [...moneyKeys.invoices(), status, page, size] as const,
  reconciliation: () => [...moneyKeys.all, 'reconciliation'] as const,
  pending: (page: number, size: number) => [...moneyKeys.reconciliation(), page, size] as const,
  owed: (page: number, size: number) => [...moneyKeys.reconciliation(), 'owed', page, size] as const,
};

/** Money moved: every money screen and the generic orders, payments and ledger lists refetch. */
function moneyChanged(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: moneyKeys.all }),
    ...['orders', 'payments', 'ledger'].map((name) => client.invalidateQueries({ queryKey: resourceKeys.resource(name) })),
  ]);
}

export function orderDetailQuery(id: number) {
  return queryOptions({
    queryKey: moneyKeys.order(id),
    queryFn: ({ signal }) => api.get<Data<OrderView>>(`/api/admin/orderDetail/${id}`, { signal, silent: true }).then((r) => r.data),
    retry: false,
  });
}

export function refundsQuery(status: RefundStatus, page0: number, size: number) {
  return queryOptions({
    queryKey: moneyKeys.refundList(status, page0, size),
    queryFn: ({ signal }) => api.get<Page<AdminRefund>>('/api/admin/refunds', { signal, query: { status, page: page0, size } }),
    placeholderData: keepPreviousData,
  });
}

export function invoicesQuery(status: InvoiceStatus, page0: number, size: number) {
  return queryOptions({
    queryKey: moneyKeys.invoiceList(status, page0, size),
    queryFn: ({ signal }) => api.get<Page<AdminInvoice>>('/api/admin/invoices', { signal, query: { status, page: page0, size } }),
    placeholderData: keepPreviousData,
  });
}

export function pendingOrdersQuery(page0: number, size: number) {
  return queryOptions({
    queryKey: moneyKeys.pending(page0, size),
    queryFn: ({ signal }) => api.get<Page<PendingOrder>>('/api/admin/reconciliation', { signal, query: { page: page0, size } }),
    placeholderData: keepPreviousData,
  });
}

/** Money owed (issue 34): bank-paid refunds approved and not yet transferred back. */
export function owedRefundsQuery(page0: number, size: number) {
  return queryOptions({
    queryKey: moneyKeys.owed(page0, size),
    queryFn: ({ signal }) => api.get<Page<AdminRefund>>('/api/admin/reconciliation/owed', { signal, query: { page: page0, size } }),
    placeholderData: keepPreviousData,
  });
}

export interface PayeeBody {
  name: string;
  bank: string;
  accountNo: string;
}

/** The account a bank-paid refund goes back to (the number is stored encrypted, shown masked). */
export const recordPayeeMutation = mutationOptions({
  mutationKey: [...moneyKeys.refunds(), 'payee'],
  mutationFn: ({ id, payee }: { id: number; payee: PayeeBody }) => api.post<Data<RefundView>>(`/api/admin/refunds/${id}/payee`, payee, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: moneyKeys.all }),
});

/** The whole payee account number, for the staff member making the transfer (the server audits each look). */
export const revealPayeeMutation = mutationOptions({
  mutationKey: [...moneyKeys.refunds(), 'payeeAccount'],
  mutationFn: (id: number) => api.get<Data<{ accountNo: string }>>(`/api/admin/refunds/${id}/payeeAccount`, { silent: true }).then((r) => r.data.accountNo),
});

/** Staff transferred a bank-paid refund back: its bank serial completes it (ledger, the family told). */
export const markTransferredMutation = mutationOptions({
  mutationKey: [...moneyKeys.refunds(), 'transferred'],
  mutationFn: ({ id, bankSerial }: { id: number; bankSerial: string }) =>
    api.post<Data<RefundView>>(`/api/admin/refunds/${id}/transferred`, { bankSerial }, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => moneyChanged(client),
});

/** A bank transfer arrived: settled like a gateway's notification (amount in integer fen, the bank's serial). */
export const confirmTransferMutation = mutationOptions({
  mutationKey: [...moneyKeys.orders(), 'confirmTransfer'],
  mutationFn: ({ id, amountFen, bankSerial }: { id: number; amountFen: number; bankSerial: string }) =>
    api.post<Data<OrderView>>(`/api/admin/orders/${id}/confirmTransfer`, { amountFen, bankSerial }, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => moneyChanged(client),
});

export const cancelOrderMutation = mutationOptions({
  mutationKey: [...moneyKeys.orders(), 'cancel'],
  mutationFn: (id: number) => api.post<Data<OrderView>>(`/api/admin/orders/${id}/cancel`, undefined, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => moneyChanged(client),
});

export type RefundDecision = { approve: true; ratio: RefundRatio; deductFen?: number; reason?: string } | { approve: false; reason: string };

/** Approve with a ratio of spec 9 (the server computes the amount), or reject with the required reason. */
export const decideRefundMutation = mutationOptions({
  mutationKey: [...moneyKeys.refunds(), 'decide'],
  mutationFn: ({ id, decision }: { id: number; decision: RefundDecision }) =>
    api.post<Data<RefundView>>(`/api/admin/refunds/${id}/decide`, decision, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => moneyChanged(client),
});

/** Issue a pending invoice: the server draws the PDF, or staff upload theirs; or reject it with a reason. */
export const invoiceActionMutation = mutationOptions({
  mutationKey: [...moneyKeys.invoices(), 'action'],
  mutationFn: (a: { id: number; kind: 'generate' } | { id: number; kind: 'upload'; file: File } | { id: number; kind: 'reject'; reason: string }) => {
    const base = `/api/admin/invoices/${a.id}`;
    if (a.kind === 'generate') return api.post<Data<InvoiceView>>(`${base}/generate`, undefined, { silent: true, timeoutMs: 60_000 });
    if (a.kind === 'reject') return api.post<Data<InvoiceView>>(`${base}/reject`, { reason: a.reason }, { silent: true });
    const form = new FormData();
    form.append('file', a.file);
    return api.post<Data<InvoiceView>>(`${base}/upload`, form, { silent: true, timeoutMs: 120_000 });
  },
  onSuccess: (_res, _v, _r, { client }) => client.invalidateQueries({ queryKey: moneyKeys.all }),
});

/** The issued PDF as a download (the client reads a JSON error blob for its message). */
export const downloadInvoiceMutation = mutationOptions({
  mutationKey: [...moneyKeys.invoices(), 'download'],
  mutationFn: (inv: { id: number; invoiceNo: string | null }) =>
    api.get<Blob>(`/api/admin/invoices/download/${inv.id}`, { responseType: 'blob', timeoutMs: 120_000 }).then((blob) => ({ blob, inv })),
  onSuccess: ({ blob, inv }) => saveBlob(blob, `invoice-${inv.invoiceNo ?? inv.id}.pdf`),
});

/** Ask the gateways about every order waiting for money now (the job also runs on its own). */
export const reconcileMutation = mutationOptions({
  mutationKey: [...moneyKeys.reconciliation(), 'run'],
  mutationFn: () => api.post<Data<ReconcileResult>>('/api/admin/reconciliation/run', undefined, { silent: true, timeoutMs: 120_000 }).then((r) => r.data),
  onSuccess: (_res, _v, _r, { client }) => moneyChanged(client),
});

/** Staff cancel a player's registration (payStatus 6) with a required reason; what was paid goes back in full. */
export const cancelPlayerMutation = mutationOptions({
  mutationKey: ['admin', 'players', 'cancel'],
  mutationFn: ({ id, reason }: { id: number; reason: string }) =>
    api.post<Data<{ payStatus: number; refundFen: number }> & { resultStr: string }>(`/api/admin/players/${id}/cancel`, { reason }, { silent: true }),
  onSuccess: (_res, _v, _r, { client }) => Promise.all([moneyChanged(client), client.invalidateQueries({ queryKey: resourceKeys.resource('players') })]),
});
