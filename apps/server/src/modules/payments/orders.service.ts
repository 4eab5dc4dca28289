import type { Tx } from '../../db/client';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { feePayable, nextPayStatus, ORDER_TYPE, PAY_GROUPS, PAY_STATUS, payReleasedStatus, translate, type Lang, type VisitorInput } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { activities, orderItems, orders, payments, plans, teamMembers, teams } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { INT4_MAX } from '@rp/shared';
import { assertConsented, loadActivity, loadOpenActivity, lockOwnMembersWithTeams, ownMembers, ownTeam, reserveProgramPlaces } from '../registration/index';

import { lockOrder, newOrderNo, ownOrder, type OrderRow } from './common';
import { orderLines, rememberOrder } from './present';
import { bankReference } from './providers/bank';
import { orderKindName, publishSettled } from './order-kinds';
import { publish, type Events } from '../../lib/events';
import type { Channel, PaymentAction } from './providers/types';
import { ProviderError } from './providers/types';
import { WechatPayProvider } from './providers/wechat';
import { mpAppId } from '../wechat/index';
import { openidFor } from '../wechat/index';

type MemberRow = typeof teamMembers.$inferSelect;

/** What /activityOrder offers: plans with price and stock, the channels this instance can take. */
export async function checkout(deps: AppDeps, activityId: number, lang: Lang) {
  const a = await loadActivity(deps.database.db, activityId);
  const rows = await deps.database.db.select().from(plans).where(eq(plans.activityId, activityId)).orderBy(asc(plans.id));
  return {
    activity: a,
    plans: rows
      .filter((p) => p.priceFen > 0)
      .map((p) => ({ id: p.id, name: lang === 'en' ? p.nameEn || p.nameZh : p.nameZh, priceFen: p.priceFen, codeType: p.codeType, stock: p.stock })),
    channels: [...deps.payments.providers.keys()],
    wechatJsapi: jsapiOf(deps) !== null,
  };
}

/** The WeChat Pay provider when it can take JSAPI payments, and the official account's app id it orders with. */
function jsapiOf(deps: Pick<AppDeps, 'config' | 'payments'>): { appId: string } | null {
  const wx = deps.payments.providers.get('wechat');
  const appId = mpAppId(deps.config);
  return wx instanceof WechatPayProvider && wx.jsapi && appId ? { appId } : null;
}

/**
 * The price of a player's registration: its plan, else its team's plan, else the activity's first plan
 * (what the registration screens show as the plan when none is named). Missing when none has a price.
 */
async function memberPrices(
  tx: Tx,
  activityId: number,
  rows: MemberRow[],
  knownTeams?: ReadonlyMap<number, { id: number; planId: number | null }>,
): Promise<Map<number, { priceFen: number; planId: number }>> {
  const teamIds = [...new Set(rows.map((m) => m.teamId).filter((x): x is number => !!x))];
  // the players' teams as the caller has locked them are not read again
  const teamPlans = new Map(
    !teamIds.length
      ? []
      : knownTeams && teamIds.every((id) => knownTeams.has(id))
        ? teamIds.map((id) => [id, knownTeams.get(id)!.planId] as const)
        : (await tx.select({ id: teams.id, planId: teams.planId }).from(teams).where(inArray(teams.id, teamIds))).map((t) => [t.id, t.planId] as const),
  );
  // one query: the activity's plans (the first of them is the default) and any other plan a player or team names
  const named = [...new Set(rows.flatMap((m) => [m.planId, m.teamId ? teamPlans.get(m.teamId) : null]).filter((x): x is number => !!x))];
  const planRows = await tx
    .select({ id: plans.id, p: plans.priceFen, activityId: plans.activityId })
    .from(plans)
    .where(named.length ? or(eq(plans.activityId, activityId), inArray(plans.id, named)) : eq(plans.activityId, activityId))
    .orderBy(asc(plans.id));
  const first = planRows.find((p) => p.activityId === activityId);
  const price = new Map(planRows.map((p) => [p.id, p.p]));
  const out = new Map<number, { priceFen: number; planId: number }>();
  for (const m of rows) {
    for (const planId of [m.planId, m.teamId ? teamPlans.get(m.teamId) : null, first?.id]) {
      const p = planId ? price.get(planId) : undefined;
      if (planId && p && p > 0) {
        out.set(m.id, { priceFen: p, planId });
        break;
      }
    }
  }
  return out;
}

/**
 * The players a fee order carries: the given ones, or a team's unpaid ones, checked as the order needs
 * them (the caller's, of this activity, payable now, in a team). `lock` takes their rows (createOrder,
 * teams then players); the preview only reads.
 */
async function feePlayers(
  tx: Tx,
  userId: number,
  activity: { id: number; reviewRequired: boolean; guardianConsentRequired: boolean },
  body: { memberIds?: number[]; teamId?: number },
  lock: boolean,
) {
  const activityId = activity.id;
  const payable = (status: number) => feePayable(status, activity.reviewRequired);
  let ids = body.memberIds ?? [];
  if (body.teamId) {
    const team = await ownTeam(tx, userId, body.teamId);
    if (team.activityId !== activityId) throw new AppError('NOT_FOUND');
    const inTeam = await tx.select({ id: teamMembers.id, s: teamMembers.payStatus }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
    if (ids.length) {
      const mine = new Set(inTeam.map((m) => m.id));
      if (ids.some((id) => !mine.has(id))) throw new AppError('NOT_FOUND');
    } else ids = inTeam.filter((m) => payable(m.s)).map((m) => m.id);
  }
  if (!ids.length) throw new AppError('NOTHING_TO_PAY');
  const locked = lock ? await lockOwnMembersWithTeams(tx, userId, ids) : null;
  const rows = locked ? locked.rows : (await ownMembers(tx, userId, ids)).sort((a, b) => a.id - b.id);
  if (rows.some((m) => m.activityId !== activityId)) throw new AppError('NOT_FOUND');
  if (rows.some((m) => !payable(m.payStatus))) {
    if (rows.some((m) => m.payStatus === PAY_STATUS.REGISTERING)) throw new AppError('MEMBER_IN_ORDER');
    // issue 34: where review comes first, a player not passed (0, 7, 8) is paid for after a new review passes her
    const waiting = rows.filter((m) => activity.reviewRequired && PAY_GROUPS.AWAITING_REVIEW.some((s) => s === m.payStatus));
    if (waiting.length) throw new AppError('REVIEW_NOT_PASSED', { params: { players: waiting.map((m) => m.name).join(', ') } });
    throw new AppError('MEMBER_NOT_PAYABLE');
  }
  if (rows.some((m) => !m.teamId)) throw new AppError('VALIDATION_FAILED', { message: 'reg.codeNeedsTeam', field: 'memberIds' });
  // nobody pays for a child under 14 without a guardian's consent where the activity asks for it (issue 37)
  await assertConsented(tx, rows, activity);
  return { rows, teams: locked?.teams };
}

/** Each player's price and the total of a fee order (every player needs a priced plan). */
async function feePrices(tx: Tx, activityId: number, rows: MemberRow[], knownTeams?: ReadonlyMap<number, { id: number; planId: number | null }>) {
  const prices = await memberPrices(tx, activityId, rows, knownTeams);
  if (rows.some((m) => !prices.has(m.id))) throw new AppError('NO_FEE');
  const amount = rows.reduce((s, m) => s + prices.get(m.id)!.priceFen, 0);
  if (amount > INT4_MAX) throw new AppError('VALIDATION_FAILED', { fieldErrors: { memberIds: 'validation.tooBig' } });
  return { prices, amount };
}

/**
 * What a fee order would carry, before one exists (issue 24): the players to be paid with their team and
 * price, and the total. Reads only — no order is created, no player is held; createOrder checks it all
 * again when the person chooses to pay.
 */
export async function previewFeeOrder(deps: Pick<AppDeps, 'database'>, userId: number, body: { activityId: number; memberIds?: number[]; teamId?: number }) {
  return deps.database.db.transaction(async (tx) => {
    const activity = await loadOpenActivity(tx, body.activityId);
    const { rows } = await feePlayers(tx, userId, activity, body, false);
    const { prices, amount } = await feePrices(tx, activity.id, rows);
    const teamIds = [...new Set(rows.map((m) => m.teamId!))];
    const names = new Map((await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds))).map((t) => [t.id, t.name]));
    return {
      players: rows.map((m) => ({ id: m.id, name: m.name, teamName: names.get(m.teamId!) ?? '', priceFen: prices.get(m.id)!.priceFen })),
      totalFen: amount,
    };
  });
}

function expiry(deps: Pick<AppDeps, 'config'>, now: Date) {
  return new Date(now.getTime() + deps.config.ORDER_EXPIRE_MINUTES * 60_000);
}

/**
 * Places an order. Codes: the plan's stock is taken by one conditional UPDATE (stock ≥ quantity), so
 * the last code of a batch goes to exactly one buyer on any number of instances. Players: each is
 * locked (teams, then players — the one lock order) and moved 0/1/8 → 2 (registering), so no player is
 * held by two orders or paid twice. The order holds all of it until it is paid or expires.
 */
export async function createOrder(
  deps: AppDeps,
  userId: number,
  body: {
    activityId: number;
    type: 1 | 2 | 3;
    planId?: number;
    quantity?: number;
    memberIds?: number[];
    teamId?: number;
    payerPhone?: string;
    ticketId?: number;
    visitors?: VisitorInput[];
  },
  lang: Lang,
  now = new Date(),
): Promise<OrderRow> {
  return deps.database.db.transaction(async (tx) => {
    if (body.type === ORDER_TYPE.TICKETS) {
      const o = await deps.orderKinds[ORDER_TYPE.TICKETS].create(deps, tx, userId, body, lang, expiry(deps, now), now);
      // a free ticket (a free workshop) needs no payment: booked at once
      if (o.amountFen === 0) return settleFree(deps, tx, o, now);
      return o;
    }
    const activity = await loadOpenActivity(tx, body.activityId);
    const name = lang === 'en' ? activity.nameEn || activity.nameZh : activity.nameZh;
    if (body.type === ORDER_TYPE.CODES) {
      if (!body.planId) throw new AppError('VALIDATION_FAILED', { fieldErrors: { planId: 'validation.required' } });
      if (!body.quantity) throw new AppError('VALIDATION_FAILED', { fieldErrors: { quantity: 'validation.required' } });
      const [plan] = await tx
        .select()
        .from(plans)
        .where(and(eq(plans.id, body.planId), eq(plans.activityId, activity.id)));
      if (!plan) throw new AppError('VALIDATION_FAILED', { fieldErrors: { planId: 'validation.invalidOption' } });
      if (plan.priceFen <= 0) throw new AppError('NO_FEE');
      if (plan.priceFen * body.quantity > INT4_MAX) throw new AppError('VALIDATION_FAILED', { fieldErrors: { quantity: 'validation.tooBig' } });
      if (plan.stock !== null) {
        const taken = await tx
          .update(plans)
          .set({ stock: sql`${plans.stock} - ${body.quantity}` })
          .where(and(eq(plans.id, plan.id), sql`${plans.stock} >= ${body.quantity}`))
          .returning({ id: plans.id });
        if (!taken.length) throw new AppError('OUT_OF_STOCK');
      }
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo: newOrderNo(now),
          userId,
          activityId: activity.id,
          type: ORDER_TYPE.CODES,
          amountFen: plan.priceFen * body.quantity,
          planId: plan.id,
          quantity: body.quantity,
          payerPhone: body.payerPhone || null,
          expiresAt: expiry(deps, now),
          createdAt: now,
        })
        .returning();
      const label = lang === 'en' ? plan.nameEn || plan.nameZh : plan.nameZh;
      await tx.insert(orderItems).values(
        Array.from({ length: body.quantity }, () => ({
          orderId: order!.id,
          kind: 'code' as const,
          planId: plan.id,
          label,
          priceFen: plan.priceFen,
          status: 'held' as const,
        })),
      );
      await audit(tx, {
        userId,
        resource: 'orders',
        recordId: order!.id,
        action: 'create',
        after: { orderNo: order!.orderNo, amountFen: order!.amountFen, name },
      });
      return order!;
    }

    // registration fee of players: the given ones, or a team's unpaid ones
    const { rows, teams: lockedTeams } = await feePlayers(tx, userId, activity, body, true);
    const perProgram = new Map<number, number>();
    for (const m of rows) if (m.programId) perProgram.set(m.programId, (perProgram.get(m.programId) ?? 0) + 1);
    await reserveProgramPlaces(tx, perProgram);
    const { prices, amount } = await feePrices(tx, activity.id, rows, lockedTeams);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        activityId: activity.id,
        type: ORDER_TYPE.FEE,
        amountFen: amount,
        teamId: body.teamId ?? (new Set(rows.map((m) => m.teamId)).size === 1 ? rows[0]!.teamId : null),
        payerPhone: body.payerPhone || null,
        expiresAt: expiry(deps, now),
        createdAt: now,
      })
      .returning();
    const items = await tx
      .insert(orderItems)
      .values(
        rows.map((m) => ({
          orderId: order!.id,
          kind: 'member' as const,
          memberId: m.id,
          planId: prices.get(m.id)!.planId,
          label: m.name,
          priceFen: prices.get(m.id)!.priceFen,
        })),
      )
      .returning();
    // the players move to registering: one statement for all of them that go to the same status
    const byNext = new Map<number, number[]>();
    for (const m of rows) {
      const next = nextPayStatus(m.payStatus, 'payStart')!;
      byNext.set(next, [...(byNext.get(next) ?? []), m.id]);
    }
    for (const [next, ids] of byNext) await tx.update(teamMembers).set({ payStatus: next, updatedAt: now }).where(inArray(teamMembers.id, ids));
    await audit(tx, {
      userId,
      resource: 'orders',
      recordId: order!.id,
      action: 'create',
      after: { orderNo: order!.orderNo, amountFen: amount, members: rows.map((m) => ({ id: m.id, payStatus: m.payStatus })) },
    });
    // its answer is made of what this transaction wrote and read: nothing else can belong to a new order yet
    const team = order!.teamId ? lockedTeams?.get(order!.teamId) : undefined;
    return rememberOrder(order!, { items, payments: [], refunds: [], invoices: [], activity, ...(team ? { team } : {}) });
  });
}

const CHANNEL_LETTER: Record<Channel, string> = { sandbox: 'S', wechat: 'W', alipay: 'A', bank: 'B' };

/**
 * Starts paying an order, or continues the open attempt for that channel and scene: under the order's
 * lock at most one attempt per channel and scene is open, and its trade number is reused, so 200 clicks
 * on "pay" on any instances make one trade at the gateway (which charges a trade number once). The
 * gateway is called after the lock is released (its answer is idempotent for the trade number).
 */
export async function startPayment(
  deps: AppDeps,
  userId: number,
  orderNo: string,
  channel: Channel,
  scene: 'desktop' | 'mobile' | 'jsapi',
  clientIp: string,
  lang: Lang,
  now = new Date(),
): Promise<{ order: OrderRow; action: PaymentAction }> {
  const provider = deps.payments.providers.get(channel);
  if (!provider) throw new AppError('CHANNEL_UNAVAILABLE', { field: 'channel' });
  // inside WeChat: WeChat Pay's JSAPI, with the payer's openid of the official account (asked for once)
  let payerOpenid: string | undefined;
  if (scene === 'jsapi') {
    const jsapi = channel === 'wechat' ? jsapiOf(deps) : null;
    if (!jsapi) throw new AppError('CHANNEL_UNAVAILABLE', { field: 'scene' });
    payerOpenid = (await openidFor(deps.database.db, userId, jsapi.appId)) ?? undefined;
    if (!payerOpenid) throw new AppError('WECHAT_OPENID_REQUIRED');
  }
  const { order, attempt, tries } = await deps.database.db.transaction(async (tx) => {
    const o = await ownOrder(tx, userId, orderNo, true);
    if (o.status !== 'unpaid') throw new AppError('ORDER_NOT_PAYABLE');
    if (o.expiresAt.getTime() <= now.getTime()) throw new AppError('ORDER_EXPIRED');
    const tries = await tx.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(desc(payments.id));
    const open = tries.find((p) => p.channel === channel && p.scene === scene && p.status === 'created');
    if (open) return { order: o, attempt: open, tries };
    const seq = String(tries.length + 1).padStart(2, '0');
    const outTradeNo =
      channel === 'bank' ? `BT${bankReference()}` : `${o.orderNo}${CHANNEL_LETTER[channel]}${scene === 'mobile' ? 'M' : scene === 'jsapi' ? 'J' : 'D'}${seq}`;
    const [p] = await tx
      .insert(payments)
      .values({ orderId: o.id, channel, outTradeNo, amountFen: o.amountFen, scene, expiresAt: channel === 'bank' ? bankExpiry(deps, o, now) : o.expiresAt })
      .returning();
    if (channel === 'bank') {
      // a transfer takes longer than a QR scan: the order waits for it
      const [moved] = await tx.update(orders).set({ expiresAt: p!.expiresAt, updatedAt: now }).where(eq(orders.id, o.id)).returning();
      return { order: moved!, attempt: p!, tries: [p!, ...tries] };
    }
    return { order: o, attempt: p!, tries: [p!, ...tries] };
  });
  const stored = JSON.parse(attempt.action) as PaymentAction | Record<string, never>;
  if ('kind' in stored) return { order, action: stored as PaymentAction };
  // the whole activity row (the description's name here; the answer's name, date and refund setting), the
  // order's team as the answer names it and its lines, in one query
  const [found] = await deps.database.db
    .select({ a: activities, team: { id: teams.id, name: teams.name, number: teams.number }, lines: orderLines(orders.id) })
    .from(orders)
    .leftJoin(activities, eq(activities.id, orders.activityId))
    .leftJoin(teams, eq(teams.id, orders.teamId))
    .where(eq(orders.id, order.id));
  const a = found?.a;
  const base = deps.payments.baseUrl();
  let action: PaymentAction;
  try {
    action = await provider.createPayment({
      outTradeNo: attempt.outTradeNo,
      amountFen: attempt.amountFen,
      description: translate(lang, 'pay.description', { activity: (lang === 'en' ? a?.nameEn || a?.nameZh : a?.nameZh) ?? '', orderNo: order.orderNo }),
      notifyUrl: `${base}/api/lOrder/${channel === 'wechat' ? 'wx' : channel === 'alipay' ? 'ali' : channel}/notify`,
      returnUrl: order.type === ORDER_TYPE.TICKETS ? `${base}/audienceOrder?orderNo=${order.orderNo}` : `${base}/activityOrder?orderNo=${order.orderNo}`,
      scene,
      payerOpenid,
      clientIp,
      expiresAt: attempt.expiresAt,
    });
  } catch (e) {
    if (e instanceof ProviderError) throw new AppError('PROVIDER_ERROR');
    throw e;
  }
  await deps.database.db
    .update(payments)
    .set({ action: JSON.stringify(action) })
    .where(eq(payments.id, attempt.id));
  // the answer from what this call read under the order's lock and wrote since (the attempt's action), and its
  // lines read with the activity: an unpaid order has no refund (refunds are of paid orders, an auto-refund of
  // an order no longer unpaid) and no invoice (asked for a paid order only), and never goes back to unpaid
  const withAction = { ...attempt, action: JSON.stringify(action) };
  return {
    order: rememberOrder(
      { ...order },
      {
        payments: tries.map((p) => (p.id === attempt.id ? withAction : p)),
        ...(a ? { activity: a } : {}),
        ...(found?.team ? { team: found.team } : {}),
        ...(found ? { lines: found.lines, refunds: [], invoices: [] } : {}),
      },
    ),
    action,
  };
}

function bankExpiry(deps: Pick<AppDeps, 'config'>, o: OrderRow, now: Date) {
  return new Date(Math.max(o.expiresAt.getTime(), now.getTime() + deps.config.BANK_TRANSFER_EXPIRE_HOURS * 3_600_000));
}

/** An order of nothing to pay (a free workshop place): paid at once, no gateway, no ledger row. */
async function settleFree(deps: Events, tx: Tx, o: OrderRow, now: Date): Promise<OrderRow> {
  await tx
    .update(orderItems)
    .set({ status: 'active' })
    .where(and(eq(orderItems.orderId, o.id), eq(orderItems.status, 'held')));
  const [paid] = await tx.update(orders).set({ status: 'paid', channel: 'free', paidAt: now, updatedAt: now }).where(eq(orders.id, o.id)).returning();
  // the passes become valid in tickets' payment.settled subscriber
  await publishSettled(deps, tx, paid!, now);
  return paid!;
}

/**
 * Gives back what an unpaid order holds: stock to its plan, players 2 → 1 (continue registering; 9 where
 * review comes first), items released; open attempts closed. Inside the caller's transaction, with the order locked.
 */
export async function releaseOrder(deps: Events, tx: Tx, o: OrderRow, reason: 'expired' | 'user' | 'staff', now: Date, staffId: number | null = null) {
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, o.id), eq(orderItems.status, 'held')));
  if (o.type === ORDER_TYPE.CODES && o.planId && items.length)
    await tx
      .update(plans)
      .set({ stock: sql`${plans.stock} + ${items.length}` })
      .where(and(eq(plans.id, o.planId), sql`${plans.stock} is not null`));
  const memberIds = items.map((i) => i.memberId).filter((x): x is number => !!x);
  if (memberIds.length) {
    const { rows } = await lockOwnMembersWithTeams(tx, null, memberIds);
    // a passed player goes back to passed (9) where review comes first, so she still may pay (issue 34)
    const [a] = o.activityId ? await tx.select({ reviewRequired: activities.reviewRequired }).from(activities).where(eq(activities.id, o.activityId)) : [];
    const back = payReleasedStatus(a?.reviewRequired ?? false);
    for (const m of rows)
      if (m.payStatus === PAY_STATUS.REGISTERING) await tx.update(teamMembers).set({ payStatus: back, updatedAt: now }).where(eq(teamMembers.id, m.id));
  }
  // what an order of another module held (tickets: places, visitors) goes back in its order.released subscriber
  await publish(deps, tx, 'order.released', { orderId: o.id, orderNo: o.orderNo, kind: orderKindName(o.type), activityId: o.activityId ?? null, reason });
  await tx
    .update(orderItems)
    .set({ status: 'released' })
    .where(and(eq(orderItems.orderId, o.id), eq(orderItems.status, 'held')));
  await tx.update(orders).set({ status: 'cancelled', closeReason: reason, updatedAt: now }).where(eq(orders.id, o.id));
  await tx
    .update(payments)
    .set({ status: 'closed' })
    .where(and(eq(payments.orderId, o.id), eq(payments.status, 'created')));
  await audit(tx, {
    userId: staffId ?? (reason === 'user' ? o.userId : null),
    resource: 'orders',
    recordId: o.id,
    action: `release:${reason}`,
    before: { status: o.status },
  });
}

/** Open attempts of an order at their gateways: closed after the order closed (best effort; a late payment is refunded anyway). */
export async function closeAttemptsAtGateways(deps: Pick<AppDeps, 'database' | 'payments'>, orderId: number, exceptPaymentId?: number) {
  const open = await deps.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  for (const p of open) {
    if (p.id === exceptPaymentId || p.status === 'paid') continue;
    try {
      await deps.payments.providers.get(p.channel as Channel)?.closePayment(p.outTradeNo);
    } catch {
      // the gateway is away: the attempt expires there by its own time limit
    }
  }
}

/** The member cancels an unpaid order: everything it held goes back at once. */
export async function cancelOrder(deps: AppDeps, userId: number, orderNo: string, now = new Date()) {
  const id = await deps.database.db.transaction(async (tx) => {
    const o = await ownOrder(tx, userId, orderNo, true);
    if (o.status !== 'unpaid') throw new AppError('ORDER_NOT_PAYABLE');
    await releaseOrder(deps, tx, o, 'user', now);
    return o.id;
  });
  await closeAttemptsAtGateways(deps, id);
}

/** Staff close an unpaid order (e.g. a bank transfer that never came). */
export async function staffCancelOrder(deps: AppDeps, staffId: number, orderId: number, now = new Date()) {
  await deps.database.db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    if (o.status !== 'unpaid') throw new AppError('ORDER_NOT_PAYABLE');
    await releaseOrder(deps, tx, o, 'staff', now, staffId);
  });
  await closeAttemptsAtGateways(deps, orderId);
}
