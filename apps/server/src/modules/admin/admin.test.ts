import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';

const t = useTestApp();

describe('administration endpoints', () => {
  const endpoints = ['/api/admin/smsOutbox', '/api/admin/users'];

  it.each(endpoints)('%s: 401 for visitors, 403 for members, 200 for the administrator', async (url) => {
    const member = await buildUser(t().database.db);
    const admin = await buildUser(t().database.db, { username: 'admin', roles: ['admin'] });
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const asMember = await t().app.inject({ method: 'GET', url, headers: await loginAs(t().app, member.phone, member.password) });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const asAdmin = await t().app.inject({ method: 'GET', url, headers: await loginAs(t().app, 'admin', admin.password) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ resultCode: 1, number: 0 });
  });

  it('lets a content editor into the admin area but not into users or the SMS outbox', async () => {
    const editor = await buildUser(t().database.db, { roles: ['editor'] });
    const auth = await loginAs(t().app, editor.phone, editor.password);
    expect((await t().app.inject({ method: 'GET', url: '/auth/info', headers: auth })).json().user.isStaff).toBe(true);
    for (const url of endpoints) expect((await t().app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(403);
  });

  it('shows the codes the default SMS adapter sent, newest first, paged', async () => {
    const admin = await buildUser(t().database.db, { username: 'admin', roles: ['admin'] });
    const { OutboxSmsAdapter } = await import('../auth/sms');
    const sms = new OutboxSmsAdapter(t().database.db, t().app.log);
    for (let i = 0; i < 3; i++) await sms.send({ phone: `1380000000${i}`, purpose: 'register', code: `12345${i}`, text: `code 12345${i}` });
    const res = await t().app.inject({ method: 'GET', url: '/api/admin/smsOutbox?page=0&size=2', headers: await loginAs(t().app, 'admin', admin.password) });
    const body = res.json();
    expect(body.totalElements).toBe(3);
    expect(body.totalPages).toBe(2);
    expect(body.content.map((x: { phone: string }) => x.phone)).toEqual(['13800000002', '13800000001']);
  });
});
