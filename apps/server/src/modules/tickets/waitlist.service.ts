import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { placesLeft } from '@rp/shared';
import type { AppDeps, Tx } from '../../deps';
import { eventSessions, waitlist } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { notify } from '../messages/index';
import { jobQueue } from '../../lib/jobs';

/**
 * Waiting list of a sold-out session (issue 11, beyond the spec). A place that comes back (an order expired, a
 * refund) is not put on sale: it is held for the next person waiting — `taken` stays counted — and offered for
 * OFFER_MINUTES. The offered person buys it like any ticket (createTicketOrder uses the offer instead of taking
 * places); an offer not used in time goes back and on to the next person.
 */
export const OFFER_MINUTES = 30;

export async function joinWaitlist(deps: Pick<AppDeps, 'database'>, userId: number, body: { sessionId: number; quantity: number }, now = new Date()) {
  return deps.database.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(eventSessions)
      .where(and(eq(eventSessions.id, body.sessionId), eq(eventSessions.enabled, true)));
    if (!s || s.kind === 'online') throw new AppError('NOT_FOUND');
    if (now.getTime() >= s.endTime.getTime()) throw new AppError('SESSION_ENDED');
    const left = placesLeft(s);
    if (left === null || left >= body.quantity) throw new AppError('WAITLIST_NOT_FULL');
    const [mine] = await tx
      .select()
      .from(waitlist)
      .where(and(eq(waitlist.sessionId, s.id), eq(waitlist.userId, userId), inArray(waitlist.status, ['waiting', 'offered'])));
    if (mine) {
      if (mine.status === 'waiting') await tx.update(waitlist).set({ quantity: body.quantity }).where(eq(waitlist.id, mine.id));
      return mine;
    }
    const [row] = await tx.insert(waitlist).values({ sessionId: s.id, userId, quantity: body.quantity, createdAt: now }).returning();
    return row!;
  });
}

export async function leaveWaitlist(deps: Pick<AppDeps, 'database'>, userId: number, sessionId: number) {
  return deps.database.db.transaction(async (tx) => {
    const [mine] = await tx
      .select()
      .from(waitlist)
      .where(and(eq(waitlist.sessionId, sessionId), eq(waitlist.userId, userId), inArray(waitlist.status, ['waiting', 'offered'])))
      .for('update');
    if (!mine) throw new AppError('NOT_FOUND');
    await tx.update(waitlist).set({ status: 'left' }).where(eq(waitlist.id, mine.id));
    // an offer given up goes on to the next person
    if (mine.status === 'offered') await releaseOfferedPlaces(tx, sessionId, mine.quantity, new Date());
  });
}

/** Places came back to a session: offer them to the people waiting, in order, as far as they go. */
export async function offerFreedPlaces(tx: Tx, sessionId: number, now: Date) {
  const [s] = await tx.select().from(eventSessions).where(eq(eventSessions.id, sessionId)).for('update');
  if (!s || s.maxPeople === 0) return;
  let left = placesLeft(s) ?? 0;
  if (left <= 0) return;
  const queue = await tx
    .select()
    .from(waitlist)
    .where(and(eq(waitlist.sessionId, sessionId), eq(waitlist.status, 'waiting')))
    .orderBy(asc(waitlist.id))
    .limit(50);
  for (const w of queue) {
    if (w.quantity > left) continue;
    left -= w.quantity;
    await tx
      .update(eventSessions)
      .set({ taken: sql`${eventSessions.taken} + ${w.quantity}` })
      .where(eq(eventSessions.id, sessionId));
    await tx
      .update(waitlist)
      .set({ status: 'offered', offeredUntil: new Date(now.getTime() + OFFER_MINUTES * 60_000) })
      .where(eq(waitlist.id, w.id));
    const name = { zh: { session: s.nameZh, minutes: OFFER_MINUTES }, en: { session: s.nameEn || s.nameZh, minutes: OFFER_MINUTES } };
    await notify(tx, [{ receiverId: w.userId, title: 'notify.waitlistOffer.title', content: 'notify.waitlistOffer.content', params: name }]);
    if (left <= 0) break;
  }
}

async function releaseOfferedPlaces(tx: Tx, sessionId: number, n: number, now: Date) {
  await tx
    .update(eventSessions)
    .set({ taken: sql`greatest(0, ${eventSessions.taken} - ${n})` })
    .where(eq(eventSessions.id, sessionId));
  await offerFreedPlaces(tx, sessionId, now);
}

/**
 * The places an offer holds for this buyer (0 when none): createTicketOrder uses them instead of taking new
 * ones, and gives back what the buyer does not use.
 */
export async function useOffer(tx: Tx, userId: number, sessionId: number, wanted: number, now: Date): Promise<number> {
  const [offer] = await tx
    .select()
    .from(waitlist)
    .where(and(eq(waitlist.sessionId, sessionId), eq(waitlist.userId, userId), eq(waitlist.status, 'offered')))
    .for('update');
  if (!offer || !offer.offeredUntil || offer.offeredUntil.getTime() <= now.getTime()) return 0;
  const used = Math.min(offer.quantity, wanted);
  await tx.update(waitlist).set({ status: 'done' }).where(eq(waitlist.id, offer.id));
  if (offer.quantity > used) await releaseOfferedPlaces(tx, sessionId, offer.quantity - used, now);
  return used;
}

/** Offers not taken in time go back and on to the next person (the timer offerExpiryTimer). */
export async function expireOffers(deps: Pick<AppDeps, 'database'>, now = new Date()) {
  const due = await deps.database.db
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(and(eq(waitlist.status, 'offered'), lte(waitlist.offeredUntil, now)))
    .limit(200);
  for (const { id } of due)
    await deps.database.db.transaction(async (tx) => {
      const [w] = await tx
        .select()
        .from(waitlist)
        .where(and(eq(waitlist.id, id), eq(waitlist.status, 'offered')))
        .for('update');
      if (!w) return;
      await tx.update(waitlist).set({ status: 'expired' }).where(eq(waitlist.id, w.id));
      await releaseOfferedPlaces(tx, w.sessionId, w.quantity, now);
    });
  return due.length;
}

/** A timer on the one job queue (server.ts): expired offers every 30 s, by whichever instance claims it. */
export const offerExpiryTimer = jobQueue<AppDeps, unknown>('timer:offer-expiry', async (job, deps) => void (await expireOffers(deps, job.now)), {
  everyMs: 30_000,
});
