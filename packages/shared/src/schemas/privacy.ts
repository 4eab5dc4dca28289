import { z } from 'zod';
import { GUARDIAN_CONSENT_STATUSES, POLICY_KINDS } from '../states';
import { dbId, envelope } from './common';
import { phone } from './auth';

/**
 * Issue 37 (parts 1 and 2): the published policies and guardians' consent for players under 14 (CONSENT_AGE
 * and isChild, the one rule of who is a child, live in ../rights.ts).
 */
/** how long a guardian's SMS link may be answered (a later visit can still withdraw a consent given on it) */
export const CONSENT_LINK_DAYS = 14;

export const policyKind = z.enum(POLICY_KINDS, 'validation.invalid');

export const policyQuery = z.object({ kind: policyKind, version: dbId.optional() });
export const policyVersionItem = z.object({ version: z.number().int(), title: z.string(), effectiveAt: z.string() });
export const policyDetail = z.object({
  kind: policyKind,
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  effectiveAt: z.string(),
  /** whether this is the version in force now */
  current: z.boolean(),
  /** every published version, newest first (those that took effect, and one that will) */
  versions: z.array(policyVersionItem),
});
export type PolicyDetail = z.infer<typeof policyDetail>;
export const policyResponse = z.object({ ...envelope, data: policyDetail });

/** A player's consent as rosters show it: notNeeded (14 or older, or the activity does not ask), none (needed, not asked yet). */
export const CONSENT_STATES = ['notNeeded', 'none', ...GUARDIAN_CONSENT_STATUSES] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];
export const consentState = z.enum(CONSENT_STATES);

/** The account holder declares they are the player's parent or guardian and agree to the children's rules. */
export const consentDeclareBody = z
  .object({
    memberId: dbId,
    guardianName: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
    relationship: z.string().trim().min(1, 'validation.required').max(20, 'validation.tooLong'),
    agree: z.literal(true, 'consent.agreeRequired'),
  })
  .strict();
/** The coach asks a guardian by SMS. */
export const consentRequestBody = z
  .object({
    memberId: dbId,
    guardianName: z.string().trim().max(50, 'validation.tooLong').default(''),
    guardianPhone: phone,
    relationship: z.string().trim().max(20, 'validation.tooLong').default(''),
  })
  .strict();
export const consentStateResponse = z.object({ ...envelope, data: z.object({ memberId: z.number().int(), consent: consentState }) });

/** The guardian's page: what is held about the child (masked), and what they may do. */
export const consentLinkQuery = z.object({ token: z.string().trim().min(1, 'consent.linkInvalid').max(100, 'consent.linkInvalid') });
export const consentLinkView = z.object({
  child: z.object({
    name: z.string(),
    card: z.string(),
    birthDay: z.string().nullable(),
    gender: z.string().nullable(),
    school: z.string(),
    hasPhoto: z.boolean(),
  }),
  activity: z.string(),
  requestedBy: z.string(),
  guardianName: z.string(),
  relationship: z.string(),
  guardianPhone: z.string(),
  status: z.enum(GUARDIAN_CONSENT_STATUSES),
  decidedAt: z.string().nullable(),
  policy: z.object({ version: z.number().int(), title: z.string(), effectiveAt: z.string() }).nullable(),
  /** the answers this link still takes: consent or refuse while pending (and not expired), withdraw once consented */
  canDecide: z.boolean(),
  canWithdraw: z.boolean(),
});
export type ConsentLinkView = z.infer<typeof consentLinkView>;
export const consentLinkResponse = z.object({ ...envelope, data: consentLinkView });
export const consentDecideBody = z
  .object({
    token: z.string().trim().min(1, 'consent.linkInvalid').max(100, 'consent.linkInvalid'),
    decision: z.enum(['consent', 'refuse', 'withdraw'], 'validation.invalid'),
    guardianName: z.string().trim().max(50, 'validation.tooLong').optional(),
    relationship: z.string().trim().max(20, 'validation.tooLong').optional(),
  })
  .strict();
