import crypto from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client';
import { domainEvents } from '../db/schema/index';
import { enqueueMany } from './jobs';

/**
 * Domain events (issue 25). A module that changes something publishes what happened; modules below it
 * subscribe instead of being called. Two kinds of subscriber:
 *
 * - **in the transaction** (`inTransaction`): runs inside the publisher's transaction, before it commits, the
 *   event's row stored — for reactions that must be atomic with the change (players paid when a payment
 *   settles, places taken, codes granted; a webhook's deliveries and their jobs, one hop). A throw rolls the
 *   whole change back. `'*'` subscribes to every event.
 * - **after commit, through the outbox** (`subscribe`): publish enqueues one job per such subscriber in the
 *   same transaction (lib/jobs.ts, lib/outbox.ts); the job loop delivers each once, on any instance, retried
 *   with backoff without repeating the others.
 *
 * The catalog below is the one list of events and their payloads. Payloads carry ids and public fields
 * only — never an ID number, a phone or a name of a child: the webhooks send them as they are.
 */
const id = z.number().int().positive();
const at = z.string().describe('ISO 8601 time');
export const EVENT_CATALOG = {
  'payment.settled': z
    .object({ orderId: id, orderNo: z.string(), kind: z.string(), activityId: id.nullable(), userId: id, amountFen: z.number().int(), paidAt: at })
    .describe('An order was paid (the gateway confirmed it, a bank transfer was confirmed, or a free order completed).'),
  'order.released': z
    .object({ orderId: id, orderNo: z.string(), kind: z.string(), activityId: id.nullable(), reason: z.enum(['expired', 'user', 'staff']) })
    .describe('An unpaid order was cancelled or ran out of time; what it held is free again.'),
  'refund.succeeded': z
    .object({ refundId: id, refundNo: z.string(), orderId: id, orderNo: z.string(), activityId: id.nullable(), amountFen: z.number().int(), at })
    .describe('Money went back to the payer.'),
  'refund.requested': z
    .object({ orderId: id, orderNo: z.string(), activityId: id.nullable(), itemIds: z.array(id) })
    .describe('A member asked for money back for lines of a paid order; staff decide.'),
  'refund.undone': z
    .object({ orderId: id, activityId: id.nullable(), itemIds: z.array(id) })
    .describe('A refund was rejected, cancelled or failed: its lines are in force again.'),
  'registration.reviewed': z
    .object({ memberId: id, teamId: id.nullable(), activityId: id, programId: id.nullable(), result: z.enum(['passed', 'failed']) })
    .describe("Staff passed or failed a player's registration."),
  'registration.withdrawn': z.object({ memberId: id, teamId: id.nullable(), activityId: id }).describe("A player's withdrawal was approved."),
  'ticket.admitted': z
    .object({ passType: z.enum(['visitor', 'group']), passId: id, sessionId: id, activityId: id.nullable(), admittedAt: at })
    .describe('A pass was admitted at a gate.'),
  'certificate.issued': z
    .object({ certificateId: id, certCode: z.string(), activityId: id.nullable() })
    .describe('A certificate was issued (it can be verified by its code).'),
} as const;

export type EventName = keyof typeof EVENT_CATALOG;
export const EVENT_NAMES = Object.keys(EVENT_CATALOG) as EventName[];
export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_CATALOG)[N]>;

/** An event as stored and delivered. */
export interface StoredEvent<N extends EventName = EventName> {
  id: string;
  name: N;
  payload: EventPayload<N>;
  activityId: number | null;
  occurredAt: Date;
}

type SyncHandler<N extends EventName> = (tx: Tx, payload: EventPayload<N>, event: { id: string; name: N }) => Promise<void>;

/**
 * What an outbox subscriber is handed. `commit(work)` runs `work` in a transaction that also marks this
 * delivery done — only while this instance still holds it — so database effects happen exactly once. A
 * handler that calls out (HTTP, SMS) does that first and records the result in `commit`; when it returns
 * without calling `commit`, the job marks the delivery done itself.
 */
export interface Delivery<N extends EventName = EventName> {
  event: StoredEvent<N>;
  attempt: number;
  commit<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}
export type AsyncHandler<D, N extends EventName = EventName> = (delivery: Delivery<N>, deps: D) => Promise<void>;

export interface AsyncSubscriber {
  name: string;
  events: readonly EventName[] | '*';
  handler: AsyncHandler<never>;
}
export interface SyncSubscriber {
  /** one event, or '*': every event */
  event: EventName | '*';
  key: string;
  handler: SyncHandler<EventName>;
  /**
   * Or its whole work as data-modifying statements run in the event's own INSERT (`inStatement`): one statement
   * where two or more were (issue 39 rush paths). `handler` is then not called.
   */
  parts?: StatementParts;
}
/**
 * A subscriber's work written as the bodies of WITH queries folded into the event's INSERT: `event` names the
 * stored event's row (its `id`), `ref(i)` this subscriber's i-th body (for one that reads another's RETURNING).
 */
export type StatementParts = (name: EventName, event: SQLWrapper, ref: (i: number) => SQLWrapper) => SQL[];
/** What the composition root hands `buildApp` (issue 36): every module's subscribers, as values. */
export interface EventSubscribers {
  inTransaction: readonly SyncSubscriber[];
  afterCommit: readonly AsyncSubscriber[];
}

/** An in-transaction subscriber (`key` names it: module.reaction; event '*': every event), as a value for `buildApp`. */
export function inTransaction<N extends EventName>(event: N | '*', key: string, handler: SyncHandler<N>): SyncSubscriber {
  return { event, key, handler: handler as unknown as SyncHandler<EventName> };
}

/**
 * An in-transaction subscriber whose work is data-modifying SQL that needs nothing but the event's id and name: run
 * in the very statement that stores the event (a WITH query of it), after the row is written in that statement.
 */
export function inStatement(event: EventName | '*', key: string, parts: StatementParts): SyncSubscriber {
  return {
    event,
    key,
    parts,
    handler: () => Promise.reject(new Error(`${key} runs in the event's statement`)),
  };
}

/** An outbox subscriber (`name` is its row's subscriber), as a value for `buildApp`. */
export function afterCommit<D, N extends EventName>(name: string, events: readonly N[] | '*', handler: AsyncHandler<D, N>): AsyncSubscriber {
  return { name, events, handler: handler as unknown as AsyncHandler<never> };
}

/**
 * One app's subscribers (issue 36): buildApp makes it from the subscribers it is handed and puts it on its
 * deps (`deps.events`), so two apps in one process (tests build several) never see each other's, and
 * publish reads no table of the process.
 */
export class EventBus {
  private readonly sync: readonly SyncSubscriber[];
  private readonly async = new Map<string, AsyncSubscriber>();
  constructor(s: EventSubscribers) {
    const keys = new Set<string>();
    for (const sub of s.inTransaction) {
      if (keys.has(sub.key)) throw new Error(`two in-transaction subscribers named ${sub.key}`);
      keys.add(sub.key);
    }
    this.sync = [...s.inTransaction];
    for (const sub of s.afterCommit) {
      if (this.async.has(sub.name)) throw new Error(`two outbox subscribers named ${sub.name}`);
      this.async.set(sub.name, sub);
    }
  }
  /** The in-transaction subscribers of this event (its own and '*'), in the order they were handed. */
  inTransaction(name: EventName): readonly SyncSubscriber[] {
    return this.sync.filter((x) => x.event === name || x.event === '*');
  }
  asyncSubscriber(name: string): AsyncSubscriber | undefined {
    return this.async.get(name);
  }
  /** Every outbox subscriber's name (the job loop serves one queue per subscriber). */
  asyncSubscriberNames(): string[] {
    return [...this.async.keys()];
  }
  subscribersOf(name: EventName): string[] {
    return [...this.async.values()].filter((s) => s.events === '*' || s.events.includes(name)).map((s) => s.name);
  }
}

/** What publishing needs: the app's own subscribers (AppDeps carries them). */
export interface Events {
  events: EventBus;
}

/** An outbox subscriber's job queue (lib/outbox.ts): `event:<subscriber>`, payload `{ eventId }`, key the event id. */
export const EVENT_QUEUE_PREFIX = 'event:';
export const eventQueueName = (subscriber: string) => `${EVENT_QUEUE_PREFIX}${subscriber}`;
/** the retry window (24 h, lib/outbox.ts), not a count, ends an event's delivery */
const EVENT_MAX_ATTEMPTS = 1000;

/**
 * Publishes an event inside the change's transaction: checks the payload against the catalog, stores the
 * event, runs the app's in-transaction subscribers in the order it was handed them and enqueues one delivery
 * job per outbox subscriber. Returns the event's id.
 */
export async function publish<N extends EventName>(deps: Events, tx: Tx, name: N, payload: EventPayload<N>): Promise<string> {
  const parsed = EVENT_CATALOG[name].parse(payload) as EventPayload<N>;
  const eventId = crypto.randomUUID();
  const activityId = 'activityId' in parsed && typeof parsed.activityId === 'number' ? parsed.activityId : null;
  const subscribers = deps.events.inTransaction(name);
  const folded = subscribers.filter((s) => s.parts);
  // stored first: a subscriber may write rows that name it (a webhook's deliveries); those written by SQL alone
  // in the same statement, reading the stored row (so it is there before theirs)
  if (!folded.length) await tx.insert(domainEvents).values({ id: eventId, name, payload: parsed as Record<string, unknown>, activityId });
  else {
    const event = sql.identifier('event');
    const queries = [
      sql`${event} as (insert into ${domainEvents} (id, name, payload, activity_id) values (${eventId}, ${name}, ${JSON.stringify(parsed)}::jsonb, ${activityId}) returning id)`,
    ];
    folded.forEach((sub, k) => {
      const ref = (i: number) => sql.identifier(`s${k}_${i}`);
      sub.parts!(name, event, ref).forEach((body, i) => queries.push(sql`${ref(i)} as (${body})`));
    });
    await tx.execute(sql`with ${sql.join(queries, sql`, `)} select 1`);
  }
  for (const sub of subscribers) if (!sub.parts) await sub.handler(tx, parsed, { id: eventId, name });
  const subs = deps.events.subscribersOf(name);
  await enqueueMany(
    tx,
    subs.map((s) => ({ queue: eventQueueName(s), payload: { eventId }, opts: { key: eventId, maxAttempts: EVENT_MAX_ATTEMPTS } })),
  );
  return eventId;
}
