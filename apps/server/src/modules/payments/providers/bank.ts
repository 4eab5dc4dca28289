import crypto from 'node:crypto';
import type { CreatePaymentInput, NotifyAck, NotifyEvent, PaymentAction, PaymentProvider, PaymentQueryResult, RefundResult } from './types';
import { NotifyRejected } from './types';

/** Letters and digits a person reads aloud and types without confusion (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A reference for the transfer's remark line: 8 characters (31^8 ≈ 8.5 × 10^11). */
export function bankReference(): string {
  return Array.from(crypto.randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * Bank transfer: no gateway. The payer transfers to the organiser's account (lBankAccount) quoting the
 * reference; staff confirm the incoming transfer in admin, which settles the order exactly like a
 * gateway's notification would (settle.ts). Refunds go back by the organiser's own bank, outside the
 * system: an approved one stays processing until staff record the serial of the transfer back
 * (settle.ts awaitBankTransfer, refunds.service.ts markRefundTransferred), so nothing here completes one.
 */
export class BankTransferProvider implements PaymentProvider {
  readonly channel = 'bank' as const;

  async createPayment(input: CreatePaymentInput): Promise<PaymentAction> {
    // the attempt's trade number carries the reference: BT<reference>
    return { kind: 'bank', reference: input.outTradeNo.replace(/^BT/, '') };
  }
  async queryPayment(): Promise<PaymentQueryResult> {
    return { state: 'pending' };
  }
  async closePayment(): Promise<void> {}
  async refund(): Promise<RefundResult> {
    return { state: 'processing' };
  }
  async queryRefund(): Promise<RefundResult> {
    return { state: 'processing' };
  }
  async parseNotify(): Promise<NotifyEvent> {
    throw new NotifyRejected('bank transfers have no notifications');
  }
  ack(ok: boolean): NotifyAck {
    return { status: ok ? 200 : 400, contentType: 'application/json', body: '{}' };
  }
}
