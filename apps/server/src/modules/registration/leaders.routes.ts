import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { idCardProblem, idListBody, idsOf, leaderInput, maskCard, leaderListResponse, leaderQuery, leaderResponse, leaderUpdate, okResponse } from '@rp/shared';
import { leaders } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { ok, page } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { assertOpenActivities, bad, loadOpenActivity } from './common';
import { checkOrg } from './teams.service';
import { containsPattern } from '../../lib/like';
import { assertOwnPrivateFile } from '../uploads/index';
import type { Pii } from '../../lib/pii';
import { redact } from './members.service';

const present = (l: typeof leaders.$inferSelect) => ({
  id: l.id,
  activityId: l.activityId,
  name: l.name,
  phone: l.phone,
  address: l.address,
  code: l.code,
  status: l.status,
  type: l.type,
  photoUrl: l.photoUrl,
  card: l.cardMasked,
  reviewStatus: l.reviewStatus,
  reviewReason: l.reviewReason,
});

/**
 * The teacher's ID number as stored (spec 3 labels): checked like a player's ID card, encrypted with a blind
 * index and a masked copy (lib/pii.ts); undefined leaves it as it was, null or '' removes it.
 */
function cardColumns(pii: Pii, card: string | null | undefined, before?: typeof leaders.$inferSelect) {
  if (card === undefined) return {};
  if (!card) return { cardEnc: null, cardHash: null, cardMasked: null };
  const problem = idCardProblem(card);
  if (problem) throw bad(problem === 'checkDigit' ? 'reg.idCheckDigit' : 'reg.idInvalid', 'card');
  const hash = pii.index(card);
  return { cardEnc: before?.cardHash === hash ? before.cardEnc : pii.encrypt(card), cardHash: hash, cardMasked: maskCard(card) };
}

/** Leading teachers (spec 2.6, 7.6): the caller's own, per activity. */
export const leaderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['registration'];
  const pre = { preHandler: requireAuth };

  const checkCode = async (code: string | null | undefined) => {
    // spec 5 Teachers: a present channel code verified as 2 is refused
    if (code && (await checkOrg(db, code)).verify === 2) throw bad('reg.channelInvalid', 'code');
  };

  app.get('/api/lLeader', { schema: { tags, querystring: leaderQuery, response: { 200: leaderListResponse } }, ...pre }, async (req) => {
    const q = req.query;
    const w = and(eq(leaders.userId, req.user!.id), eq(leaders.activityId, q.activityId), q.name ? ilike(leaders.name, containsPattern(q.name)) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(leaders)
        .where(w)
        .orderBy(desc(leaders.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(leaders).where(w),
    ]);
    return page(req, rows.map(present), Number(total?.n ?? 0), q.page, q.size);
  });

  // autocomplete of the team form
  app.get('/api/lLeader/queryLeader', { schema: { tags, querystring: leaderQuery, response: { 200: leaderListResponse } }, ...pre }, async (req) => {
    const q = req.query;
    const w = and(eq(leaders.userId, req.user!.id), eq(leaders.activityId, q.activityId), q.name ? ilike(leaders.name, containsPattern(q.name)) : undefined);
    const rows = await db.select().from(leaders).where(w).orderBy(leaders.name).limit(Math.min(q.size, 9999));
    return page(req, rows.map(present), rows.length, 0, Math.max(rows.length, 1));
  });

  app.post('/api/lLeader', { schema: { tags, body: leaderInput, response: { 200: leaderResponse } }, ...pre }, async (req) => {
    const b = req.body;
    await loadOpenActivity(db, b.activityId);
    await checkCode(b.code);
    await assertOwnPrivateFile(db, req.user!.id, b.photoUrl, { field: 'photoUrl', folders: ['attachments', 'avatars'] });
    // the record and its audit entry commit together
    const row = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(leaders)
        .values({
          userId: req.user!.id,
          activityId: b.activityId,
          name: b.name,
          phone: b.phone,
          address: b.address,
          code: b.code ?? null,
          photoUrl: b.photoUrl ?? null,
          ...cardColumns(app.deps.pii, b.card),
          status: 1,
          type: 1,
          collectStatus: 1,
        })
        .returning();
      await audit(tx, { userId: req.user!.id, resource: 'leaders', recordId: made!.id, action: 'create', after: redact(made!) });
      return made!;
    });
    return ok(req, { data: present(row) }, 'ok.create');
  });

  app.put('/api/lLeader', { schema: { tags, body: leaderUpdate, response: { 200: leaderResponse } }, ...pre }, async (req) => {
    const b = req.body;
    const [before] = await db
      .select()
      .from(leaders)
      .where(and(eq(leaders.id, b.id), eq(leaders.userId, req.user!.id)))
      .limit(1);
    if (!before || before.activityId !== b.activityId) throw new AppError('NOT_FOUND');
    await loadOpenActivity(db, b.activityId);
    await checkCode(b.code);
    await assertOwnPrivateFile(db, req.user!.id, b.photoUrl, { field: 'photoUrl', folders: ['attachments', 'avatars'], current: before.photoUrl });
    const row = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(leaders)
        .set({
          name: b.name,
          phone: b.phone,
          address: b.address,
          code: b.code ?? null,
          photoUrl: b.photoUrl ?? before.photoUrl,
          ...cardColumns(app.deps.pii, b.card, before),
        })
        .where(eq(leaders.id, b.id))
        .returning();
      await audit(tx, { userId: req.user!.id, resource: 'leaders', recordId: b.id, action: 'update', before: redact(before), after: redact(changed!) });
      return changed!;
    });
    return ok(req, { data: present(row) }, 'ok.update');
  });

  app.delete('/api/lLeader', { schema: { tags, body: idListBody, response: { 200: okResponse } }, ...pre }, async (req) => {
    const ids = idsOf(req.body);
    await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(leaders)
        .where(and(inArray(leaders.id, ids), eq(leaders.userId, req.user!.id)));
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
      await assertOpenActivities(
        tx,
        rows.map((r) => r.activityId),
      );
      await tx.delete(leaders).where(inArray(leaders.id, ids));
      for (const r of rows) await audit(tx, { userId: req.user!.id, resource: 'leaders', recordId: r.id, action: 'delete', before: redact(r) });
    });
    return ok(req, {}, 'ok.delete');
  });
};
