import { INVOICE_KINDS, INVOICE_TITLE_TYPES } from '../states';
import { REFUND_RATIOS, REFUND_STATUSES } from '../rules/money';
import type { FieldDef } from './types';

/**
 * What audit entries record beyond an admin definition's fields (issue 34): the decisions' own keys
 * (a refund's ratio and amounts, a withdrawal's type, an invoice's title type…), declared like fields so
 * the audit trail shows them with their label, in yuan, in percent, as choice labels or referenced
 * names — never the key or raw JSON. Labels: `admin:fields.<resource>.<field>` (labels.test.ts walks them).
 * Entries of `teamMembers` read with the `players` definition. A `ref` holding a list names every row; an
 * `int` holding a list counts them.
 */
const opts = (set: string, values: readonly (string | number)[]) => values.map((v) => ({ value: v, labelKey: `admin:options.${set}.${v}` }));
const payStatus = { name: 'payStatus', kind: 'enum', options: opts('payStatus', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) } as const satisfies FieldDef;
const reason = { name: 'reason', kind: 'text' } as const satisfies FieldDef;
const orderNo = { name: 'orderNo', kind: 'text' } as const satisfies FieldDef;

export const AUDIT_FIELDS: Readonly<Record<string, readonly FieldDef[]>> = {
  players: [
    reason,
    { name: 'type', kind: 'enum', options: opts('withdrawType', [2, 3]) },
    { name: 'refundFen', kind: 'money' },
    { name: 'headImg', kind: 'image' },
    { name: 'count', kind: 'int' },
    { name: 'rows', kind: 'int' },
  ],
  withdrawals: [
    payStatus,
    reason,
    { name: 'refundPerMille', kind: 'permille' },
    { name: 'refundFen', kind: 'money' },
    { name: 'refundDaysBefore', kind: 'int' },
  ],
  refunds: [
    { name: 'status', kind: 'enum', options: opts('refundStatus', REFUND_STATUSES) },
    orderNo,
    { name: 'itemIds', kind: 'int' },
    { name: 'baseFen', kind: 'money' },
    { name: 'tierPerMille', kind: 'permille' },
    { name: 'tierFen', kind: 'money' },
    { name: 'tierDaysBefore', kind: 'int' },
    { name: 'requestedFen', kind: 'money' },
    { name: 'ratio', kind: 'enum', options: opts('refundRatio', [...REFUND_RATIOS, 'tier', 'full']) },
    { name: 'deductFen', kind: 'money' },
    { name: 'amountFen', kind: 'money' },
    reason,
    { name: 'name', kind: 'text' },
    { name: 'bank', kind: 'text' },
    { name: 'account', kind: 'text' },
    { name: 'bankSerial', kind: 'text' },
  ],
  invoices: [
    orderNo,
    { name: 'titleType', kind: 'enum', options: opts('titleType', INVOICE_TITLE_TYPES) },
    { name: 'kind', kind: 'enum', options: opts('invoiceKind', INVOICE_KINDS) },
    { name: 'invoiceNo', kind: 'text' },
    reason,
  ],
  orders: [
    { name: 'members', kind: 'ref', ref: 'players' },
    { name: 'name', kind: 'text' },
  ],
  payments: [orderNo],
  redeemCodes: [
    { name: 'count', kind: 'int' },
    { name: 'codeIds', kind: 'int' },
  ],
  teams: [
    { name: 'teamIds', kind: 'ref', ref: 'teams' },
    { name: 'orgId', kind: 'ref', ref: 'channels' },
    { name: 'created', kind: 'int' },
  ],
  channelApplications: [{ name: 'code', kind: 'text' }, { name: 'rebatePerMille', kind: 'permille' }, reason],
  noticeSettings: [
    { name: 'sms', kind: 'boolean' },
    { name: 'wechat', kind: 'boolean' },
  ],
};
