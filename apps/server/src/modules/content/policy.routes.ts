import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, lte, max } from 'drizzle-orm';
import { policyQuery, policyResponse, type Lang, type PolicyDetail, type PolicyKind } from '@rp/shared';
import type { DbOrTx } from '../../db/client';
import { policyVersions } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { policyInForce } from '../../lib/policies';
import { pick } from './present';

type PolicyRow = typeof policyVersions.$inferSelect;

/**
 * A policy as /privacy and /childPrivacy show it (issue 37): the version asked for, else the one in force, with
 * the list of every version that took effect (and one announced ahead), newest first.
 */
export async function readPolicy(db: DbOrTx, lang: Lang, kind: PolicyKind, version?: number, now = new Date()): Promise<PolicyDetail> {
  const current = await policyInForce(db, kind, now);
  let row: PolicyRow | null = current;
  if (version !== undefined) {
    [row = null] = await db
      .select()
      .from(policyVersions)
      .where(and(eq(policyVersions.kind, kind), eq(policyVersions.version, version)))
      .limit(1);
  }
  // none in force yet (only one announced ahead): the earliest announced one is what people will agree to
  if (!row && version === undefined)
    [row = null] = await db.select().from(policyVersions).where(eq(policyVersions.kind, kind)).orderBy(policyVersions.effectiveAt).limit(1);
  if (!row) throw new AppError('POLICY_NOT_FOUND');
  const all = await db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.kind, kind))
    .orderBy(desc(policyVersions.effectiveAt), desc(policyVersions.version));
  return {
    kind,
    version: row.version,
    title: pick(lang, row.titleZh, row.titleEn),
    body: pick(lang, row.bodyZh, row.bodyEn),
    effectiveAt: row.effectiveAt.toISOString(),
    current: row.id === current?.id,
    versions: all.map((v) => ({ version: v.version, title: pick(lang, v.titleZh, v.titleEn), effectiveAt: v.effectiveAt.toISOString() })),
  };
}

/** The number of a kind's next version (the admin form's saves; the unique index refuses a race's second one). */
export async function nextPolicyVersion(db: DbOrTx, kind: PolicyKind): Promise<number> {
  const [r] = await db
    .select({ n: max(policyVersions.version) })
    .from(policyVersions)
    .where(eq(policyVersions.kind, kind));
  return (r?.n ?? 0) + 1;
}

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get('/api/lPolicy/web/detail', { schema: { tags: ['content'], querystring: policyQuery, response: { 200: policyResponse } } }, async (req) =>
    ok(req, { data: await readPolicy(db, req.lang, req.query.kind, req.query.version) }, 'ok.query'),
  );
};

/** Whether any version of a kind is published at or before a time (used by the seed). */
export async function hasPolicy(db: DbOrTx, kind: PolicyKind, at = new Date()) {
  const [r] = await db
    .select({ id: policyVersions.id })
    .from(policyVersions)
    .where(and(eq(policyVersions.kind, kind), lte(policyVersions.effectiveAt, at)))
    .limit(1);
  return !!r;
}
