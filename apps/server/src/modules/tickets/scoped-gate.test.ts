import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkins, eventSessions, visitors } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { payWithSandbox } from '../payments/payments.helpers';
import { setupTickets, visitor } from './tickets.helpers';

const get = useTestApp();

/**
 * Issue 34, item 5: a gate limited to some activities learns nothing of another activity's pass but that it is not
 * theirs; such a role can be given the audience list and the check-in log, and reads only its activities' rows.
 */
describe('a regional gate and its audience', () => {
  async function twoActivities() {
    const { app, database } = get();
    const db = database.db;
    const a = await setupTickets(db, app);
    const b = await setupTickets(db, app);
    await db.update(eventSessions).set({ nameZh: '决赛日 · 下午场', nameEn: 'Finals day · afternoon' }).where(eq(eventSessions.id, b.session.id));
    const pay = async (s: typeof a, name: string) => {
      const o = (
        await s.c.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 3, ticketId: s.ticket.id, visitors: [visitor(1, { name })] })
      ).json().data;
      await payWithSandbox(app, s.c, o.orderNo);
      return (await s.c.post('/api/lTicket/sUrl/getPassCode', { orderNo: o.orderNo })).json().data.visitors[0] as {
        id: number;
        passCode: string;
        shortCode: string;
      };
    };
    const passA = await pay(a, '王小明');
    const passB = await pay(b, '林小雨');
    const admin = await buildUser(db, { roles: ['admin'] });
    const boss = client(app, await loginAs(app, admin.phone, admin.password), 'en');
    return { app, db, a, b, passA, passB, boss };
  }

  async function regional(app: Parameters<typeof loginAs>[0], db: Parameters<typeof buildUser>[0], code: string, lang: string) {
    const u = await buildUser(db, { roles: ['member', code] });
    return client(app, await loginAs(app, u.phone, u.password), lang);
  }

  it('refuses a pass of another activity without naming the visitor or the session, in zh and en', async () => {
    const { app, db, a, b, passA, passB, boss } = await twoActivities();
    const role = await boss.post('/api/admin/roles', { code: 'gate-a', nameZh: 'A 入口', permissions: ['checkin.scan'], activityIds: [a.activity.id] });
    expect(role.statusCode, role.body).toBe(200);
    for (const [lang, text] of [
      ['zh', '不是您负责的活动的入场码'],
      ['en', 'Not a pass of your activities'],
    ] as const) {
      const gate = await regional(app, db, 'gate-a', lang);
      for (const code of [passB.passCode, passB.shortCode.toLowerCase()]) {
        const r = await gate.post('/api/admin/checkin', { code, gate: 'East', sessionId: a.session.id });
        expect(r.statusCode).toBe(409);
        expect(r.json()).toMatchObject({ code: 'PASS_OUT_OF_SCOPE', resultStr: text });
        for (const secret of ['林小雨', '决赛日', 'Finals day', 'afternoon']) expect(r.body).not.toContain(secret);
      }
    }
    // nothing admitted; the log line stands at the gate's session and names no visitor
    const [still] = await db.select().from(visitors).where(eq(visitors.id, passB.id));
    expect(still!.status).toBe('valid');
    const lines = await db.select().from(checkins);
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.result === 'otherSession' && l.visitorId === null && l.sessionId === a.session.id)).toBe(true);
    // its own pass is admitted; the central team's gate still names another session's visitor
    const gate = await regional(app, db, 'gate-a', 'en');
    expect((await gate.post('/api/admin/checkin', { code: passA.passCode, gate: 'East', sessionId: a.session.id })).json().data.result).toBe('admitted');
    const central = await boss.post('/api/admin/checkin', { code: passB.passCode, gate: 'East', sessionId: a.session.id });
    expect(central.json().code).toBe('PASS_OTHER_SESSION');
    expect(central.json().resultStr).toContain('林小雨');
    expect(b.session.id).not.toBe(a.session.id);
  });

  it('can be given the audience list and the check-in log, and reads only its activities’ rows', async () => {
    const { app, db, a, passA, passB, boss } = await twoActivities();
    const role = await boss.post('/api/admin/roles', {
      code: 'door-a',
      nameZh: 'A 观众',
      permissions: ['checkin.scan', 'visitors.view', 'visitors.export', 'checkins.view'],
      activityIds: [a.activity.id],
    });
    expect(role.statusCode, role.body).toBe(200);
    const r = await regional(app, db, 'door-a', 'en');
    await r.post('/api/admin/checkin', { code: passA.passCode, gate: 'East', sessionId: a.session.id });
    await r.post('/api/admin/checkin', { code: passB.passCode, gate: 'East', sessionId: a.session.id });
    await boss.post('/api/admin/checkin', { code: passB.passCode, gate: 'North' });

    const audience = await r.get('/api/admin/visitors?page=0&size=30');
    expect(audience.statusCode, audience.body).toBe(200);
    expect(audience.json().content.map((v: { id: number }) => v.id)).toEqual([passA.id]);
    expect(audience.json().totalElements).toBe(1);
    expect((await r.get(`/api/admin/visitors/${passA.id}`)).statusCode).toBe(200);
    expect((await r.get(`/api/admin/visitors/${passB.id}`)).json().code).toBe('OUT_OF_SCOPE');
    expect((await r.get('/api/admin/visitors/export?purpose=gate%20list')).statusCode).toBe(200);

    const log = (await r.get('/api/admin/checkins?page=0&size=30')).json().content as { sessionId: number; gate: string; visitorId: number | null }[];
    expect(log).toHaveLength(2);
    expect(log.every((l) => l.sessionId === a.session.id && l.gate === 'East')).toBe(true);
    expect(log.map((l) => l.visitorId).sort()).toEqual([passA.id, null].sort());
    // the central team reads every row
    expect((await boss.get('/api/admin/checkins?page=0&size=30')).json().totalElements).toBe(3);
  });
});
