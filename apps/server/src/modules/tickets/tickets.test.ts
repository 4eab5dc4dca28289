import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkins, eventSessions, orders, visitors, waitlist } from '../../db/schema/index';
import { groupShortCode, SHORT_CODE_PATTERN } from '@rp/shared';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { reconcile } from '../payments/jobs';
import { ledgerMismatches, payWithSandbox } from '../payments/payments.helpers';
import { buyTickets, setupOnline, setupTickets, visitor } from './tickets.helpers';
import { expireOffers } from './waitlist.service';

const get = useTestApp();

async function staff(app: Parameters<typeof loginAs>[0], db: Parameters<typeof buildUser>[0], lang = 'zh') {
  const admin = await buildUser(db, { roles: ['admin'] });
  return client(app, await loginAs(app, admin.phone, admin.password), lang);
}

describe('sessions and tickets (admin, spec 3 and 5)', () => {
  it('session times out of order are refused on the field, in the reader’s language; good ones save', async () => {
    const { app, database } = get();
    const { activity } = await setupTickets(database.db, app);
    for (const lang of ['zh', 'en'] as const) {
      const a = await staff(app, database.db, lang);
      const bad = await a.post('/api/admin/sessions', {
        activityId: activity.id,
        nameZh: '下午场',
        entryTime: '2027-01-01T10:00:00Z',
        startTime: '2027-01-01T09:00:00Z',
        endTime: '2027-01-01T08:00:00Z',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual(
        lang === 'zh'
          ? { entryTime: '入场时间必须早于开始时间', endTime: '结束时间必须晚于开始时间' }
          : { entryTime: 'Entry time must be earlier than the start time', endTime: 'End time must be later than the start time' },
      );
    }
    const a = await staff(app, database.db);
    const good = await a.post('/api/admin/sessions', {
      activityId: activity.id,
      nameZh: '下午场',
      entryTime: '2027-01-01T08:00:00Z',
      startTime: '2027-01-01T09:00:00Z',
      endTime: '2027-01-01T12:00:00Z',
    });
    expect(good.statusCode).toBe(200);
    // a member cannot touch them
    const { c } = await setupTickets(database.db, app);
    expect((await c.post('/api/admin/sessions', {})).statusCode).toBe(403);
  });

  it('a ticket whose session is another activity’s is refused on the session field, in words (issue 34)', async () => {
    const { app, database } = get();
    const mine = await setupTickets(database.db, app);
    const other = await setupTickets(database.db, app);
    for (const [lang, text] of [
      ['zh', '该场次不属于所选赛事活动'],
      ['en', 'This session is not one of the chosen activity’s'],
    ] as const) {
      const a = await staff(app, database.db, lang);
      const bad = await a.post('/api/admin/tickets', { activityId: mine.activity.id, sessionId: other.session.id, nameZh: '成人票' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ sessionId: text });
    }
    const a = await staff(app, database.db);
    expect((await a.post('/api/admin/tickets', { activityId: mine.activity.id, sessionId: mine.session.id, nameZh: '成人票' })).statusCode).toBe(200);
  });

  it('lists sessions with places left, the 4.3 states and each ticket’s sale state', async () => {
    const { app, database } = get();
    const { activity, session, ticket } = await setupTickets(database.db, app, { max: 10 });
    const en = await app.inject({ method: 'GET', url: `/api/lTicket/web/list?activityId=${activity.id}`, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(200);
    expect(en.json().content).toMatchObject([
      {
        id: session.id,
        name: 'Morning',
        area: 'Hall A',
        placesLeft: 10,
        state: 'notStarted',
        tickets: [{ id: ticket.id, name: 'Audience ticket', saleState: 'onSale' }],
      },
    ]);
    const bad = await app.inject({ method: 'GET', url: `/api/lTicket/web/list?activityId=abc` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('buying audience tickets on the money path', () => {
  it('two visitors → order (places held) → sandbox → two valid pass codes and a group code; owner only', async () => {
    const { app, database } = get();
    const { activity, session, ticket, c } = await setupTickets(database.db, app, { max: 10 });
    const r = await buyTickets(c, activity.id, ticket.id, 2);
    expect(r.statusCode, r.body).toBe(200);
    const o = r.json().data;
    expect(o).toMatchObject({ type: 3, amountFen: 10_000, status: 'unpaid' });
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, session.id)))[0]!.taken).toBe(2);
    // no codes before paying
    const before = (await c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data;
    expect(before.visitors.map((v: { passCode: string | null }) => v.passCode)).toEqual([null, null]);
    await payWithSandbox(app, c, o.orderNo);
    const pass = (await c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data;
    expect(pass.visitors).toHaveLength(2);
    for (const v of pass.visitors) expect(v.passCode).toMatch(/^P[A-Za-z0-9_-]{22}$/);
    expect(pass.groupCode).toMatch(/^G[A-Za-z0-9_-]{22}$/);
    expect(pass.visitors[0].phoneMasked).toBe('138****8000');
    // another member sees nothing of it
    const other = await buildUser(database.db);
    const oc = client(app, await loginAs(app, other.phone, other.password));
    expect((await oc.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).statusCode).toBe(404);
    expect((await c.get('/api/lTicket/web/mine')).json().content).toHaveLength(2);
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });

  it('refuses bad input with a 4xx and holds nothing: sold out, too many, closed audience, card needed, not on sale', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 3 });
    const full = await buyTickets(s.c, s.activity.id, s.ticket.id, 4);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('SESSION_FULL');
    expect(full.json().resultStr).toContain('3');
    const tooMany = await buyTickets(s.c, s.activity.id, s.ticket.id, 6);
    expect(tooMany.statusCode).toBe(400);
    const closed = await setupTickets(database.db, app, { audience: false });
    expect((await buyTickets(closed.c, closed.activity.id, closed.ticket.id, 1)).json().code).toBe('AUDIENCE_CLOSED');
    // the list says so before anyone types (issue 34); workshops and open activities are open
    const listed = async (activityId: number, kind = 'audience') =>
      (await app.inject({ method: 'GET', url: `/api/lTicket/web/list?activityId=${activityId}&kind=${kind}` })).json().content as { signupOpen: boolean }[];
    expect((await listed(closed.activity.id)).map((x) => x.signupOpen)).toEqual([false]);
    expect((await listed(s.activity.id)).map((x) => x.signupOpen)).toEqual([true]);
    const workshop = await setupTickets(database.db, app, { audience: false, kind: 'workshop' });
    expect((await listed(workshop.activity.id, 'workshop')).map((x) => x.signupOpen)).toEqual([true]);
    const card = await setupTickets(database.db, app, { requireIdCard: true });
    const noCard = await buyTickets(card.c, card.activity.id, card.ticket.id, 1);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().fieldErrors).toHaveProperty(['visitors.0.card']);
    const withCard = await card.c.post('/api/lOrder/web/createOrder', {
      activityId: card.activity.id,
      type: 3,
      ticketId: card.ticket.id,
      visitors: [visitor(1, { card: '110105201203047890' })],
    });
    expect(withCard.statusCode).toBe(200);
    const [v] = await database.db.select().from(visitors).where(eq(visitors.orderId, withCard.json().data.id));
    expect(v!.cardEnc).not.toContain('110105');
    expect(v!.cardMasked).not.toBe('110105201203047890');
    for (const body of [
      { activityId: s.activity.id, type: 3 },
      { activityId: s.activity.id, type: 3, ticketId: 999_999, visitors: [visitor(1)] },
      { activityId: s.activity.id, type: 3, ticketId: s.ticket.id, visitors: [{ name: '', phone: '1' }] },
      { activityId: s.activity.id, type: 3, ticketId: s.ticket.id, visitors: [{ ...visitor(1), name: 'x\u0000y'.repeat(40) }] },
    ]) {
      const r = await s.c.post('/api/lOrder/web/createOrder', body);
      expect(r.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, s.session.id)))[0]!.taken).toBe(0);
  });

  it('an expired order gives its places back; maximum 0 means unlimited', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 2 });
    const first = await buyTickets(s.c, s.activity.id, s.ticket.id, 2);
    expect(first.statusCode).toBe(200);
    expect((await buyTickets(s.c, s.activity.id, s.ticket.id, 1)).json().code).toBe('SESSION_FULL');
    await reconcile(app.deps, new Date(Date.now() + 31 * 60_000));
    expect((await database.db.select().from(orders).where(eq(orders.id, first.json().data.id)))[0]!.status).toBe('cancelled');
    expect((await buyTickets(s.c, s.activity.id, s.ticket.id, 2)).statusCode).toBe(200);
    const u = await setupTickets(database.db, app, { max: 0 });
    for (let i = 0; i < 3; i++) expect((await buyTickets(u.c, u.activity.id, u.ticket.id, 5)).statusCode).toBe(200);
  });

  it('a refund of an unused pass gives its place back; a used pass cannot be refunded', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 5 });
    const o = (await buyTickets(s.c, s.activity.id, s.ticket.id, 2)).json().data;
    await payWithSandbox(app, s.c, o.orderNo);
    const pass = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data;
    const a = await staff(app, database.db);
    expect((await a.post('/api/admin/checkin', { code: pass.visitors[0].passCode, gate: 'East 1' })).statusCode).toBe(200);
    const order = (await s.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
    expect(order.items.map((i: { refundable: boolean }) => i.refundable)).toEqual([false, true]);
    expect((await s.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [order.items[0].id], reason: '' })).json().code).toBe('REFUND_NOT_ALLOWED');
    const r = await s.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: [order.items[1].id], reason: '' });
    expect(r.statusCode, r.body).toBe(200);
    // while it runs the pass does not admit
    expect((await a.post('/api/admin/checkin', { code: pass.visitors[1].passCode, gate: 'East 1' })).json().code).toBe('PASS_NOT_VALID');
    const refund = (await a.get(`/api/admin/refunds?status=pending`)).json().content[0];
    expect((await a.post(`/api/admin/refunds/${refund.id}/decide`, { approve: true, ratio: '994' })).statusCode).toBe(200);
    await app.deps.payments.sandbox.deliverDue();
    const [v] = await database.db.select().from(visitors).where(eq(visitors.passCode, pass.visitors[1].passCode));
    expect(v!.status).toBe('refunded');
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, s.session.id)))[0]!.taken).toBe(1);
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });

  it('a free workshop is booked at once through api/lAtelier/web/create', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { kind: 'workshop', priceFen: 0, max: 3 });
    const list = await app.inject({ method: 'GET', url: `/api/lAtelier/web/list?activityId=${s.activity.id}` });
    expect(list.json().content).toHaveLength(1);
    const r = await s.c.post('/api/lAtelier/web/create', { activityId: s.activity.id, ticketId: s.ticket.id, visitors: [visitor(1)] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'completed', amountFen: 0 });
    const pass = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: r.json().data.orderNo })).json().data;
    expect(pass.visitors[0].status).toBe('valid');
  });
});

describe('check-in at the gate', () => {
  it('admits a pass once; a second scan says when and where; unknown, forged and other-session codes are refused and logged', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 10 });
    const o = (await buyTickets(s.c, s.activity.id, s.ticket.id, 3)).json().data;
    await payWithSandbox(app, s.c, o.orderNo);
    const pass = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data;
    const a = await staff(app, database.db, 'en');
    const first = await a.post('/api/admin/checkin', { code: pass.visitors[0].passCode, gate: 'East 1', sessionId: s.session.id });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ result: 'admitted', admitted: 1, names: ['观众0'], sessionName: 'Morning', usedGate: 'East 1' });
    const again = await a.post('/api/admin/checkin', { code: pass.visitors[0].passCode, gate: 'West 2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PASS_USED');
    expect(again.json().resultStr).toContain('East 1');
    expect((await a.post('/api/admin/checkin', { code: 'P' + 'x'.repeat(22), gate: 'East 1' })).statusCode).toBe(404);
    expect((await a.post('/api/admin/checkin', { code: 'hello', gate: 'East 1' })).statusCode).toBe(404);
    const other = await a.post('/api/admin/checkin', { code: pass.visitors[1].passCode, gate: 'East 1', sessionId: 999_999 });
    expect(other.json().code).toBe('PASS_OTHER_SESSION');
    // the group code admits the rest of the order at once
    const group = await a.post('/api/admin/checkin', { code: pass.groupCode, gate: 'East 1' });
    expect(group.json().data).toMatchObject({ result: 'admitted', admitted: 2 });
    expect((await a.post('/api/admin/checkin', { code: pass.groupCode, gate: 'East 1' })).json().code).toBe('PASS_USED');
    const stats = (await a.get(`/api/admin/checkin/stats?sessionId=${s.session.id}`)).json().data;
    expect(stats).toMatchObject({ sold: 3, admitted: 3, maxPeople: 10 });
    const log = await database.db.select().from(checkins);
    expect(log.map((l) => l.result).sort()).toEqual(['admitted', 'admitted', 'admitted', 'otherSession', 'unknown', 'unknown', 'used', 'used']);
    // members cannot scan
    expect((await s.c.post('/api/admin/checkin', { code: pass.groupCode })).statusCode).toBe(403);
  });
});

describe('short codes at the gate (issue 24)', () => {
  it('every pass and group pass gets a short code; typed in lower case with spaces it admits once; again, refused naming the visitor and gate', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 10 });
    const o = (await buyTickets(s.c, s.activity.id, s.ticket.id, 3)).json().data;
    // held visitors have their code from the start; it is shown once paid
    const held = await database.db.select().from(visitors).where(eq(visitors.orderId, o.id));
    for (const v of held) expect(v.shortCode).toMatch(SHORT_CODE_PATTERN);
    expect(new Set(held.map((v) => v.shortCode)).size).toBe(3);
    await payWithSandbox(app, s.c, o.orderNo);
    const pass = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data;
    expect(pass.visitors[0]).toMatchObject({ shortCode: held[0]!.shortCode, activityName: s.activity.nameZh });
    expect(pass.groupShortCode).toMatch(SHORT_CODE_PATTERN);
    const mine = (await s.c.get('/api/lTicket/web/mine')).json().content;
    expect(mine.every((v: { activityName: string; shortCode: string }) => v.activityName === s.activity.nameZh && SHORT_CODE_PATTERN.test(v.shortCode))).toBe(
      true,
    );

    const a = await staff(app, database.db, 'zh');
    const typed = ` ${groupShortCode(pass.visitors[0].shortCode).toLowerCase().replaceAll('-', ' ')} `;
    const first = await a.post('/api/admin/checkin', { code: typed, gate: '东门 1', sessionId: s.session.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ result: 'admitted', admitted: 1, names: ['观众0'] });
    const again = await a.post('/api/admin/checkin', { code: pass.visitors[0].shortCode.toLowerCase(), gate: '西门 2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().resultStr).toMatch(/^观众0 的入场码已于 .+ 在「东门 1」使用$/);
    // the QR's long code of the same pass is the same pass
    expect((await a.post('/api/admin/checkin', { code: pass.visitors[0].passCode, gate: '西门 2' })).json().code).toBe('PASS_USED');
    // a gate without a name is said in words, in English too
    const en = await staff(app, database.db, 'en');
    expect((await en.post('/api/admin/checkin', { code: pass.visitors[1].shortCode, gate: '' })).statusCode).toBe(200);
    const noGate = (await en.post('/api/admin/checkin', { code: groupShortCode(pass.visitors[1].shortCode), gate: 'East 1' })).json();
    expect(noGate.resultStr).toMatch(/^观众1’s pass was already used at .+ \(at a gate without a name\)$/);
    expect(noGate.resultStr).not.toContain('—');
    // the group's short code admits the rest; a near miss (an O for a 0-free alphabet) is unknown, not guessed
    expect((await a.post('/api/admin/checkin', { code: groupShortCode(pass.groupShortCode), gate: '东门 1' })).json().data).toMatchObject({ admitted: 1 });
    expect((await a.post('/api/admin/checkin', { code: 'ABCD-EFGH-JKMO', gate: '东门 1' })).json().code).toBe('PASS_UNKNOWN');
    // another session's gate names the visitor
    const o2 = (await buyTickets(s.c, s.activity.id, s.ticket.id, 1)).json().data;
    await payWithSandbox(app, s.c, o2.orderNo);
    const p2 = (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o2.orderNo })).json().data;
    expect((await a.post('/api/admin/checkin', { code: p2.visitors[0].shortCode, gate: '东门 1', sessionId: 999_999 })).json().resultStr).toBe(
      '观众0 的入场码属于其他场次：上午场',
    );
  });
});

describe('online match slots (one per team, before the entry time)', () => {
  it('reserve, move, cancel; places follow; another coach’s team, a full or wrong session, and a passed entry time are refused', async () => {
    const { app, database } = get();
    const o = await setupOnline(database.db, app, { max: 1 });
    const [a, b] = o.sessions as [(typeof o.sessions)[0], (typeof o.sessions)[1]];
    const taken = async (id: number) => (await database.db.select().from(eventSessions).where(eq(eventSessions.id, id)))[0]!.taken;
    const r = await o.c.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: o.team.id, sessionId: a.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ teamId: o.team.id, sessionId: a.id, teamCodePrefix: 'OL' });
    expect((await o.c.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: o.team.id, sessionId: a.id })).statusCode).toBe(200);
    expect(await taken(a.id)).toBe(1);
    // move to the second round: the place moves with it
    expect((await o.c.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: o.team.id, sessionId: b.id })).statusCode).toBe(200);
    expect([await taken(a.id), await taken(b.id)]).toEqual([0, 1]);
    expect((await o.c.get(`/api/lOnline/web/mine?activityId=${o.activity.id}`)).json().content).toHaveLength(1);
    // another coach: cannot touch this team; a full session refuses
    const other = await setupOnline(database.db, app);
    expect((await other.c.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: o.team.id, sessionId: a.id })).statusCode).toBe(404);
    const t2 = await buildUser(database.db);
    const c2 = client(app, await loginAs(app, t2.phone, t2.password));
    const team2 = (await c2.post('/api/lTeam/web/create', { activityId: o.activity.id, name: 'Second', program: { id: o.program.id } })).json().data;
    const full = await c2.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: team2.id, sessionId: b.id });
    expect(full.json().code).toBe('SESSION_FULL');
    const audience = await setupTickets(database.db, app);
    expect((await o.c.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: o.team.id, sessionId: audience.session.id })).statusCode).toBe(400);
    expect((await o.c.post('/api/lOnline/web/cancel', { activityId: o.activity.id, teamId: o.team.id })).statusCode).toBe(200);
    expect(await taken(b.id)).toBe(0);
    expect((await o.c.post('/api/lOnline/web/cancel', { activityId: o.activity.id, teamId: o.team.id })).statusCode).toBe(404);
    const late = await setupOnline(database.db, app, { entryPast: true });
    const locked = await late.c.post('/api/lOnline/web/reserve', { activityId: late.activity.id, teamId: late.team.id, sessionId: late.sessions[0]!.id });
    expect(locked.json().code).toBe('ONLINE_LOCKED');
  });

  it('staff read the slots through the admin resource, read-only; members are refused', async () => {
    const { app, database } = get();
    const o = await setupOnline(database.db, app);
    await o.c.post('/api/lOnline/web/reserve', { activityId: o.activity.id, teamId: o.team.id, sessionId: o.sessions[0]!.id });
    const a = await staff(app, database.db);
    const list = await a.get(`/api/admin/onlineSlots?activityId=${o.activity.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content).toEqual([expect.objectContaining({ teamId: o.team.id, sessionId: o.sessions[0]!.id })]);
    const id = list.json().content[0].id as number;
    // slots change only through the coach's own flow: no create, update or delete route
    expect((await a.post('/api/admin/onlineSlots', { activityId: o.activity.id })).statusCode).toBe(404);
    expect((await a.del(`/api/admin/onlineSlots/${id}`, undefined)).statusCode).toBe(404);
    expect((await o.c.get('/api/admin/onlineSlots')).statusCode).toBe(403);
  });
});

describe('waiting list of a sold-out session', () => {
  it('a freed place is held for the next person, who buys it; an unused offer goes on to the next; not full → 409', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 1 });
    const join = (c: typeof s.c) => c.post('/api/lTicket/web/waitlist', { sessionId: s.session.id, quantity: 1 });
    expect((await join(s.c)).json().code).toBe('WAITLIST_NOT_FULL');
    const first = (await buyTickets(s.c, s.activity.id, s.ticket.id, 1)).json().data;
    const mk = async () => {
      const u = await buildUser(database.db);
      return client(app, await loginAs(app, u.phone, u.password));
    };
    const [b, c] = [await mk(), await mk()];
    expect((await join(b)).statusCode).toBe(200);
    expect((await join(c)).statusCode).toBe(200);
    // the first order expires: its place goes to b, not on sale
    await reconcile(app.deps, new Date(Date.now() + 31 * 60_000));
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, s.session.id)))[0]!.taken).toBe(1);
    expect((await buyTickets(c, s.activity.id, s.ticket.id, 1)).json().code).toBe('SESSION_FULL');
    expect(first.status).toBe('unpaid');
    // b leaves instead of buying: c is offered the place and buys it
    expect((await b.post('/api/lTicket/web/waitlist/leave', { sessionId: s.session.id })).statusCode).toBe(200);
    const bought = await buyTickets(c, s.activity.id, s.ticket.id, 1);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, s.session.id)))[0]!.taken).toBe(1);
    expect((await database.db.select().from(waitlist)).map((w) => w.status).sort()).toEqual(['done', 'left']);
  });

  it('an offer not used in time expires and the place is on sale again', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { max: 1 });
    await buyTickets(s.c, s.activity.id, s.ticket.id, 1);
    const u = await buildUser(database.db);
    const b = client(app, await loginAs(app, u.phone, u.password));
    expect((await b.post('/api/lTicket/web/waitlist', { sessionId: s.session.id, quantity: 1 })).statusCode).toBe(200);
    await reconcile(app.deps, new Date(Date.now() + 31 * 60_000));
    expect(await expireOffers(app.deps, new Date(Date.now() + 62 * 60_000))).toBe(1);
    expect((await database.db.select().from(eventSessions).where(eq(eventSessions.id, s.session.id)))[0]!.taken).toBe(0);
    expect((await buyTickets(s.c, s.activity.id, s.ticket.id, 1)).statusCode).toBe(200);
  });
});
