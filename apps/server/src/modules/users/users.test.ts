import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';

const t = useTestApp();

describe('users', () => {
  it('reads and updates the own profile (nickname, avatar)', async () => {
    const u = await buildUser(t().database.db, { nickName: 'Old' });
    const auth = await loginAs(t().app, u.phone, u.password);
    const info = await t().app.inject({ method: 'GET', url: '/api/users/web/info', headers: auth });
    expect(info.json().data).toMatchObject({ id: u.id, nickName: 'Old', phone: u.phone });
    const upd = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { nickName: 'New name', avatar: 'a.png' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ nickName: 'New name', avatar: 'a.png' });
    expect((await t().app.inject({ method: 'GET', url: '/auth/info', headers: auth })).json().user.nickName).toBe('New name');
  });

  it('refuses fields that may not be changed and empty nicknames', async () => {
    const u = await buildUser(t().database.db);
    const auth = await loginAs(t().app, u.phone, u.password);
    const roles = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { roles: ['admin'] } });
    expect(roles.statusCode).toBe(400);
    expect(roles.json().fieldErrors.roles).toBe('不允许的字段');
    const empty = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { nickName: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect((await t().app.inject({ method: 'GET', url: '/auth/info', headers: auth })).json().user.roles).toEqual(['member']);
  });

  it('needs a session for profile endpoints', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/api/users/web/info' })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'PUT', url: '/api/users/web/update', payload: { nickName: 'x' } })).statusCode).toBe(401);
  });

  it('tells whether a phone is registered and validates the phone', async () => {
    const u = await buildUser(t().database.db);
    expect((await t().app.inject({ method: 'GET', url: `/api/users/web/isRegister?phone=${u.phone}` })).json().data).toBe(true);
    expect((await t().app.inject({ method: 'GET', url: '/api/users/web/isRegister?phone=13300000000' })).json().data).toBe(false);
    expect((await t().app.inject({ method: 'GET', url: '/api/users/web/isRegister?phone=123' })).statusCode).toBe(400);
  });
});
