import { ORDER_DISPLAY } from '../rules/money';
import type { ResourceDef } from './types';

/** An order's shown state (orderDisplayStatus: 已完成, 退款中 …), the one the detail and the member's list show (issue 34). */
const orderStatusOptions = ORDER_DISPLAY.map((v) => ({ value: v, labelKey: `admin:options.orderStatus.${v}` }));
const channelOptions = ['sandbox', 'wechat', 'alipay', 'bank'].map((v) => ({ value: v, labelKey: `admin:options.payChannel.${v}` }));

/** Orders: made by members' flows; staff filter (activity, account, status, channel, date), read and export. */
export const orderResource = {
  name: 'orders',
  labelKey: 'admin:resources.orders',
  read: 'payments.manage',
  write: 'payments.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'orderNo', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'userId', kind: 'ref', ref: 'accounts', readOnly: true, list: true, filter: 'like' },
    {
      name: 'type',
      kind: 'enum',
      options: [1, 2, 3].map((v) => ({ value: v, labelKey: `admin:options.orderType.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    // derived from the order's payments and refunds (the server's presentRows and filterWhere): not a sort of its own
    { name: 'status', kind: 'enum', options: orderStatusOptions, readOnly: true, list: true, filter: 'eq' },
    { name: 'closeReason', kind: 'text', readOnly: true },
    { name: 'amountFen', kind: 'money', readOnly: true, list: true, sortable: true },
    { name: 'paidFen', kind: 'money', readOnly: true, list: true },
    { name: 'refundedFen', kind: 'money', readOnly: true, list: true },
    { name: 'channel', kind: 'enum', options: channelOptions, readOnly: true, list: true, filter: 'eq' },
    { name: 'providerTradeNo', kind: 'text', readOnly: true, filter: 'like' },
    { name: 'payerPhone', kind: 'text', readOnly: true },
    { name: 'quantity', kind: 'int', readOnly: true },
    { name: 'expiresAt', kind: 'datetime', readOnly: true },
    { name: 'paidAt', kind: 'datetime', readOnly: true, list: true, sortable: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** Payment attempts at the gateways. */
export const paymentResource = {
  name: 'payments',
  labelKey: 'admin:resources.payments',
  read: 'payments.manage',
  write: 'payments.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'orderId', kind: 'ref', ref: 'orders', readOnly: true, list: true, filter: 'eq' },
    { name: 'channel', kind: 'enum', options: channelOptions, readOnly: true, list: true, filter: 'eq' },
    { name: 'outTradeNo', kind: 'text', readOnly: true, list: true, filter: 'like' },
    {
      name: 'status',
      kind: 'enum',
      options: ['created', 'paid', 'failed', 'closed', 'abnormal'].map((v) => ({ value: v, labelKey: `admin:options.paymentStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'amountFen', kind: 'money', readOnly: true, list: true },
    { name: 'receivedFen', kind: 'money', readOnly: true, list: true },
    { name: 'providerTradeNo', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
    { name: 'paidAt', kind: 'datetime', readOnly: true, list: true },
    { name: 'lastQueriedAt', kind: 'datetime', readOnly: true },
  ],
} as const satisfies ResourceDef;

/** The append-only ledger: every payment (+), refund (−) and adjustment. */
export const ledgerResource = {
  name: 'ledger',
  labelKey: 'admin:resources.ledger',
  read: 'payments.manage',
  write: 'payments.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'orderId', kind: 'ref', ref: 'orders', readOnly: true, list: true, filter: 'eq' },
    {
      name: 'kind',
      kind: 'enum',
      options: ['payment', 'refund', 'adjustment'].map((v) => ({ value: v, labelKey: `admin:options.ledgerKind.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'amountFen', kind: 'money', readOnly: true, list: true },
    { name: 'channel', kind: 'enum', options: channelOptions, readOnly: true, list: true, filter: 'eq' },
    { name: 'providerRef', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'note', kind: 'text', readOnly: true, list: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** The organiser's bank accounts for transfers (GET api/lBankAccount/web/list). */
export const bankAccountResource = {
  name: 'bankAccounts',
  labelKey: 'admin:resources.bankAccounts',
  read: 'payments.manage',
  write: 'payments.manage',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', list: true, filter: 'eq' },
    { name: 'accountName', kind: 'text', required: true, max: 100, list: true },
    { name: 'bankName', kind: 'text', i18n: true, required: true, max: 100, list: true },
    { name: 'accountNo', kind: 'text', required: true, max: 40, list: true },
    { name: 'remark', kind: 'textarea', i18n: true, max: 500 },
    { name: 'enabled', kind: 'boolean', list: true, default: true },
    { name: 'sort', kind: 'int', list: true, sortable: true, default: 0 },
  ],
} as const satisfies ResourceDef;

/** Plans: what a registration or a code costs, the code type it sells, and how many codes are left to sell. */
export const planResource = {
  name: 'plans',
  labelKey: 'admin:resources.plans',
  read: 'payments.manage',
  write: 'payments.manage',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'priceFen', kind: 'money', required: true, min: 0, max: 100_000_000, list: true, sortable: true },
    {
      name: 'codeType',
      kind: 'enum',
      options: [0, 10, 20].map((v) => ({ value: v, labelKey: `admin:options.codeType.${v}` })),
      default: 0,
      list: true,
    },
    { name: 'stock', kind: 'int', min: 0, max: 1_000_000, list: true },
  ],
} as const satisfies ResourceDef;

export const paymentResources = [orderResource, paymentResource, ledgerResource, bankAccountResource, planResource] as const;
