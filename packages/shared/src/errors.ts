import type { MessageKey } from './messages';

/**
 * The error catalogue: every `code` the server sends → its HTTP status → its message (a messages.ts
 * key, zh and en). The server's AppError takes a code from here and gets status and text from it; the
 * web switches on the same typed codes (ApiError.code).
 *
 * A throw site may name a more precise message of the same code (REGISTRATION_CLOSED says why,
 * PLAYER_NOT_ELIGIBLE which rule), never another status.
 *
 * Adding a code: one line here (+ its message in messages.ts). errors.test.ts checks the rest.
 */
export interface ErrorDef {
  status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 422 | 429 | 431 | 500 | 502 | 503 | 504;
  message: MessageKey;
}

export const ERRORS = {
  // ── the request itself ──────────────────────────────────────────────────────────────────────
  VALIDATION_FAILED: { status: 400, message: 'error.validation' },
  BAD_REQUEST: { status: 400, message: 'error.badJson' },
  TOO_LARGE: { status: 413, message: 'error.tooLarge' },
  NOT_FOUND: { status: 404, message: 'error.notFound' },
  RATE_LIMITED: { status: 429, message: 'error.rateLimited' },
  IN_USE: { status: 409, message: 'error.inUse' },
  // before any route runs (plugins/request-guard.ts): the router, Node's HTTP parser, body parsers
  BAD_URL: { status: 400, message: 'error.badUrl' },
  URI_TOO_LONG: { status: 414, message: 'error.uriTooLong' },
  HEADERS_TOO_LARGE: { status: 431, message: 'error.headersTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'error.unsupportedMediaType' },
  BAD_MULTIPART: { status: 400, message: 'error.badMultipart' },
  REQUEST_TIMEOUT: { status: 408, message: 'error.requestTimeout' },

  // ── who is asking ───────────────────────────────────────────────────────────────────────────
  UNAUTHORIZED: { status: 401, message: 'error.unauthorized' },
  SESSION_EXPIRED: { status: 401, message: 'error.sessionExpired' },
  FORBIDDEN: { status: 403, message: 'error.forbidden' },
  OUT_OF_SCOPE: { status: 403, message: 'error.outOfScope' },
  LAST_ADMIN: { status: 409, message: 'error.lastAdmin' },
  ROLE_BUILT_IN: { status: 409, message: 'error.roleBuiltIn' },
  EXPORT_TOO_MANY: { status: 413, message: 'error.exportTooMany' },

  // ── the server ──────────────────────────────────────────────────────────────────────────────
  INTERNAL: { status: 500, message: 'error.internal' },
  DB_UNAVAILABLE: { status: 503, message: 'error.dbUnavailable' },
  /** serialization failure, deadlock, lock or statement timeout: nothing was written, try again */
  DB_BUSY: { status: 503, message: 'error.dbUnavailable' },
  /** Redis (short-lived state: captcha, SMS codes, rate limits) did not answer within its timeout */
  CACHE_UNAVAILABLE: { status: 503, message: 'error.dbUnavailable' },
  /** the object store (uploads, pictures, exports) did not answer or refused */
  STORAGE_UNAVAILABLE: { status: 503, message: 'error.storageUnavailable' },
  /** the SMS provider refused or did not answer: the code was not sent */
  SMS_UNAVAILABLE: { status: 503, message: 'error.smsUnavailable' },
  // database refusals caused by what was sent (apps/server/src/lib/db-errors.ts)
  DUPLICATE: { status: 409, message: 'error.duplicate' },
  UNKNOWN_REFERENCE: { status: 400, message: 'error.unknownReference' },
  INVALID_VALUE: { status: 400, message: 'error.invalidValue' },
  /** a stored ID number this server's PII_KEY cannot open (instances with different keys) */
  PII_UNREADABLE: { status: 409, message: 'error.piiUnreadable' },
  // ── people's rights and minimum access (issue 37) ─────────────────────────────────────────────
  /** an account is deleted while one of its orders waits for payment */
  ACCOUNT_ORDER_OPEN: { status: 409, message: 'rights.orderOpen' },
  /** an export of children's data or a look at a child's full ID number without its purpose */
  PURPOSE_REQUIRED: { status: 400, message: 'rights.purposeRequired' },
  /** a child's full ID number or photo without the permission privacy.childData */
  CHILD_DATA_FORBIDDEN: { status: 403, message: 'rights.childAccess' },
  DELETE_NOT_CONFIRMED: { status: 400, message: 'rights.deleteConfirm' },
  REQUEST_CLOSED: { status: 409, message: 'rights.requestClosed' },
  PLAYER_ANONYMISED: { status: 409, message: 'rights.anonymised' },

  // ── Idempotency-Key (apps/server/src/plugins/idempotency.ts) ────────────────────────────────
  /** the same key came with a different request */
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'error.idempotencyKeyReused' },
  /** the first call with this key is still running */
  IDEMPOTENCY_IN_PROGRESS: { status: 409, message: 'error.idempotencyInProgress' },
  /** the first call with this key was saved, but its answer was lost (a failure after the commit) */
  IDEMPOTENT_DONE: { status: 409, message: 'error.idempotentDone' },

  // ── accounts (auth, users) ──────────────────────────────────────────────────────────────────
  CAPTCHA_INVALID: { status: 400, message: 'auth.captchaInvalid' },
  BAD_CREDENTIALS: { status: 400, message: 'auth.badCredentials' },
  ACCOUNT_DISABLED: { status: 403, message: 'auth.accountDisabled' },
  SMS_CODE_INVALID: { status: 400, message: 'auth.smsInvalid' },
  OLD_PASSWORD_WRONG: { status: 400, message: 'auth.oldPasswordWrong' },
  PHONE_TAKEN: { status: 409, message: 'auth.phoneTaken' },
  AVATAR_NOT_OWN: { status: 400, message: 'user.avatarNotOwn' },

  // ── uploads ─────────────────────────────────────────────────────────────────────────────────
  UPLOAD_MISSING: { status: 400, message: 'upload.missing' },
  UPLOAD_TOO_LARGE: { status: 413, message: 'upload.tooLarge' },
  UPLOAD_NOT_IMAGE: { status: 400, message: 'upload.notImage' },
  UPLOAD_BAD_TYPE: { status: 400, message: 'upload.badFile' },
  UPLOAD_TYPE_MISMATCH: { status: 400, message: 'upload.typeMismatch' },
  UPLOAD_BROKEN: { status: 400, message: 'upload.broken' },
  AVATAR_NEEDS_NAME: { status: 400, message: 'reg.avatarNeedsName' },
  ATTACHMENT_NEEDS_PHONE: { status: 400, message: 'reg.attachmentNeedsPhone' },
  /** a record points at a private file its writer did not upload */
  FILE_NOT_OWN: { status: 400, message: 'upload.notOwn' },

  // ── content ─────────────────────────────────────────────────────────────────────────────────
  ALBUM_NOT_FOUND: { status: 404, message: 'error.albumNotFound' },

  // ── registration (teams, players, codes, review, withdrawals) ───────────────────────────────
  ACTIVITY_NOT_FOUND: { status: 404, message: 'reg.activityNotFound' },
  REGISTRATION_CLOSED: { status: 409, message: 'reg.signUpClosed' },
  CONFIRM_REQUIRED: { status: 409, message: 'error.confirmRequired' },
  PLAYER_NOT_ELIGIBLE: { status: 400, message: 'reg.notEligible' },
  DUPLICATE_PLAYER: { status: 409, message: 'reg.duplicatePlayer' },
  TEAM_FULL: { status: 409, message: 'reg.teamFull' },
  PLAYER_LIMIT: { status: 409, message: 'reg.playerLimit' },
  LOCKED: { status: 409, message: 'reg.locked' },
  ILLEGAL_TRANSITION: { status: 409, message: 'reg.illegalTransition' },
  REFUND_DISABLED: { status: 409, message: 'reg.illegalTransition' },
  IN_REVIEW: { status: 409, message: 'reg.codeDisabledInReview' },
  ALREADY_REGISTERED: { status: 409, message: 'reg.alreadyRegistered' },
  ALREADY_SUBMITTED: { status: 409, message: 'reg.alreadySubmitted' },
  NOT_REVIEW_ACTIVITY: { status: 409, message: 'reg.notReviewActivity' },
  PLAYER_HAS_PAID: { status: 409, message: 'reg.playerHasPaid' },
  TEAM_HAS_PAID: { status: 409, message: 'reg.teamHasPaid' },
  TEAM_PROGRAM_LOCKED: { status: 409, message: 'reg.teamProgramLocked' },
  NO_PENDING_WITHDRAWAL: { status: 404, message: 'reg.noPendingWithdrawal' },
  CODE_INVALID: { status: 400, message: 'reg.codeInvalid' },
  CODE_TYPE_MISMATCH: { status: 400, message: 'reg.codeTypeMismatch' },
  CODE_WRONG_ACTIVITY: { status: 400, message: 'reg.codeWrongActivity' },
  CODE_NOT_YOURS: { status: 403, message: 'reg.codeNotYours' },
  CODE_ALREADY_USED: { status: 409, message: 'reg.codeUsed' },
  NO_CODE: { status: 404, message: 'reg.noCodeForAccount' },
  NO_QUALIFYING_CODE: { status: 404, message: 'reg.noQualifyingCode' },

  // ── money (orders, payments, refunds, invoices) ──────────────────────────────────────────────
  ORDER_NOT_FOUND: { status: 404, message: 'pay.orderNotFound' },
  ORDER_NOT_PAYABLE: { status: 409, message: 'pay.orderNotPayable' },
  ORDER_EXPIRED: { status: 409, message: 'pay.orderExpired' },
  CHANNEL_UNAVAILABLE: { status: 400, message: 'pay.channelUnavailable' },
  OUT_OF_STOCK: { status: 409, message: 'pay.outOfStock' },
  NO_FEE: { status: 409, message: 'pay.noFee' },
  MEMBER_NOT_PAYABLE: { status: 409, message: 'pay.memberNotPayable' },
  REVIEW_NOT_PASSED: { status: 409, message: 'pay.reviewNotPassed' },
  MEMBER_IN_ORDER: { status: 409, message: 'pay.memberInOrder' },
  NOTHING_TO_PAY: { status: 409, message: 'pay.nothingToPay' },
  PROVIDER_ERROR: { status: 502, message: 'pay.providerError' },
  REFUND_NOT_ALLOWED: { status: 409, message: 'pay.refundNotAllowed' },
  REFUND_TOO_LARGE: { status: 400, message: 'pay.refundTooLarge' },
  REFUND_NOT_PENDING: { status: 409, message: 'pay.refundNotPending' },
  INVOICE_NOT_PAID: { status: 409, message: 'pay.invoiceNeedsPaid' },
  INVOICE_EXISTS: { status: 409, message: 'pay.invoiceExists' },
  INVOICE_NOT_ISSUED: { status: 404, message: 'pay.invoiceNotIssued' },
  INVOICE_NOT_PENDING: { status: 409, message: 'pay.invoiceNotPending' },
  NOTIFY_REJECTED: { status: 400, message: 'pay.notifyRejected' },
  NOT_BANK_ORDER: { status: 409, message: 'pay.notBankOrder' },
  REFUND_NOT_BANK: { status: 409, message: 'pay.refundNotBank' },
  REFUND_PAYEE_MISSING: { status: 409, message: 'pay.refundPayeeMissing' },
  PLAYER_IN_ORDER: { status: 409, message: 'pay.cancelInOrder' },
  PROGRAM_FULL: { status: 409, message: 'pay.programFull' },

  // ── tickets, sessions, pass codes (issue 11) ────────────────────────────────────────────────
  TICKET_NOT_FOUND: { status: 404, message: 'ticket.notFound' },
  TICKET_NOT_ON_SALE: { status: 409, message: 'ticket.notOnSale' },
  TICKET_SALE_EXPIRED: { status: 409, message: 'ticket.saleExpired' },
  AUDIENCE_CLOSED: { status: 409, message: 'ticket.audienceClosed' },
  SESSION_FULL: { status: 409, message: 'ticket.sessionFull' },
  SESSION_ENDED: { status: 409, message: 'ticket.sessionEnded' },
  PASS_UNKNOWN: { status: 404, message: 'ticket.passUnknown' },
  PASS_USED: { status: 409, message: 'ticket.passUsed' },
  PASS_NOT_VALID: { status: 409, message: 'ticket.passNotValid' },
  PASS_OTHER_SESSION: { status: 409, message: 'ticket.passOtherSession' },
  /** a gate limited to some activities (issue 34): a pass of another activity, named no further */
  PASS_OUT_OF_SCOPE: { status: 409, message: 'ticket.passOutOfScope' },
  /** the offline gate (issue 38): a device token that is not one, revoked (signed out) or past its day — the device wipes its passes */
  GATE_DEVICE_UNKNOWN: { status: 401, message: 'gate.deviceUnknown' },
  GATE_DEVICE_REVOKED: { status: 401, message: 'gate.deviceRevoked' },
  GATE_DEVICE_EXPIRED: { status: 401, message: 'gate.deviceExpired' },
  ONLINE_TAKEN: { status: 409, message: 'ticket.onlineTaken' },
  ONLINE_LOCKED: { status: 409, message: 'ticket.onlineLocked' },
  WAITLIST_NOT_FULL: { status: 409, message: 'ticket.waitlistNotFull' },

  // ── consultation, volunteers, channel partners and rebates (issue 12) ───────────────────────
  CONSULT_NOT_FOUND: { status: 404, message: 'consult.notFound' },
  VOLUNTEER_CLOSED: { status: 409, message: 'volunteer.closed' },
  VOLUNTEER_ALREADY: { status: 409, message: 'volunteer.already' },
  VOLUNTEER_NOT_FOUND: { status: 404, message: 'volunteer.notFound' },
  VOLUNTEER_BAD_STATE: { status: 409, message: 'volunteer.badState' },
  CHANNEL_NAME_TAKEN: { status: 409, message: 'channel.nameTaken' },
  CHANNEL_NOT_FOUND: { status: 404, message: 'channel.notFound' },
  CHANNEL_BAD_STATE: { status: 409, message: 'channel.badState' },
  CHANNEL_NOT_MINE: { status: 403, message: 'channel.notMine' },
  REBATE_OVER_BALANCE: { status: 409, message: 'rebate.overBalance' },
  REBATE_BUSY: { status: 409, message: 'rebate.busy' },
  REBATE_NOT_FOUND: { status: 404, message: 'rebate.notFound' },
  REBATE_BAD_STATE: { status: 409, message: 'rebate.badState' },
  /** the learning platform launch: an activity without a team or player of the account; a temp token unknown, used or expired */
  EXAM_NOT_AVAILABLE: { status: 404, message: 'exam.notAvailable' },
  EXAM_TOKEN_INVALID: { status: 401, message: 'exam.tokenInvalid' },
  /** judges, scores, awards and certificates (issue 13) */
  JUDGE_NOT_ASSIGNED: { status: 403, message: 'award.judgeNotAssigned' },
  SCORE_DUPLICATE: { status: 409, message: 'award.scoreDuplicate' },
  /** a score entered or corrected after its program's results were published (issue 24) */
  SCORE_PUBLISHED: { status: 409, message: 'award.scorePublished' },
  AWARD_NOT_FOUND: { status: 404, message: 'award.notFound' },
  TEAM_NOT_FOUND: { status: 404, message: 'award.teamNotFound' },
  AWARD_WRONG_ACTIVITY: { status: 400, message: 'award.wrongActivity' },
  AWARD_ALREADY_GRANTED: { status: 409, message: 'award.alreadyGranted' },
  AWARD_WITHDRAWN_PLAYER: { status: 409, message: 'award.withdrawnPlayer' },
  CERT_NOT_FOUND: { status: 404, message: 'award.certNotFound' },
  JUDGE_USER_NOT_FOUND: { status: 404, message: 'award.judgeUserNotFound' },
  JUDGE_ALREADY: { status: 409, message: 'award.judgeAlready' },
  /** spec 8.2: an activity drawing certificates on templates without one for this award's kind; a coach's template needs the coach's photo */
  CERT_NO_TEMPLATE: { status: 409, message: 'award.noTemplate' },
  LEADER_NO_PHOTO: { status: 409, message: 'award.noCoachPhoto' },
  /** a reissued certificate's old code (spec 8.2: please re-fetch the certificate) */
  CERT_VOID: { status: 404, message: 'award.certVoid' },
  /** spec 8.2: no award list in this activity, please add and try again */
  AWARD_NONE: { status: 409, message: 'award.none' },
  CERT_NONE: { status: 409, message: 'award.noCertificates' },
  /** a family's lookup: the team number and name match no team (one answer for every miss) */
  CERT_LOOKUP_MISS: { status: 404, message: 'award.lookupMiss' },
  /** a template that lacks a required field, or a field outside its picture */
  AWARD_TEMPLATE_FIELDS: { status: 400, message: 'award.templateFields' },
  AWARD_TEMPLATE_OUTSIDE: { status: 400, message: 'award.templateOutside' },
  /** the picture proxy takes this site's public pictures only */
  PICTURE_NOT_OURS: { status: 400, message: 'award.pictureNotOurs' },
  /** a certificate batch download: unknown or expired job */
  EXPORT_NOT_FOUND: { status: 404, message: 'award.exportNotFound' },
  /** WeChat login: a state unknown, used or expired (forged or replayed round trip); a code WeChat refused */
  WECHAT_STATE_INVALID: { status: 400, message: 'wechat.stateInvalid' },
  WECHAT_CODE_INVALID: { status: 400, message: 'wechat.codeInvalid' },
  WECHAT_UNAVAILABLE: { status: 503, message: 'wechat.unavailable' },
  WECHAT_TAKEN: { status: 409, message: 'wechat.taken' },
  WECHAT_ALREADY_BOUND: { status: 409, message: 'wechat.alreadyBound' },
  WECHAT_NOT_BOUND: { status: 404, message: 'wechat.notBound' },
  WECHAT_OPENID_REQUIRED: { status: 409, message: 'wechat.openidRequired' },
  WECHAT_TICKET_INVALID: { status: 400, message: 'wechat.ticketInvalid' },
  /** a WeChat round trip or its ticket used in another browser than the one that began it (issue 33: a sent link);
   * 400 like a bad state, not 403 (which the web treats as a missing permission) */
  WECHAT_OTHER_BROWSER: { status: 400, message: 'wechat.otherBrowser' },
  /** wxSignUp { confirm } without a phone proven for that ticket first */
  WECHAT_CONFIRM_INVALID: { status: 400, message: 'wechat.confirmInvalid' },

  // ── children's personal information (issue 37) ─────────────────────────────────────────────
  /** a player under 14 without a guardian's consent, where the activity asks for it: no pass, payment or code */
  CONSENT_REQUIRED: { status: 409, message: 'consent.required' },
  CONSENT_NOT_NEEDED: { status: 409, message: 'consent.notNeeded' },
  CONSENT_LINK_INVALID: { status: 404, message: 'consent.linkInvalid' },
  CONSENT_LINK_EXPIRED: { status: 409, message: 'consent.linkExpired' },
  CONSENT_LINK_USED: { status: 409, message: 'consent.linkUsed' },
  POLICY_NOT_FOUND: { status: 404, message: 'privacy.notFound' },

  // ── spreadsheets (batch import, code sheets) ────────────────────────────────────────────────
  IMPORT_NOT_SPREADSHEET: { status: 400, message: 'import.notSpreadsheet' },
  IMPORT_EMPTY: { status: 400, message: 'import.empty' },
  IMPORT_TOO_MANY: { status: 413, message: 'import.tooManyRows' },
  /** expands past the unpacked-size cap (a zip bomb), or an .xls past its size cap */
  IMPORT_TOO_LARGE: { status: 413, message: 'import.tooLarge' },
  /** too many spreadsheets being read in this process: try again shortly */
  SHEET_BUSY: { status: 503, message: 'import.busy' },
  IMPORT_MERGED: { status: 400, message: 'import.merged' },
  IMPORT_HEADER_EMPTY: { status: 400, message: 'import.firstRowEmpty' },
  IMPORT_MISSING_COLUMNS: { status: 400, message: 'import.missingColumns' },
  IMPORT_HAS_ERRORS: { status: 400, message: 'import.nothingWritten' },

  // ── issue 14: clothes sizes, players' change requests ───────────────────────────────────────
  MATERIAL_OUT_OF_STOCK: { status: 409, message: 'season.outOfStock' },
  MEMBER_AUDIT_DECIDED: { status: 409, message: 'season.auditDecided' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorStatus<C extends ErrorCode> = (typeof ERRORS)[C]['status'];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
