import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import sharp from 'sharp';
import { buildUser, loginAs } from '../../test/factories';
import { makeImage } from '../../test/images';
import { eq } from 'drizzle-orm';
import { uploads, users } from '../../db/schema/index';

const t = useTestApp();

describe('users', () => {
  it('reads and updates the own profile (nickname, avatar)', async () => {
    const u = await buildUser(t().database.db, { nickName: 'Old' });
    const auth = await loginAs(t().app, u.phone, u.password);
    const info = await t().app.inject({ method: 'GET', url: '/api/users/web/info', headers: auth });
    expect(info.json().data).toMatchObject({ id: u.id, nickName: 'Old', phone: u.phone });
    const upd = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { nickName: 'New name', avatar: null } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ nickName: 'New name', avatar: null });
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

describe('avatar upload', () => {
  const upload = (auth: Record<string, string>, data: Buffer, type = 'image/jpeg') =>
    t().app.inject({ method: 'POST', url: '/api/users/web/avatar', headers: { ...auth, 'content-type': type }, payload: data });

  it('stores a JPG/PNG as a 256 px square, makes it the avatar and serves it publicly', async () => {
    const u = await buildUser(t().database.db);
    const auth = await loginAs(t().app, u.phone, u.password);
    const res = await upload(auth, await makeImage('png', 300, 200), 'image/png');
    expect(res.statusCode).toBe(200);
    const avatar = res.json().data.avatar as string;
    // spec 3 / 7.1: avatar is the bare file name, which a client loads from /avatar/<name> (photo: that address)
    expect(avatar).toMatch(/^[a-f0-9]{24}\.jpg$/);
    expect(res.json().data.photo).toBe(`/avatar/${avatar}`);
    expect((await t().app.inject({ method: 'GET', url: '/auth/info', headers: auth })).json().user).toMatchObject({ avatar, photo: `/avatar/${avatar}` });
    const file = await t().app.inject({ method: 'GET', url: `/avatar/${avatar}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    // setting it back by hand works for one's own upload only
    expect((await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { avatar } })).json().data.avatar).toBe(avatar);
    // the path form of older clients is taken too, and stored as the name
    expect(
      (await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { avatar: `/avatar/${avatar}` } })).json().data.avatar,
    ).toBe(avatar);
    const other = await buildUser(t().database.db);
    const otherAuth = await loginAs(t().app, other.phone, other.password);
    const stolen = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: otherAuth, payload: { avatar } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors.avatar).toBe('头像须为你上传的图片');
  });

  it('refuses other types, lying extensions, oversized files, links and visitors', async () => {
    const u = await buildUser(t().database.db);
    const auth = await loginAs(t().app, u.phone, u.password);
    // checked by content: a GIF or an HTML page sent as a JPEG is refused, and the declared type must agree
    const gif = await upload(auth, Buffer.from('GIF89a' + 'x'.repeat(40)));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().code).toBe('UPLOAD_NOT_IMAGE');
    const html = await upload(auth, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.json().code).toBe('UPLOAD_NOT_IMAGE');
    expect((await upload(auth, await makeImage('jpeg'), 'image/png')).json().code).toBe('UPLOAD_TYPE_MISMATCH');
    expect((await upload(auth, await makeImage('webp'), 'image/webp')).statusCode).toBe(415);
    const big = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(auth, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().resultCode).toBe(0);
    const link = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { avatar: 'https://tracker.example/p.gif' } });
    expect(link.statusCode).toBe(400);
    expect((await upload({}, await makeImage('jpeg'))).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: '/auth/info', headers: auth })).json().user.avatar).toBeNull();
  });

  it('serves avatars at /avatar/<file name> (spec 7.1), also those stored under the older dated keys', async () => {
    const u = await buildUser(t().database.db);
    const auth = await loginAs(t().app, u.phone, u.password);
    const avatar = (await upload(auth, await makeImage('jpeg', 100, 100))).json().data.avatar as string;
    const name = avatar.split('/').pop()!;
    const byName = await t().app.inject({ method: 'GET', url: `/avatar/${name}` });
    expect(byName.statusCode).toBe(200);
    expect(byName.headers['content-type']).toBe('image/jpeg');
    expect(byName.headers['cache-control']).toContain('immutable');
    expect(byName.headers['content-length']).toBe(String(byName.rawPayload.length));
    // the same file under its storage path
    expect((await t().app.inject({ method: 'GET', url: `/files/public/avatars/${name}` })).rawPayload.equals(byName.rawPayload)).toBe(true);
    // an avatar stored before under public/avatars/<yyyy>/<mm>/<name> is found through its upload row
    const old = 'public/avatars/2025/03/0123456789abcdef01234567.jpg';
    await t().app.deps.storage.put(old, await makeImage('jpeg', 256, 256));
    await t().database.db.insert(uploads).values({ key: old, fileName: 'a.jpg', size: 1, mime: 'image/jpeg', userId: u.id });
    expect((await t().app.inject({ method: 'GET', url: '/avatar/0123456789abcdef01234567.jpg' })).statusCode).toBe(200);
    // stored as its path before: sent as its name, and set back by that name
    await t()
      .database.db.update(users)
      .set({ avatar: `/files/${old}` })
      .where(eq(users.id, u.id));
    expect((await t().app.inject({ method: 'GET', url: '/auth/info', headers: auth })).json().user.avatar).toBe('0123456789abcdef01234567.jpg');
    const back = await t().app.inject({ method: 'PUT', url: '/api/users/web/update', headers: auth, payload: { avatar: '0123456789abcdef01234567.jpg' } });
    expect(back.json().data).toMatchObject({ avatar: '0123456789abcdef01234567.jpg', photo: '/avatar/0123456789abcdef01234567.jpg' });
    // unknown or odd names: 404 in the error contract
    for (const bad of ['ffffffffffffffffffffffff.jpg', 'avatar.jpg', '..%2Fpii.key', '0123456789abcdef01234567.svg']) {
      const r = await t().app.inject({ method: 'GET', url: `/avatar/${bad}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().resultCode).toBe(0);
    }
  });
});
