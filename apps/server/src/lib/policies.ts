import { and, desc, eq, lte } from 'drizzle-orm';
import type { PolicyKind } from '@rp/shared';
import type { DbOrTx } from '../db/client';
import { policyAcceptances, policyVersions } from '../db/schema/index';

/**
 * The published policies (issue 37): the version of a kind in force at a time is the one that took effect
 * last by then (a later effective date is a version announced ahead). Kernel, because signing up (auth, the
 * lowest module) records which privacy policy the person accepted, and registration asks for the children's
 * rules a guardian consents to.
 */
export async function policyInForce(db: DbOrTx, kind: PolicyKind, at = new Date()) {
  const [row] = await db
    .select()
    .from(policyVersions)
    .where(and(eq(policyVersions.kind, kind), lte(policyVersions.effectiveAt, at)))
    .orderBy(desc(policyVersions.effectiveAt), desc(policyVersions.version))
    .limit(1);
  return row ?? null;
}

/** A new account accepted the privacy policy in force (in the account's own transaction); none published: nothing to record. */
export async function recordPrivacyAcceptance(db: DbOrTx, userId: number, ip: string | null): Promise<void> {
  const policy = await policyInForce(db, 'privacy');
  if (policy) await db.insert(policyAcceptances).values({ userId, policyVersionId: policy.id, ip });
}
