import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noticeJobs, userOauth } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { buyCodes, payWithSandbox, setupMoney } from '../payments/payments.helpers';
import { client } from '../registration/limits.helpers';
import { mpMessagesFor } from '../wechat/index';
import { deliverNotices } from './notice-jobs';

/**
 * Issue 34, item 15: a development site has no official account of its own; its template messages go to the
 * simulation (wechat/fake.routes.ts) in-process, by WeChat's published protocol
 * (POST /cgi-bin/message/template/send?access_token=… with a JSON body). Staff trying notices see them sent.
 */
const get = useTestApp({});

describe('template messages through the simulated official account', () => {
  it('a payment notice is delivered by POST to the simulation and listed as sent', async () => {
    const { app, database } = get();
    const db = database.db;
    const admin = await buildUser(db, { roles: ['admin'] });
    const staff = client(app, await loginAs(app, admin.phone, admin.password), 'en');
    const m = await setupMoney(db, app);
    await db.insert(userOauth).values({ userId: m.user.id, provider: 'wechat_mp', openid: 'oSimulated_0001', unionid: 'uSimulated_0001', nickName: 'Li' });
    expect((await staff.put('/api/admin/noticeSettings', { event: 'payment', sms: false, wechat: true })).statusCode).toBe(200);

    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o.orderNo);
    const channels = { wechat: mpMessagesFor(app) };
    expect(channels.wechat).not.toBeNull();
    expect(await deliverNotices(app.deps, channels)).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [job] = await db.select().from(noticeJobs).where(eq(noticeJobs.channel, 'wechat'));
    expect(job).toMatchObject({ status: 'sent', attempts: 1, provider: 'simulation', lastError: null });
    expect(job!.providerMessageId).toMatch(/^2\d{8}$/);
  });
});
