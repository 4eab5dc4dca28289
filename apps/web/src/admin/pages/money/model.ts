import { approvedRefundFen, type RefundRatio } from '@rp/shared/rules/money';

/**
 * Pure rules of the money screens (unit-tested in model.test.ts): amounts typed in yuan become integer
 * fen by string arithmetic (never `yuan * 100` on a float: 0.29 * 100 is 28.999…), the approve dialog's
 * live amount, and the reasons a rejection needs.
 */

/** Most fen a typed amount may carry (the server's ceiling of a confirmed transfer). */
export const MAX_FEN = 2_000_000_000;

/** '12', '12.3', '12.34', '1,234.50', '¥12' → integer fen; null when it is not an amount of yuan with at most 2 decimals. */
export function yuanToFen(text: string | null | undefined): number | null {
  const t = (text ?? '')
    .trim()
    .replace(/^[\u00a5\uffe5]\s*/, '')
    .trim();
  const m = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{0,2}))?$/.exec(t);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/,/g, ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const fen = whole * 100 + cents;
  return Number.isSafeInteger(fen) ? fen : null;
}

/** Integer fen → the plain yuan text an input starts with ('1234.50', no symbol, no grouping). */
export function fenToYuanText(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type AmountError = 'required' | 'invalid' | 'tooSmall' | 'tooLarge';

/** Why a typed amount of yuan cannot be sent (null: it can). */
export function amountError(text: string | null | undefined, { min = 1, max = MAX_FEN } = {}): AmountError | null {
  if (!text || !text.trim()) return 'required';
  const fen = yuanToFen(text);
  if (fen === null) return 'invalid';
  if (fen < min) return 'tooSmall';
  if (fen > max) return 'tooLarge';
  return null;
}

/** Bank serial of an incoming transfer: 4–64 characters (confirmTransferBody). */
export const SERIAL_MIN = 4;
export const SERIAL_MAX = 64;

/** The body of POST /api/admin/orders/:id/confirmTransfer from the dialog's texts; null while something is wrong. */
export function transferBody(amountText: string, serial: string): { amountFen: number; bankSerial: string } | null {
  const bankSerial = serial.trim();
  if (amountError(amountText) || bankSerial.length < SERIAL_MIN || bankSerial.length > SERIAL_MAX) return null;
  return { amountFen: yuanToFen(amountText)!, bankSerial };
}

export interface RefundBasis {
  /** what the refunded items were paid */
  baseFen: number;
  /** players (or codes) in the refund: '90 yuan per person' counts them */
  persons: number;
  /** the tier's amount the member was quoted when asking: less than this needs a reason (issue 24) */
  requestedFen?: number;
}

export type ApproveError = 'ratioRequired' | 'deductRequired' | 'deductInvalid' | 'nothingToRefund' | 'reasonRequired';

export type ApproveBody = { approve: true; ratio: RefundRatio; deductFen?: number; reason?: string };
export type ApproveCheck = { ok: true; fen: number; body: ApproveBody } | { ok: false; fen: number | null; error: ApproveError };

/** An approval below the tier amount the member was quoted needs a reason (the server refuses it without one). */
export const belowTier = (refund: RefundBasis, fen: number | null) => fen !== null && refund.requestedFen !== undefined && fen < refund.requestedFen;

/**
 * The approve dialog: the amount the chosen ratio gives (computed exactly as the server will, by
 * approvedRefundFen) and the body to send. 'fixed' needs the product amount to deduct, in yuan; below the
 * member's tier amount the reason is required and sent (the member sees it).
 */
export function checkApproval(refund: RefundBasis, ratio: RefundRatio | null, deductText = '', reasonText = ''): ApproveCheck {
  if (!ratio) return { ok: false, fen: null, error: 'ratioRequired' };
  let deductFen: number | undefined;
  if (ratio === 'fixed') {
    if (!deductText.trim()) return { ok: false, fen: null, error: 'deductRequired' };
    const fen = yuanToFen(deductText);
    if (fen === null || fen > MAX_FEN) return { ok: false, fen: null, error: 'deductInvalid' };
    deductFen = fen;
  }
  const fen = approvedRefundFen(ratio, refund.baseFen, refund.persons, deductFen ?? 0);
  // nothing would go back: that is a rejection (with its reason), not an approval
  if (fen <= 0) return { ok: false, fen, error: 'nothingToRefund' };
  const reason = reasonText.trim().slice(0, REASON_MAX);
  if (belowTier(refund, fen) && !reason) return { ok: false, fen, error: 'reasonRequired' };
  const body: ApproveBody = deductFen === undefined ? { approve: true, ratio } : { approve: true, ratio, deductFen };
  return { ok: true, fen, body: reason ? { ...body, reason } : body };
}

/** The staff choice that matches the member's tier (99.4 %, 50 %, 30 %), preselected in the dialog; null for 0 %. */
export function tierChoice(tierPerMille: number): RefundRatio | null {
  const v = String(tierPerMille);
  return v === '994' || v === '800' || v === '700' || v === '500' || v === '300' ? v : null;
}

/** Most characters of a rejection reason (refundDecisionBody, invoiceRejectBody). */
export const REASON_MAX = 200;

/** A rejection needs its reason (spec 5): the trimmed text, or null when there is none. */
export function rejectionReason(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  return t ? t.slice(0, REASON_MAX) : null;
}

/** An invoice PDF staff upload: a PDF of at most 10 MB. */
export const INVOICE_PDF_MAX = 10 * 1024 * 1024;
export function invoiceFileError(file: { name: string; type: string; size: number }): 'notPdf' | 'tooLarge' | null {
  const pdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
  if (!pdf) return 'notPdf';
  if (file.size > INVOICE_PDF_MAX) return 'tooLarge';
  return null;
}

/** "99.4%" of a per-mille tier. */
export function perMilleText(perMille: number): string {
  return `${perMille / 10}%`;
}
