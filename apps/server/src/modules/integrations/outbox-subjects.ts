import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainEvents, groupCodes, orders, teamMembers, teams, visitors, webhookDeliveries } from '../../db/schema/index';

/** What an event was about, in words staff can place (issue 34): an order number, a player, a pass, a certificate. */
export interface OutboxSubject {
  kind: 'order' | 'player' | 'pass' | 'certificate';
  text: string;
}

/**
 * A person's name as the integrations screen shows it: the first character, the rest hidden (林** , B**).
 * The events are often about children; staff who manage integrations need to place an event, not to read
 * a name (the registration screens show names to those who may see them).
 */
export function maskPersonName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length ? chars[0] + '*'.repeat(Math.min(chars.length - 1, 4) || 1) : '';
}

const ids = (values: unknown[]) => [...new Set(values.filter((v): v is number => typeof v === 'number'))];

/**
 * The subject of each listed event, and for the `webhooks` subscriber how many partner deliveries it made
 * (0: no webhook subscribed to the event). Read for one page of the outbox list.
 */
export async function describeOutbox<R extends { eventId: string; subscriber: string }>(
  db: Db,
  rows: R[],
): Promise<(R & { subject: OutboxSubject | null; webhooks: number | null })[]> {
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  if (!eventIds.length) return [];
  const [events, handed] = await Promise.all([
    db.select({ id: domainEvents.id, name: domainEvents.name, payload: domainEvents.payload }).from(domainEvents).where(inArray(domainEvents.id, eventIds)),
    db
      .select({ eventId: webhookDeliveries.eventId, n: count() })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.eventId, eventIds))
      .groupBy(webhookDeliveries.eventId),
  ]);
  const payloads = events.map((e) => ({ ...e, p: e.payload as Record<string, unknown> }));
  const of = (names: string[], key: string) => ids(payloads.filter((e) => names.includes(e.name)).map((e) => e.p[key]));
  const memberIds = of(['registration.reviewed', 'registration.withdrawn'], 'memberId');
  const orderIds = of(['refund.undone'], 'orderId');
  const visitorIds = ids(payloads.filter((e) => e.name === 'ticket.admitted' && e.p.passType === 'visitor').map((e) => e.p.passId));
  // a group pass is its order's group code (passId: the order's id)
  const groupIds = ids(payloads.filter((e) => e.name === 'ticket.admitted' && e.p.passType === 'group').map((e) => e.p.passId));
  const [members, orderNos, visitorCodes, groupShortCodes] = await Promise.all([
    memberIds.length
      ? db
          .select({ id: teamMembers.id, name: teamMembers.name, team: teams.name })
          .from(teamMembers)
          .leftJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(inArray(teamMembers.id, memberIds))
      : [],
    orderIds.length ? db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, orderIds)) : [],
    visitorIds.length ? db.select({ id: visitors.id, code: visitors.shortCode }).from(visitors).where(inArray(visitors.id, visitorIds)) : [],
    groupIds.length ? db.select({ id: groupCodes.orderId, code: groupCodes.shortCode }).from(groupCodes).where(inArray(groupCodes.orderId, groupIds)) : [],
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const memberOf = byId(members);
  const orderOf = byId(orderNos);
  const visitorOf = byId(visitorCodes);
  const groupOf = byId(groupShortCodes);
  const subjectOf = new Map<string, OutboxSubject | null>();
  for (const e of payloads) {
    const p = e.p;
    let subject: OutboxSubject | null = null;
    if (typeof p.orderNo === 'string') subject = { kind: 'order', text: p.orderNo };
    else if (typeof p.orderId === 'number' && orderOf.has(p.orderId)) subject = { kind: 'order', text: orderOf.get(p.orderId)!.orderNo };
    else if (typeof p.certCode === 'string') subject = { kind: 'certificate', text: p.certCode };
    else if (typeof p.memberId === 'number' && memberOf.has(p.memberId)) {
      const m = memberOf.get(p.memberId)!;
      subject = { kind: 'player', text: [maskPersonName(m.name), m.team].filter(Boolean).join(' · ') };
    } else if (e.name === 'ticket.admitted' && typeof p.passId === 'number') {
      const code = (p.passType === 'group' ? groupOf : visitorOf).get(p.passId)?.code;
      subject = { kind: 'pass', text: code ?? `#${p.passId}` };
    }
    subjectOf.set(e.id, subject);
  }
  const handedOf = new Map(handed.map((h) => [h.eventId, Number(h.n)]));
  return rows.map((r) => ({
    ...r,
    subject: subjectOf.get(r.eventId) ?? null,
    webhooks: r.subscriber === 'webhooks' ? (handedOf.get(r.eventId) ?? 0) : null,
  }));
}
