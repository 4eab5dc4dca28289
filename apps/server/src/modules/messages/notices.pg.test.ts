// Notices under two instances on one PostgreSQL (issue 22): the outbox row is written once per committed change,
// and the job sends it once, whichever instances run it and however often.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { noticeJobs, noticeSettings, sandboxTrades, users } from '../../db/schema/index';
import { useSecondInstance, useTestApp } from '../../test/context';
import { buyCodes, setupMoney } from '../payments/payments.helpers';
import { SmsNoticeFailed } from '../auth/sms';
import { deliverNotices } from './notice-jobs';

const t = useTestApp();
const instance = useSecondInstance(t);

describe('SMS notices, two instances', () => {
  it("each paid order makes one notice though its notification reaches both instances at once; the job on both sends each once, in the account's language", async () => {
    const { app, database, sms } = t();
    const db = database.db;
    await db.insert(noticeSettings).values({ event: 'payment', sms: true, wechat: false });
    const m = await setupMoney(db, app, { lang: 'en' });
    await db.update(users).set({ lang: 'en' }).where(eq(users.id, m.user.id));
    // every sandbox notification is handed to both instances at the same moment
    const both = async (url: string, body: string, headers: Record<string, string>) => {
      const path = new URL(url).pathname;
      const rs = await Promise.all([app, instance().app].map((a) => a.inject({ method: 'POST', url: path, payload: body, headers })));
      return Math.max(...rs.map((r) => r.statusCode)) < 300 ? 200 : 500;
    };
    app.deps.payments.sandbox.deliver = both;
    const orderNos: string[] = [];
    for (let i = 0; i < 12; i++) {
      const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
      const r = await m.c.post('/api/lOrder/web/pay', { orderNo: o.orderNo, channel: 'sandbox' });
      const url = new URL(r.json().data.action.url as string);
      const done = await app.inject({
        method: 'POST',
        url: url.pathname,
        payload: 'decision=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode).toBe(303);
      orderNos.push(o.orderNo);
    }
    await Promise.all([app.deps.payments.sandbox.deliverDue(), instance().app.deps.payments.sandbox.deliverDue()]);
    expect((await db.select().from(sandboxTrades)).every((x) => x.status === 'paid')).toBe(true);
    const jobs = await db.select().from(noticeJobs);
    expect(jobs).toHaveLength(12);
    expect(new Set(jobs.map((j) => j.payload.title))).toEqual(new Set(orderNos.map((no) => `Payment received: order ${no}`)));

    // sends take a while and one provider outage happens: both instances keep running the job
    sms.noticeDelayMs = 30;
    sms.noticeFailures = [new SmsNoticeFailed('unreachable', true)];
    const later = new Date(Date.now() + 3_600_000);
    for (let round = 0; round < 4; round++)
      await Promise.all([
        deliverNotices(app.deps, { wechat: null }, round ? later : new Date()),
        deliverNotices(instance().app.deps, { wechat: null }, round ? later : new Date()),
        deliverNotices(instance().app.deps, { wechat: null }, round ? later : new Date()),
      ]);
    expect(sms.notices).toHaveLength(12);
    expect(new Set(sms.notices.map((n) => n.text.split('\n')[0]))).toEqual(new Set(jobs.map((j) => j.payload.title)));
    expect(sms.notices.every((n) => n.lang === 'en')).toBe(true);
    const after = await db.select().from(noticeJobs).where(eq(noticeJobs.status, 'sent'));
    expect(after).toHaveLength(12);
    expect(after.reduce((s, j) => s + j.attempts, 0)).toBe(13);
  });
});
