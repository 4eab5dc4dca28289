import { sql } from 'drizzle-orm';
import {
  ORDER_CHANNELS,
  ORDER_CLOSE_REASONS,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_TITLE_TYPES,
  LEDGER_KINDS,
  ORDER_ITEM_KINDS,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  PAYMENT_SCENES,
  PAYMENT_STATUSES,
  PAY_CHANNELS,
  REFUND_KINDS,
  REFUND_STATUSES,
  SANDBOX_REFUND_STATUSES,
  SANDBOX_TRADE_STATUSES,
  ACCOUNT_LANGS,
} from '@rp/shared';
import { oneOf, oneOfInts } from './states';
import { pgTable, serial, text, integer, timestamp, boolean, index, uniqueIndex, check, primaryKey } from 'drizzle-orm/pg-core';
import { ORDER_TYPES } from '@rp/shared/int-states';
import { users } from './users';
import { activities, plans } from './content';
import { redeemCodes, teamMembers, teams } from './registration';

/**
 * Orders (issue 10). Money is integer fen. The stored status is the order's own life (unpaid → paid |
 * cancelled | abnormal); "in progress", "refund in progress" and "refunded" of spec 4.3 are derived from its
 * payments and refunds (present.ts), so no two columns can disagree.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    /** 1 codes (plan × quantity), 2 registration fee of players (a team's or selected ones) */
    type: integer('type').notNull(),
    /** 'unpaid' | 'paid' | 'cancelled' | 'abnormal' */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    /** why a cancelled order closed: 'expired' | 'user' | 'staff' */
    closeReason: text('close_reason', { enum: ORDER_CLOSE_REASONS }),
    amountFen: integer('amount_fen').notNull(),
    paidFen: integer('paid_fen').notNull().default(0),
    refundedFen: integer('refunded_fen').notNull().default(0),
    planId: integer('plan_id').references(() => plans.id),
    quantity: integer('quantity').notNull().default(0),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** the channel and trade of the payment that paid it */
    channel: text('channel', { enum: ORDER_CHANNELS }),
    providerTradeNo: text('provider_trade_no'),
    payerPhone: text('payer_phone'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_status_expiry_idx').on(t.status, t.expiresAt),
    index('orders_activity_idx').on(t.activityId, t.status),
    check('orders_amounts_ok', sql`${t.amountFen} >= 0 and ${t.paidFen} >= 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.paidFen}`),
    oneOf('orders_status_ck', t.status, ORDER_STATUSES),
    oneOf('orders_close_reason_ck', t.closeReason, ORDER_CLOSE_REASONS),
    oneOf('orders_channel_ck', t.channel, ORDER_CHANNELS),
    oneOfInts('orders_type_ck', t.type, ORDER_TYPES),
  ],
);

/** What an order buys: one row per code or per player, so a group order can be refunded in part. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'code' | 'member' */
    kind: text('kind', { enum: ORDER_ITEM_KINDS }).notNull(),
    memberId: integer('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    /** the code granted when the order was paid (kind 'code') */
    codeId: integer('code_id').references(() => redeemCodes.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => plans.id),
    /** the player's name or the plan's name when ordered (shown on the order and the invoice) */
    label: text('label').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    /** 'held' (order unpaid) | 'active' (paid) | 'refunding' | 'refunded' | 'released' (order closed unpaid) */
    status: text('status', { enum: ORDER_ITEM_STATUSES }).notNull().default('held'),
    refundedFen: integer('refunded_fen').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_member_idx').on(t.memberId),
    // one unpaid order holds a player at a time (the member row lock decides first; this is the backstop)
    uniqueIndex('order_items_member_held_uq')
      .on(t.memberId)
      .where(sql`${t.status} = 'held' and ${t.memberId} is not null`),
    check('order_items_amounts_ok', sql`${t.priceFen} >= 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.priceFen}`),
    oneOf('order_items_kind_ck', t.kind, ORDER_ITEM_KINDS),
    oneOf('order_items_status_ck', t.status, ORDER_ITEM_STATUSES),
  ],
);

/** Payment attempts: one per channel and try; the gateway knows it by outTradeNo. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: PAY_CHANNELS }).notNull(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    /** 'created' | 'paid' | 'failed' | 'closed' | 'abnormal' (paid with another amount) */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /** 'desktop' | 'mobile' */
    scene: text('scene', { enum: PAYMENT_SCENES }).notNull().default('desktop'),
    /** what the payer does next (JSON of PaymentAction), reused while the attempt is open */
    action: text('action').notNull().default('{}'),
    providerTradeNo: text('provider_trade_no'),
    /** the amount the gateway said it took (may differ: then status 'abnormal') */
    receivedFen: integer('received_fen'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_status_idx').on(t.status, t.createdAt),
    uniqueIndex('payments_provider_trade_uq')
      .on(t.channel, t.providerTradeNo)
      .where(sql`${t.providerTradeNo} is not null`),
    oneOf('payments_channel_ck', t.channel, PAY_CHANNELS),
    oneOf('payments_status_ck', t.status, PAYMENT_STATUSES),
    oneOf('payments_scene_ck', t.scene, PAYMENT_SCENES),
  ],
);

/** Refunds: a member's request (tiered), a withdrawal's, or an automatic one (a payment nobody can use). */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: text('refund_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'request' | 'withdrawal' | 'auto' */
    kind: text('kind', { enum: REFUND_KINDS }).notNull().default('request'),
    /** 'pending' (waits for staff) | 'processing' | 'success' | 'failed' | 'rejected' | 'cancelled' (by the member) */
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** what the items were paid */
    baseFen: integer('base_fen').notNull(),
    /** the tier of spec 9 when asked, and what it gives */
    tierPerMille: integer('tier_per_mille').notNull().default(0),
    requestedFen: integer('requested_fen').notNull().default(0),
    /** staff's choice: '994' | '800' | '700' | '500' | '300' | 'minus90' | 'fixed' | 'tier' | 'full' */
    ratio: text('ratio'),
    deductFen: integer('deduct_fen'),
    /** the amount going back */
    amountFen: integer('amount_fen'),
    reason: text('reason').notNull().default(''),
    rejectReason: text('reject_reason'),
    /** staff's reason for approving below the tier the member was quoted (required then), shown to the member */
    decisionReason: text('decision_reason').notNull().default(''),
    failReason: text('fail_reason'),
    /** the gateway's refund number; a bank transfer's: the bank serial of the transfer back, recorded by staff */
    providerRefundNo: text('provider_refund_no'),
    /** a bank-paid refund (issue 34): the account staff transfer it back to — holder, bank, number (AES-GCM, lib/pii) and its masked copy */
    payeeName: text('payee_name'),
    payeeBank: text('payee_bank'),
    payeeAccountEnc: text('payee_account_enc'),
    payeeAccountMasked: text('payee_account_masked'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.createdAt),
    check(
      'refunds_amounts_ok',
      sql`${t.baseFen} >= 0 and ${t.requestedFen} >= 0 and (${t.amountFen} is null or (${t.amountFen} >= 0 and ${t.amountFen} <= ${t.baseFen}))`,
    ),
    oneOf('refunds_kind_ck', t.kind, REFUND_KINDS),
    oneOf('refunds_status_ck', t.status, REFUND_STATUSES),
  ],
);

export const refundItems = pgTable(
  'refund_items',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.itemId] }), index('refund_items_item_idx').on(t.itemId)],
);

/**
 * The ledger: every payment (+), refund (−) and adjustment is one row, never updated or deleted (a trigger
 * refuses it). Per order: sum(amount) = paidFen − refundedFen (scripts/check-ledger.mjs proves it). The
 * gateway's own reference is unique per kind and channel, so a replayed notification writes nothing.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id').references(() => payments.id),
    refundId: integer('refund_id').references(() => refunds.id),
    /** 'payment' | 'refund' | 'adjustment' */
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    channel: text('channel', { enum: PAY_CHANNELS }).notNull(),
    providerRef: text('provider_ref').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_provider_ref_uq').on(t.kind, t.channel, t.providerRef),
    index('ledger_order_idx').on(t.orderId),
    oneOf('ledger_kind_ck', t.kind, LEDGER_KINDS),
    oneOf('ledger_channel_ck', t.channel, PAY_CHANNELS),
  ],
);

/** Invoice requests for paid orders (spec 3), issued by staff as a PDF. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNo: text('invoice_no').unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'issued' | 'rejected' */
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('pending'),
    /** 'personal' | 'company' */
    titleType: text('title_type', { enum: INVOICE_TITLE_TYPES }).notNull(),
    /** 'ordinary' | 'special' (special VAT invoice) */
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('ordinary'),
    companyName: text('company_name').notNull(),
    taxNo: text('tax_no').notNull().default(''),
    registeredAddress: text('registered_address').notNull().default(''),
    registeredPhone: text('registered_phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    contact: text('contact').notNull().default(''),
    receivingAddress: text('receiving_address').notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    /** the language the member asked in: the PDF is written in it, whoever generates it */
    lang: text('lang', { enum: ACCOUNT_LANGS }).notNull().default('zh'),
    /** the issued PDF in Storage (private) */
    fileKey: text('file_key'),
    rejectReason: text('reject_reason'),
    issuedBy: integer('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId),
    // one live request per order; a rejected one may be asked again
    uniqueIndex('invoices_order_live_uq')
      .on(t.orderId)
      .where(sql`${t.status} <> 'rejected'`),
    oneOf('invoices_status_ck', t.status, INVOICE_STATUSES),
    oneOf('invoices_title_type_ck', t.titleType, INVOICE_TITLE_TYPES),
    oneOf('invoices_kind_ck', t.kind, INVOICE_KINDS),
    oneOf('invoices_lang_ck', t.lang, ACCOUNT_LANGS),
  ],
);

/** The organiser's accounts for bank transfers (GET api/lBankAccount/web/list). activityId null = every activity. */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
  accountName: text('account_name').notNull(),
  bankNameZh: text('bank_name_zh').notNull(),
  bankNameEn: text('bank_name_en').notNull().default(''),
  accountNo: text('account_no').notNull(),
  remarkZh: text('remark_zh').notNull().default(''),
  remarkEn: text('remark_en').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * The sandbox gateway's own books (it stands in for an outside service, so it keeps its state apart from
 * ours; in the database so that every instance can serve its hosted page and deliver its notifications).
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    outTradeNo: text('out_trade_no').primaryKey(),
    tradeNo: text('trade_no').notNull().unique(),
    /** the random id of the hosted page (the trade number is not enough to pay someone's trade) */
    pageToken: text('page_token').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    /** 'pending' | 'paid' | 'failed' | 'closed' */
    status: text('status', { enum: SANDBOX_TRADE_STATUSES }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('sandbox_trades_status_ck', t.status, SANDBOX_TRADE_STATUSES)],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    outRefundNo: text('out_refund_no').primaryKey(),
    outTradeNo: text('out_trade_no').notNull(),
    refundNo: text('refund_no').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    /** 'processing' | 'success' */
    status: text('status', { enum: SANDBOX_REFUND_STATUSES }).notNull().default('processing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('sandbox_refunds_status_ck', t.status, SANDBOX_REFUND_STATUSES)],
);

/**
 * Signed notifications of the sandbox gateway, retried with backoff like a gateway does: each is a job of the
 * one queue (lib/jobs.ts, queue `sandbox-notify`), whose run_at is its schedule.
 */
export const sandboxDeliveries = pgTable('sandbox_deliveries', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  lastStatus: integer('last_status'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
