/**
 * Every state machine's values, once (issue 21, finding 8): the database schema types its column with them
 * (drizzle's text enum: a misspelt state does not compile) and refuses any other value with a CHECK
 * constraint (apps/server/src/db/schema/states.ts), and zod schemas take them with z.enum. Four live with
 * their rules: PAY_CHANNELS and REFUND_STATUSES (rules/money.ts), SESSION_KINDS (rules/tickets.ts),
 * AWARD_KINDS (schemas/awards.ts).
 */
export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled', 'abnormal'] as const;
/** what paid an order: a payment channel, or nothing to pay (a free order) */
export const ORDER_CHANNELS = ['sandbox', 'wechat', 'alipay', 'bank', 'free'] as const;
/** why a cancelled order closed */
export const ORDER_CLOSE_REASONS = ['expired', 'user', 'staff'] as const;
/** a code bought, a player's fee, a visitor's ticket */
export const ORDER_ITEM_KINDS = ['code', 'member', 'ticket'] as const;
/** held (order unpaid) | active (paid) | refunding | refunded | released (order closed unpaid) */
export const ORDER_ITEM_STATUSES = ['held', 'active', 'refunding', 'refunded', 'released'] as const;
/** abnormal: paid with another amount */
export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'closed', 'abnormal'] as const;
/** desktop: Native QR; mobile: H5 (phone browsers); jsapi: inside WeChat's own browser (the payer's openid) */
export const PAYMENT_SCENES = ['desktop', 'mobile', 'jsapi'] as const;
/** a member's request (tiered), a withdrawal's, an automatic one (a payment nobody can use), staff cancelling */
export const REFUND_KINDS = ['request', 'withdrawal', 'auto', 'cancel'] as const;
export const LEDGER_KINDS = ['payment', 'refund', 'adjustment'] as const;
export const INVOICE_STATUSES = ['pending', 'issued', 'rejected'] as const;
export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export const INVOICE_KINDS = ['ordinary', 'special'] as const;
export const SANDBOX_TRADE_STATUSES = ['pending', 'paid', 'failed', 'closed'] as const;
export const SANDBOX_REFUND_STATUSES = ['processing', 'success'] as const;
/** void: reissued or revoked */
export const CERTIFICATE_STATUSES = ['valid', 'void'] as const;
export const VOLUNTEER_STATUSES = ['applied', 'preGrouped', 'admitted', 'reassigned', 'confirmed', 'full'] as const;
/** pending → approved | rejected: channel applications, withdrawals, player change requests */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** accrued (paid; final once the refund window closes) | void (refunded) */
export const REBATE_STATUSES = ['accrued', 'void'] as const;
export const REBATE_WITHDRAWAL_STATUSES = ['paying', 'completed', 'abnormal'] as const;
/** refunding: a bought code whose refund is under way (it can no longer be redeemed) */
export const REDEEM_CODE_STATUSES = ['available', 'used', 'void', 'refunding'] as const;
export const FEEDBACK_STATUSES = ['new', 'answered'] as const;
export const VISITOR_STATUSES = ['held', 'valid', 'used', 'refunding', 'refunded', 'released'] as const;
export const CHECKIN_RESULTS = ['admitted', 'used', 'unknown', 'notValid', 'otherSession'] as const;
/**
 * An offline gate's scan as the server applied it (issue 38): admitted; used (the gate refused it too, the pass was
 * used); conflict (the gate admitted it offline, the pass had been admitted elsewhere: one admission kept); refused
 * (the gate refused a pass still valid: nothing changes); unknown, otherSession, notValid; clockOff (its time is far
 * from the server's); nonceReused (a counter this device already sent with other contents)
 */
export const GATE_SCAN_OUTCOMES = ['admitted', 'used', 'conflict', 'refused', 'unknown', 'otherSession', 'notValid', 'clockOff', 'nonceReused'] as const;
export type GateScanOutcome = (typeof GATE_SCAN_OUTCOMES)[number];
/** an SMS handed to the provider and accepted, or refused by it */
export const SMS_STATUSES = ['sent', 'failed'] as const;
/** the events a family may be told about by SMS or WeChat (issue 22); each is switched on by the organiser */
export const NOTICE_EVENTS = ['review', 'payment', 'refund', 'withdrawal', 'waitlist', 'certificate'] as const;
export const NOTICE_CHANNELS = ['sms', 'wechat'] as const;
/** an account's language (notices go out in it) */
export const ACCOUNT_LANGS = ['zh', 'en'] as const;
/** pending (waiting or retrying) → sent | failed (given up, or nothing to send it to) */
export const NOTICE_JOB_STATUSES = ['pending', 'sent', 'failed'] as const;
export const WAITLIST_STATUSES = ['waiting', 'offered', 'done', 'expired', 'left'] as const;
/** a domain event's delivery to one outbox subscriber (issue 25): pending (waiting or retrying) → delivered | failed */
export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** a background job (issue 36, lib/jobs.ts): pending (due, leased or waiting to retry) → done | failed (given up; staff may retry) */
export const JOB_STATES = ['pending', 'done', 'failed'] as const;
/** an event's delivery to one webhook endpoint: pending (waiting or retrying) → succeeded | failed (after 24 h) */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** the two published policies (issue 37): the privacy policy and the rules for children's personal information */
export const POLICY_KINDS = ['privacy', 'children'] as const;
/** a guardian's consent for a player under 14: pending (link sent) → consented | refused; consented → withdrawn */
export const GUARDIAN_CONSENT_STATUSES = ['pending', 'consented', 'refused', 'withdrawn'] as const;
/** self: the account holder declared they are the parent or guardian; sms: the guardian answered a link sent by SMS */
export const GUARDIAN_CONSENT_METHODS = ['self', 'sms'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];
export type PolicyKind = (typeof POLICY_KINDS)[number];
export type GuardianConsentStatus = (typeof GUARDIAN_CONSENT_STATUSES)[number];
