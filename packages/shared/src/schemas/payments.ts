import { z } from 'zod';
import { ORDER_DISPLAY, ORDER_MAX_ITEMS, PAY_CHANNELS, REFUND_RATIOS, REFUND_STATUSES, TAX_NO_PATTERN } from '../rules/money';
import { dbId, envelope } from './common';
import { ticketOrderFields } from './tickets';

/** The API contract of the money path (issue 10): orders, payments, refunds, invoices, bank accounts. */

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    ...envelope,
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });

/** Our order numbers: letters and digits only (also what the gateways see). */
export const orderNo = z
  .string('validation.invalidType')
  .trim()
  .regex(/^[A-Z0-9]{8,32}$/, 'validation.invalid');
const idList = z.array(dbId).min(1, 'validation.required').max(ORDER_MAX_ITEMS, 'validation.tooBig');

export const payChannel = z.enum(PAY_CHANNELS, 'validation.invalidOption');
/** desktop: Native QR; mobile: H5; jsapi: inside WeChat's browser (WeChat Pay only, the payer's openid) */
export const payScene = z.enum(['desktop', 'mobile', 'jsapi'], 'validation.invalidOption');

// ——— placing orders ———
/**
 * POST api/lOrder/web/createOrder: type 1 buys codes (planId × quantity); type 2 pays the fee of players
 * (memberIds) or of a team's unpaid players (teamId).
 */
export const createOrderBody = z
  .object({
    activityId: dbId,
    type: z.union([z.literal(1), z.literal(2), z.literal(3)], 'validation.invalidOption'),
    planId: dbId.optional(),
    quantity: z
      .number('validation.invalidType')
      .int('validation.invalidType')
      .min(1, 'validation.tooSmall')
      .max(ORDER_MAX_ITEMS, 'validation.tooBig')
      .optional(),
    memberIds: idList.optional(),
    teamId: dbId.optional(),
    payerPhone: z.string().trim().max(20, 'validation.tooLong').optional(),
    // type 3 (issue 11): a ticket × its visitors
    ...ticketOrderFields,
  })
  .strict();

/** POST api/lTeam/web/pay (spec 7.4): the fee of a team's unpaid players, or of some of them. */
export const teamPayBody = z.object({ activityId: dbId, teamId: dbId, memberIds: idList.optional() }).strict();

/** POST api/lOrder/web/pay: start (or resume) paying an order with a channel. */
export const payOrderBody = z.object({ orderNo, channel: payChannel, scene: payScene.default('desktop') }).strict();

export const paymentAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qr'), codeUrl: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('bank'), reference: z.string() }),
  /** JSAPI pay: what the page hands to WeixinJSBridge.invoke('getBrandWCPayRequest', …), signed by the merchant (RSA) */
  z.object({
    kind: z.literal('jsapi'),
    appId: z.string(),
    timeStamp: z.string(),
    nonceStr: z.string(),
    package: z.string(),
    signType: z.literal('RSA'),
    paySign: z.string(),
  }),
]);
export type PaymentActionWire = z.infer<typeof paymentAction>;

export const orderItemView = z.object({
  id: z.number().int(),
  kind: z.enum(['code', 'member', 'ticket']),
  label: z.string(),
  priceFen: z.number().int(),
  status: z.string(),
  refundedFen: z.number().int(),
  memberId: z.number().int().nullable(),
  codeName: z.string().nullable(),
  /** a refund may be asked for this item now */
  refundable: z.boolean(),
});

export const refundView = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  orderNo: z.string(),
  kind: z.string(),
  status: z.enum(REFUND_STATUSES),
  baseFen: z.number().int(),
  tierPerMille: z.number().int(),
  requestedFen: z.number().int(),
  ratio: z.string().nullable(),
  amountFen: z.number().int().nullable(),
  reason: z.string(),
  rejectReason: z.string().nullable(),
  /** staff's reason for approving below the tier the member was quoted (issue 24) */
  decisionReason: z.string(),
  /**
   * A refund of a bank-paid order (issue 34): staff transfer it back by hand, so it stays processing until they
   * record the bank serial. payee: the account it goes to (number masked), null until recorded; null otherwise.
   */
  bankTransfer: z
    .object({
      payee: z.object({ name: z.string(), bank: z.string(), accountMasked: z.string() }).nullable(),
      serial: z.string().nullable(),
    })
    .nullable(),
  itemIds: z.array(z.number().int()),
  items: z.array(z.object({ id: z.number().int(), label: z.string(), priceFen: z.number().int() })),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

export const invoiceView = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  invoiceNo: z.string().nullable(),
  status: z.enum(['pending', 'issued', 'rejected']),
  titleType: z.enum(['personal', 'company']),
  kind: z.enum(['ordinary', 'special']),
  companyName: z.string(),
  taxNo: z.string(),
  registeredAddress: z.string(),
  registeredPhone: z.string(),
  bank: z.string(),
  bankAccount: z.string(),
  contact: z.string(),
  receivingAddress: z.string(),
  amountFen: z.number().int(),
  rejectReason: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  /** where the issued PDF downloads (owner or staff), null until issued */
  downloadUrl: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

export const orderView = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  /** spec 4.3 payment vocabulary */
  status: z.enum(ORDER_DISPLAY),
  /** why a cancelled order closed: expired, user, staff */
  closeReason: z.string().nullable(),
  amountFen: z.number().int(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
  /** spec 3 'balance': what is left after refunds */
  balanceFen: z.number().int(),
  /** what an invoice of this order states now (rules/money invoiceableFen): lines whose refund is under way are left out */
  invoiceableFen: z.number().int(),
  channel: z.string().nullable(),
  payerPhone: z.string().nullable(),
  planId: z.number().int().nullable(),
  /** how many the order is for: codes bought, or the players whose fees it pays (issue 34) */
  quantity: z.number().int(),
  teamId: z.number().int().nullable(),
  /** the team's name and number ("猫头鹰队 (12-0001)"), for people; null without a team */
  teamName: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(orderItemView),
  /** the open payment attempt the payer may continue with */
  payment: z.object({ channel: payChannel, outTradeNo: z.string(), status: z.string(), action: paymentAction, expiresAt: z.string() }).nullable(),
  /** the latest attempt's state (paid / failed / closed / …) for the result page */
  lastAttempt: z.object({ channel: payChannel, status: z.string() }).nullable(),
  refunds: z.array(refundView),
  invoice: invoiceView.nullable(),
  /** the tier a refund asked now would get (spec 9) */
  refundTier: z.object({ daysBefore: z.number().int(), perMille: z.number().int() }),
  refundEnabled: z.boolean(),
});
export type OrderView = z.infer<typeof orderView>;

export const orderResponse = z.object({ ...envelope, data: orderView });
export const payResponse = z.object({ ...envelope, data: z.object({ order: orderView, action: paymentAction }) });
export const orderListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  activityId: dbId.optional(),
  status: z.enum(ORDER_DISPLAY).optional(),
});
export const orderListResponse = page(orderView);
export const orderNoQuery = z.object({ orderNo });
export const orderNoBody = z.object({ orderNo }).strict();

/** GET api/lOrder/wx/notify/find and the other lookups: has the gateway's notification for this order arrived? */
export const notifyFindResponse = z.object({
  ...envelope,
  data: z.object({ orderNo: z.string(), status: z.enum(ORDER_DISPLAY), paid: z.boolean(), channel: z.string().nullable(), paidAt: z.string().nullable() }),
});

/** The offer of /activityOrder: plans with price and stock, channels, refund policy context. */
export const checkoutQuery = z.object({ activityId: dbId });
export const checkoutResponse = z.object({
  ...envelope,
  data: z.object({
    activityId: z.number().int(),
    activityName: z.string(),
    beginTime: z.string(),
    refundEnabled: z.boolean(),
    plans: z.array(
      z.object({ id: z.number().int(), name: z.string(), priceFen: z.number().int(), codeType: z.number().int(), stock: z.number().int().nullable() }),
    ),
    channels: z.array(payChannel),
    /** WeChat Pay can be paid inside WeChat's browser (JSAPI: the official account gives the payer's openid) */
    wechatJsapi: z.boolean(),
    expireMinutes: z.number().int(),
    refundTier: z.object({ daysBefore: z.number().int(), perMille: z.number().int() }),
  }),
});

/**
 * GET api/lOrder/web/feePreview (issue 24): the players a fee order would carry and the total, before any
 * order exists — nothing is created or held. Same choice as teamPay / createOrder type 2: a team's unpaid
 * players, or the given ones.
 */
export const feePreviewQuery = z.object({
  activityId: dbId,
  teamId: dbId.optional(),
  memberIds: z
    .union([dbId, z.array(dbId).max(ORDER_MAX_ITEMS, 'validation.tooBig')])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
export const feePreviewResponse = z.object({
  ...envelope,
  data: z.object({
    players: z.array(z.object({ id: z.number().int(), name: z.string(), teamName: z.string(), priceFen: z.number().int() })),
    totalFen: z.number().int(),
  }),
});
export type FeePreview = z.infer<typeof feePreviewResponse>['data'];

/** Team fee labels (spec 3): total fee, paid amount, amount to be paid. */
export const teamFeesQuery = z.object({ activityId: dbId, teamId: dbId.optional() });
export const teamFeesResponse = z.object({
  ...envelope,
  data: z.array(
    z.object({
      teamId: z.number().int(),
      totalFen: z.number().int(),
      paidFen: z.number().int(),
      dueFen: z.number().int(),
      /** players that can be paid for now */
      payableMemberIds: z.array(z.number().int()),
      /** what each active player not yet settled owes, and whether she can be paid for now (issue 34) */
      owed: z.array(z.object({ memberId: z.number().int(), name: z.string(), payStatus: z.number().int(), dueFen: z.number().int(), payable: z.boolean() })),
    }),
  ),
});

// ——— refunds ———
export const refundPreviewQuery = z.object({ orderNo, itemIds: z.union([dbId, z.array(dbId)]).transform((v) => (Array.isArray(v) ? v : [v])) });
export const refundPreviewResponse = z.object({
  ...envelope,
  data: z.object({ baseFen: z.number().int(), daysBefore: z.number().int(), perMille: z.number().int(), fen: z.number().int() }),
});
export const refundRequestBody = z
  .object({
    orderNo,
    itemIds: idList,
    reason: z.string().trim().max(200, 'validation.tooLong').default(''),
  })
  .strict();
export const refundResponse = z.object({ ...envelope, data: refundView });
export const refundNoBody = z
  .object({
    refundNo: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{8,40}$/, 'validation.invalid'),
  })
  .strict();

/** Staff: approve with a ratio of spec 9 (below the member's tier with a reason), or reject with a reason (required, spec 5). */
export const refundDecisionBody = z.discriminatedUnion(
  'approve',
  [
    z
      .object({
        approve: z.literal(true),
        ratio: z.enum(REFUND_RATIOS, 'validation.required'),
        deductFen: z
          .number('validation.invalidType')
          .int('validation.invalidType')
          .min(0, 'validation.tooSmall')
          .max(100_000_000, 'validation.tooBig')
          .optional(),
        /** required when the amount is below the tier the member was quoted (issue 24; checked by the server) */
        reason: z.string('validation.invalidType').trim().max(200, 'validation.tooLong').optional(),
      })
      .strict(),
    z
      .object({ approve: z.literal(false), reason: z.string('validation.required').trim().min(1, 'validation.required').max(200, 'validation.tooLong') })
      .strict(),
  ],
  'validation.required',
);

// ——— invoices ———
const text = (max: number) => z.string('validation.invalidType').trim().max(max, 'validation.tooLong');
export const invoiceApplyBody = z
  .object({
    orderNo,
    titleType: z.enum(['personal', 'company'], 'validation.invalidOption'),
    kind: z.enum(['ordinary', 'special'], 'validation.invalidOption').default('ordinary'),
    companyName: text(100).min(1, 'validation.required'),
    taxNo: text(20).default(''),
    registeredAddress: text(200).default(''),
    registeredPhone: text(30).default(''),
    bank: text(100).default(''),
    bankAccount: text(40).default(''),
    contact: text(50).min(1, 'validation.required'),
    receivingAddress: text(200).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    // a company title needs its tax number; a special VAT invoice needs every business detail (spec 3)
    if (v.titleType === 'company' && !TAX_NO_PATTERN.test(v.taxNo))
      ctx.addIssue({ code: 'custom', path: ['taxNo'], message: v.taxNo ? 'pay.taxNoInvalid' : 'validation.required' });
    if (v.titleType === 'personal' && v.taxNo && !TAX_NO_PATTERN.test(v.taxNo)) ctx.addIssue({ code: 'custom', path: ['taxNo'], message: 'pay.taxNoInvalid' });
    if (v.kind === 'special') {
      if (v.titleType !== 'company') ctx.addIssue({ code: 'custom', path: ['kind'], message: 'validation.invalidOption' });
      for (const k of ['registeredAddress', 'registeredPhone', 'bank', 'bankAccount', 'receivingAddress'] as const)
        if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'validation.required' });
    }
  });
export type InvoiceApplyBody = z.infer<typeof invoiceApplyBody>;
export const invoiceResponse = z.object({ ...envelope, data: invoiceView });

// ——— bank accounts (GET api/lBankAccount/web/list, spec 7.3) ———
export const bankAccountQuery = z.object({ activityId: dbId.optional() });
export const bankAccountView = z.object({ id: z.number().int(), accountName: z.string(), bankName: z.string(), accountNo: z.string(), remark: z.string() });
export const bankAccountListResponse = z.object({ ...envelope, content: z.array(bankAccountView) });

// ——— admin ———
export const adminIdParams = z.object({ id: dbId });
export const adminRefundListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(REFUND_STATUSES).optional(),
});
export const adminRefundView = refundView.extend({
  userId: z.number().int().nullable(),
  activityId: z.number().int(),
  channel: z.string(),
  persons: z.number().int(),
});
export const adminRefundListResponse = page(adminRefundView);
/** The account a bank-paid refund is transferred back to (issue 34); the number is stored encrypted. */
export const refundPayeeBody = z
  .object({
    name: z.string('validation.required').trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    bank: z.string('validation.required').trim().min(2, 'validation.tooShort').max(100, 'validation.tooLong'),
    accountNo: z
      .string('validation.required')
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[0-9A-Za-z]{6,34}$/, 'pay.payeeAccountInvalid')),
  })
  .strict();
/** Staff transferred a bank-paid refund back: the bank serial of that transfer. */
export const refundTransferredBody = z
  .object({ bankSerial: z.string('validation.required').trim().min(4, 'validation.tooShort').max(64, 'validation.tooLong') })
  .strict();
export const payeeAccountResponse = z.object({ ...envelope, data: z.object({ accountNo: z.string() }) });
/** Reconciliation's money owed (issue 34): bank-paid refunds approved and not yet transferred back. */
export const owedRefundsResponse = page(adminRefundView);
export const adminInvoiceListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(['pending', 'issued', 'rejected']).optional(),
});
export const adminInvoiceListResponse = page(invoiceView.extend({ userId: z.number().int() }));
export const invoiceRejectBody = z
  .object({ reason: z.string('validation.required').trim().min(1, 'validation.required').max(200, 'validation.tooLong') })
  .strict();
export const confirmTransferBody = z
  .object({
    amountFen: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(2_000_000_000, 'validation.tooBig'),
    /** the bank's serial number of the incoming transfer */
    bankSerial: z.string('validation.required').trim().min(4, 'validation.tooShort').max(64, 'validation.tooLong'),
  })
  .strict();
export const reconcileResponse = z.object({
  ...envelope,
  data: z.object({
    checked: z.number().int(),
    paid: z.number().int(),
    expired: z.number().int(),
    refundsChecked: z.number().int(),
    lastRunAt: z.string().nullable(),
  }),
});
export const pendingOrdersResponse = page(
  z.object({
    id: z.number().int(),
    orderNo: z.string(),
    userId: z.number().int(),
    activityId: z.number().int(),
    amountFen: z.number().int(),
    channel: z.string(),
    outTradeNo: z.string(),
    paymentStatus: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
    lastQueriedAt: z.string().nullable(),
  }),
);

/** Staff cancel a player's registration (payStatus → 6, spec 4.1); a paid fee goes back in full. */
export const cancelPlayerBody = z
  .object({ reason: z.string('validation.required').trim().min(1, 'validation.required').max(200, 'validation.tooLong') })
  .strict();
export const cancelPlayerResponse = z.object({ ...envelope, data: z.object({ payStatus: z.number().int(), refundFen: z.number().int() }) });
