import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { SCOPE_AWARE_CAPABILITIES } from '@rp/shared';
import { useTestApp } from '../../test/context';
import { buildCodes, buildUser, loginAs } from '../../test/factories';
import { eventSessions, messages, redeemCodes, refunds, staffRoles, teamMembers } from '../../db/schema/index';
import { client } from '../registration/limits.helpers';
import { payWithSandbox, setupMoney, teamWithPlayers } from '../payments/payments.helpers';

const get = useTestApp();

/**
 * Issue 24: a regional organiser (a role limited to chosen activities) holds the dedicated screens' capabilities —
 * review, withdrawals, codes, orders and refunds, the gate, judging, consultation, messages — and acts within its
 * activities only; the server refuses the rest and changes nothing. (permissions.test.ts walks every admin route for
 * a role limited to another activity; this file shows the same role doing its work.)
 */
describe('a regional organiser runs their own activity', () => {
  async function season() {
    const { app, database } = get();
    const db = database.db;
    const a = await setupMoney(db, app);
    const b = await setupMoney(db, app);
    await db.insert(staffRoles).values({ code: 'regionA', nameZh: 'A 赛区', permissions: [...SCOPE_AWARE_CAPABILITIES], activityIds: [a.activity.id] });
    const organiser = await buildUser(db, { roles: ['member', 'regionA'] });
    const r = client(app, await loginAs(app, organiser.phone, organiser.password), 'en');
    return { app, db, a, b, r, organiser };
  }

  it('reviews the players of its activity only', async () => {
    const { db, a, b, r } = await season();
    const pa = await teamWithPlayers(db, a.c, a.activity.id, a.program.id, a.plan.id, 2);
    const pb = await teamWithPlayers(db, b.c, b.activity.id, b.program.id, b.plan.id, 2);
    await db
      .update(teamMembers)
      .set({ payStatus: 7 })
      .where(inArray(teamMembers.id, [...pa.ids, ...pb.ids]));
    const list = (await r.get('/api/admin/review?page=0&size=30')).json();
    expect(list.totalElements ?? list.total).toBe(2);
    expect(list.content.map((m: { id: number }) => m.id).sort()).toEqual([...pa.ids].sort());
    expect((await r.post('/api/admin/review/pass', { memberIds: [pa.ids[0]] })).statusCode).toBe(200);
    // one player of another activity refuses the whole batch, and nothing changes
    const mixed = await r.post('/api/admin/review/pass', { memberIds: [pa.ids[1], pb.ids[0]] });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().code).toBe('OUT_OF_SCOPE');
    const states = await db
      .select({ id: teamMembers.id, s: teamMembers.payStatus })
      .from(teamMembers)
      .where(inArray(teamMembers.id, [pa.ids[1]!, pb.ids[0]!]));
    expect(states.map((x) => x.s)).toEqual([7, 7]);
    expect((await r.get(`/api/admin/players/${pb.ids[0]}/card`)).statusCode).toBe(403);
  });

  it('generates and gives codes in its activity; another activity is refused', async () => {
    const { db, a, b, r } = await season();
    const body = (activityId: number) => ({ activityId, type: 0, count: 2, priceFen: 98_000 });
    expect((await r.post('/api/admin/redeemCodes/generate', body(a.activity.id))).statusCode).toBe(200);
    expect((await r.post('/api/admin/redeemCodes/generate', body(b.activity.id))).statusCode).toBe(403);
    const [foreign] = await buildCodes(db, b.activity.id, 1);
    const assign = await r.post('/api/admin/redeemCodes/assign', { codeIds: [foreign!.id], ownerUserId: b.user.id });
    expect(assign.statusCode).toBe(403);
    const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.id, foreign!.id));
    expect(row!.ownerUserId).toBeNull();
    // the owner picker finds the coaches of its activity, not the others'
    await teamWithPlayers(db, a.c, a.activity.id, a.program.id, a.plan.id, 1);
    await teamWithPlayers(db, b.c, b.activity.id, b.program.id, b.plan.id, 1);
    const found = async (phone: string) => (await r.get(`/api/admin/accounts?q=${phone}&size=5`)).json().content as { id: number }[];
    expect((await found(a.user.phone)).map((u) => u.id)).toEqual([a.user.id]);
    expect(await found(b.user.phone)).toEqual([]);
  });

  it('decides refunds of its activity and sees only those; reconciliation stays with the central team', async () => {
    const { app, db, a, b, r } = await season();
    const refundOf = async (m: typeof a) => {
      const { ids } = await teamWithPlayers(db, m.c, m.activity.id, m.program.id, m.plan.id, 1);
      const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })).json().data;
      await payWithSandbox(app, m.c, o.orderNo);
      const v = (await m.c.get(`/api/lOrder/web/find?orderNo=${o.orderNo}`)).json().data;
      const req = await m.c.post('/api/lOrder/web/refund', { orderNo: o.orderNo, itemIds: v.items.map((i: { id: number }) => i.id), reason: '行程冲突' });
      expect(req.statusCode).toBe(200);
      return { id: req.json().data.id as number, orderId: v.id as number };
    };
    const ra = await refundOf(a);
    const rb = await refundOf(b);
    const list = (await r.get('/api/admin/refunds?page=0&size=30&status=pending')).json();
    expect(list.content.map((x: { id: number }) => x.id)).toEqual([ra.id]);
    expect((await r.get(`/api/admin/orderDetail/${rb.orderId}`)).statusCode).toBe(403);
    const refused = await r.post(`/api/admin/refunds/${rb.id}/decide`, { approve: false, reason: 'not ours' });
    expect(refused.statusCode).toBe(403);
    const [still] = await db.select().from(refunds).where(eq(refunds.id, rb.id));
    expect(still!.status).toBe('pending');
    const approved = await r.post(`/api/admin/refunds/${ra.id}/decide`, { approve: true, ratio: '994', reason: '' });
    expect(approved.statusCode).toBe(200);
    expect((await r.get('/api/admin/reconciliation?page=0&size=10')).statusCode).toBe(403);
    expect((await r.post('/api/admin/reconciliation/run', {})).statusCode).toBe(403);
  });

  it('runs the gate of its sessions only', async () => {
    const { db, a, b, r } = await season();
    const session = async (activityId: number) =>
      (
        await db
          .insert(eventSessions)
          .values({
            activityId,
            kind: 'audience',
            nameZh: '上午场',
            nameEn: 'Morning',
            maxPeople: 10,
            entryTime: new Date(Date.now() + 3_600_000),
            startTime: new Date(Date.now() + 7_200_000),
            endTime: new Date(Date.now() + 10_800_000),
          })
          .returning()
      )[0]!;
    const sa = await session(a.activity.id);
    const sb = await session(b.activity.id);
    // a gate of one of its sessions answers (an unknown code is refused as unknown, not as out of scope)
    const own = await r.post('/api/admin/checkin', { code: 'ABCD-EFGH-JKMN', gate: 'East', sessionId: sa.id });
    expect(own.json().code).not.toBe('OUT_OF_SCOPE');
    expect(own.statusCode).toBeLessThan(500);
    expect((await r.post('/api/admin/checkin', { code: 'ABCD-EFGH-JKMN', gate: 'East', sessionId: sb.id })).statusCode).toBe(403);
    // without a session the gate could admit any activity's pass: it must name one of its sessions
    const none = await r.post('/api/admin/checkin', { code: 'ABCD-EFGH-JKMN', gate: 'East' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ sessionId: 'This field is required' });
    expect((await r.get(`/api/admin/checkin/stats?sessionId=${sa.id}`)).statusCode).toBe(200);
    expect((await r.get(`/api/admin/checkin/stats?sessionId=${sb.id}`)).statusCode).toBe(403);
  });

  it('writes to its registrants, judges its activity, and is refused the whole site', async () => {
    const { db, a, b, r } = await season();
    await teamWithPlayers(db, a.c, a.activity.id, a.program.id, a.plan.id, 1);
    const text = { titleZh: '通知', titleEn: 'Notice', contentZh: '明早八点检录', contentEn: 'Check-in at 8' };
    expect((await r.post('/api/admin/messages/broadcast', { audience: 'all', ...text })).statusCode).toBe(403);
    expect((await r.post('/api/admin/messages/broadcast', { audience: 'role', role: 'member', ...text })).statusCode).toBe(403);
    expect((await r.post('/api/admin/messages/broadcast', { audience: 'activity', activityId: b.activity.id, ...text })).statusCode).toBe(403);
    const sent = await r.post('/api/admin/messages/broadcast', { audience: 'activity', activityId: a.activity.id, ...text });
    expect(sent.statusCode).toBe(200);
    const got = await db.select().from(messages).where(eq(messages.receiverId, a.user.id));
    expect(got.some((m) => m.titleZh === '通知')).toBe(true);
    expect((await db.select().from(messages).where(eq(messages.receiverId, b.user.id))).some((m) => m.titleZh === '通知')).toBe(false);
    expect((await r.put('/api/admin/noticeSettings', { event: 'review', sms: true, wechat: false })).statusCode).toBe(403);
    expect((await r.get(`/api/admin/judges?activityId=${a.activity.id}`)).statusCode).toBe(200);
    expect((await r.get(`/api/admin/judges?activityId=${b.activity.id}`)).statusCode).toBe(403);
    expect((await r.get(`/api/admin/certificates?activityId=${b.activity.id}`)).statusCode).toBe(403);
  });
});
